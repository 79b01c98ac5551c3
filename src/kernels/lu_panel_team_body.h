/* LU's host panel over the rank's idle workers, for one precision (see
 * lu_kernels.h, hs_lu_team_pieces; kernels/lu_kernels_body.h includes
 * this once per precision).
 *
 * Partial pivoting as LAPACK's ?GETF2 does it, blocked right-looking in
 * HS_LU_TEAM_IB-wide steps: for each column the pivot is the first
 * largest |entry| (I?AMAX's rule) from the diagonal down; a nonzero pivot
 * has its row swapped with the diagonal's in the step's columns and the
 * column below it scaled by its reciprocal (a zero one records INFO);
 * the rank-1 update reaches the step's later columns; at the end of a
 * step its interchanges reach the panel's other columns (as ?GETRF's
 * ?LASWP does), and the step's rows of the columns right of it are solved
 * with its unit lower triangle and the rows below updated by one GEMM.  The rows
 * are cut into fixed pieces (hs_lu_team_pieces, from the panel's shape):
 * each round of the team (runtime/team.h) scales and updates every
 * piece's own rows and searches them for the next column's largest
 * entry; the leader combines the pieces' candidates in piece order,
 * swaps, and solves the step's rows, between rounds.  No piece reads
 * another's rows, so the result does not depend on who ran which. */

typedef struct HS_SFX(lu_team) {
    HS_T *a;
    int ld, m, w, rows;       /* the panel from its diagonal: m x w; piece height */
    int pieces;
    int kind, j, k0, k1;      /* the round: what, the column, the step */
    const int *ipiv;          /* the pivots so far (1-based) */
    HS_T scale;               /* a column's reciprocal pivot ... */
    HS_T pivot;               /* ... or, below the safe minimum, the pivot */
    int divide;
    HS_R *best;               /* each piece's candidate for the next column */
    int *best_row;
} HS_SFX(lu_team);

/* The first largest |entry| (amax_size) of column c in rows [lo, hi), as
 * piece p's candidate (-1: none). */
static void HS_SFX(lu_team_search)(HS_SFX(lu_team) *x, int p, int c, int lo, int hi)
{
    HS_R best = -1;
    int row = -1;
    const HS_T *col = x->a + (size_t)c * x->ld;
    for (int i = lo; i < hi; i++) {
        HS_R v = HS_SFX(amax_size)(col[i]);
        if (v > best) {
            best = v;
            row = i;
        }
    }
    x->best[p] = best;
    x->best_row[p] = row;
}

static void HS_SFX(lu_team_piece)(void *arg, int p)
{
    HS_SFX(lu_team) *x = arg;
    int ld = x->ld, j = x->j, lo = p * x->rows;
    int hi = lo + x->rows < x->m ? lo + x->rows : x->m;
    HS_T *a = x->a;
    switch (x->kind) {
    case LU_TEAM_SEARCH:
        HS_SFX(lu_team_search)(x, p, j, lo > j ? lo : j, hi);
        return;
    case LU_TEAM_COLUMN: {
        /* column j's multipliers, then its rank-1 update of the step's
         * later columns, then the search of the next one */
        if (lo < j + 1)
            lo = j + 1;
        HS_T *cj = a + (size_t)j * ld;
        int rows = hi - lo, cols = x->k1 - j - 1, one = 1;
        if (rows > 0) {
            if (x->divide)
                for (int i = lo; i < hi; i++)
                    cj[i] /= x->pivot;
            else
                HS_F(scal)(&rows, &x->scale, cj + lo, &one);
            if (cols > 0) {
                HS_T minus = -1;
                HS_GERU(&rows, &cols, &minus, cj + lo, &one, a + j + (size_t)(j + 1) * ld, &ld,
                        a + lo + (size_t)(j + 1) * ld, &ld);
            }
        }
        if (j + 1 < x->k1)
            HS_SFX(lu_team_search)(x, p, j + 1, lo, hi);
        return;
    }
    case LU_TEAM_SWAP: {
        /* the step's interchanges in the columns outside it: piece p's
         * share of them, counted left of the step then right of it */
        int kb = x->k1 - x->k0, outside = x->w - kb, k1 = x->k0 + 1, k2 = x->k1, one = 1;
        int from = (int)((long)outside * p / x->pieces);
        int to = (int)((long)outside * (p + 1) / x->pieces);
        for (int c = from; c < to;) {
            int col = c < x->k0 ? c : c + kb;
            int n = c < x->k0 ? (to < x->k0 ? to : x->k0) - c : to - c;
            HS_F(laswp)(&n, a + (size_t)col * ld, &ld, &k1, &k2, x->ipiv, &one);
            c += n;
        }
        return;
    }
    default: {
        /* rows below the step: A22 -= L21 U12, then the next column's search */
        int k1 = x->k1, k0 = j, kb = k1 - k0, n = x->w - k1;
        if (lo < k1)
            lo = k1;
        if (lo < hi) {
            int mm = hi - lo;
            HS_T minus = -1, one = 1;
            HS_F(gemm)("N", "N", &mm, &n, &kb, &minus, a + lo + (size_t)k0 * ld, &ld,
                       a + k0 + (size_t)k1 * ld, &ld, &one, a + lo + (size_t)k1 * ld, &ld, 1, 1);
        }
        HS_SFX(lu_team_search)(x, p, k1, lo, hi);
        return;
    }
    }
}

/* The pivot of column j from the pieces' candidates, in piece order: the
 * first largest, as one I?AMAX over the column finds it (j itself when
 * none compares, all NaN, as the reference BLAS answers). */
static int HS_SFX(lu_team_pivot)(const HS_SFX(lu_team) *x, int pieces, int j)
{
    HS_R best = -1;
    int row = j;
    for (int p = 0; p < pieces; p++)
        if (x->best_row[p] >= 0 && x->best[p] > best) {
            best = x->best[p];
            row = x->best_row[p];
        }
    return row;
}

/* Column j's pivot as ?GETF2 takes it: ipiv[j] (1-based), the rows
 * swapped in the step's columns, the reciprocal for the scaling, or
 * INFO. */
static void HS_SFX(lu_team_take_pivot)(HS_SFX(lu_team) *x, int pieces, int j, int *ipiv,
                                       int *info)
{
    int p = HS_SFX(lu_team_pivot)(x, pieces, j), ld = x->ld;
    HS_T *a = x->a;
    ipiv[j] = p + 1;
    HS_T piv = a[p + (size_t)j * ld];
    if (piv != 0) {
        if (p != j)   /* the step's columns now, the others after it */
            for (int c = x->k0; c < x->k1; c++) {
                HS_T t = a[j + (size_t)c * ld];
                a[j + (size_t)c * ld] = a[p + (size_t)c * ld];
                a[p + (size_t)c * ld] = t;
            }
        /* LAPACK's safe minimum (?LAMCH('S')): the smallest normal number */
        HS_R sfmin = sizeof(HS_R) == sizeof(float) ? FLT_MIN : DBL_MIN;
#if HS_COMPLEX
        x->divide = !(cabs(piv) >= sfmin);
#else
        x->divide = !(fabs(piv) >= sfmin);
#endif
        x->pivot = piv;
        x->scale = 1 / piv;
    } else {
        if (*info == 0)
            *info = j + 1;
        /* nothing to scale: the column below is zero */
        x->divide = 0;
        x->scale = 1;
    }
}

/* ?GETRF of the m x w panel a (ld) over a team; piv as hs_dev_getrf
 * leaves it (INFO at HS_LU_PIV_INFO, then the pivots).  Returns 0, or
 * HETSCAL_ERR_NOMEM (nothing written) when its scratch cannot be had. */
static int HS_SFX(lu_panel_team)(HS_T *a, int ld, int m, int w, int *piv)
{
    int pieces = hs_lu_team_pieces(m, w);
    HS_SFX(lu_team) x = { .a = a, .ld = ld, .m = m, .w = w,
                          .rows = hs_lu_team_piece_rows(m), .pieces = pieces };
    x.best = malloc((size_t)pieces * sizeof *x.best);
    x.best_row = malloc((size_t)pieces * sizeof *x.best_row);
    if (!x.best || !x.best_row) {
        free(x.best);
        free(x.best_row);
        return HETSCAL_ERR_NOMEM;
    }
    int *ipiv = piv + HS_LU_PIV_HEAD, info = 0;
    x.ipiv = ipiv;
    hs_team team;
    hs_team_open(&team);
    x.kind = LU_TEAM_SEARCH;
    x.j = 0;
    hs_team_round(&team, pieces, HS_SFX(lu_team_piece), &x);
    for (int k0 = 0; k0 < w; k0 += HS_LU_TEAM_IB) {
        int k1 = k0 + HS_LU_TEAM_IB < w ? k0 + HS_LU_TEAM_IB : w;
        x.k0 = k0;
        x.k1 = k1;
        for (int j = k0; j < k1; j++) {
            HS_SFX(lu_team_take_pivot)(&x, pieces, j, ipiv, &info);
            x.kind = LU_TEAM_COLUMN;
            x.j = j;
            hs_team_round(&team, pieces, HS_SFX(lu_team_piece), &x);
        }
        x.kind = LU_TEAM_SWAP;
        hs_team_round(&team, pieces, HS_SFX(lu_team_piece), &x);
        if (k1 < w) {
            int kb = k1 - k0, n = w - k1;
            HS_T one = 1;
            HS_F(trsm)("L", "L", "N", "U", &kb, &n, &one, a + k0 + (size_t)k0 * ld, &ld,
                       a + k0 + (size_t)k1 * ld, &ld, 1, 1, 1, 1);
            x.kind = LU_TEAM_UPDATE;
            x.j = k0;
            hs_team_round(&team, pieces, HS_SFX(lu_team_piece), &x);
        }
    }
    hs_team_close(&team);
    piv[HS_LU_PIV_INFO] = info;
    free(x.best);
    free(x.best_row);
    return 0;
}
