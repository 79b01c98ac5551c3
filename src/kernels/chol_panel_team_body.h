/* Cholesky's wide diagonal blocks over the rank's idle workers, for one
 * precision (see cholesky_kernels.h, hs_chol_team_pieces;
 * kernels/cholesky_kernels_body.h includes this once per precision).
 *
 * The potrf task's m x w column (the w x w diagonal block from its
 * diagonal down, then the tile's rows below it), blocked right-looking in
 * HS_CHOL_TEAM_IB-wide steps: the leader factors the step's diagonal
 * block (hetscal's host ?POTRF, util/host_blas.h), then in one round each
 * row piece solves its rows of the step's columns, and in a second it
 * updates its rows of the columns right of the step (the lower triangle
 * of the diagonal block, all of the rows below it).  The pieces are fixed
 * row ranges and only the leader writes the step's diagonal block, so the
 * result does not depend on who ran which piece.  A failing minor (a
 * non-positive or NaN pivot, as the device's HS_K_POTRF reports it) stops
 * the factorization there, its index in INFO. */

typedef struct HS_SFX(chol_team) {
    HS_T *a;
    int ld, m, w, rows;       /* the column from the diagonal: m x w; piece height */
    int solve, k0, k1;        /* the round: solve (1) or update (0), the step */
} HS_SFX(chol_team);

static void HS_SFX(chol_team_piece)(void *arg, int p)
{
    HS_SFX(chol_team) *x = arg;
    int ld = x->ld, k0 = x->k0, k1 = x->k1, kb = k1 - k0, lo = p * x->rows;
    int hi = lo + x->rows < x->m ? lo + x->rows : x->m;
    HS_T *a = x->a, one = 1, minus = -1;
    if (lo < k1)
        lo = k1;
    if (lo >= hi)
        return;
    int rows = hi - lo;
    if (x->solve) {
        HS_F(trsm)("R", "L", (char[]){ HS_CT, 0 }, "N", &rows, &kb, &one,
                   a + k0 + (size_t)k0 * ld, &ld, a + lo + (size_t)k0 * ld, &ld, 1, 1, 1, 1);
        return;
    }
    /* A(lo:hi, k1:c) -= L(lo:hi, step) L(k1:c, step)^H, c the last column
     * at or left of the piece's rows within the diagonal block: the
     * columns left of the piece's first row in full, its square on the
     * diagonal (lower) by HERK, and below the block every column. */
    int diag_end = hi < x->w ? hi : x->w;
    int left = (lo < x->w ? lo : x->w) - k1;
    if (left > 0)
        HS_F(gemm)("N", (char[]){ HS_CT, 0 }, &rows, &left, &kb, &minus,
                   a + lo + (size_t)k0 * ld, &ld, a + k1 + (size_t)k0 * ld, &ld, &one,
                   a + lo + (size_t)k1 * ld, &ld, 1, 1);
    if (lo < diag_end) {
        int n = diag_end - lo, below = hi - diag_end;
        HS_R rminus = -1, rone = 1;
        HS_HERK("L", "N", &n, &kb, &rminus, a + lo + (size_t)k0 * ld, &ld, &rone,
                a + lo + (size_t)lo * ld, &ld, 1, 1);
        if (below > 0)
            HS_F(gemm)("N", (char[]){ HS_CT, 0 }, &below, &n, &kb, &minus,
                       a + diag_end + (size_t)k0 * ld, &ld, a + lo + (size_t)k0 * ld, &ld, &one,
                       a + diag_end + (size_t)lo * ld, &ld, 1, 1);
    }
}

/* The step's diagonal block factored on the leader: 0, or the failing
 * minor within the whole column (1-based). */
static int HS_SFX(chol_team_diagonal)(HS_SFX(chol_team) *x)
{
    int k0 = x->k0, kb = x->k1 - k0, ld = x->ld;
    HS_T *d = x->a + k0 + (size_t)k0 * ld;
    int info = HS_SFX(hs_host_potrf)('L', kb, d, ld);
    int last = info > 0 && info - 1 < kb ? info - 1 : kb;
    for (int i = 0; i < last; i++)   /* a NaN pivot is a failing minor too */
        if (!(HS_RE(d[i + (size_t)i * ld]) > 0))
            return k0 + i + 1;
    return info > 0 ? k0 + info : 0;
}

/* The potrf task's factorization of the m x w column a (ld) over a team;
 * its INFO (0 or the failing minor, 1-based). */
static int HS_SFX(chol_panel_team)(HS_T *a, int ld, int m, int w)
{
    HS_SFX(chol_team) x = { .a = a, .ld = ld, .m = m, .w = w,
                            .rows = hs_chol_team_piece_rows(m) };
    int pieces = (m + x.rows - 1) / x.rows, info = 0;
    hs_team team;
    hs_team_open(&team);
    for (int k0 = 0; k0 < w && !info; k0 += HS_CHOL_TEAM_IB) {
        x.k0 = k0;
        x.k1 = k0 + HS_CHOL_TEAM_IB < w ? k0 + HS_CHOL_TEAM_IB : w;
        info = HS_SFX(chol_team_diagonal)(&x);
        if (info)
            break;
        x.solve = 1;
        hs_team_round(&team, pieces, HS_SFX(chol_team_piece), &x);
        if (x.k1 < w) {
            x.solve = 0;
            hs_team_round(&team, pieces, HS_SFX(chol_team_piece), &x);
        }
    }
    hs_team_close(&team);
    return info;
}
