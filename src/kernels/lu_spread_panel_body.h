/* The spread LU panel of one precision (see lu_spread_panel.h;
 * kernels/lu_spread_panel.c instantiates it once per precision). */

#include "kernels/lu_pivot_search_body.h"

/* A record's rows after its head (SPREAD_HEAD doubles, lu_spread_panel.c). */
static HS_T *HS_SFX(spread_offer)(double *rec)
{
    return (HS_T *)(rec + SPREAD_HEAD);
}

static HS_T *HS_SFX(spread_diag)(double *rec, int w)
{
    return (HS_T *)(rec + SPREAD_HEAD) + w;
}

typedef struct HS_SFX(spread) {
    HS_T *a;
    int ld, m, w;
    const int *row;
    const hs_lu_spread_team *team;
    size_t rec_doubles;
    double *mine, *all;   /* this member's record, everyone's */
    HS_T *u;              /* the step's pivot rows, w values each */
    HS_T *l11, *u12;      /* the step's unit lower triangle and U12 */
} HS_SFX(spread);

/* The member's first local row at or below panel row r. */
static int HS_SFX(spread_first)(const HS_SFX(spread) *x, int r)
{
    int lo = 0, hi = x->m;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (x->row[mid] < r)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void HS_SFX(spread_row_out)(const HS_SFX(spread) *x, int i, HS_T *to)
{
    for (int c = 0; c < x->w; c++)
        to[c] = x->a[i + (size_t)c * x->ld];
}

static void HS_SFX(spread_row_in)(HS_SFX(spread) *x, int i, const HS_T *from)
{
    for (int c = 0; c < x->w; c++)
        x->a[i + (size_t)c * x->ld] = from[c];
}

/* Column j of the step [k0, k1): this member's offer, the exchange, the
 * pivot (as every member takes it), the interchange, the scaling and the
 * rank-1 update of the step's later columns on this member's rows. */
static int HS_SFX(spread_column)(HS_SFX(spread) *x, int j, int k0, int k1, int *ipiv,
                                 int *info)
{
    int s = HS_SFX(spread_first)(x, j), ld = x->ld, w = x->w;
    int holds = s < x->m && x->row[s] == j;
    HS_T *a = x->a;
    HS_R best = -1;
    int at = -1;
    for (int i = s; i < x->m; i++) {
        HS_R v = HS_SFX(amax_size)(a[i + (size_t)j * ld]);
        if (v > best) {
            best = v;
            at = i;
        }
    }
    double *rec = x->mine;
    rec[SPREAD_BEST] = best;
    rec[SPREAD_ROW] = at >= 0 ? x->row[at] : -1;
    rec[SPREAD_HOLDS_DIAG] = holds;
    if (at >= 0)
        HS_SFX(spread_row_out)(x, at, HS_SFX(spread_offer)(rec));
    if (holds)
        HS_SFX(spread_row_out)(x, s, HS_SFX(spread_diag)(rec, w));
    int err = x->team->allgather(x->team->ctx, rec, x->all, x->rec_doubles * sizeof(double));
    if (err)
        return err;

    /* The largest offer, the lowest row among equals: the first largest
     * of the whole column, whichever member holds it. */
    HS_R top = -1;
    int p = -1;
    const HS_T *pv = NULL, *dv = NULL;
    for (int q = 0; q < x->team->members; q++) {
        double *r = x->all + (size_t)q * x->rec_doubles;
        if (r[SPREAD_HOLDS_DIAG] != 0)
            dv = HS_SFX(spread_diag)(r, w);
        int rq = (int)r[SPREAD_ROW];
        HS_R bq = (HS_R)r[SPREAD_BEST];
        if (rq >= 0 && (bq > top || (bq == top && rq < p))) {
            top = bq;
            p = rq;
            pv = HS_SFX(spread_offer)(r);
        }
    }
    if (!dv)
        return HETSCAL_ERR_INTERNAL;   /* no member holds row j */
    if (!pv) {   /* every offer NaN: I?AMAX's answer, the first row */
        p = j;
        pv = dv;
    }
    ipiv[j] = p + 1;
    HS_T pivot = pv[j];
    int below = holds ? s + 1 : s, rows = x->m - below, one = 1;
    const HS_T *u = dv;
    if (pivot != 0) {
        u = pv;
        if (holds)
            HS_SFX(spread_row_in)(x, s, pv);
        int at_p = p != j ? HS_SFX(spread_first)(x, p) : x->m;
        if (at_p < x->m && x->row[at_p] == p)
            HS_SFX(spread_row_in)(x, at_p, dv);
        /* LAPACK's safe minimum (?LAMCH('S')): the smallest normal number */
        HS_R sfmin = sizeof(HS_R) == sizeof(float) ? FLT_MIN : DBL_MIN;
        HS_T *col = a + below + (size_t)j * ld;
#if HS_COMPLEX
        int divide = !(cabs(pivot) >= sfmin);
#else
        int divide = !(fabs(pivot) >= sfmin);
#endif
        if (divide) {
            for (int i = 0; i < rows; i++)
                col[i] /= pivot;
        } else if (rows > 0) {
            HS_T scale = 1 / pivot;
            HS_F(scal)(&rows, &scale, col, &one);
        }
    } else if (*info == 0) {
        *info = j + 1;
    }
    memcpy(x->u + (size_t)(j - k0) * w, u, (size_t)w * sizeof(HS_T));
    int cols = k1 - j - 1;
    if (rows > 0 && cols > 0) {
        HS_T minus = -1;
        HS_GERU(&rows, &cols, &minus, a + below + (size_t)j * ld, &one, u + j + 1, &one,
                a + below + (size_t)(j + 1) * ld, &ld);
    }
    return 0;
}

/* The end of the step [k0, k1): U12 from the step's pivot rows (every
 * member alike), written into the rows of the step that this member
 * holds, then A22 -= L21 U12 on its rows below the step. */
static void HS_SFX(spread_step_end)(HS_SFX(spread) *x, int k0, int k1)
{
    int kb = k1 - k0, n = x->w - k1, ld = x->ld, w = x->w;
    if (n <= 0)
        return;
    for (int r = 0; r < kb; r++) {
        for (int c = 0; c < r; c++)
            x->l11[r + (size_t)c * kb] = x->u[(size_t)r * w + k0 + c];
        for (int c = 0; c < n; c++)
            x->u12[r + (size_t)c * kb] = x->u[(size_t)r * w + k1 + c];
    }
    HS_T one = 1, minus = -1;
    HS_F(trsm)("L", "L", "N", "U", &kb, &n, &one, x->l11, &kb, x->u12, &kb, 1, 1, 1, 1);
    int i = HS_SFX(spread_first)(x, k0);
    for (; i < x->m && x->row[i] < k1; i++)
        for (int c = 0; c < n; c++)
            x->a[i + (size_t)(k1 + c) * ld] = x->u12[x->row[i] - k0 + (size_t)c * kb];
    int mm = x->m - i;
    if (mm > 0)
        HS_F(gemm)("N", "N", &mm, &n, &kb, &minus, x->a + i + (size_t)k0 * ld, &ld, x->u12, &kb,
                   &one, x->a + i + (size_t)k1 * ld, &ld, 1, 1);
}

/* A panel with a NaN or an infinity somewhere: every member gathers the
 * whole panel, runs ScaLAPACK's search on it (identically) and keeps its
 * rows.  `most`: the most rows a member holds. */
static int HS_SFX(spread_scalapack)(HS_T *a, int ld, const hs_lu_spread_rows *rows,
                                    const hs_lu_spread_team *team, int most, int *piv)
{
    int w = rows->w, m_all = rows->m_all;
    /* a member's part: its rows' panel rows (as doubles), then its values
     * `most` apart */
    size_t part = (size_t)most + ((size_t)most * w * sizeof(HS_T) + sizeof(double) - 1) / sizeof(double);
    double *mine = malloc(part * sizeof(double));
    double *all = malloc(part * sizeof(double) * (size_t)team->members);
    HS_T *whole = malloc((size_t)m_all * w * sizeof(HS_T) + 1);
    /* Every member learns whether every other has its memory before
     * anyone gathers. */
    double ok = mine && all && whole ? 0 : HETSCAL_ERR_NOMEM, oks[HS_LU_SPREAD_MAX_MEMBERS];
    int err = team->allgather(team->ctx, &ok, oks, sizeof(double));
    for (int q = 0; !err && q < team->members; q++)
        if (oks[q] != 0)
            err = (int)oks[q];
    if (!err) {
        HS_T *vals = (HS_T *)(mine + most);
        for (int i = 0; i < rows->m; i++) {
            mine[i] = rows->row[i];
            for (int c = 0; c < w; c++)
                vals[i + (size_t)c * most] = a[i + (size_t)c * ld];
        }
        for (int i = rows->m; i < most; i++)
            mine[i] = -1;
        err = team->allgather(team->ctx, mine, all, part * sizeof(double));
    }
    if (!err) {
        for (int q = 0; q < team->members; q++) {
            const double *their = all + (size_t)q * part;
            const HS_T *tv = (const HS_T *)(their + most);
            for (int i = 0; i < most && their[i] >= 0; i++)
                for (int c = 0; c < w; c++)
                    whole[(size_t)their[i] + (size_t)c * m_all] = tv[i + (size_t)c * most];
        }
        err = HS_SFX(lu_panel_scalapack)(whole, m_all, m_all, 0, w, rows->dist, rows->caller,
                                         piv + HS_LU_PIV_HEAD, piv + HS_LU_PIV_INFO);
    }
    if (!err)
        for (int i = 0; i < rows->m; i++)
            for (int c = 0; c < w; c++)
                a[i + (size_t)c * ld] = whole[rows->row[i] + (size_t)c * m_all];
    free(mine);
    free(all);
    free(whole);
    return err;
}

static int HS_SFX(lu_spread_panel)(HS_T *a, int ld, const hs_lu_spread_rows *rows,
                                   const hs_lu_spread_team *team, int *piv)
{
    int w = rows->w, kk = rows->m_all < w ? rows->m_all : w;
    HS_SFX(spread) x = { .a = a, .ld = ld, .m = rows->m, .w = w, .row = rows->row,
                         .team = team,
                         .rec_doubles = hs_lu_spread_record_bytes(w, sizeof(HS_T))
                                        / sizeof(double) };
    x.mine = malloc(x.rec_doubles * sizeof(double) * ((size_t)team->members + 1));
    x.u = malloc((size_t)HS_LU_SPREAD_IB * w * sizeof(HS_T));
    x.l11 = malloc((size_t)HS_LU_SPREAD_IB * HS_LU_SPREAD_IB * sizeof(HS_T));
    x.u12 = malloc((size_t)HS_LU_SPREAD_IB * w * sizeof(HS_T));
    x.all = x.mine ? x.mine + x.rec_doubles : NULL;

    /* Every member's memory, finiteness and rows, before any column. */
    int have = !rows->status && x.mine && x.u && x.l11 && x.u12;
    double head[SPREAD_HEAD] = { rows->status ? rows->status : have ? 0 : HETSCAL_ERR_NOMEM,
                                 have && HS_SFX(panel_finite)(a, rows->m, ld, 0, w), rows->m, 0 };
    double heads[SPREAD_HEAD * HS_LU_SPREAD_MAX_MEMBERS];
    int err = team->members > HS_LU_SPREAD_MAX_MEMBERS
                  ? HETSCAL_ERR_INTERNAL
                  : team->allgather(team->ctx, head, heads, sizeof head);
    int finite = 1, most = 0;
    for (int q = 0; !err && q < team->members; q++) {
        const double *h = heads + (size_t)q * SPREAD_HEAD;
        if (h[0] != 0)
            err = (int)h[0];
        finite = finite && h[1] != 0;
        most = most > (int)h[2] ? most : (int)h[2];
    }
    if (!err && !finite) {
        err = HS_SFX(spread_scalapack)(a, ld, rows, team, most, piv);
    } else if (!err) {
        int *ipiv = piv + HS_LU_PIV_HEAD, info = 0;
        for (int k0 = 0; !err && k0 < kk; k0 += HS_LU_SPREAD_IB) {
            int k1 = k0 + HS_LU_SPREAD_IB < kk ? k0 + HS_LU_SPREAD_IB : kk;
            for (int j = k0; !err && j < k1; j++)
                err = HS_SFX(spread_column)(&x, j, k0, k1, ipiv, &info);
            if (!err)
                HS_SFX(spread_step_end)(&x, k0, k1);
        }
        piv[HS_LU_PIV_INFO] = info;
    }
    free(x.mine);
    free(x.u);
    free(x.l11);
    free(x.u12);
    return err;
}
