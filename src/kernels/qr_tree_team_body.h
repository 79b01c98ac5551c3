/* QR's tree kernels and Householder reconstruction over the rank's idle
 * workers, for one precision (see qr_kernels.h,
 * hs_qr_tree_team_pieces, hs_qr_reconstruct_team_pieces;
 * kernels/qr_kernels_body.h includes this once per precision).
 *
 * A tree's levels run one after the other on the critical path of every
 * TSQR panel, each a w x w kernel on one core while the rank's other cores
 * wait (on GPU nodes the updates are the GPUs').  Both kernels apply block
 * reflectors to w columns that do not depend on one another, so the
 * columns are cut into fixed pieces (hs_qr_tree_team_pieces) and each
 * piece is LAPACK's own kernel on its columns: ?TPMQRT for qr_tree_down;
 * for qr_tree_up ?TPQRT's loop as LAPACK writes it, each block's
 * reflectors (?TPQRT2) on the leader, then in a round that block's ?TPRFB
 * on the pieces' columns right of it.  Which thread ran which piece never
 * changes a bit of the result. */

typedef struct HS_SFX(tree_team) {
    HS_T *a, *b, *work;       /* [A; B] (A ld la, w in tree_up; B ld w), the
                                 work (nb x w) */
    const HS_T *v, *t;        /* qr_tree_down's reflectors (ld w; tree_up's
                                 are in b), T (ld lt) */
    int w, lt, la, nb;
    int i, ib;                /* qr_tree_up: the block [i, i + ib) */
    atomic_int info;          /* qr_tree_down: a piece's failure */
} HS_SFX(tree_team);

/* Piece p's columns [c0, c1), from column `first` on. */
static int HS_SFX(tree_team_columns)(int p, int first, int w, int *c0)
{
    int lo = p * HS_QR_TREE_TEAM_COLS, hi = lo + HS_QR_TREE_TEAM_COLS;
    if (hi > w)
        hi = w;
    *c0 = lo > first ? lo : first;
    return hi - *c0;
}

/* qr_tree_up's round: block i's reflectors on the piece's columns right
 * of the block (?TPQRT's ?TPRFB with M = N = L = w: the reflectors reach
 * i + ib rows of B). */
static void HS_SFX(tree_up_piece)(void *arg, int p)
{
    HS_SFX(tree_team) *x = arg;
    int c0, n = HS_SFX(tree_team_columns)(p, x->i + x->ib, x->w, &c0);
    if (n <= 0)
        return;
    int w = x->w, i = x->i, mb = i + x->ib, lb = x->ib, ib = x->ib;
    HS_F(tprfb)("L", (char[]){ HS_CT, 0 }, "F", "C", &mb, &n, &ib, &lb, x->b + (size_t)i * w, &w,
                x->t + (size_t)i * x->lt, &x->lt, x->a + i + (size_t)c0 * w, &w,
                x->b + (size_t)c0 * w, &w, x->work + (size_t)c0 * ib, &ib, 1, 1, 1, 1);
}

/* [R_a; R_b] (w x w upper triangles in a and b, ld w) = Q_ab R_a' over a
 * team: R_a' into a, the reflectors into b, T (nb x w) into t (ld lt);
 * ?TPQRT's INFO. */
static int HS_SFX(tree_up_team)(HS_T *a, HS_T *b, HS_T *t, int lt, HS_T *work, int w, int nb)
{
    HS_SFX(tree_team) x = { .a = a, .b = b, .work = work, .t = t, .w = w, .lt = lt, .nb = nb };
    int pieces = hs_qr_tree_team_pieces(w), info = 0;
    hs_team team;
    hs_team_open(&team);
    for (int i = 0; i < w && !info; i += nb) {
        int ib = nb < w - i ? nb : w - i, mb = i + ib, lb = ib;
        HS_F(tpqrt2)(&mb, &ib, &lb, a + i + (size_t)i * w, &w, b + (size_t)i * w, &w,
                     t + (size_t)i * lt, &lt, &info);
        if (!info && i + ib < w) {
            x.i = i;
            x.ib = ib;
            hs_team_round(&team, pieces, HS_SFX(tree_up_piece), &x);
        }
    }
    hs_team_close(&team);
    return info;
}

/* qr_tree_down's round: ?TPMQRT of all the reflectors on the piece's
 * columns of [Q_a; Q_b] (Q_a ld la, Q_b ld w).  A failing piece (an
 * argument LAPACK refuses: not for these shapes) leaves its columns
 * unchanged and its INFO in x->info. */
static void HS_SFX(tree_down_piece)(void *arg, int p)
{
    HS_SFX(tree_team) *x = arg;
    int c0, n = HS_SFX(tree_team_columns)(p, 0, x->w, &c0), info = 0, w = x->w;
    if (n <= 0)
        return;
    HS_F(tpmqrt)("L", "N", &w, &n, &w, &w, &x->nb, x->v, &w, x->t, &x->lt,
                 x->a + (size_t)c0 * x->la, &x->la, x->b + (size_t)c0 * w, &w,
                 x->work + (size_t)c0 * x->nb, &info, 1, 1);
    if (info)
        atomic_store(&x->info, info);
}

/* [Q_a; Q_b] = Q_ab [Q_a; Q_b] over a team; ?TPMQRT's INFO. */
static int HS_SFX(tree_down_team)(HS_T *qa, int la, HS_T *qb, const HS_T *v, const HS_T *t,
                                  int lt, HS_T *work, int w, int nb)
{
    HS_SFX(tree_team) x = { .a = qa, .b = qb, .work = work, .v = v, .t = t, .w = w, .lt = lt,
                            .la = la, .nb = nb };
    hs_team team;
    hs_team_open(&team);
    hs_team_round(&team, hs_qr_tree_team_pieces(w), HS_SFX(tree_down_piece), &x);
    hs_team_close(&team);
    return atomic_load(&x.info);
}

/* ?ORHR_COL of the p x w piece a (ld) over a team, with NB = w as
 * qr_reconstruct calls it: V and U in a, the signs in d (w), T in tw (w x
 * w, ld w); ?ORHR_COL's INFO.  Each piece writes only its own columns
 * (the LU's rounds) or rows (the last round), and its rows or columns are
 * computed from its own and the block's alone. */
typedef struct HS_SFX(recon_team) {
    HS_T *a, *tw;
    int ld, p, w;
    int j, jb;   /* the LU's block [j, j + jb) */
} HS_SFX(recon_team);

/* A round of the LU: the block row of U and the trailing update on the
 * piece's columns right of the block. */
static void HS_SFX(recon_lu_piece)(void *arg, int k)
{
    HS_SFX(recon_team) *x = arg;
    int c0, n = HS_SFX(tree_team_columns)(k, x->j + x->jb, x->w, &c0);
    if (n <= 0)
        return;
    HS_T one = 1.0, minus = -1.0;
    int j = x->j, jb = x->jb, ld = x->ld, below = x->w - j - jb;
    HS_T *a = x->a;
    HS_F(trsm)("L", "L", "N", "U", &jb, &n, &one, a + j + (size_t)j * ld, &ld,
               a + j + (size_t)c0 * ld, &ld, 1, 1, 1, 1);
    if (below > 0)
        HS_F(gemm)("N", "N", &below, &n, &jb, &minus, a + j + jb + (size_t)j * ld, &ld,
                   a + j + (size_t)c0 * ld, &ld, &one, a + j + jb + (size_t)c0 * ld, &ld, 1, 1);
}

/* The last round: pieces of the rows below the top block, then of T's. */
static void HS_SFX(recon_rows_piece)(void *arg, int k)
{
    HS_SFX(recon_team) *x = arg;
    int w = x->w, below = x->p - w, ld = x->ld;
    int below_pieces = (below + HS_QR_RECON_TEAM_ROWS - 1) / HS_QR_RECON_TEAM_ROWS;
    HS_T one = 1.0;
    if (k < below_pieces) {
        int r0 = w + k * HS_QR_RECON_TEAM_ROWS, rows = x->p - r0;
        rows = rows < HS_QR_RECON_TEAM_ROWS ? rows : HS_QR_RECON_TEAM_ROWS;
        HS_F(trsm)("R", "U", "N", "N", &rows, &w, &one, x->a, &ld, x->a + r0, &ld, 1, 1, 1, 1);
        return;
    }
    int r0 = (k - below_pieces) * HS_QR_RECON_TEAM_ROWS, rows = w - r0;
    rows = rows < HS_QR_RECON_TEAM_ROWS ? rows : HS_QR_RECON_TEAM_ROWS;
    if (rows > 0)
        HS_F(trsm)("R", "L", (char[]){ HS_CT, 0 }, "U", &rows, &w, &one, x->a, &ld, x->tw + r0,
                   &w, 1, 1, 1, 1);
}

static int HS_SFX(reconstruct_team)(HS_T *a, int ld, int p, int w, HS_T *tw, HS_T *d)
{
    HS_SFX(recon_team) x = { .a = a, .tw = tw, .ld = ld, .p = p, .w = w };
    int info = 0;
    hs_team team;
    hs_team_open(&team);
    for (int j = 0; j < w && !info; j += HS_QR_RECON_TEAM_NB) {
        int jb = w - j < HS_QR_RECON_TEAM_NB ? w - j : HS_QR_RECON_TEAM_NB, rows = w - j;
        HS_UNHR_GETRFNP2(&rows, &jb, a + j + (size_t)j * ld, &ld, d + j, &info);
        if (!info && j + jb < w) {
            x.j = j;
            x.jb = jb;
            hs_team_round(&team, (w + HS_QR_TREE_TEAM_COLS - 1) / HS_QR_TREE_TEAM_COLS,
                          HS_SFX(recon_lu_piece), &x);
        }
    }
    if (!info) {
        /* T's right-hand side, as ?ORHR_COL forms it: -U S upper, zeros
         * below the diagonal. */
        for (int c = 0; c < w; c++)
            for (int r = 0; r < w; r++)
                tw[r + (size_t)c * w] = r > c ? 0.0
                                        : d[c] == 1.0 ? -a[r + (size_t)c * ld]
                                                      : a[r + (size_t)c * ld];
        hs_team_round(&team, hs_qr_reconstruct_team_pieces(p - w, w), HS_SFX(recon_rows_piece),
                      &x);
    }
    hs_team_close(&team);
    return info;
}
