/* hs_lu_spread_panel (src/kernels/lu_spread_panel.c) on threads that
 * stand for the members of a process column: the panel's tile rows of H
 * rows dealt cyclically to P members from member ptop, each member's rows
 * in a local array of its own, the exchange an all-gather through shared
 * memory.  Against LAPACK's ?GETRF on the whole panel: the same pivots
 * and INFO, factors within a few ulps of the panel's size; the same run
 * twice gives the same bits.  Cases: random panels of every precision,
 * ties between rows on different members (the lowest row must win, not
 * the first member), zero columns (INFO), panels shorter
 * than wide, and NaNs (ScaLAPACK's search on the gathered panel: the
 * same bits whatever P).  The exit status is the number of failed cases.
 * Usage: t_lu_spread_panel. */
#include "config.h"

#include <complex.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/backends.h"
#include "kernels/lu_kernels.h"
#include "kernels/lu_spread_panel.h"
#include "runtime/device_memory.h"
#include "util/precision.h"
#include "spread_team.h"

/* Where the members' rows lie: the host, emulated GPUs, or CUDA GPUs (the
 * stand-in's in its build), each member a device of its own. */
enum { ON_HOST, ON_EMU, ON_CUDA };
static int where = ON_HOST;
static const char *const where_name[] = { "host", "emu", "cuda" };

static hs_device *open_device(int q)
{
    char msg[160];
    if (where == ON_EMU)
        return hs_emu_device_open(1 + q, 64 << 20, 20, 7 + (unsigned)q);
#ifdef HETSCAL_HAVE_CUDA
    if (where == ON_CUDA)
        return hs_cuda_device_open(1 + q, 0, msg, sizeof msg);
#endif
    (void)msg;
    return NULL;
}

/* The member's rows to its device (NULL on the host, or when it cannot
 * be opened: the case fails). */
static void *to_device(hs_device **dev, int q, const void *a, size_t bytes)
{
    *dev = where == ON_HOST ? NULL : open_device(q);
    if (!*dev)
        return NULL;
    /* through pinned memory: the CUDA stand-in refuses asynchronous
     * copies of pageable memory */
    void *d = (*dev)->ops->alloc(*dev, bytes), *pinned = (*dev)->ops->host_alloc(*dev, bytes);
    if (pinned)
        memcpy(pinned, a, bytes);
    if (d && (!pinned
              || (*dev)->ops->copy(*dev, HS_STREAM_IN, HS_COPY_H2D, (int)bytes, 1, 1, pinned,
                                   (int)bytes, d, (int)bytes)
              || (*dev)->ops->synchronize(*dev))) {
        (*dev)->ops->free(*dev, d);
        d = NULL;
    }
    if (pinned)
        (*dev)->ops->host_free(*dev, pinned);
    return d;
}

static void from_device(hs_device *dev, void *d, void *a, size_t bytes)
{
    if (!dev)
        return;
    if (d) {
        void *pinned = dev->ops->host_alloc(dev, bytes);
        if (!pinned
            || dev->ops->copy(dev, HS_STREAM_OUT, HS_COPY_D2H, (int)bytes, 1, 1, d, (int)bytes,
                              pinned, (int)bytes)
            || dev->ops->synchronize(dev))
            memset(a, 0xff, bytes);   /* NaNs: the case fails */
        else
            memcpy(a, pinned, bytes);
        if (pinned)
            dev->ops->host_free(dev, pinned);
        dev->ops->free(dev, d);
    }
    hs_devmem_forget(dev);   /* the members' cached scratch */
    dev->ops->close(dev);
}

void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);
void sgetrf_(const int *m, const int *n, float *a, const int *lda, int *ipiv, int *info);
void zgetrf_(const int *m, const int *n, double _Complex *a, const int *lda, int *ipiv,
             int *info);
void cgetrf_(const int *m, const int *n, float _Complex *a, const int *lda, int *ipiv,
             int *info);

enum { MAXP = 8 };

typedef struct member {
    spread_seat seat;
    hs_lu_spread_team team;
    hs_lu_spread_rows rows;
    int prec, ld, err;
    void *a;
    int *piv;
} member;

static void *run_member(void *arg)
{
    member *me = arg;
    me->err = hs_lu_spread_panel(me->prec, me->a, me->ld, &me->rows, &me->team, me->piv);
    return NULL;
}

static unsigned next(unsigned *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return (*seed >> 8) & 0xffffff;
}

static double uniform(unsigned *seed)
{
    return (double)next(seed) / 0x1000000 * 2 - 1;
}

static size_t esize_of(int prec)
{
    return prec == HS_PREC_S ? 4 : prec == HS_PREC_D || prec == HS_PREC_C ? 8 : 16;
}

/* Value (i) of an array of precision prec, as a complex double, and set. */
static double _Complex get(const void *a, int prec, size_t i)
{
    switch (prec) {
    case HS_PREC_S:
        return ((const float *)a)[i];
    case HS_PREC_D:
        return ((const double *)a)[i];
    case HS_PREC_C:
        return ((const float _Complex *)a)[i];
    default:
        return ((const double _Complex *)a)[i];
    }
}

static void set(void *a, int prec, size_t i, double _Complex v)
{
    switch (prec) {
    case HS_PREC_S:
        ((float *)a)[i] = (float)creal(v);
        break;
    case HS_PREC_D:
        ((double *)a)[i] = creal(v);
        break;
    case HS_PREC_C:
        ((float _Complex *)a)[i] = (float _Complex)v;
        break;
    default:
        ((double _Complex *)a)[i] = v;
    }
}

static void getrf(int prec, int m, int n, void *a, int *ipiv, int *info)
{
    switch (prec) {
    case HS_PREC_S:
        sgetrf_(&m, &n, a, &m, ipiv, info);
        break;
    case HS_PREC_D:
        dgetrf_(&m, &n, a, &m, ipiv, info);
        break;
    case HS_PREC_C:
        cgetrf_(&m, &n, a, &m, ipiv, info);
        break;
    default:
        zgetrf_(&m, &n, a, &m, ipiv, info);
    }
}

/* The panel (m x w, column-major, ld m) factored by P members; its
 * result back in `out` (m x w) and the pivot tile in piv.  0, or the
 * members' error. */
static int spread(int prec, const void *panel, int m, int w, int H, int P, int ptop, void *out,
                  int *piv)
{
    if (P < 1 || P > MAXP)
        return -1;
    size_t es = esize_of(prec);
    spread_exchange ex;
    size_t most = (size_t)m + (size_t)m * w * es / sizeof(double) + 64;
    if (spread_exchange_init(&ex, P,
                             hs_lu_spread_record_bytes(w, (int)es) > most * sizeof(double)
                                 ? hs_lu_spread_record_bytes(w, (int)es)
                                 : most * sizeof(double)))
        return -1;
    member mem[MAXP];
    int *rows[MAXP], *pivs[MAXP];
    void *host_a[MAXP];
    hs_device *devs[MAXP] = { NULL };
    /* the caller's grid, for ScaLAPACK's search: three process rows
     * whatever P */
    hs_lu_rows dist = { .ia = 1, .ja = 1, .m_a = m, .mb = H, .rsrc = 1, .nprow = 3,
                        .npcol = 1 };
    for (int q = 0; q < P; q++) {
        rows[q] = malloc(sizeof(int) * (size_t)(m + 1));
        int n = 0;
        for (int r = 0; r < m; r++)
            if ((ptop + r / H) % P == q)
                rows[q][n++] = r;
        int ld = n + 3;
        void *a = calloc((size_t)ld * w + 1, es);
        for (int i = 0; i < n; i++)
            for (int c = 0; c < w; c++)
                set(a, prec, i + (size_t)c * ld, get(panel, prec, rows[q][i] + (size_t)c * m));
        pivs[q] = calloc((size_t)w + HS_LU_PIV_HEAD, sizeof(int));
        mem[q] = (member){ .seat = { &ex, q },
                           .team = { .members = P, .me = q,
                                     .allgather = spread_exchange_allgather,
                                     .ctx = &mem[q].seat },
                           .rows = { .m = n, .m_all = m, .w = w, .row = rows[q],
                                     .dist = &dist, .stream = HS_STREAM_COMPUTE },
                           .prec = prec, .ld = ld, .a = a, .piv = pivs[q] };
        host_a[q] = a;
        if (where != ON_HOST) {
            mem[q].a = to_device(&devs[q], q, a, ((size_t)ld * w + 1) * es);
            mem[q].rows.device = devs[q];
            if (!mem[q].a)
                mem[q].rows.status = -1003;   /* the case fails */
        }
    }
    pthread_t th[MAXP];
    for (int q = 0; q < P; q++)
        pthread_create(&th[q], NULL, run_member, &mem[q]);
    int err = 0;
    for (int q = 0; q < P; q++) {
        pthread_join(th[q], NULL);
        if (where != ON_HOST) {
            from_device(devs[q], mem[q].a, host_a[q], ((size_t)mem[q].ld * w + 1) * es);
            mem[q].a = host_a[q];
        }
        if (mem[q].err)
            err = mem[q].err;
        /* every member the same pivots and INFO */
        if (memcmp(pivs[q], pivs[0], sizeof(int) * ((size_t)w + HS_LU_PIV_HEAD)))
            err = -1;
        for (int i = 0; i < mem[q].rows.m; i++)
            for (int c = 0; c < w; c++)
                set(out, prec, rows[q][i] + (size_t)c * m,
                    get(mem[q].a, prec, i + (size_t)c * mem[q].ld));
    }
    memcpy(piv, pivs[0], sizeof(int) * ((size_t)w + HS_LU_PIV_HEAD));
    for (int q = 0; q < P; q++) {
        free(rows[q]);
        free(pivs[q]);
        free(mem[q].a);
    }
    spread_exchange_destroy(&ex);
    return err;
}

/* One case against LAPACK: 0 or 1. */
static int check(const char *what, int prec, const void *panel, int m, int w, int H, int P,
                 int ptop)
{
    size_t es = esize_of(prec), n = (size_t)m * w;
    void *ours = calloc(n + 1, es), *again = calloc(n + 1, es), *ref = malloc(n * es + 1);
    int kk = m < w ? m : w;
    int *piv = calloc((size_t)w + HS_LU_PIV_HEAD, sizeof(int));
    int *piv2 = calloc((size_t)w + HS_LU_PIV_HEAD, sizeof(int));
    int *ipiv = calloc((size_t)w + 1, sizeof(int)), info;
    memcpy(ref, panel, n * es);
    getrf(prec, m, w, ref, ipiv, &info);
    int bad = spread(prec, panel, m, w, H, P, ptop, ours, piv) != 0;
    bad = bad || spread(prec, panel, m, w, H, P, ptop, again, piv2) != 0;
    bad = bad || memcmp(ours, again, n * es) || memcmp(piv, piv2, sizeof(int) * (size_t)(w + 1));
    bad = bad || piv[HS_LU_PIV_INFO] != info;
    for (int j = 0; !bad && j < kk; j++)
        bad = piv[HS_LU_PIV_HEAD + j] != ipiv[j];
    double scale = 0, diff = 0;
    for (size_t i = 0; i < n; i++) {
        scale = fmax(scale, cabs(get(ref, prec, i)));
        diff = fmax(diff, cabs(get(ours, prec, i) - get(ref, prec, i)));
    }
    double ulp = prec == HS_PREC_S || prec == HS_PREC_C ? 0x1p-24 : 0x1p-53;
    if (!bad && diff > 64.0 * (m + w) * ulp * (scale > 1 ? scale : 1))
        bad = 1;
    if (bad)
        printf("t_lu_spread_panel: FAILED (%s) %s prec=%d m=%d w=%d H=%d P=%d ptop=%d "
               "(info %d/%d, diff %.3g of %.3g)\n",
               where_name[where], what, prec, m, w, H, P, ptop, piv[HS_LU_PIV_INFO], info, diff,
               scale);
    free(ours);
    free(again);
    free(ref);
    free(piv);
    free(piv2);
    free(ipiv);
    return bad;
}

/* NaN panels: the same bits and pivots on P members as on one. */
static int check_nan(int prec, const void *panel, int m, int w, int H, int P, int ptop)
{
    size_t es = esize_of(prec), n = (size_t)m * w;
    void *one = calloc(n + 1, es), *many = calloc(n + 1, es);
    int *p1 = calloc((size_t)w + HS_LU_PIV_HEAD, sizeof(int));
    int *pp = calloc((size_t)w + HS_LU_PIV_HEAD, sizeof(int));
    int bad = spread(prec, panel, m, w, H, 1, 0, one, p1) != 0;
    bad = bad || spread(prec, panel, m, w, H, P, ptop, many, pp) != 0;
    bad = bad || memcmp(one, many, n * es) || memcmp(p1, pp, sizeof(int) * (size_t)(w + 1));
    if (bad)
        printf("t_lu_spread_panel: FAILED (%s) nan prec=%d m=%d w=%d H=%d P=%d\n",
               where_name[where], prec, m, w, H, P);
    free(one);
    free(many);
    free(p1);
    free(pp);
    return bad;
}

static void *random_panel(unsigned *seed, int prec, int m, int w)
{
    size_t n = (size_t)m * w;
    void *a = malloc(n * esize_of(prec) + 1);
    for (size_t i = 0; i < n; i++)
        set(a, prec, i, uniform(seed) + (prec >= HS_PREC_C ? I * uniform(seed) : 0));
    return a;
}

/* Every case with the members' rows where `where` says. */
static int cases(void)
{
    unsigned seed = 2026;
    int failed = 0;
    static const int shape[][5] = {
        /* m, w, H, P, ptop */
        { 300, 40, 16, 3, 1 }, { 1000, 64, 64, 4, 2 }, { 513, 70, 32, 8, 7 },
        { 37, 37, 8, 2, 1 }, { 20, 50, 8, 3, 0 }, { 200, 33, 200, 2, 0 },
        { 129, 1, 8, 4, 3 }, { 64, 64, 8, 1, 0 },
    };
    for (int prec = 0; prec < HS_NPRECS; prec++)
        for (size_t k = 0; k < sizeof shape / sizeof shape[0]; k++) {
            const int *s = shape[k];
            void *a = random_panel(&seed, prec, s[0], s[1]);
            failed += check("random", prec, a, s[0], s[1], s[2], s[3], s[4]);
            free(a);
        }

    for (int prec = 0; prec < HS_NPRECS; prec++) {
        int m = 240, w = 48, H = 16, P = 3, ptop = 2;
        void *a = random_panel(&seed, prec, m, w);
        /* rows 3 (member 2) and 19, 35, 200 (members 0, 1, 0) the same:
         * exact ties in every column, the lowest row's to win */
        for (int c = 0; c < w; c++) {
            set(a, prec, 3 + (size_t)c * m, 4 * get(a, prec, 3 + (size_t)c * m));
            for (int r = 19; r < m; r += r == 35 ? 165 : 16)
                set(a, prec, r + (size_t)c * m, get(a, prec, 3 + (size_t)c * m));
        }
        failed += check("ties", prec, a, m, w, H, P, ptop);
        /* two zero columns: INFO the first (a repeated column would
         * leave rounding noise to pivot on, which no two orders of
         * operations share) */
        for (int r = 0; r < m; r++) {
            set(a, prec, r + (size_t)5 * m, 0);
            set(a, prec, r + (size_t)30 * m, 0);
        }
        failed += check("singular", prec, a, m, w, H, P, ptop);
        memset(a, 0, (size_t)m * w * esize_of(prec));
        failed += check("zero", prec, a, m, w, H, P, ptop);
        free(a);

        a = random_panel(&seed, prec, m, w);
        set(a, prec, 70 + (size_t)3 * m, NAN);
        set(a, prec, 100 + (size_t)0 * m, INFINITY);
        failed += check_nan(prec, a, m, w, H, P, ptop);
        free(a);
    }
    printf("t_lu_spread_panel: rows on the %s: %s\n", where_name[where],
           failed ? "FAILED" : "all cases passed");
    return failed;
}

int main(void)
{
    int failed = cases();
    where = ON_EMU;
    failed += cases();
#ifdef HETSCAL_HAVE_CUDA
    char msg[160] = "";
    if (hs_cuda_device_count(msg, sizeof msg) > 0) {
        where = ON_CUDA;
        failed += cases();
    } else {
        printf("t_lu_spread_panel: rows on CUDA GPUs SKIPPED (%s)\n", msg);
    }
#endif
    return failed > 99 ? 99 : failed;
}
