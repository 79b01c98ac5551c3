/* The work of one task (see kernel_work.h), read from its name, its
 * accesses' shapes and its iparam as the kernels
 * (kernels/<algorithm>_kernels_body.h) read them.  Flops of the BLAS and
 * LAPACK routines that LAPACK Working Note 41 counts (GEMM, SYRK/HERK,
 * TRSM/TRMM, POTRF, GETRF, GEQRF, TRTRI) are its counts, lower-order
 * terms included (util/flop_counts.h), and so is ?ORMQR, reflector by
 * reflector; the blocked QR pieces it does not count (?GEQRT, ?TPQRT,
 * ?TPMQRT, ?LARFT, ?ORHR_COL) are counted block by block from their LAPACK
 * algorithms, leading terms only. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "kernels/kernel_work.h"
#include "kernels/lu_kernels.h"
#include "kernels/qr_kernels.h"
#include "util/flop_counts.h"
#include "util/precision.h"

const char *const hs_work_class_name[HS_NWORK] = {
    [HS_WORK_GEMM] = "gemm", [HS_WORK_SYRK] = "syrk", [HS_WORK_TRSM] = "trsm",
    [HS_WORK_POTRF] = "potrf", [HS_WORK_GEQRF] = "geqrf", [HS_WORK_GETRF] = "getrf",
    [HS_WORK_TPQRT] = "tpqrt", [HS_WORK_TPMQRT] = "tpmqrt", [HS_WORK_GEMQRT] = "gemqrt",
    [HS_WORK_ORHR] = "orhr", [HS_WORK_LARFT] = "larft", [HS_WORK_MEMORY] = "memory",
};

int hs_work_fallback(int c)
{
    switch (c) {
    case HS_WORK_TPQRT:
        return HS_WORK_GEQRF;
    case HS_WORK_TPMQRT:
    case HS_WORK_GEMQRT:
        return HS_WORK_GEMM;
    case HS_WORK_ORHR:
        return HS_WORK_TRSM;
    case HS_WORK_LARFT:
        return HS_WORK_SYRK;
    default:
        return c;
    }
}

/* The inner block of qr_geqrf's ?GEQRT (HS_PANEL_IB of kernels/qr_kernels.c). */
enum { PANEL_IB = 64 };

/* ---- flop counts (real; a dimension <= 0 counts nothing) ------------- */

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

static double gemm(double m, double n, double k)
{
    return m > 0 && n > 0 && k > 0 ? 2 * m * n * k : 0;
}

/* C (n x n, one triangle) += A A^T, A n x k. */
static double herk(double n, double k)
{
    return n > 0 && k > 0 ? k * n * (n + 1) : 0;
}

/* A triangle of order t solved (or multiplied) into rhs right-hand sides,
 * either side: rhs t^2; a unit diagonal saves the rhs t divisions. */
static double tri(double t, double rhs, int unit)
{
    return t > 0 && rhs > 0 ? rhs * t * (unit ? t - 1 : t) : 0;
}

static double potrf(double n)
{
    return hs_flops_potrf(n);
}

static double getrf(double m, double n)
{
    return hs_flops_getrf(m, n);
}

static double geqrf(double m, double n)
{
    return hs_flops_geqrf(m, n);
}

static double trtri(double n)
{
    return n > 0 ? n * n * n / 3 + 2 * n / 3 : 0;
}

/* T of k reflectors of p rows (?LARFT): a GEMV and a TRMV per column. */
static double larft(double p, double k)
{
    return hs_flops_larft(p, k);
}

/* k reflectors of `rows` rows (the top k x k block triangular) and their
 * T applied to rows x n (?LARFB, ?TPRFB): two GEMMs on the rectangular
 * part, three TRMMs (V's triangle twice, T once). */
static double block_reflector(double rows, double k, double n)
{
    if (k <= 0 || n <= 0)
        return 0;
    return 4 * (rows - k) * k * n + 3 * k * k * n + k * n;
}

/* ?GEQRT (m x n, inner block nb): per block of ib columns, the QR of the
 * block and its T (?GEQRT3), then the block reflector on the columns
 * right of it. */
static double geqrt(int m, int n, int nb)
{
    double f = 0;
    int k = min_int(m, n);
    for (int i = 0; nb > 0 && i < k; i += nb) {
        int ib = min_int(nb, k - i);
        f += geqrf(m - i, ib) + larft(m - i, ib) + block_reflector(m - i, ib, n - i - ib);
    }
    return f;
}

/* ?TPQRT of [R_a; R_b], both w x w upper triangular (l = w): block i's
 * reflectors reach i + ib rows of R_b.  Per block, ?TPQRT2 (the
 * reflectors, 2 i ib^2 + 2 ib^3 / 3, and their T, i ib^2 + ib^3), then
 * ?TPRFB on the columns right of it. */
static double tpqrt_triangles(int w, int nb)
{
    double f = 0;
    for (int i = 0; nb > 0 && i < w; i += nb) {
        double ib = min_int(nb, w - i);
        f += 3.0 * i * ib * ib + 5 * ib * ib * ib / 3 + block_reflector(i + ib, ib, w - i - ib);
    }
    return f;
}

/* ?TPMQRT of those reflectors on [Q_a; Q_b], w x w each. */
static double tpmqrt_triangles(int w, int nb)
{
    double f = 0;
    for (int i = 0; nb > 0 && i < w; i += nb) {
        int ib = min_int(nb, w - i);
        f += block_reflector(i + ib, ib, w);
    }
    return f;
}

/* ---- the tasks -------------------------------------------------------- */

/* What a task does, by rate class; the task's class is the one with the
 * most flops (ties and no flops at all: `main`). */
typedef struct parts {
    double flops[HS_NWORK];
    double bytes;
    int main, size;
} parts;

typedef int (*work_fn)(const hs_task *t, int esize, parts *p);

static int rows_of(const hs_task *t, int k)
{
    return t->acc[k].handle->m;
}

static int cols_of(const hs_task *t, int k)
{
    return t->acc[k].handle->n;
}

/* Cholesky (kernels/cholesky_kernels.h).  potrf: POTRF of the diagonal
 * block, TRSM of the tile's rows below it (in a B x b tile of the split
 * layout, the TRSM is the larger part). */
static int chol_potrf(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    int off = t->iparam[0], w = t->iparam[1], below = rows_of(t, 0) - off - w;
    p->flops[HS_WORK_POTRF] = potrf(w);
    p->flops[HS_WORK_TRSM] = tri(w, below, 0);
    p->main = HS_WORK_POTRF;
    p->size = w;
    return 0;
}

static int chol_trsm(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    int w = t->iparam[1];
    p->flops[HS_WORK_TRSM] = tri(w, rows_of(t, 1), 0);
    p->main = HS_WORK_TRSM;
    p->size = w;
    return 0;
}

/* syrk: HERK on the w x w diagonal block, GEMM on the rows below it.
 * Classed by whichever does more flops: with square tiles there are no
 * rows below (SYRK); under a b-wide panel of B-high tiles (split and
 * hybrid layouts) the GEMM does about 2 (B - b) / b times the HERK's
 * work, so GEMM's rate is the one that sets the task's time. */
static int chol_syrk(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    int off = t->iparam[0], w = t->iparam[1], k = t->iparam[2];
    int below = rows_of(t, 1) - off - w;
    p->flops[HS_WORK_SYRK] = herk(w, k);
    p->flops[HS_WORK_GEMM] = gemm(below, w, k);
    p->main = HS_WORK_SYRK;
    p->size = k;
    return 0;
}

static int chol_gemm(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    int w = t->iparam[1], k = t->iparam[2];
    p->flops[HS_WORK_GEMM] = gemm(rows_of(t, 0), w, k);
    p->main = HS_WORK_GEMM;
    p->size = k;
    return 0;
}

/* QR (kernels/qr_kernels.h): the panel's pieces are p = tile height - off
 * rows high, w wide, with kk = min(p, w) reflectors.  On a device
 * (iparam[2]): the device's ?GEQRF, then T by its ?LARFT. */
static int qr_geqrf(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    int off = t->iparam[0], w = t->iparam[1], rows = rows_of(t, 0) - off;
    int kk = min_int(rows, w);
    p->main = HS_WORK_GEQRF;
    p->size = w;
    if (kk <= 0)
        return 0;
    if (t->iparam[2]) {
        p->flops[HS_WORK_GEQRF] = geqrf(rows, w);
        p->flops[HS_WORK_LARFT] = larft(rows, kk);
        return 0;
    }
    p->flops[HS_WORK_GEQRF] = geqrt(rows, w, min_int(PANEL_IB, kk));
    /* T from the Gram matrix on a tall piece, else ?LARFT. */
    if (rows >= 2 * kk) {
        p->flops[HS_WORK_SYRK] = herk(kk, rows - kk) + herk(kk, kk);
        p->flops[HS_WORK_TRSM] = trtri(kk);
    } else {
        p->flops[HS_WORK_GEQRF] += larft(rows, kk);
    }
    return 0;
}

/* The device's ?GEQRF of the piece. */
static int qr_leaf(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    int off = t->iparam[0], w = t->iparam[1], rows = rows_of(t, 0) - off;
    p->flops[HS_WORK_GEQRF] = geqrf(rows, w);
    p->main = HS_WORK_GEQRF;
    p->size = w;
    return 0;
}

/* The QR kernels of the tree and the reconstruction, at their own
 * classes' rates (kernel_work.h). */
static double orhr(int rows, int w)
{
    return rows < w ? 0 : getrf(w, w) + tri(w, rows - w, 0) + tri(w, w, 1);
}

double hs_work_qr_kernel_flops(int c, int rows, int w)
{
    int k = min_int(rows, w);
    switch (c) {
    case HS_WORK_TPQRT:
        return tpqrt_triangles(w, min_int(HS_QR_IB, w));
    case HS_WORK_TPMQRT:
        return tpmqrt_triangles(w, min_int(HS_QR_IB, w));
    case HS_WORK_GEMQRT:   /* the device's ?ORMQR of a leaf */
        return hs_flops_apply_reflectors(rows, w, k);
    case HS_WORK_ORHR:
        return orhr(rows, w);
    default:
        return 0;
    }
}

static int qr_kernel(int c, int rows, int w, parts *p)
{
    p->flops[c] = hs_work_qr_kernel_flops(c, rows, w);
    p->main = c;
    p->size = w;
    return 0;
}

static int qr_tree_up(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    return qr_kernel(HS_WORK_TPQRT, 0, t->iparam[0], p);
}

static int qr_tree_down(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    return qr_kernel(HS_WORK_TPMQRT, 0, t->iparam[0], p);
}

static int qr_leaf_q(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    return qr_kernel(HS_WORK_GEMQRT, rows_of(t, 0) - t->iparam[0], t->iparam[1], p);
}

/* ?ORHR_COL with one block of w: the LU without pivoting of the top
 * w x w block, the TRSM of the rows below it, and T by a w x w unit TRSM
 * (none when the piece is shorter than w: the kernel refuses it). */
static int qr_reconstruct(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    return qr_kernel(HS_WORK_ORHR, rows_of(t, 0) - t->iparam[0], t->iparam[1], p);
}

static int qr_trsm(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    int w = t->iparam[0];
    p->flops[HS_WORK_TRSM] = tri(w, rows_of(t, 0), 0);
    p->main = HS_WORK_TRSM;
    p->size = w;
    return 0;
}

/* V^H A, or A -= V W, over `rows` rows of a panel's top tile: the
 * explicit kk x kk unit triangle V1 as a full GEMM, then the rest. */
static double top_gemms(int rows, int wj, int kk)
{
    return gemm(kk, wj, kk) + gemm(rows - kk, wj, kk);
}

static int qr_vta(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    int off = t->iparam[0], kk = t->iparam[1], top = t->iparam[3];
    int ld = rows_of(t, 2), wj = cols_of(t, 2);
    p->flops[HS_WORK_GEMM] = top ? top_gemms(ld - off, wj, kk) : gemm(kk, wj, ld);
    p->main = HS_WORK_GEMM;
    p->size = kk;
    return 0;
}

static int qr_ttp(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    int kk = t->iparam[0];
    p->flops[HS_WORK_GEMM] = gemm(kk, cols_of(t, 0), kk);
    p->main = HS_WORK_GEMM;
    p->size = kk;
    return 0;
}

static int qr_update(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    int off = t->iparam[0], kk = t->iparam[1], top = t->iparam[2];
    int ld = rows_of(t, 0), wj = cols_of(t, 0);
    p->flops[HS_WORK_GEMM] = top ? top_gemms(ld - off, wj, kk) : gemm(ld, wj, kk);
    p->main = HS_WORK_GEMM;
    p->size = kk;
    return 0;
}

/* P = V^H A, P = T^H P (TRMM), A -= V P. */
static int qr_column(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    int off = t->iparam[0], kk = t->iparam[1];
    int rows = rows_of(t, 0) - off, wj = cols_of(t, 0);
    p->flops[HS_WORK_GEMM] = 2 * top_gemms(rows, wj, kk);
    p->flops[HS_WORK_TRSM] = tri(kk, wj, 0);
    p->main = HS_WORK_GEMM;
    p->size = kk;
    return 0;
}

/* LU (kernels/lu_kernels.h). */
static int lu_panel(const hs_task *t, int esize, parts *p)
{
    (void)esize;
    int w = cols_of(t, 0);
    p->flops[HS_WORK_GETRF] = getrf(rows_of(t, 0) - t->iparam[0], w);
    p->main = HS_WORK_GETRF;
    p->size = w;
    return 0;
}

/* The interchanges (?LASWP, no flops: each of the kk reads and writes two
 * rows of the wj columns), the unit TRSM of the kk pivot rows and the GEMM
 * of the rows below them; off and kk in iparam[0] and iparam[1] (kk >= 1
 * for every panel that has rows). */
static int lu_column(const hs_task *t, int esize, parts *p)
{
    int ld = rows_of(t, 0), wj = cols_of(t, 0), off = t->iparam[0], kk = t->iparam[1];
    p->main = HS_WORK_GEMM;
    if (kk <= 0)
        return -1;
    p->bytes = 4.0 * kk * wj * esize;
    p->flops[HS_WORK_TRSM] = tri(kk, wj, 1);
    p->flops[HS_WORK_GEMM] = gemm(ld - off - kk, wj, kk);
    p->size = kk;
    return 0;
}

/* Each of a pivot tile's kk interchanges reads and writes two rows of the
 * column tile; each pivot tile's panel offset in iparam (lu_kernels.h). */
static int lu_swap_left(const hs_task *t, int esize, parts *p)
{
    int ld = rows_of(t, 0), w = cols_of(t, 0);
    for (int k = 1; k < t->nacc; k++) {
        int kk = hs_lu_pivots(ld, t->iparam[k - 1], rows_of(t, k) - HS_LU_PIV_HEAD);
        p->bytes += 4.0 * (kk > 0 ? kk : 0) * w * esize;
    }
    p->main = HS_WORK_MEMORY;
    p->size = w;
    return 0;
}

/* The runtime's own tasks.  fill and write_back (runtime/dist.c) copy a
 * home tile between the caller's matrix and the tile: read and write it
 * once each.  copy (runtime/dist_devices.c): one tile between host and
 * accelerator, counted once. */
static int home_copy(const hs_task *t, int esize, parts *p)
{
    p->bytes = 2.0 * rows_of(t, 0) * cols_of(t, 0) * esize;
    p->main = HS_WORK_MEMORY;
    p->size = cols_of(t, 0);
    return 0;
}

static int device_copy(const hs_task *t, int esize, parts *p)
{
    p->bytes = (double)rows_of(t, 0) * cols_of(t, 0) * esize;
    p->main = HS_WORK_MEMORY;
    p->size = cols_of(t, 0);
    return 0;
}

/* Messages take the network's time, not a worker's. */
static int message(const hs_task *t, int esize, parts *p)
{
    (void)t;
    (void)esize;
    p->main = HS_WORK_MEMORY;
    return 0;
}

static const struct {
    const char *name;
    int nacc;           /* accesses the function reads */
    work_fn fn;
} tasks[] = {
    { "potrf", 1, chol_potrf }, { "trsm", 2, chol_trsm }, { "syrk", 2, chol_syrk },
    { "gemm", 1, chol_gemm },
    { "qr_geqrf", 1, qr_geqrf }, { "qr_leaf", 1, qr_leaf }, { "qr_tree_up", 0, qr_tree_up },
    { "qr_tree_down", 0, qr_tree_down }, { "qr_leaf_q", 1, qr_leaf_q },
    { "qr_reconstruct", 1, qr_reconstruct }, { "qr_trsm", 1, qr_trsm },
    { "qr_vta", 3, qr_vta }, { "qr_ttp", 1, qr_ttp }, { "qr_update", 1, qr_update },
    { "qr_column", 1, qr_column },
    { "lu_panel", 1, lu_panel }, { "lu_column", 3, lu_column },
    { "lu_swap_left", 1, lu_swap_left },
    { "fill", 1, home_copy }, { "write_back", 1, home_copy }, { "copy", 1, device_copy },
    { "send", 0, message }, { "recv", 0, message },
};

int hs_kernel_work(const hs_task *t, int prec, hs_work *w)
{
    *w = (hs_work){ .cls = HS_WORK_GEMM };
    if (!t->name || prec < 0 || prec >= HS_NPRECS)
        return -1;
    for (size_t i = 0; i < sizeof tasks / sizeof tasks[0]; i++) {
        if (strcmp(t->name, tasks[i].name) != 0)
            continue;
        parts p = { .main = HS_WORK_GEMM };
        if (t->nacc < tasks[i].nacc || tasks[i].fn(t, (int)hs_prec_bytes(prec), &p))
            return -1;
        int cls = p.main;
        double flops = 0;
        for (int c = 0; c < HS_NWORK; c++) {
            flops += p.flops[c];
            if (p.flops[c] > p.flops[cls])
                cls = c;
        }
        /* A GEMM's rate follows its whole shape, not one dimension: the
         * tall column updates of a single tile row (rows x b x b) run as
         * fast as a square tile of the same work.  Its size is then that
         * tile's, (m n k)^(1/3), which is b for a b x b tile. */
        int gemm_size = p.size;
        if (p.flops[HS_WORK_GEMM] > 0) {
            int cube = (int)(cbrt(p.flops[HS_WORK_GEMM] / 2) + 0.5);
            gemm_size = cube > p.size ? cube : p.size;
        }
        /* A complex multiply-add is 4 real ones. */
        double scale = hs_prec_complex(prec) ? 4 : 1;
        *w = (hs_work){ .cls = cls, .flops = scale * flops, .bytes = p.bytes,
                        .size = cls == HS_WORK_GEMM ? gemm_size : p.size };
        for (int c = 0; c < HS_NWORK; c++) {
            w->part_flops[c] = scale * p.flops[c];
            w->part_size[c] = c == HS_WORK_GEMM ? gemm_size : p.size;
        }
        return 0;
    }
    return -1;
}
