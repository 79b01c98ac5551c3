/* QR's host panel over the rank's idle workers, for one precision (see
 * qr_kernels.h, hs_qr_team_pieces; kernels/qr_kernels_body.h includes
 * this once per precision).
 *
 * Householder QR as LAPACK's ?GEQRT leaves it (R and V in the panel, the
 * taus, the explicit V1, T of Q = I - V T V^H), in HS_QR_TEAM_NB-wide
 * blocks of HS_QR_TEAM_IB-wide steps.  Per column j: the pieces' sums of
 * squares of the column below its diagonal (scaled where a plain sum
 * would overflow or underflow, as ?LASSQ) give the reflector as ?LARFG
 * forms it (its rare rescaling of a tiny column on the leader alone); a
 * round scales each piece's part of v and takes its v^H A over the step's
 * later columns; a round applies the rank-1 update H^H there and sums the
 * next column's squares.  At the end of a step a round takes V_step^H A
 * over the block (the Gram matrix's new columns there, and the step's
 * block reflector's product with the block's columns right of it); the
 * leader builds the step's columns of T (?LARFT's recurrence in its
 * diagonal block, T12 = -T11 G12 T22 above it) and a round applies the
 * step's block reflector to the rest of the block.  At the end of a block
 * one round takes V_block^H A over the whole panel (the Gram matrix's
 * columns left of the block, the product with the columns right of it),
 * the leader completes the block's columns of T the same way, and a round
 * applies the block's reflector to the columns right of it.  The rows are
 * cut into fixed pieces (hs_qr_team_pieces, from the panel's shape); the
 * leader owns the rows of a step's or a block's diagonal block (from the
 * explicit V1) and combines the pieces' partial results in piece order,
 * so the result does not depend on who ran which.  The leader's own work
 * (the sums of the pieces' parts, T, its diagonal rows) is O(pieces w^2 +
 * w^3), none of it proportional to the panel's height. */

typedef struct HS_SFX(qr_team) {
    HS_T *a;                  /* the panel from its diagonal: p x w, ld */
    int ld, p, w, rows, pieces;
    int kind, j, k1;          /* the round: what, the column, its step's end */
    int b0, b1, c0, c1;       /* GRAM and APPLY: the reflectors [b0, b1), on
                                 the columns [c0, c1) ... */
    int skip;                 /* ... but for [b0, b1) (GRAM) */
    int scale;                /* the pieces first scale column j's (DOTS)
                                 or b1 - 1's (GRAM) v below its diagonal ... */
    HS_T s;                   /* ... by this */
    int update;               /* column j's reflector is not the identity */
    HS_R *norm;               /* per piece: (scale, ssq) of the next column */
    HS_T *dot;                /* per piece: conj(v^H A) over the step's later
                                 columns (HS_QR_TEAM_IB each) */
    HS_T *z;                  /* conj(tau) v^H A: the rank-1 update's row */
    HS_T *part;               /* per piece: V^H A of a GRAM round (ld b1 - b0,
                                 HS_QR_TEAM_NB x w apart) */
    HS_T *sum;                /* their sum, then T^H V^H A */
} HS_SFX(qr_team);

/* The sum of squares of n entries as (scale, ssq), scale^2 ssq: a plain
 * sum where it neither overflows nor loses bits to underflow, else
 * ?LASSQ's scaled one. */
static void HS_SFX(qr_team_ssq)(const HS_T *x, int n, HS_R *out)
{
    const HS_R small = sizeof(HS_R) == sizeof(float) ? FLT_MIN / (FLT_EPSILON * FLT_EPSILON)
                                                     : DBL_MIN / (DBL_EPSILON * DBL_EPSILON);
    const HS_R big = sizeof(HS_R) == sizeof(float) ? FLT_MAX : DBL_MAX;
    HS_R sum = 0;
    for (int i = 0; i < n; i++) {
        HS_R re = HS_RE(x[i]);
        sum += re * re;
#if HS_COMPLEX
        HS_R im = cimag(x[i]);
        sum += im * im;
#endif
    }
    if (sum >= small && sum <= big) {
        out[0] = sqrt(sum);
        out[1] = 1;
        return;
    }
    HS_R scale = 0, ssq = 1;
    for (int i = 0; i < (HS_COMPLEX ? 2 : 1) * n; i++) {
#if HS_COMPLEX
        HS_R v = i % 2 ? cimag(x[i / 2]) : creal(x[i / 2]);
#else
        HS_R v = x[i];
#endif
        if (v == 0)
            continue;
        HS_R abs = fabs(v);
        if (scale < abs) {
            ssq = 1 + ssq * (scale / abs) * (scale / abs);
            scale = abs;
        } else {
            ssq += (abs / scale) * (abs / scale);
        }
    }
    out[0] = scale;
    out[1] = ssq;
}

/* The norm of the pieces' (scale, ssq) pairs, combined in piece order. */
static HS_R HS_SFX(qr_team_norm)(const HS_R *norm, int pieces)
{
    HS_R scale = 0, ssq = 1;
    for (int p = 0; p < pieces; p++) {
        HS_R s = norm[2 * p], q = norm[2 * p + 1];
        if (s == 0)
            continue;
        if (scale < s) {
            ssq = q + ssq * (scale / s) * (scale / s);
            scale = s;
        } else {
            ssq += q * (s / scale) * (s / scale);
        }
    }
    return scale * (HS_R)sqrt(ssq);
}

/* Column j's reflector as ?LARFG (?LARFG for complex) forms it from
 * alpha = A(j, j) and the norm of x below it: beta into A(j, j), tau, and
 * the factor the pieces scale x by (update 0: H = I, tau = 0). */
static void HS_SFX(qr_team_reflector)(HS_SFX(qr_team) *x, int j, HS_R xnorm, HS_T *tau)
{
    HS_T *col = x->a + (size_t)j * x->ld, *v = col + j + 1;
    HS_R ar = HS_RE(col[j]), ai = 0;
#if HS_COMPLEX
    ai = cimag(col[j]);
#endif
    x->update = 0;
    if (xnorm == 0 && ai == 0) {
        *tau = 0;
        return;
    }
    /* LAPACK's safe minimum over its relative machine precision */
    const HS_R safmin = sizeof(HS_R) == sizeof(float) ? FLT_MIN / (FLT_EPSILON / 2)
                                                      : DBL_MIN / (DBL_EPSILON / 2);
    HS_R beta = -copysign(hypot(hypot(ar, ai), xnorm), ar);
    int knt = 0, n = x->p - j - 1, one = 1;
    if (fabs(beta) < safmin) {
        /* beta and x may be inaccurate: scale them up (the whole column,
         * serially: it happens only to columns of tiny entries) */
        HS_T up = 1 / safmin;
        do {
            knt++;
            HS_F(scal)(&n, &up, v, &one);
            beta /= safmin;
            ar /= safmin;
            ai /= safmin;
        } while (fabs(beta) < safmin && knt < 20);
        HS_R whole[2];
        HS_SFX(qr_team_ssq)(v, n, whole);
        xnorm = HS_SFX(qr_team_norm)(whole, 1);
        beta = -copysign(hypot(hypot(ar, ai), xnorm), ar);
    }
#if HS_COMPLEX
    HS_T alpha = ar + ai * I;
    *tau = (beta - ar) / beta - ai / beta * I;
#else
    HS_T alpha = ar;
    *tau = (beta - ar) / beta;
#endif
    x->s = 1 / (alpha - beta);
    for (int k = 0; k < knt; k++)
        beta *= safmin;
    col[j] = beta;
    x->update = 1;
}

static void HS_SFX(qr_team_piece)(void *arg, int p)
{
    HS_SFX(qr_team) *x = arg;
    int ld = x->ld, j = x->j, k1 = x->k1, one = 1;
    int b0 = x->b0, b1 = x->b1, bw = b1 - b0, c0 = x->c0, cw = x->c1 - c0;
    int lo = p * x->rows, hi = lo + x->rows < x->p ? lo + x->rows : x->p;
    HS_T *a = x->a, zero = 0, unit = 1, minus = -1;
    const char ct[2] = { HS_CT, 0 };
    switch (x->kind) {
    case QR_TEAM_NORM:
        if (lo < 1)
            lo = 1;
        HS_SFX(qr_team_ssq)(a + lo, hi - lo, x->norm + 2 * p);
        return;
    case QR_TEAM_DOTS: {
        /* v below the diagonal, then conj(v^H A) over the step's later
         * columns (?GEMV's A^H v) */
        if (lo < j + 1)
            lo = j + 1;
        int n = hi - lo, cols = k1 - j - 1;
        HS_T *vj = a + (size_t)j * ld, *d = x->dot + (size_t)p * HS_QR_TEAM_IB;
        if (n <= 0) {
            for (int c = 0; c < cols; c++)
                d[c] = 0;
            return;
        }
        HS_F(scal)(&n, &x->s, vj + lo, &one);
        HS_F(gemv)(ct, &n, &cols, &unit, a + lo + (size_t)(j + 1) * ld, &ld, vj + lo, &one,
                   &zero, d, &one, 1);
        return;
    }
    case QR_TEAM_RANK1: {
        /* H^H on the step's later columns, then the next column's squares */
        if (lo < j + 1)
            lo = j + 1;
        int n = hi - lo, cols = k1 - j - 1;
        if (x->update && n > 0)
            HS_GERU(&n, &cols, &minus, a + lo + (size_t)j * ld, &one, x->z, &one,
                    a + lo + (size_t)(j + 1) * ld, &ld);
        if (lo < j + 2)
            lo = j + 2;
        HS_SFX(qr_team_ssq)(a + lo + (size_t)(j + 1) * ld, hi - lo, x->norm + 2 * p);
        return;
    }
    case QR_TEAM_GRAM: {
        /* the step's last v, then V(:, b0:b1)^H A(:, c0:c1) over the rows
         * below the reflectors' diagonal block */
        if (lo < b1)
            lo = b1;
        int n = hi - lo;
        if (n <= 0)
            return;
        if (x->scale)
            HS_F(scal)(&n, &x->s, a + lo + (size_t)(b1 - 1) * ld, &one);
        HS_T *part = x->part + (size_t)p * HS_QR_TEAM_NB * x->w;
        int mid0 = x->skip ? b0 : c0 + cw, mid1 = x->skip ? b1 : c0 + cw;
        int left = mid0 - c0, right = c0 + cw - mid1;
        if (left > 0)
            HS_F(gemm)(ct, "N", &bw, &left, &n, &unit, a + lo + (size_t)b0 * ld, &ld,
                       a + lo + (size_t)c0 * ld, &ld, &zero, part, &bw, 1, 1);
        if (right > 0)
            HS_F(gemm)(ct, "N", &bw, &right, &n, &unit, a + lo + (size_t)b0 * ld, &ld,
                       a + lo + (size_t)mid1 * ld, &ld, &zero, part + (size_t)(mid1 - c0) * bw,
                       &bw, 1, 1);
        return;
    }
    default: {
        /* A(:, c0:c1) -= V(:, b0:b1) W below the reflectors' diagonal
         * block, then column c0's squares below its diagonal */
        if (lo < b1)
            lo = b1;
        int n = hi - lo;
        if (n > 0)
            HS_F(gemm)("N", "N", &n, &cw, &bw, &minus, a + lo + (size_t)b0 * ld, &ld, x->sum,
                       &bw, &unit, a + lo + (size_t)c0 * ld, &ld, 1, 1);
        if (lo < c0 + 1)
            lo = c0 + 1;
        HS_SFX(qr_team_ssq)(a + lo + (size_t)c0 * ld, hi - lo, x->norm + 2 * p);
        return;
    }
    }
}

/* The round's pieces, run by the team. */
static void HS_SFX(qr_team_run)(HS_SFX(qr_team) *x, hs_team *team, int kind)
{
    x->kind = kind;
    hs_team_round(team, x->pieces, HS_SFX(qr_team_piece), x);
}

/* The rank-1 update's row z = conj(tau) v^H A over the step's columns
 * right of j, from the pieces' sums in piece order and row j (v_j = 1);
 * row j itself updated. */
static void HS_SFX(qr_team_row)(HS_SFX(qr_team) *x, HS_T tau)
{
    int j = x->j, cols = x->k1 - j - 1;
    HS_T *row = x->a + j + (size_t)(j + 1) * x->ld;
    for (int c = 0; c < cols; c++) {
        HS_T acc = HS_CONJ(row[(size_t)c * x->ld]);
        for (int p = 0; p < x->pieces; p++)
            acc += x->dot[(size_t)p * HS_QR_TEAM_IB + c];
        x->z[c] = HS_CONJ(tau) * HS_CONJ(acc);
        row[(size_t)c * x->ld] -= x->z[c];
    }
}

/* The explicit unit lower triangle's rows [k0, k1) and columns [k0, k1)
 * in v1 (ld l1): what the leader's rows of V are once the step is done. */
static void HS_SFX(qr_team_v1)(const HS_SFX(qr_team) *x, int k0, int k1, HS_T *v1, int l1)
{
    for (int c = 0; c < k1; c++)
        for (int i = c < k0 ? k0 : 0; i < k1; i++)
            v1[i + (size_t)c * l1] =
                i > c ? x->a[i + (size_t)c * x->ld] : i == c ? (HS_T)1 : (HS_T)0;
}

/* V(:, b0:b1)^H A(:, f0:f1) into sum's columns from f0 - c0 (ld
 * b1 - b0): the reflectors' diagonal block from v1's explicit rows (A's
 * columns left of b1, which hold V there, from v1 too), then the pieces'
 * parts in piece order. */
static void HS_SFX(qr_team_gram_range)(HS_SFX(qr_team) *x, const HS_T *v1, int l1, int f0,
                                       int f1)
{
    int b0 = x->b0, b1 = x->b1, bw = b1 - b0, ld = x->ld;
    int in_v = (f1 < b1 ? f1 : b1) - f0, in_a = f1 - (f0 > b1 ? f0 : b1);
    HS_T one = 1, zero = 0, *sum = x->sum + (size_t)(f0 - x->c0) * bw;
    const char ct[2] = { HS_CT, 0 };
    const HS_T *vb = v1 + b0 + (size_t)b0 * l1;
    if (f1 <= f0)
        return;
    if (in_v > 0)
        HS_F(gemm)(ct, "N", &bw, &in_v, &bw, &one, vb, &l1, v1 + b0 + (size_t)f0 * l1, &l1, &zero,
                   sum, &bw, 1, 1);
    if (in_a > 0)
        HS_F(gemm)(ct, "N", &bw, &in_a, &bw, &one, vb, &l1, x->a + b0 + (size_t)(f1 - in_a) * ld,
                   &ld, &zero, sum + (size_t)(f1 - f0 - in_a) * bw, &bw, 1, 1);
    size_t size = (size_t)bw * (f1 - f0);
    for (int p = 0; p < x->pieces; p++) {
        int hi = (p + 1) * x->rows < x->p ? (p + 1) * x->rows : x->p;
        const HS_T *part = x->part + (size_t)p * HS_QR_TEAM_NB * x->w + (size_t)(f0 - x->c0) * bw;
        if (hi > b1)
            for (size_t e = 0; e < size; e++)
                sum[e] += part[e];
    }
}

/* A GRAM round's V(:, b0:b1)^H A(:, c0:c1), combined into sum. */
static void HS_SFX(qr_team_gram)(HS_SFX(qr_team) *x, const HS_T *v1, int l1)
{
    if (x->skip) {
        HS_SFX(qr_team_gram_range)(x, v1, l1, x->c0, x->b0);
        HS_SFX(qr_team_gram_range)(x, v1, l1, x->b1, x->c1);
    } else {
        HS_SFX(qr_team_gram_range)(x, v1, l1, x->c0, x->c1);
    }
}

/* The columns [b0, b1) of T above their diagonal block from row t0 down
 * to it: T12 = -T11 G12 T22, G12 = V(:, t0:b0)^H V(:, b0:b1), its column
 * r's conjugate in g's column r - t0 (ld b1 - b0). */
static void HS_SFX(qr_team_t12)(int t0, int b0, int b1, const HS_T *g, HS_T *tt, int lt)
{
    int bw = b1 - b0, h = b0 - t0;
    if (h <= 0)
        return;
    HS_T *t12 = tt + t0 + (size_t)b0 * lt, one = 1, minus = -1;
    for (int c = 0; c < bw; c++)
        for (int r = 0; r < h; r++)
            t12[r + (size_t)c * lt] = HS_CONJ(g[c + (size_t)r * bw]);
    HS_F(trmm)("L", "U", "N", "N", &h, &bw, &one, tt + t0 + (size_t)t0 * lt, &lt, t12, &lt, 1, 1,
               1, 1);
    HS_F(trmm)("R", "U", "N", "N", &h, &bw, &minus, tt + b0 + (size_t)b0 * lt, &lt, t12, &lt, 1, 1,
               1, 1);
}

/* The step's diagonal block of T (ld lt) by ?LARFT's recurrence, from
 * the Gram matrix's columns in sum (v_i^H v_r, i in the step, in column
 * r - c0), then its columns above it in the block (from c0 down). */
static void HS_SFX(qr_team_t)(HS_SFX(qr_team) *x, const HS_T *tau, HS_T *tt, int lt)
{
    int k0 = x->b0, k1 = x->b1, kb = k1 - k0, c0 = x->c0;
    const HS_T *g = x->sum;
    HS_T *tmp = x->z;
    for (int i = k0; i < k1; i++) {
        /* T(k0:i, i) = -tau_i T(k0:i, k0:i) V(:, k0:i)^H v_i */
        for (int r = k0; r < i; r++)
            tmp[r - k0] = -tau[i] * HS_CONJ(g[(i - k0) + (size_t)(r - c0) * kb]);
        for (int r = k0; r < i; r++) {
            HS_T s = 0;
            for (int c = r; c < i; c++)
                s += tt[r + (size_t)c * lt] * tmp[c - k0];
            tt[r + (size_t)i * lt] = s;
        }
        tt[i + (size_t)i * lt] = tau[i];
    }
    HS_SFX(qr_team_t12)(c0, k0, k1, g, tt, lt);
}

/* The end of the block [b0, b1) (T's diagonal block complete): a GRAM
 * round takes V(:, b0:b1)^H A over the rest of the panel, which gives the
 * block's columns of T above it and W = T^H V^H A for the columns right
 * of it, and the leader's rows of those, then the pieces' (an APPLY
 * round), are updated. */
static void HS_SFX(qr_team_block)(HS_SFX(qr_team) *x, hs_team *team, int b0, int b1,
                                  const HS_T *v1, int l1, HS_T *tt, int lt)
{
    int bw = b1 - b0, right = x->w - b1;
    HS_T one = 1, minus = -1;
    const char ct[2] = { HS_CT, 0 };
    if (b0 == 0 && right == 0)
        return;
    x->b0 = b0;
    x->b1 = b1;
    x->c0 = 0;
    x->c1 = x->w;
    x->skip = 1;
    x->scale = 0;
    HS_SFX(qr_team_run)(x, team, QR_TEAM_GRAM);
    HS_SFX(qr_team_gram)(x, v1, l1);
    x->skip = 0;
    HS_SFX(qr_team_t12)(0, b0, b1, x->sum, tt, lt);
    if (right == 0)
        return;
    memmove(x->sum, x->sum + (size_t)b1 * bw, (size_t)bw * right * sizeof *x->sum);
    HS_F(trmm)("L", "U", ct, "N", &bw, &right, &one, tt + b0 + (size_t)b0 * lt, &lt, x->sum, &bw,
               1, 1, 1, 1);
    HS_F(gemm)("N", "N", &bw, &right, &bw, &minus, v1 + b0 + (size_t)b0 * l1, &l1, x->sum, &bw,
               &one, x->a + b0 + (size_t)b1 * x->ld, &x->ld, 1, 1);
    x->c0 = b1;
    HS_SFX(qr_team_run)(x, team, QR_TEAM_APPLY);
}

/* The step [k0, k1) of the panel's factorization, in the block that
 * ends at kend: its reflectors, their columns of T, and their block
 * reflector on the block's columns right of the step. */
static void HS_SFX(qr_team_step)(HS_SFX(qr_team) *x, hs_team *team, int kstart, int k0,
                                 int kend, HS_T *tau, HS_T *v1, int l1, HS_T *tt, int lt)
{
    int k1 = x->k1;
    for (int j = k0; j < k1; j++) {
        x->j = j;
        HS_SFX(qr_team_reflector)(x, j, HS_SFX(qr_team_norm)(x->norm, x->pieces), &tau[j]);
        if (j == k1 - 1)
            break;   /* its v is scaled in the step's GRAM round */
        if (x->update) {
            HS_SFX(qr_team_run)(x, team, QR_TEAM_DOTS);
            HS_SFX(qr_team_row)(x, tau[j]);
        }
        HS_SFX(qr_team_run)(x, team, QR_TEAM_RANK1);
    }
    /* the Gram matrix's new columns in the block and V_step^H A right of
     * the step */
    x->b0 = k0;
    x->b1 = k1;
    x->c0 = kstart;
    x->c1 = kend;
    x->scale = x->update;
    HS_SFX(qr_team_v1)(x, k0, k1, v1, l1);
    HS_SFX(qr_team_run)(x, team, QR_TEAM_GRAM);
    HS_SFX(qr_team_gram)(x, v1, l1);
    HS_SFX(qr_team_t)(x, tau, tt, lt);
    if (k1 == kend)
        return;
    int kb = k1 - k0, right = kend - k1;
    HS_T one = 1, minus = -1, *wt = x->sum + (size_t)(k1 - kstart) * kb;
    const char ct[2] = { HS_CT, 0 };
    HS_F(trmm)("L", "U", ct, "N", &kb, &right, &one, tt + k0 + (size_t)k0 * lt, &lt, wt, &kb, 1, 1,
               1, 1);
    /* the APPLY round reads W at sum */
    memmove(x->sum, wt, (size_t)kb * right * sizeof *wt);
    HS_F(gemm)("N", "N", &kb, &right, &kb, &minus, v1 + k0 + (size_t)k0 * l1, &l1, x->sum, &kb,
               &one, x->a + k0 + (size_t)k1 * x->ld, &x->ld, 1, 1);
    x->c0 = k1;
    HS_SFX(qr_team_run)(x, team, QR_TEAM_APPLY);
}

/* The QR of the p x w panel a (ld, p >= 2 w) over a team, as qr_geqrf's
 * ?GEQRT path leaves it: R and V in a, tau (w), v1 (w x w, ld l1), T
 * (w x w upper, zeros below, ld lt).  Returns 0, or HETSCAL_ERR_NOMEM
 * (nothing written) when its scratch cannot be had. */
static int HS_SFX(qr_panel_team)(HS_T *a, int ld, int p, int w, HS_T *tau, HS_T *v1, int l1,
                                 HS_T *tt, int lt)
{
    int pieces = hs_qr_team_pieces(p, w);
    HS_SFX(qr_team) x = { .a = a, .ld = ld, .p = p, .w = w, .rows = hs_lu_team_piece_rows(p),
                          .pieces = pieces };
    size_t ib = HS_QR_TEAM_IB, nb = HS_QR_TEAM_NB;
    x.norm = malloc(2 * (size_t)pieces * sizeof *x.norm);
    HS_T *buf = HS_SFX(work_alloc)((size_t)pieces * (nb * w + ib) + nb * w + ib);
    if (!x.norm || !buf) {
        free(x.norm);
        free(buf);
        return HETSCAL_ERR_NOMEM;
    }
    x.part = buf;
    x.dot = x.part + (size_t)pieces * nb * w;
    x.sum = x.dot + (size_t)pieces * ib;
    x.z = x.sum + nb * w;
    hs_team team;
    hs_team_open(&team);
    HS_SFX(qr_team_run)(&x, &team, QR_TEAM_NORM);
    for (int b0 = 0; b0 < w; b0 += HS_QR_TEAM_NB) {
        int b1 = b0 + HS_QR_TEAM_NB < w ? b0 + HS_QR_TEAM_NB : w;
        for (int k0 = b0; k0 < b1; k0 += HS_QR_TEAM_IB) {
            x.k1 = k0 + HS_QR_TEAM_IB < b1 ? k0 + HS_QR_TEAM_IB : b1;
            HS_SFX(qr_team_step)(&x, &team, b0, k0, b1, tau, v1, l1, tt, lt);
        }
        HS_SFX(qr_team_block)(&x, &team, b0, b1, v1, l1, tt, lt);
    }
    hs_team_close(&team);
    HS_SFX(unit_lower)(v1, l1, a, ld, w);
    for (int j = 0; j < w; j++)
        for (int i = j + 1; i < w; i++)
            tt[i + (size_t)j * lt] = 0;
    free(x.norm);
    free(buf);
    return 0;
}
