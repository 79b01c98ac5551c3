/* The QR tile kernels of one precision (see qr_kernels.h;
 * kernels/qr_kernels.c instantiates them through util/prec_instantiate.h).
 * Complex: the reflectors are H = I - tau v v^H, Q = I - V T V^H, and the
 * trailing update applies Q^H = I - V T^H V^H. */

static HS_T *HS_SFX(work_alloc)(size_t count)
{
    return malloc((count > 0 ? count : 1) * sizeof(HS_T));
}

/* The upper trapezoid (i <= j, i < m) of the first n columns of src onto
 * dst; the rest of dst stays as it was. */
static void HS_SFX(copy_upper_part)(HS_T *dst, int ldd, const HS_T *src, int lds, int m, int n)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i <= j && i < m; i++)
            dst[i + (size_t)j * ldd] = src[i + (size_t)j * lds];
}

/* Upper triangle (with diagonal) of an n x n block into a zeroed n x n
 * array (ld n). */
static void HS_SFX(copy_upper)(int n, const HS_T *src, int lds, HS_T *dst)
{
    memset(dst, 0, sizeof(HS_T) * (size_t)n * n);
    HS_SFX(copy_upper_part)(dst, n, src, lds, n, n);
}

static void HS_SFX(zero_block)(HS_T *a, int ld, int m, int n)
{
    for (int j = 0; j < n; j++)
        memset(a + (size_t)j * ld, 0, sizeof(HS_T) * (size_t)m);
}

/* Scratch of a TSQR tree kernel: two w x w blocks (ld w), then the
 * nb x w workspace of ?TPQRT / ?TPMQRT.  Freed through `a`. */
typedef struct HS_SFX(tree_scratch) {
    HS_T *a, *b, *work;
    int nb;
} HS_SFX(tree_scratch);

static int HS_SFX(tree_scratch_alloc)(HS_SFX(tree_scratch) *s, int w)
{
    size_t ww = (size_t)w * w;
    int nb = min_int(HS_QR_IB, w);
    HS_T *buf = HS_SFX(work_alloc)(2 * ww + (size_t)nb * w);

    if (!buf)
        return HETSCAL_ERR_NOMEM;
    *s = (HS_SFX(tree_scratch)){ buf, buf + ww, buf + 2 * ww, nb };
    return 0;
}

/* The explicit unit lower triangle of the first k x k block of a. */
static void HS_SFX(unit_lower)(HS_T *dst, int ldd, const HS_T *a, int lda, int k)
{
    for (int j = 0; j < k; j++)
        for (int i = 0; i < k; i++)
            dst[i + (size_t)j * ldd] = i > j ? a[i + (size_t)j * lda] : i == j ? (HS_T)1 : (HS_T)0;
}

/* An upper k x k block with explicit zeros below its diagonal. */
static void HS_SFX(upper_only)(HS_T *dst, int ldd, const HS_T *a, int lda, int k)
{
    for (int j = 0; j < k; j++)
        for (int i = 0; i < k; i++)
            dst[i + (size_t)j * ldd] = i <= j ? a[i + (size_t)j * lda] : (HS_T)0;
}

/* The triangular factor T (k x k, ld lt) of the k reflectors stored in the
 * p x k unit lower trapezoid of `piece` (top k x k block explicit in v1),
 * from T^-1 = strict upper part of V^H V + diag(1 / tau) (the UT
 * transform of Joffrain et al.): two ?HERKs and a ?TRTRI instead of
 * ?LARFT's matrix-vector products, 4-5 times faster on tall panels.
 * Returns 0, or -1 when some tau is 0 (that T^-1 does not exist). */
static int HS_SFX(t_from_gram)(int p, int k, const HS_T *piece, int ld, const HS_T *v1, int l1,
                       const HS_T *tau, HS_T *tt, int lt)
{
    static const HS_R one = 1, zero = 0;
    const char ct[2] = { HS_CT, 0 };
    int rest = p - k, info = 0;
    for (int j = 0; j < k; j++)
        if (tau[j] == 0.0)
            return -1;
    if (rest > 0)
        HS_HERK("U", ct, &k, &rest, &one, piece + k, &ld, &zero, tt, &lt, 1, 1);
    HS_HERK("U", ct, &k, &k, &one, v1, &l1, rest > 0 ? &one : &zero, tt, &lt, 1, 1);
    for (int j = 0; j < k; j++)
        tt[j + (size_t)j * lt] = 1.0 / tau[j];
    HS_F(trtri)("U", "N", &k, tt, &lt, &info, 1, 1);
    return info ? -1 : 0;
}

#include "kernels/qr_panel_team_body.h"
#include "kernels/qr_tree_team_body.h"

/* On a device: its ?GEQRF (the taus straight into the TAU tile), then T
 * and the explicit V1 by its ?LARFT; LAPACK's answer in LAPACK's format,
 * as the host's. */
static int HS_SFX(qr_panel_geqrf_device)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0), *v1 = hs_task_data(t, 1);
    HS_T *tt = hs_task_data(t, 2), *tau = hs_task_data(t, 3);
    int ld = hs_task_ld(t, 0), l1 = hs_task_ld(t, 1), lt = hs_task_ld(t, 2);
    hs_qr_panel_args x = hs_qr_panel_args_of(t);
    int off = x.off, w = x.w, p = t->acc[0].handle->m - off, kk = min_int(p, w);
    int err = hs_dev_geqrf(dev, t->stream, HS_P, p, w, a + off, ld, tau, 1, NULL, 1);
    if (!err && kk > 0)
        err = hs_dev_larft(dev, t->stream, HS_P, p, kk, a + off, ld, tau, tt, lt, v1,
                           l1);
    return err;
}

static int HS_SFX(qr_panel_geqrf)(hs_task *t, hs_device *dev)
{
    if (dev->kind != HS_DEV_CPU)
        return HS_SFX(qr_panel_geqrf_device)(t, dev);
    HS_T *a = hs_task_data(t, 0), *v1 = hs_task_data(t, 1);
    HS_T *tt = hs_task_data(t, 2), *tau = hs_task_data(t, 3);
    int ld = hs_task_ld(t, 0), l1 = hs_task_ld(t, 1), lt = hs_task_ld(t, 2);
    hs_qr_panel_args x = hs_qr_panel_args_of(t);
    int off = x.off, w = x.w, p = t->acc[0].handle->m - off;
    int kk = min_int(p, w), info = 0;
    HS_T *piece = a + off;

    if (kk == 0)
        return 0;
    /* over a team of the rank's idle workers when the task says so and
     * the shape allows (qr_panel_team_body.h) */
    if (x.team && hs_qr_team_pieces(p, w)
        && !HS_SFX(qr_panel_team)(piece, ld, p, w, tau, v1, l1, tt, lt))
        return 0;
    int nb = min_int(HS_PANEL_IB, kk);
    HS_T *tblocks = HS_SFX(work_alloc)((size_t)nb * w), *work = HS_SFX(work_alloc)((size_t)nb * w);
    if (!tblocks || !work) {
        free(tblocks);
        free(work);
        return HETSCAL_ERR_NOMEM;
    }
    HS_F(geqrt)(&p, &w, &nb, piece, &ld, tblocks, &nb, work, &info);
    /* tau is the TAU tile (1 x w, ld 1): the diagonals of the T blocks. */
    for (int j = 0; j < kk && !info; j++)
        tau[j] = tblocks[j % nb + (size_t)j * nb];
    free(tblocks);
    free(work);
    if (info)
        return HETSCAL_ERR_INTERNAL;
    HS_SFX(unit_lower)(v1, l1, piece, ld, kk);
    if (p < 2 * kk || HS_SFX(t_from_gram)(p, kk, piece, ld, v1, l1, tau, tt, lt) != 0)
        HS_F(larft)("F", "C", &p, &kk, piece, &ld, tau, tt, &lt, 1, 1);
    for (int j = 0; j < kk; j++)
        for (int i = j + 1; i < kk; i++)
            tt[i + (size_t)j * lt] = 0.0;
    return 0;
}

/* The device's ?GEQRF: R into RT's first w rows, the taus into its row w. */
static int HS_SFX(qr_leaf)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0), *rt = hs_task_data(t, 1);
    int ld = hs_task_ld(t, 0), lr = hs_task_ld(t, 1);
    hs_qr_piece_args x = hs_qr_piece_args_of(t);
    int off = x.off, w = x.w;

    return hs_dev_geqrf(dev, t->stream, HS_P, t->acc[0].handle->m - off, w, a + off, ld,
                        rt + w, lr, rt, lr);
}

/* Where a VTQ tile's parts lie (qr_kernels.h): ?TPQRT's upper V and its
 * T; the devices' form adds the zeros above V and the taus. */
static int HS_SFX(vtq_v_row)(int w, int dev_tree)
{
    return dev_tree ? w : 0;
}

static int HS_SFX(vtq_t_row)(int w, int dev_tree)
{
    return dev_tree ? 2 * w + 1 : w;
}

static void HS_SFX(identity)(HS_T *a, int ld, int w)
{
    HS_SFX(zero_block)(a, ld, w, w);
    for (int i = 0; i < w; i++)
        a[i + (size_t)i * ld] = 1.0;
}

static int HS_SFX(qr_tree_up)(hs_task *t, hs_device *dev)
{
    (void)dev;
    HS_T *ra = hs_task_data(t, 0), *vt = hs_task_data(t, 2);
    const HS_T *rb = hs_task_data(t, 1);
    int la = hs_task_ld(t, 0), lb = hs_task_ld(t, 1), lv = hs_task_ld(t, 2);
    hs_qr_tree_up_args x = hs_qr_tree_up_args_of(t);
    int w = x.w, info = 0, v_row = HS_SFX(vtq_v_row)(w, x.dev_tree);
    HS_T *tt = vt + HS_SFX(vtq_t_row)(w, x.dev_tree);
    HS_SFX(tree_scratch) s;

    if (HS_SFX(tree_scratch_alloc)(&s, w))
        return HETSCAL_ERR_NOMEM;
    HS_SFX(copy_upper)(w, ra, la, s.a);
    HS_SFX(copy_upper)(w, rb, lb, s.b);
    if (x.team && hs_qr_tree_team_pieces(w))
        info = HS_SFX(tree_up_team)(s.a, s.b, tt, lv, s.work, w, s.nb);
    else
        HS_F(tpqrt)(&w, &w, &w, &s.nb, s.a, &w, s.b, &w, tt, &lv, s.work, &info);
    if (!info) {
        /* Only R (rows 0..w-1) of RT_a changes: its local taus stay. */
        HS_SFX(copy_upper_part)(ra, la, s.a, w, w, w);
        HS_SFX(zero_block)(vt, lv, v_row + w, w);
        HS_SFX(copy_upper_part)(vt + v_row, lv, s.b, w, w, w);
        /* The devices' form: each tau is its T block's diagonal entry. */
        for (int i = 0; x.dev_tree && i < w; i++)
            vt[2 * w + (size_t)i * lv] = tt[i % s.nb + (size_t)i * lv];
        if (x.root)
            HS_SFX(identity)(hs_task_data(t, 3), hs_task_ld(t, 3), w);
    }
    free(s.a);
    return info ? HETSCAL_ERR_INTERNAL : 0;
}

/* The down step on a device: [Q_a'; Q_b] = Q_ab [Q_a; 0] by one ?ORMQR
 * on VTQ_b's stack (its reflectors below the diagonal of rows 0..2w-1,
 * their taus in row 2w), then the top half to Q_a and the bottom half to
 * rows 0..w-1 of VTQ_b (the two halves do not overlap). */
static int HS_SFX(tree_down_device)(hs_device *dev, int s, HS_T *qa, int la, HS_T *vq, int lb,
                                    int w)
{
    int err = hs_dev_ormqr(dev, s, HS_P, 2 * w, w, w, qa, la, vq + 2 * w, lb, vq, lb);
    if (!err)
        err = dev->ops->copy(dev, s, HS_COPY_D2D, w, w, (int)sizeof(HS_T), vq, lb, qa, la);
    if (!err)
        err = dev->ops->copy(dev, s, HS_COPY_D2D, w, w, (int)sizeof(HS_T), vq + w, lb, vq, lb);
    return err;
}

static int HS_SFX(qr_tree_down)(hs_task *t, hs_device *dev)
{
    HS_T *qa = hs_task_data(t, 0), *vq = hs_task_data(t, 1);
    int la = hs_task_ld(t, 0), lb = hs_task_ld(t, 1);
    hs_qr_tree_down_args x = hs_qr_tree_down_args_of(t);
    int w = x.w, init = x.init, info = 0;
    HS_SFX(tree_scratch) s;

    if (dev->kind != HS_DEV_CPU)
        return x.dev_tree ? HS_SFX(tree_down_device)(dev, t->stream, qa, la, vq, lb, w)
                          : HETSCAL_ERR_INTERNAL;
    if (HS_SFX(tree_scratch_alloc)(&s, w))
        return HETSCAL_ERR_NOMEM;
    HS_T *vw = s.a, *qb = s.b;
    const HS_T *tt = vq + HS_SFX(vtq_t_row)(w, x.dev_tree);
    if (init)
        HS_SFX(identity)(qa, la, w);
    HS_SFX(copy_upper)(w, vq + HS_SFX(vtq_v_row)(w, x.dev_tree), lb, vw);
    HS_SFX(zero_block)(qb, w, w, w);
    /* T stays in VTQ_b (below V) until Q_b overwrites rows 0..w-1. */
    if (x.team && hs_qr_tree_team_pieces(w))
        info = HS_SFX(tree_down_team)(qa, la, qb, vw, tt, lb, s.work, w, s.nb);
    else
        HS_F(tpmqrt)("L", "N", &w, &w, &w, &w, &s.nb, vw, &w, tt, &lb, qa, &la, qb, &w,
                     s.work, &info, 1, 1);
    if (!info)
        for (int j = 0; j < w; j++)
            memcpy(vq + (size_t)j * lb, qb + (size_t)j * w, sizeof(HS_T) * (size_t)w);
    free(s.a);
    return info ? HETSCAL_ERR_INTERNAL : 0;
}

/* piece = Q_local [Q_node(0:k, :); 0] by the device's ?ORMQR: the node's
 * rows past k are zero (a short piece has a rank-k R, padded with zero
 * rows). */
static int HS_SFX(qr_leaf_q)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0);
    const HS_T *rt = hs_task_data(t, 1), *vq = hs_task_data(t, 2);
    int ld = hs_task_ld(t, 0), lr = hs_task_ld(t, 1), lq = hs_task_ld(t, 2);
    hs_qr_piece_args x = hs_qr_piece_args_of(t);
    int off = x.off, w = x.w, p = t->acc[0].handle->m - off;

    return hs_dev_ormqr(dev, t->stream, HS_P, p, w, min_int(p, w), vq, lq, rt + w, lr,
                        a + off, ld);
}

static int HS_SFX(qr_reconstruct)(hs_task *t, hs_device *dev)
{
    (void)dev;
    HS_T *a = hs_task_data(t, 0), *v1 = hs_task_data(t, 2), *u = hs_task_data(t, 3);
    HS_T *tt = hs_task_data(t, 4), *tau = hs_task_data(t, 5);
    const HS_T *rt = hs_task_data(t, 1);
    int ld = hs_task_ld(t, 0), lr = hs_task_ld(t, 1), l1 = hs_task_ld(t, 2);
    int lu = hs_task_ld(t, 3), lt = hs_task_ld(t, 4);
    hs_qr_reconstruct_args x = hs_qr_reconstruct_args_of(t);
    int off = x.off, w = x.w, single_row_last = x.single_row_last;
    int p = t->acc[0].handle->m - off, info = 0;
    HS_T *piece = a + off;

    if (p < w)
        return HETSCAL_ERR_INTERNAL;
    HS_T *buf = HS_SFX(work_alloc)((size_t)w * w + (size_t)w);
    if (!buf)
        return HETSCAL_ERR_NOMEM;
    HS_T *tw = buf, *d = buf + (size_t)w * w;
    /* Q_in - [S; 0] = V U; Q_out = I - V T V^H = Q_in S. */
    if (x.team && hs_qr_reconstruct_team_pieces(p - w, w))
        info = HS_SFX(reconstruct_team)(piece, ld, p, w, tw, d);
    else
        HS_UNHR_COL(&p, &w, &w, piece, &ld, tw, &w, d, &info);
    if (!info) {
        HS_SFX(upper_only)(u, lu, piece, ld, w);
        HS_SFX(unit_lower)(v1, l1, piece, ld, w);
        HS_SFX(upper_only)(tt, lt, tw, w, w);
        for (int j = 0; j < w; j++)
            tau[j] = tw[j + (size_t)j * w];
        /* A = Q_in R_tsqr = Q_out (S R_tsqr). */
        for (int j = 0; j < w; j++)
            for (int i = 0; i <= j; i++)
                piece[i + (size_t)j * ld] = d[i] * rt[i + (size_t)j * lr];
        if (single_row_last) {
            int i = w - 1;
            HS_T *rii = &piece[i + (size_t)i * ld];
#if HS_COMPLEX
            /* H_w = 1 - tau (a unit scalar on the last row) folds into R
             * when that leaves R(w,w) real: LAPACK's tau is 0 then; else
             * it stays, R(w,w) real, as ?LARFG leaves a complex entry. */
            HS_T folded = (1 - tau[i]) * *rii;
            int fold = cimag(folded) == 0;
            if (fold)
                *rii = folded;
#else
            /* H_w = I - 2 e e^T negates the last row; LAPACK's H_w = I. */
            int fold = 1;
            *rii = -*rii;
#endif
            if (fold) {
                tau[i] = 0;
                for (int r = 0; r < w; r++)
                    tt[r + (size_t)i * lt] = 0;
            }
        }
    }
    free(buf);
    return info ? HETSCAL_ERR_INTERNAL : 0;
}

static int HS_SFX(qr_trsm)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0);
    const HS_T *u = hs_task_data(t, 1);
    int m = t->acc[0].handle->m, ld = hs_task_ld(t, 0), lu = hs_task_ld(t, 1);
    int w = hs_qr_trsm_args_of(t).w;

    return hs_dev_triangular(dev, t->stream, HS_K_TRSM, HS_P, 'R', 'U', 'N', 'N', m, w,
                             1.0, u, lu, a, ld);
}

/* P (+)= V^H A over `rows` rows (beta 0: P is set, 1: added to), or,
 * with trans, its conjugate transpose P^H (+)= A^H V (the strips': an
 * output as wide as A, where V^H A's is the panel's width). */
static int HS_SFX(sum_gemm)(hs_device *dev, int s, int trans, int kk, int wj, int rows,
                            const HS_T *v, int lv, const HS_T *a, int ld, double beta, HS_T *pp,
                            int lp)
{
    if (trans)
        return hs_dev_gemm(dev, s, HS_P, HS_CT, 'N', wj, kk, rows, 1.0, a, ld, v, lv, beta, pp,
                           lp);
    return hs_dev_gemm(dev, s, HS_P, HS_CT, 'N', kk, wj, rows, 1.0, v, lv, a, ld, beta, pp, lp);
}

/* The same over the rows of a panel's top tile from row off: the first kk
 * rows of V through its explicit unit triangle v1, the rest from the
 * tile. */
static int HS_SFX(vta_top)(hs_device *dev, int s, int trans, int kk, int wj, int rows,
                           const HS_T *v, int lv, const HS_T *v1, int l1, const HS_T *a, int ld,
                           double beta, HS_T *pp, int lp)
{
    int rest = rows - kk;
    int err = HS_SFX(sum_gemm)(dev, s, trans, kk, wj, kk, v1, l1, a, ld, beta, pp, lp);
    if (!err && rest > 0)
        err = HS_SFX(sum_gemm)(dev, s, trans, kk, wj, rest, v + kk, lv, a + kk, ld, 1.0, pp, lp);
    return err;
}

/* A -= V W over the same rows; with tw = HS_CT, from W^H (the strips'). */
static int HS_SFX(update_top)(hs_device *dev, int s, char tw, int kk, int wj, int rows,
                              const HS_T *v, int lv, const HS_T *v1, int l1, const HS_T *w,
                              int lw, HS_T *a, int ld)
{
    int rest = rows - kk;
    int err = hs_dev_gemm(dev, s, HS_P, 'N', tw, kk, wj, kk, -1.0, v1, l1, w, lw, 1.0, a, ld);
    if (!err && rest > 0)
        err = hs_dev_gemm(dev, s, HS_P, 'N', tw, rest, wj, kk, -1.0, v + kk, lv, w, lw, 1.0,
                          a + kk, ld);
    return err;
}

static int HS_SFX(qr_accumulate)(hs_task *t, hs_device *dev)
{
    HS_T *pp = hs_task_data(t, 0);
    const HS_T *v = hs_task_data(t, 1), *a = hs_task_data(t, 2);
    int lp = hs_task_ld(t, 0), lv = hs_task_ld(t, 1);
    int m = t->acc[2].handle->m, ld = hs_task_ld(t, 2), wj = t->acc[2].handle->n;
    hs_qr_accumulate_args x = hs_qr_accumulate_args_of(t);
    int off = x.off, kk = x.kk, top = x.top;
    double beta = x.first ? 0.0 : 1.0;

    if (top)
        return HS_SFX(vta_top)(dev, t->stream, 0, kk, wj, m - off, v + off, lv,
                               hs_task_data(t, 3), hs_task_ld(t, 3), a + off, ld, beta, pp, lp);
    return hs_dev_gemm(dev, t->stream, HS_P, HS_CT, 'N', kk, wj, m, 1.0, v, lv, a, ld,
                        beta, pp, lp);
}

static int HS_SFX(qr_apply_t)(hs_task *t, hs_device *dev)
{
    HS_T *w = hs_task_data(t, 0);
    const HS_T *tt = hs_task_data(t, 1);
    int lw = hs_task_ld(t, 0), lt = hs_task_ld(t, 1);
    hs_qr_apply_t_args x = hs_qr_apply_t_args_of(t);
    int wj = x.wj, kk = x.kk;

    if (x.trans) {   /* W^H (+)= P^H T */
        if (t->nacc == 2)
            return hs_dev_triangular(dev, t->stream, HS_K_TRMM, HS_P, 'R', 'U', 'N', 'N', wj,
                                     kk, 1.0, tt, lt, w, lw);
        return hs_dev_gemm(dev, t->stream, HS_P, 'N', 'N', wj, kk, kk, 1.0, hs_task_data(t, 2),
                           hs_task_ld(t, 2), tt, lt, 1.0, w, lw);
    }
    if (t->nacc == 2)   /* W is the top process row's P: W = T^H W */
        return hs_dev_triangular(dev, t->stream, HS_K_TRMM, HS_P, 'L', 'U', HS_CT, 'N',
                                 kk, wj, 1.0, tt, lt, w, lw);
    return hs_dev_gemm(dev, t->stream, HS_P, HS_CT, 'N', kk, wj, kk, 1.0, tt, lt,
                       hs_task_data(t, 2), hs_task_ld(t, 2), 1.0, w, lw);
}

static int HS_SFX(qr_update)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0);
    const HS_T *v = hs_task_data(t, 1), *w = hs_task_data(t, 2);
    int m = t->acc[0].handle->m, ld = hs_task_ld(t, 0), wj = t->acc[0].handle->n;
    int lv = hs_task_ld(t, 1), lw = hs_task_ld(t, 2);
    hs_qr_update_args x = hs_qr_update_args_of(t);
    int off = x.off, kk = x.kk, top = x.top;

    if (top)
        return HS_SFX(update_top)(dev, t->stream, 'N', kk, wj, m - off, v + off, lv,
                                  hs_task_data(t, 3), hs_task_ld(t, 3), w, lw, a + off, ld);
    return hs_dev_gemm(dev, t->stream, HS_P, 'N', 'N', m, wj, kk, -1.0, v, lv, w, lw,
                        1.0, a, ld);
}

/* qr_vta_strip's columns c.. (a0: column c's first tile's access) of
 * width wj: P^H's rows from pp on, P^H = A^H V (an output as wide as
 * the columns, where V^H A's is the panel's width: OpenBLAS ran the
 * wide one at about 1.2 times the rate). */
static int HS_SFX(vta_strip_columns)(hs_task *t, hs_device *dev, hs_qr_strip_args x,
                                     hs_strip_panel panel, int a0, int wj, HS_T *pp, int lp)
{
    int n = x.tiles, kk = x.kk, v1 = panel.p0 + (x.packed ? 1 : n), lv, i = 0, err = 0;
    double beta = x.first ? 0.0 : 1.0;

    if (x.top) {
        const HS_T *a = hs_task_data(t, a0), *v = hs_strip_panel_rows(t, panel, a0, 0, &lv);
        err = HS_SFX(vta_top)(dev, t->stream, 1, kk, wj, t->acc[a0].handle->m - x.off, v + x.off,
                              lv, hs_task_data(t, v1), hs_task_ld(t, v1), a + x.off,
                              hs_task_ld(t, a0), beta, pp, lp);
        beta = 1.0;
        i = 1;
    }
    while (!err && i < n) {
        int rows, e = hs_strip_run(t, a0, hs_strip_run_p0(panel), n, i, 0, &rows);
        const HS_T *v = hs_strip_panel_rows(t, panel, a0, i, &lv);
        err = hs_dev_gemm(dev, t->stream, HS_P, HS_CT, 'N', wj, kk, rows, 1.0,
                          hs_task_data(t, a0 + i), hs_task_ld(t, a0 + i), v, lv, beta, pp, lp);
        beta = 1.0;
        i = e;
    }
    return err;
}

static int HS_SFX(qr_accumulate_strip)(hs_task *t, hs_device *dev)
{
    hs_qr_strip_args x = hs_qr_strip_args_of(t);
    HS_T *pp = hs_task_data(t, 0);
    int lp = hs_task_ld(t, 0), n = x.tiles, err = 0;
    hs_strip_panel panel = { .p0 = 1 + n * x.cols, .packed = x.packed, .row0 = x.row0 };

    for (int c = 0, col = 0; !err && c < x.cols;) {
        int wj, e = hs_strip_column_run(t, 1, n, x.cols, c, &wj);
        err = HS_SFX(vta_strip_columns)(t, dev, x, panel, 1 + c * n, wj, pp + col, lp);
        col += wj;
        c = e;
    }
    return err;
}

/* qr_update_strip's columns c.. (a0: column c's first tile's access) of
 * width wj, with W^H's rows from w on. */
static int HS_SFX(update_strip_columns)(hs_task *t, hs_device *dev, hs_qr_strip_args x,
                                        hs_strip_panel panel, int a0, int wj, const HS_T *w,
                                        int lw)
{
    int n = x.tiles, kk = x.kk, v1 = panel.p0 + (x.packed ? 1 : n) + 1, lv, i = 0, err = 0;

    if (x.top) {
        HS_T *a = hs_task_data(t, a0);
        const HS_T *v = hs_strip_panel_rows(t, panel, a0, 0, &lv);
        err = HS_SFX(update_top)(dev, t->stream, HS_CT, kk, wj, t->acc[a0].handle->m - x.off,
                                 v + x.off, lv, hs_task_data(t, v1), hs_task_ld(t, v1), w, lw,
                                 a + x.off, hs_task_ld(t, a0));
        i = 1;
    }
    while (!err && i < n) {
        int rows, e = hs_strip_run(t, a0, hs_strip_run_p0(panel), n, i, 0, &rows);
        const HS_T *v = hs_strip_panel_rows(t, panel, a0, i, &lv);
        err = hs_dev_gemm(dev, t->stream, HS_P, 'N', HS_CT, rows, wj, kk, -1.0, v, lv, w, lw,
                          1.0, hs_task_data(t, a0 + i), hs_task_ld(t, a0 + i));
        i = e;
    }
    return err;
}

static int HS_SFX(qr_update_strip)(hs_task *t, hs_device *dev)
{
    hs_qr_strip_args x = hs_qr_strip_args_of(t);
    int n = x.tiles, err = 0;
    hs_strip_panel panel = { .p0 = n * x.cols, .packed = x.packed, .row0 = x.row0 };
    int wa = panel.p0 + (x.packed ? 1 : n), lw = hs_task_ld(t, wa);
    const HS_T *w = hs_task_data(t, wa);

    for (int c = 0, col = x.wcol; !err && c < x.cols;) {
        int wj, e = hs_strip_column_run(t, 0, n, x.cols, c, &wj);
        err = HS_SFX(update_strip_columns)(t, dev, x, panel, c * n, wj, w + col, lw);
        col += wj;
        c = e;
    }
    return err;
}

/* qr_column over several columns (host; tiles in the caller's array):
 * per run of columns side by side, P^H = A^H V (one output as wide as
 * the run), P^H T, and A -= V P from P^H. */
static int HS_SFX(qr_apply_columns)(hs_task *t, hs_device *dev, hs_qr_column_args x)
{
    int nc = x.cols, off = x.off, kk = x.kk, err = 0;
    const HS_T *v = hs_task_data(t, nc), *v1 = hs_task_data(t, nc + 2);
    const HS_T *tt = hs_task_data(t, nc + 3);
    HS_T *pp = hs_task_data(t, nc + 1);
    int lv = hs_task_ld(t, nc), lp = hs_task_ld(t, nc + 1), l1 = hs_task_ld(t, nc + 2);
    int lt = hs_task_ld(t, nc + 3);

    for (int c = 0; !err && c < nc;) {
        int wj, e = hs_strip_column_run(t, 0, 1, nc, c, &wj);
        HS_T *a = hs_task_data(t, c);
        int ld = hs_task_ld(t, c), rows = t->acc[c].handle->m - off;
        err = HS_SFX(vta_top)(dev, t->stream, 1, kk, wj, rows, v + off, lv, v1, l1, a + off, ld,
                              0.0, pp, lp);
        if (!err)
            err = hs_dev_triangular(dev, t->stream, HS_K_TRMM, HS_P, 'R', 'U', 'N', 'N', wj, kk,
                                    1.0, tt, lt, pp, lp);
        if (!err)
            err = HS_SFX(update_top)(dev, t->stream, HS_CT, kk, wj, rows, v + off, lv, v1, l1,
                                     pp, lp, a + off, ld);
        c = e;
    }
    return err;
}

static int HS_SFX(qr_apply_column)(hs_task *t, hs_device *dev)
{
    if (hs_qr_column_args_of(t).cols > 1)
        return HS_SFX(qr_apply_columns)(t, dev, hs_qr_column_args_of(t));
    HS_T *a = hs_task_data(t, 0), *pp = hs_task_data(t, 2);
    const HS_T *v = hs_task_data(t, 1), *v1 = hs_task_data(t, 3);
    const HS_T *tt = hs_task_data(t, 4);
    int ld = hs_task_ld(t, 0), wj = t->acc[0].handle->n, lv = hs_task_ld(t, 1);
    int lp = hs_task_ld(t, 2), l1 = hs_task_ld(t, 3), lt = hs_task_ld(t, 4);
    hs_qr_column_args x = hs_qr_column_args_of(t);
    int off = x.off, kk = x.kk, rows = t->acc[0].handle->m - off;

    int err = HS_SFX(vta_top)(dev, t->stream, 0, kk, wj, rows, v + off, lv, v1, l1, a + off, ld,
                              0.0, pp, lp);
    if (!err)
        err = hs_dev_triangular(dev, t->stream, HS_K_TRMM, HS_P, 'L', 'U', HS_CT, 'N', kk, wj,
                                1.0, tt, lt, pp, lp);
    if (!err)
        err = HS_SFX(update_top)(dev, t->stream, 'N', kk, wj, rows, v + off, lv, v1, l1, pp, lp,
                                 a + off, ld);
    return err;
}

