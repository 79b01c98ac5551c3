/* QR's tree kernels over the rank's idle workers, for one precision (see
 * qr_kernels.h, hs_qr_tree_team_pieces; kernels/qr_kernels_body.h
 * includes this once per precision).
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
