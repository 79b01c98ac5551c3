/* Tile kernels of the QR factorization (see qr_kernels.h): LAPACK on the
 * host for the panel (local QR, TSQR tree, explicit Q, reconstruction),
 * the device interface for everything GEMM/TRSM-shaped. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "include/hetscal.h"
#include "kernels/qr_kernels.h"
#include "util/blas.h"

/* LAPACK (3.9 or later for DORHR_COL), Fortran calling convention. */
void dlarft_(const char *direct, const char *storev, const int *n, const int *k,
             const double *v, const int *ldv, const double *tau, double *t,
             const int *ldt, size_t l1, size_t l2);
void dgeqrt_(const int *m, const int *n, const int *nb, double *a, const int *lda,
             double *t, const int *ldt, double *work, int *info);
void dgemqrt_(const char *side, const char *trans, const int *m, const int *n,
              const int *k, const int *nb, const double *v, const int *ldv,
              const double *t, const int *ldt, double *c, const int *ldc, double *work,
              int *info, size_t l1, size_t l2);
void dtpqrt_(const int *m, const int *n, const int *l, const int *nb, double *a,
             const int *lda, double *b, const int *ldb, double *t, const int *ldt,
             double *work, int *info);
void dtpmqrt_(const char *side, const char *trans, const int *m, const int *n,
              const int *k, const int *l, const int *nb, const double *v, const int *ldv,
              const double *t, const int *ldt, double *a, const int *lda, double *b,
              const int *ldb, double *work, int *info, size_t l1, size_t l2);
void dtrtri_(const char *uplo, const char *diag, const int *n, double *a, const int *lda,
             int *info, size_t l1, size_t l2);
void dorhr_col_(const int *m, const int *n, const int *nb, double *a, const int *lda,
                double *t, const int *ldt, double *d, int *info);

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

static double *work_alloc(size_t count)
{
    return malloc((count > 0 ? count : 1) * sizeof(double));
}

/* The upper trapezoid (i <= j, i < m) of the first n columns of src onto
 * dst; the rest of dst stays as it was. */
static void copy_upper_part(double *dst, int ldd, const double *src, int lds, int m, int n)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i <= j && i < m; i++)
            dst[i + (size_t)j * ldd] = src[i + (size_t)j * lds];
}

/* Upper triangle (with diagonal) of an n x n block into a zeroed n x n
 * array (ld n). */
static void copy_upper(int n, const double *src, int lds, double *dst)
{
    memset(dst, 0, sizeof(double) * (size_t)n * n);
    copy_upper_part(dst, n, src, lds, n, n);
}

static void zero_block(double *a, int ld, int m, int n)
{
    for (int j = 0; j < n; j++)
        memset(a + (size_t)j * ld, 0, sizeof(double) * (size_t)m);
}

/* Scratch of a TSQR tree kernel: two w x w blocks (ld w), then the
 * nb x w workspace of DTPQRT / DTPMQRT.  Freed through `a`. */
typedef struct tree_scratch {
    double *a, *b, *work;
    int nb;
} tree_scratch;

static int tree_scratch_alloc(tree_scratch *s, int w)
{
    size_t ww = (size_t)w * w;
    int nb = min_int(HS_QR_IB, w);
    double *buf = work_alloc(2 * ww + (size_t)nb * w);

    if (!buf)
        return HETSCAL_ERR_NOMEM;
    *s = (tree_scratch){ buf, buf + ww, buf + 2 * ww, nb };
    return 0;
}

/* The explicit unit lower triangle of the first k x k block of a. */
static void unit_lower(double *dst, int ldd, const double *a, int lda, int k)
{
    for (int j = 0; j < k; j++)
        for (int i = 0; i < k; i++)
            dst[i + (size_t)j * ldd] = i > j ? a[i + (size_t)j * lda] : i == j ? 1.0 : 0.0;
}

/* An upper k x k block with explicit zeros below its diagonal. */
static void upper_only(double *dst, int ldd, const double *a, int lda, int k)
{
    for (int j = 0; j < k; j++)
        for (int i = 0; i < k; i++)
            dst[i + (size_t)j * ldd] = i <= j ? a[i + (size_t)j * lda] : 0.0;
}

/* The triangular factor T (k x k, ld lt) of the k reflectors stored in the
 * p x k unit lower trapezoid of `piece` (top k x k block explicit in v1),
 * from T^-1 = strict upper part of V^T V + diag(1 / tau) (the UT
 * transform of Joffrain et al.): two DSYRKs and a DTRTRI instead of
 * DLARFT's matrix-vector products, 4-5 times faster on tall panels.
 * Returns 0, or -1 when some tau is 0 (that T^-1 does not exist). */
static int t_from_gram(int p, int k, const double *piece, int ld, const double *v1, int l1,
                       const double *tau, double *tt, int lt)
{
    static const double one = 1.0, zero = 0.0;
    int rest = p - k, info = 0;
    for (int j = 0; j < k; j++)
        if (tau[j] == 0.0)
            return -1;
    if (rest > 0)
        dsyrk_("U", "T", &k, &rest, &one, piece + k, &ld, &zero, tt, &lt, 1, 1);
    dsyrk_("U", "T", &k, &k, &one, v1, &l1, rest > 0 ? &one : &zero, tt, &lt, 1, 1);
    for (int j = 0; j < k; j++)
        tt[j + (size_t)j * lt] = 1.0 / tau[j];
    dtrtri_("U", "N", &k, tt, &lt, &info, 1, 1);
    return info ? -1 : 0;
}

/* Panel in one tile row: DGEQRT (blocked by HS_PANEL_IB, its T blocks give
 * TAU), then the panel's whole T for the trailing update.  64: a smaller
 * inner block leaves DGEQRT's updates too thin for the BLAS 3 rate. */
enum { HS_PANEL_IB = 64 };

int hs_kernel_qr_panel_geqrf(hs_task *t, hs_device *dev)
{
    (void)dev;
    double *a = hs_task_data(t, 0), *v1 = hs_task_data(t, 1);
    double *tt = hs_task_data(t, 2), *tau = hs_task_data(t, 3);
    int ld = t->acc[0].handle->m, l1 = t->acc[1].handle->m, lt = t->acc[2].handle->m;
    int off = t->iparam[0], w = t->iparam[1], p = ld - off;
    int kk = min_int(p, w), info = 0;
    double *piece = a + off;

    if (kk == 0)
        return 0;
    int nb = min_int(HS_PANEL_IB, kk);
    double *tblocks = work_alloc((size_t)nb * w), *work = work_alloc((size_t)nb * w);
    if (!tblocks || !work) {
        free(tblocks);
        free(work);
        return HETSCAL_ERR_NOMEM;
    }
    dgeqrt_(&p, &w, &nb, piece, &ld, tblocks, &nb, work, &info);
    /* tau is the TAU tile (1 x w, ld 1): the diagonals of the T blocks. */
    for (int j = 0; j < kk && !info; j++)
        tau[j] = tblocks[j % nb + (size_t)j * nb];
    free(tblocks);
    free(work);
    if (info)
        return HETSCAL_ERR_INTERNAL;
    unit_lower(v1, l1, piece, ld, kk);
    if (p < 2 * kk || t_from_gram(p, kk, piece, ld, v1, l1, tau, tt, lt) != 0)
        dlarft_("F", "C", &p, &kk, piece, &ld, tau, tt, &lt, 1, 1);
    for (int j = 0; j < kk; j++)
        for (int i = j + 1; i < kk; i++)
            tt[i + (size_t)j * lt] = 0.0;
    return 0;
}

int hs_kernel_qr_leaf(hs_task *t, hs_device *dev)
{
    (void)dev;
    double *a = hs_task_data(t, 0), *rt = hs_task_data(t, 1);
    int ld = t->acc[0].handle->m, lr = t->acc[1].handle->m;
    int off = t->iparam[0], w = t->iparam[1], p = ld - off;
    int k = min_int(p, w), nb = min_int(HS_QR_IB, k), info = 0;
    double *piece = a + off;
    double *work = work_alloc((size_t)nb * w);

    if (!work)
        return HETSCAL_ERR_NOMEM;
    dgeqrt_(&p, &w, &nb, piece, &ld, rt + w, &lr, work, &info);
    if (!info) {
        zero_block(rt, lr, w, w);
        copy_upper_part(rt, lr, piece, ld, k, w);
    }
    free(work);
    return info ? HETSCAL_ERR_INTERNAL : 0;
}

int hs_kernel_qr_tree_up(hs_task *t, hs_device *dev)
{
    (void)dev;
    double *ra = hs_task_data(t, 0), *vt = hs_task_data(t, 2);
    const double *rb = hs_task_data(t, 1);
    int la = t->acc[0].handle->m, lb = t->acc[1].handle->m, lv = t->acc[2].handle->m;
    int w = t->iparam[0], info = 0;
    tree_scratch s;

    if (tree_scratch_alloc(&s, w))
        return HETSCAL_ERR_NOMEM;
    copy_upper(w, ra, la, s.a);
    copy_upper(w, rb, lb, s.b);
    dtpqrt_(&w, &w, &w, &s.nb, s.a, &w, s.b, &w, vt + w, &lv, s.work, &info);
    if (!info) {
        /* Only R (rows 0..w-1) of RT_a changes: its local T stays. */
        copy_upper_part(ra, la, s.a, w, w, w);
        zero_block(vt, lv, w, w);
        copy_upper_part(vt, lv, s.b, w, w, w);
    }
    free(s.a);
    return info ? HETSCAL_ERR_INTERNAL : 0;
}

int hs_kernel_qr_tree_down(hs_task *t, hs_device *dev)
{
    (void)dev;
    double *qa = hs_task_data(t, 0), *vq = hs_task_data(t, 1);
    int la = t->acc[0].handle->m, lb = t->acc[1].handle->m;
    int w = t->iparam[0], init = t->iparam[1], info = 0;
    tree_scratch s;

    if (tree_scratch_alloc(&s, w))
        return HETSCAL_ERR_NOMEM;
    double *vw = s.a, *qb = s.b;
    if (init) {
        zero_block(qa, la, w, w);
        for (int i = 0; i < w; i++)
            qa[i + (size_t)i * la] = 1.0;
    }
    copy_upper(w, vq, lb, vw);
    zero_block(qb, w, w, w);
    /* T stays in VTQ_b (rows w..) until Q_b overwrites rows 0..w-1. */
    dtpmqrt_("L", "N", &w, &w, &w, &w, &s.nb, vw, &w, vq + w, &lb, qa, &la, qb, &w, s.work,
             &info, 1, 1);
    if (!info)
        for (int j = 0; j < w; j++)
            memcpy(vq + (size_t)j * lb, qb + (size_t)j * w, sizeof(double) * (size_t)w);
    free(s.a);
    return info ? HETSCAL_ERR_INTERNAL : 0;
}

int hs_kernel_qr_leaf_q(hs_task *t, hs_device *dev)
{
    (void)dev;
    double *a = hs_task_data(t, 0);
    const double *rt = hs_task_data(t, 1), *vq = hs_task_data(t, 2);
    int ld = t->acc[0].handle->m, lr = t->acc[1].handle->m, lq = t->acc[2].handle->m;
    int off = t->iparam[0], w = t->iparam[1], p = ld - off;
    int k = min_int(p, w), nb = min_int(HS_QR_IB, k), info = 0;
    double *piece = a + off;
    size_t nv = (size_t)p * k;
    double *buf = work_alloc(nv + (size_t)nb * w);

    if (!buf)
        return HETSCAL_ERR_NOMEM;
    double *vc = buf, *work = buf + nv;
    for (int j = 0; j < k; j++)
        memcpy(vc + (size_t)j * p, piece + (size_t)j * ld, sizeof(double) * (size_t)p);
    /* [Q_node(0:k, :); 0]: the node's rows past k are zero (a short piece
     * has a rank-k R, padded with zero rows). */
    for (int j = 0; j < w; j++) {
        memcpy(piece + (size_t)j * ld, vq + (size_t)j * lq, sizeof(double) * (size_t)k);
        memset(piece + (size_t)j * ld + k, 0, sizeof(double) * (size_t)(p - k));
    }
    dgemqrt_("L", "N", &p, &w, &k, &nb, vc, &p, rt + w, &lr, piece, &ld, work, &info, 1, 1);
    free(buf);
    return info ? HETSCAL_ERR_INTERNAL : 0;
}

int hs_kernel_qr_reconstruct(hs_task *t, hs_device *dev)
{
    (void)dev;
    double *a = hs_task_data(t, 0), *v1 = hs_task_data(t, 2), *u = hs_task_data(t, 3);
    double *tt = hs_task_data(t, 4), *tau = hs_task_data(t, 5);
    const double *rt = hs_task_data(t, 1);
    int ld = t->acc[0].handle->m, lr = t->acc[1].handle->m, l1 = t->acc[2].handle->m;
    int lu = t->acc[3].handle->m, lt = t->acc[4].handle->m;
    int off = t->iparam[0], w = t->iparam[1], single_row_last = t->iparam[2];
    int p = ld - off, info = 0;
    double *piece = a + off;

    if (p < w)
        return HETSCAL_ERR_INTERNAL;
    double *buf = work_alloc((size_t)w * w + (size_t)w);
    if (!buf)
        return HETSCAL_ERR_NOMEM;
    double *tw = buf, *d = buf + (size_t)w * w;
    /* Q_in - [S; 0] = V U; Q_out = I - V T V^T = Q_in S. */
    dorhr_col_(&p, &w, &w, piece, &ld, tw, &w, d, &info);
    if (!info) {
        upper_only(u, lu, piece, ld, w);
        unit_lower(v1, l1, piece, ld, w);
        upper_only(tt, lt, tw, w, w);
        for (int j = 0; j < w; j++)
            tau[j] = tw[j + (size_t)j * w];
        /* A = Q_in R_tsqr = Q_out (S R_tsqr). */
        for (int j = 0; j < w; j++)
            for (int i = 0; i <= j; i++)
                piece[i + (size_t)j * ld] = d[i] * rt[i + (size_t)j * lr];
        if (single_row_last) {
            /* H_w = I - 2 e e^T negates the last row; LAPACK's H_w = I. */
            int i = w - 1;
            piece[i + (size_t)i * ld] = -piece[i + (size_t)i * ld];
            tau[i] = 0.0;
            for (int r = 0; r < w; r++)
                tt[r + (size_t)i * lt] = 0.0;
        }
    }
    free(buf);
    return info ? HETSCAL_ERR_INTERNAL : 0;
}

int hs_kernel_qr_trsm(hs_task *t, hs_device *dev)
{
    double *a = hs_task_data(t, 0);
    const double *u = hs_task_data(t, 1);
    int ld = t->acc[0].handle->m, lu = t->acc[1].handle->m, w = t->iparam[0];

    return hs_dev_dtrsm(dev, HS_STREAM_COMPUTE, 'R', 'U', 'N', 'N', ld, w, 1.0, u, lu, a,
                        ld);
}

/* P = V^T A over the rows of a panel's top tile from row off: the first kk
 * rows of V through its explicit unit triangle v1, the rest from the
 * tile (beta 0: P is set, 1: added to). */
static int vta_top(hs_device *dev, int kk, int wj, int rows, const double *v, int lv,
                   const double *v1, int l1, const double *a, int ld, double beta,
                   double *pp, int lp)
{
    int rest = rows - kk;
    int err = hs_dev_dgemm(dev, HS_STREAM_COMPUTE, 'T', 'N', kk, wj, kk, 1.0, v1, l1, a, ld,
                           beta, pp, lp);
    if (!err && rest > 0)
        err = hs_dev_dgemm(dev, HS_STREAM_COMPUTE, 'T', 'N', kk, wj, rest, 1.0, v + kk, lv,
                           a + kk, ld, 1.0, pp, lp);
    return err;
}

/* A -= V W over the same rows. */
static int update_top(hs_device *dev, int kk, int wj, int rows, const double *v, int lv,
                      const double *v1, int l1, const double *w, int lw, double *a, int ld)
{
    int rest = rows - kk;
    int err = hs_dev_dgemm(dev, HS_STREAM_COMPUTE, 'N', 'N', kk, wj, kk, -1.0, v1, l1, w, lw,
                           1.0, a, ld);
    if (!err && rest > 0)
        err = hs_dev_dgemm(dev, HS_STREAM_COMPUTE, 'N', 'N', rest, wj, kk, -1.0, v + kk, lv, w,
                           lw, 1.0, a + kk, ld);
    return err;
}

int hs_kernel_qr_accumulate(hs_task *t, hs_device *dev)
{
    double *pp = hs_task_data(t, 0);
    const double *v = hs_task_data(t, 1), *a = hs_task_data(t, 2);
    int lp = t->acc[0].handle->m, lv = t->acc[1].handle->m;
    int ld = t->acc[2].handle->m, wj = t->acc[2].handle->n;
    int off = t->iparam[0], kk = t->iparam[1], top = t->iparam[3];
    double beta = t->iparam[2] ? 0.0 : 1.0;

    if (top)
        return vta_top(dev, kk, wj, ld - off, v + off, lv, hs_task_data(t, 3),
                       t->acc[3].handle->m, a + off, ld, beta, pp, lp);
    return hs_dev_dgemm(dev, HS_STREAM_COMPUTE, 'T', 'N', kk, wj, ld, 1.0, v, lv, a, ld,
                        beta, pp, lp);
}

int hs_kernel_qr_apply_t(hs_task *t, hs_device *dev)
{
    double *w = hs_task_data(t, 0);
    const double *tt = hs_task_data(t, 1), *pp = hs_task_data(t, 2);
    int lw = t->acc[0].handle->m, lt = t->acc[1].handle->m, lp = t->acc[2].handle->m;
    int wj = t->acc[0].handle->n, kk = t->iparam[0];
    double beta = t->iparam[1] ? 0.0 : 1.0;

    return hs_dev_dgemm(dev, HS_STREAM_COMPUTE, 'T', 'N', kk, wj, kk, 1.0, tt, lt, pp, lp,
                        beta, w, lw);
}

int hs_kernel_qr_update(hs_task *t, hs_device *dev)
{
    double *a = hs_task_data(t, 0);
    const double *v = hs_task_data(t, 1), *w = hs_task_data(t, 2);
    int ld = t->acc[0].handle->m, wj = t->acc[0].handle->n;
    int lv = t->acc[1].handle->m, lw = t->acc[2].handle->m;
    int off = t->iparam[0], kk = t->iparam[1], top = t->iparam[2];

    if (top)
        return update_top(dev, kk, wj, ld - off, v + off, lv, hs_task_data(t, 3),
                          t->acc[3].handle->m, w, lw, a + off, ld);
    return hs_dev_dgemm(dev, HS_STREAM_COMPUTE, 'N', 'N', ld, wj, kk, -1.0, v, lv, w, lw,
                        1.0, a, ld);
}

int hs_kernel_qr_apply_column(hs_task *t, hs_device *dev)
{
    double *a = hs_task_data(t, 0), *pp = hs_task_data(t, 2);
    const double *v = hs_task_data(t, 1), *v1 = hs_task_data(t, 3);
    const double *tt = hs_task_data(t, 4);
    int ld = t->acc[0].handle->m, wj = t->acc[0].handle->n, lv = t->acc[1].handle->m;
    int lp = t->acc[2].handle->m, l1 = t->acc[3].handle->m, lt = t->acc[4].handle->m;
    int off = t->iparam[0], kk = t->iparam[1], rows = ld - off;

    int err = vta_top(dev, kk, wj, rows, v + off, lv, v1, l1, a + off, ld, 0.0, pp, lp);
    if (!err)
        err = hs_dev_dtrmm(dev, HS_STREAM_COMPUTE, 'L', 'U', 'T', 'N', kk, wj, 1.0, tt, lt,
                           pp, lp);
    if (!err)
        err = update_top(dev, kk, wj, rows, v + off, lv, v1, l1, pp, lp, a + off, ld);
    return err;
}
