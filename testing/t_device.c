/* Device layer test (src/device): copies, kernels, events, callbacks and
 * bad arguments on the cpu and emu devices (and a CUDA GPU when one is
 * present), the emu arena and poison, the registry and its GPU sharing.
 * A plain program (no MPI).  Usage: t_device [trials [seed]]. */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/backends.h"
#include "include/hetscal.h"
#include "util/precision.h"

/* Bytes of the doubles the tests copy. */
enum { ES = (int)sizeof(double) };

#include "row_checks.h"

static void report(const char *dev, const char *what)
{
    char label[64];
    snprintf(label, sizeof label, "%-7s %-46s", dev, what);
    row_done(label);
}

static unsigned long rng_state = 1;

static unsigned rnd(unsigned bound)
{
    rng_state = rng_state * 6364136223846793005UL + 1442695040888963407UL;
    return (unsigned)(rng_state >> 33) % bound;
}

static double *random_matrix(int ld, int n)
{
    double *a = malloc(sizeof(double) * (size_t)(ld > 0 ? ld : 1) * (size_t)(n > 0 ? n : 1));
    for (int i = 0; i < ld * n; i++)
        a[i] = (int)rnd(2001) / 1000.0 - 1.0 + rnd(1000) * 1e-9;
    return a;
}

static int same_bits(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

static int is_poison(double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    return bits == HS_EMU_POISON && isnan(v);
}

/* Device buffer for an ld x n matrix, uploaded from host (ld h_ld) when
 * host != NULL; waits for the copy. */
static double *upload(hs_device *d, const double *host, int m, int n, int hld, int ld)
{
    double *p = d->ops->alloc(d, sizeof(double) * (size_t)ld * (size_t)(n > 0 ? n : 1));
    hs_event *ev;
    if (p && host) {
        CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, m, n, ES, host, hld, p, ld) == 0);
        CHECK(d->ops->event_record(d, HS_STREAM_IN, &ev) == 0);
        CHECK(d->ops->event_wait(d, ev) == 0);
        d->ops->event_free(d, ev);
    }
    return p;
}

static void download(hs_device *d, const double *p, int m, int n, int ld, double *host, int hld)
{
    hs_event *ev;
    CHECK(d->ops->copy(d, HS_STREAM_OUT, HS_COPY_D2H, m, n, ES, p, ld, host, hld) == 0);
    CHECK(d->ops->event_record(d, HS_STREAM_OUT, &ev) == 0);
    CHECK(d->ops->event_wait(d, ev) == 0);
    d->ops->event_free(d, ev);
}

/* Copy round trips host -> device -> device -> host with odd leading
 * dimensions, chained by events across the three streams. */
static void test_copies(hs_device *d)
{
    static const int sizes[][2] = { { 0, 0 }, { 0, 5 }, { 1, 1 }, { 37, 23 }, { 64, 1 },
                                    { 1, 17 }, { 100, 50 } };
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int m = sizes[s][0], n = sizes[s][1];
        int hld = m + 3, dld = m + 5, d2ld = m + 2, bld = m + 1;
        double *x = random_matrix(hld, n), *back = malloc(sizeof(double) * (size_t)bld * (n + 1));
        double *dx = d->ops->alloc(d, sizeof(double) * (size_t)dld * (n + 1));
        double *dy = d->ops->alloc(d, sizeof(double) * (size_t)d2ld * (n + 1));
        hs_event *e1, *e2, *e3;
        CHECK(dx && dy);
        for (int i = 0; i < bld * n; i++)
            back[i] = 12345.0;
        CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, m, n, ES, x, hld, dx, dld) == 0);
        CHECK(d->ops->event_record(d, HS_STREAM_IN, &e1) == 0);
        CHECK(d->ops->stream_wait(d, HS_STREAM_COMPUTE, e1) == 0);
        d->ops->event_free(d, e1);   /* allowed while pending */
        CHECK(d->ops->copy(d, HS_STREAM_COMPUTE, HS_COPY_D2D, m, n, ES, dx, dld, dy, d2ld) == 0);
        CHECK(d->ops->event_record(d, HS_STREAM_COMPUTE, &e2) == 0);
        CHECK(d->ops->stream_wait(d, HS_STREAM_OUT, e2) == 0);
        CHECK(d->ops->copy(d, HS_STREAM_OUT, HS_COPY_D2H, m, n, ES, dy, d2ld, back, bld) == 0);
        CHECK(d->ops->event_record(d, HS_STREAM_OUT, &e3) == 0);
        CHECK(d->ops->event_wait(d, e3) == 0);
        CHECK(d->ops->event_query(d, e3) == 1 && d->ops->event_query(d, e2) == 1);
        for (int j = 0; j < n; j++)
            for (int i = 0; i < bld; i++)
                CHECK(i < m ? same_bits(back[i + j * bld], x[i + j * hld])
                            : back[i + j * bld] == 12345.0);
        if (d->kind == HS_DEV_EMU)   /* a 2-D copy leaves the device padding alone */
            for (int j = 0; j < n; j++)
                for (int i = m; i < dld; i++)
                    CHECK(is_poison(dx[i + j * dld]));
        d->ops->event_free(d, e2);
        d->ops->event_free(d, e3);
        CHECK(d->ops->free(d, dx) == 0 && d->ops->free(d, dy) == 0);
        free(x);
        free(back);
    }
    report(d->name, "copy round trips, odd leading dimensions");
}

static int close_enough(const double *a, const double *b, int size, int exact)
{
    for (int i = 0; i < size; i++)
        if (exact ? !same_bits(a[i], b[i]) : !(fabs(a[i] - b[i]) <= 1e-11 * (1 + fabs(b[i]))))
            return 0;
    return 1;
}

/* Runs call (host pointers, c with ldc x cols) on the device and on the
 * host BLAS, and compares; on the compute and the urgent stream in turn
 * where the device has both. */
static void compare_kernel(hs_device *d, hs_kernel_call call, int arows, int acols,
                           int brows, int bcols, int ccols, int exact)
{
    static int turn;
    int ks = hs_kernel_stream(d->nstreams, turn++ % 2);
    int size = call.ldc * ccols;
    double *ref = malloc(sizeof(double) * (size_t)size), *got = malloc(sizeof(double) * (size_t)size);
    hs_kernel_call dc = call;
    hs_event *ev_in, *ev_k;
    hs_kernel_call hc = call;
    memcpy(ref, call.c, sizeof(double) * (size_t)size);
    hc.c = ref;
    CHECK(hs_kernel_call_host(&hc) == 0);
    dc.a = d->ops->alloc(d, sizeof(double) * (size_t)call.lda * acols);
    dc.b = brows ? d->ops->alloc(d, sizeof(double) * (size_t)call.ldb * bcols) : NULL;
    dc.c = d->ops->alloc(d, sizeof(double) * (size_t)size);
    CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, arows, acols, ES, call.a, call.lda,
                       (double *)dc.a, call.lda) == 0);
    if (brows)
        CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, brows, bcols, ES, call.b, call.ldb,
                           (double *)dc.b, call.ldb) == 0);
    CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, call.ldc, ccols, ES, call.c, call.ldc, dc.c,
                       call.ldc) == 0);
    CHECK(d->ops->event_record(d, HS_STREAM_IN, &ev_in) == 0);
    CHECK(d->ops->stream_wait(d, ks, ev_in) == 0);
    CHECK(d->ops->kernel(d, ks, &dc) == 0);
    CHECK(d->ops->event_record(d, ks, &ev_k) == 0);
    CHECK(d->ops->stream_wait(d, HS_STREAM_OUT, ev_k) == 0);
    download(d, dc.c, call.ldc, ccols, call.ldc, got, call.ldc);
    CHECK(d->ops->event_query(d, ev_k) == 1);
    CHECK(close_enough(got, ref, call.ldc * ccols, exact));
    d->ops->event_free(d, ev_in);
    d->ops->event_free(d, ev_k);
    d->ops->free(d, (double *)dc.a);
    d->ops->free(d, (double *)dc.b);
    d->ops->free(d, dc.c);
    free(ref);
    free(got);
}

static void test_kernels(hs_device *d, int exact)
{
    static const char tr[] = "NT", ul[] = "UL", lr[] = "LR";
    int m = 33, n = 21, k = 17;
    for (int ta = 0; ta < 2; ta++)
        for (int tb = 0; tb < 2; tb++) {
            int ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
            double *a = random_matrix(ar + 1, ac), *b = random_matrix(br + 2, bc);
            double *c = random_matrix(m + 3, n);
            compare_kernel(d, (hs_kernel_call){ .op = HS_K_GEMM, .transa = tr[ta],
                                                .transb = tr[tb], .m = m, .n = n, .k = k,
                                                .alpha = 1.5, .beta = -0.5, .a = a, .b = b,
                                                .c = c, .lda = ar + 1, .ldb = br + 2,
                                                .ldc = m + 3 },
                           ar + 1, ac, br + 2, bc, n, exact);
            free(a); free(b); free(c);
        }
    report(d->name, exact ? "dgemm, bitwise equal to host BLAS" : "dgemm vs host BLAS");
    for (int u = 0; u < 2; u++)
        for (int t = 0; t < 2; t++) {
            int ar = t ? k : n, ac = t ? n : k;
            double *a = random_matrix(ar + 2, ac), *c = random_matrix(n + 1, n);
            compare_kernel(d, (hs_kernel_call){ .op = HS_K_HERK, .uplo = ul[u], .transa = tr[t],
                                                .n = n, .k = k, .alpha = -1.0, .beta = 1.0,
                                                .a = a, .c = c, .lda = ar + 2, .ldc = n + 1 },
                           ar + 2, ac, 0, 0, n, exact);
            free(a); free(c);
        }
    report(d->name, exact ? "dsyrk, bitwise equal to host BLAS" : "dsyrk vs host BLAS");
    static const int tri_op[] = { HS_K_TRSM, HS_K_TRMM };
    static const char *const tri_name[] = { "dtrsm", "dtrmm" };
    for (int o = 0; o < 2; o++) {
        for (int s = 0; s < 2; s++)
            for (int u = 0; u < 2; u++)
                for (int t = 0; t < 2; t++)
                    for (int g = 0; g < 2; g++) {
                        int na = s ? n : m;
                        double *a = random_matrix(na + 1, na), *c = random_matrix(m + 2, n);
                        for (int i = 0; i < na; i++)
                            a[i + i * (na + 1)] += na;   /* well conditioned */
                        compare_kernel(d, (hs_kernel_call){ .op = tri_op[o], .side = lr[s],
                                                            .uplo = ul[u], .transa = tr[t],
                                                            .diag = "NU"[g], .m = m, .n = n,
                                                            .alpha = 0.75, .a = a, .c = c,
                                                            .lda = na + 1, .ldc = m + 2 },
                                       na + 1, na, 0, 0, n, exact);
                        free(a); free(c);
                    }
        char what[48];
        snprintf(what, sizeof what, exact ? "%s, bitwise equal to host BLAS" : "%s vs host BLAS",
                 tri_name[o]);
        report(d->name, what);
    }
}

void dlaswp_(const int *n, double *a, const int *lda, const int *k1, const int *k2,
             const int *ipiv, const int *incx);

/* ?LASWP on the device: rows 1..k of an m x n block (inside a taller
 * ld-high buffer) interchanged as random ?GETRF-style pivots say (pivot i
 * in i..m), bitwise as the host's; pivots uploaded as ints. */
static void test_laswp(hs_device *d)
{
    static const int shapes[][3] = { { 33, 21, 17 }, { 40, 1, 40 }, { 9, 5, 1 }, { 12, 7, 0 } };
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        int m = shapes[s][0], n = shapes[s][1], k = shapes[s][2], ld = m + 5, off = 3;
        double *a = random_matrix(ld, n), *ref = malloc(sizeof(double) * (size_t)(ld * n));
        double *got = malloc(sizeof(double) * (size_t)(ld * n));
        int piv[64] = { 0 }, one = 1;
        for (int i = 0; i < k; i++)
            piv[i] = i + 1 + (int)rnd((unsigned)(m - i));
        memcpy(ref, a, sizeof(double) * (size_t)(ld * n));
        if (k > 0)
            dlaswp_(&n, ref + off, &ld, &one, &k, piv, &one);
        double *da = upload(d, a, ld, n, ld, ld);
        int *dpiv = d->ops->alloc(d, sizeof piv);
        hs_event *ev;
        CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, 64, 1, (int)sizeof(int), piv, 64, dpiv,
                           64) == 0);
        CHECK(d->ops->event_record(d, HS_STREAM_IN, &ev) == 0);
        CHECK(d->ops->stream_wait(d, HS_STREAM_COMPUTE, ev) == 0);
        CHECK(hs_dev_laswp(d, HS_STREAM_COMPUTE, HS_PREC_D, m, n, k, dpiv, da + off, ld) == 0);
        d->ops->event_free(d, ev);
        CHECK(d->ops->event_record(d, HS_STREAM_COMPUTE, &ev) == 0);
        CHECK(d->ops->stream_wait(d, HS_STREAM_OUT, ev) == 0);
        download(d, da, ld, n, ld, got, ld);
        CHECK(close_enough(got, ref, ld * n, 1));
        d->ops->event_free(d, ev);
        if (k > 0)   /* more pivots than rows */
            CHECK(hs_dev_laswp(d, HS_STREAM_COMPUTE, HS_PREC_D, k - 1, n, k, dpiv, da, ld)
                  == HETSCAL_ERR_DEVICE);
        CHECK(d->ops->synchronize(d) == 0);
        d->ops->free(d, da);
        d->ops->free(d, dpiv);
        free(a); free(ref); free(got);
    }
    report(d->name, "dlaswp, bitwise equal to host LAPACK");
}

int idamax_(const int *n, const double *x, const int *incx);

/* HS_K_IAMAX in D: a column (step 1) and a row (step ld) of a block on
 * the device, ties (the first wins), n = 0 (0), and the host's I?AMAX as
 * the answer; the result written once the kernel has run. */
static void test_iamax(hs_device *d)
{
    int ld = 37, n = 29;
    double *a = random_matrix(ld, n);
    a[5 + 3 * ld] = a[11 + 3 * ld] = 7;        /* a tie down column 3 */
    a[2 + 8 * ld] = a[2 + 20 * ld] = -9;       /* and along row 2 */
    double *da = upload(d, a, ld, n, ld, ld);
    static const int cases[][3] = { { 3, 1, 37 }, { 2, 37, 29 }, { 0, 1, 0 }, { 17, 37, 13 } };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int at = cases[c][0], inc = cases[c][1], count = cases[c][2], got = -1;
        const double *x = inc == 1 ? a + (size_t)at * ld : a + at;
        const double *dx = inc == 1 ? da + (size_t)at * ld : da + at;
        CHECK(hs_dev_iamax(d, HS_STREAM_COMPUTE, HS_PREC_D, count, dx, inc, &got) == 0);
        hs_event *ev;
        CHECK(d->ops->event_record(d, HS_STREAM_COMPUTE, &ev) == 0);
        CHECK(d->ops->event_wait(d, ev) == 0);
        d->ops->event_free(d, ev);
        CHECK(got == (count > 0 ? idamax_(&count, x, &inc) : 0));
        if (c < 2)   /* the ties' first */
            CHECK(got == (c == 0 ? 6 : 9));
    }
    CHECK(hs_dev_iamax(d, HS_STREAM_COMPUTE, HS_PREC_D, 4, da, 1, NULL) == HETSCAL_ERR_DEVICE);
    CHECK(d->ops->synchronize(d) == 0);
    d->ops->free(d, da);
    free(a);
    report(d->name, "idamax, the host's index");
}

/* HS_K_ROWS in D and Z (a complex row is two reals to the cuda backend):
 * rows of one block to distinct rows of another, then rows of that block
 * permuted among themselves (staged: each a source and a destination),
 * more rows than one of the cuda backend's slots takes; the values arrive
 * as they were before the call (an infinity and a NaN among them), the
 * row lists may be reused at once, and two destinations that start
 * together are refused. */
enum { ROWS_FROM = 700, ROWS_TO = 720, ROWS_MOVED = 600, ROWS_OWN = 20, ROWS_COLS = 5 };

static void test_rows(hs_device *d)
{
    for (int z = 0; z < 2; z++) {
        int parts = z ? 2 : 1, prec = z ? HS_PREC_Z : HS_PREC_D, n = ROWS_COLS;
        /* One leading dimension for every source row (of either block). */
        int lds = ROWS_TO + 2, ldd = lds, hs = parts * lds, hd = parts * ldd;
        double *a = random_matrix(hs, n), *c = random_matrix(hd, n);
        double *got = malloc(sizeof(double) * (size_t)hd * n);
        double *ref = malloc(sizeof(double) * (size_t)hd * n);
        a[7 * parts] = INFINITY;
        a[hs + 9 * parts] = NAN;
        double *da = upload(d, a, hs, n, hs, hs), *dc = upload(d, c, hd, n, hd, hd);
        CHECK(da && dc && got && ref);
        const void *from[ROWS_MOVED + ROWS_OWN];
        void *to[ROWS_MOVED + ROWS_OWN];
        int perm[ROWS_MOVED + 50], count = ROWS_MOVED + ROWS_OWN;
        for (int i = 0; i < ROWS_MOVED + 50; i++)
            perm[i] = i;
        for (int i = ROWS_MOVED + 49; i > 0; i--) {
            int j = (int)rnd((unsigned)i + 1), t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        /* The host's answer, from the values before the call: the block's
         * last ROWS_OWN rows rotate by one. */
        memcpy(ref, c, sizeof(double) * (size_t)hd * n);
        for (int i = 0; i < count; i++) {
            int own = i >= ROWS_MOVED, k = i - ROWS_MOVED;
            int src = own ? ROWS_TO - ROWS_OWN + (k + 1) % ROWS_OWN : (int)rnd(ROWS_FROM);
            int dst = own ? ROWS_TO - ROWS_OWN + k : perm[i];
            from[i] = (own ? dc : da) + (size_t)parts * src;
            to[i] = dc + (size_t)parts * dst;
            for (int j = 0; j < n; j++)
                for (int p = 0; p < parts; p++)
                    ref[parts * dst + p + (size_t)j * hd] =
                        own ? c[parts * src + p + (size_t)j * hd]
                            : a[parts * src + p + (size_t)j * hs];
        }
        CHECK(hs_dev_rows(d, HS_STREAM_COMPUTE, prec, count, n, from, lds, to, ldd) == 0);
        memset(from, 0, sizeof from);   /* the lists were read during the call */
        memset(to, 0, sizeof to);
        hs_event *ev;
        CHECK(d->ops->event_record(d, HS_STREAM_COMPUTE, &ev) == 0);
        CHECK(d->ops->stream_wait(d, HS_STREAM_OUT, ev) == 0);
        download(d, dc, hd, n, hd, got, hd);
        d->ops->event_free(d, ev);
        int same = 1;
        for (int i = 0; i < hd * n; i++)
            same &= same_bits(got[i], ref[i]) || (isnan(got[i]) && isnan(ref[i]));
        CHECK(same);
        from[0] = da;
        from[1] = da + parts;
        to[0] = to[1] = dc;   /* two destinations that start together */
        CHECK(hs_dev_rows(d, HS_STREAM_COMPUTE, prec, 2, n, from, lds, to, ldd)
              == HETSCAL_ERR_DEVICE);
        CHECK(d->ops->synchronize(d) == 0);
        CHECK(d->ops->free(d, da) == 0 && d->ops->free(d, dc) == 0);
        free(a);
        free(c);
        free(got);
        free(ref);
    }
    report(d->name, "row copies (D, Z; staged), values exact");
}

void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info, size_t l);

/* HS_K_POTRF: the lower and the upper factor of an SPD n x n block (inside
 * a taller ld-high buffer, the rest untouched) as LAPACK's DPOTRF gives
 * them, INFO 0; a block whose k-th pivot is negative or NaN gives INFO k
 * (the NaN after LAPACK's own `<= 0` test would pass it: checked on the
 * diagonal). */
static void test_potrf_uplo(hs_device *d, const char *uplo)
{
    static const int sizes[] = { 1, 7, 33, 70 };
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s], ld = n + 4, off = 2, info = -1, want = 0;
        for (int bad = 0; bad < 3; bad++) {
            double *a = random_matrix(ld, n), *ref = malloc(sizeof(double) * (size_t)(ld * n));
            double *got = malloc(sizeof(double) * (size_t)(ld * n));
            for (int j = 0; j < n; j++)   /* symmetric, diagonally dominant */
                for (int i = j; i < n; i++) {
                    double v = i == j ? n + 1.0 : a[off + i + j * ld];
                    a[off + i + j * ld] = a[off + j + i * ld] = v;
                }
            int k = n / 2;   /* the pivot made bad: INFO k + 1 */
            if (bad == 1)
                a[off + k + k * ld] = -1.0;
            if (bad == 2)
                a[off + k + k * ld] = NAN;
            memcpy(ref, a, sizeof(double) * (size_t)(ld * n));
            dpotrf_(uplo, &n, ref + off, &ld, &want, 1);
            if (bad == 2)
                want = k + 1;
            double *da = upload(d, a, ld, n, ld, ld);
            info = -1;
            CHECK(hs_dev_potrf(d, HS_STREAM_COMPUTE, HS_PREC_D, *uplo, n, da + off, ld, &info)
                  == 0);
            CHECK(d->ops->synchronize(d) == 0);
            CHECK(info == want);
            if (bad == 0) {
                download(d, da, ld, n, ld, got, ld);
                for (int j = 0; j < n; j++)   /* the other triangle is not the kernel's */
                    for (int i = 0; i < n; i++)
                        if (*uplo == 'L' ? i < j : i > j)
                            got[off + i + j * ld] = ref[off + i + j * ld];
                CHECK(close_enough(got, ref, ld * n, 0));
            }
            d->ops->free(d, da);
            free(a); free(ref); free(got);
        }
    }
}

static void test_potrf(hs_device *d)
{
    test_potrf_uplo(d, "L");
    test_potrf_uplo(d, "U");
    CHECK(hs_dev_potrf(d, HS_STREAM_COMPUTE, HS_PREC_D, 'L', 4, NULL, 4, NULL) == HETSCAL_ERR_DEVICE);
    report(d->name, "dpotrf: lower and upper factors, INFO of a bad and a NaN pivot");
}

void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);

/* HS_K_GETRF: a tall, a wide and a singular block (a zero column: INFO
 * names it) inside a taller ld-high buffer, INFO and the pivots uploaded
 * to device memory, all as LAPACK's DGETRF gives them. */
static void test_getrf(hs_device *d, int exact)
{
    static const int shapes[][3] = { { 40, 9, 0 }, { 6, 11, 0 }, { 17, 17, 5 } };
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        int m = shapes[s][0], n = shapes[s][1], zero = shapes[s][2], ld = m + 3, off = 1;
        int k = m < n ? m : n, want[64] = { 0 }, got_piv[64] = { 0 };
        double *a = random_matrix(ld, n), *ref = malloc(sizeof(double) * (size_t)(ld * n));
        double *got = malloc(sizeof(double) * (size_t)(ld * n));
        if (zero)
            for (int i = 0; i < m; i++)
                a[off + i + (zero - 1) * ld] = 0;
        memcpy(ref, a, sizeof(double) * (size_t)(ld * n));
        dgetrf_(&m, &n, ref + off, &ld, want + 1, &want[0]);
        double *da = upload(d, a, ld, n, ld, ld);
        int *dpiv = d->ops->alloc(d, sizeof got_piv);
        CHECK(hs_dev_getrf(d, HS_STREAM_COMPUTE, HS_PREC_D, m, n, da + off, ld, dpiv) == 0);
        hs_event *ev;
        CHECK(d->ops->event_record(d, HS_STREAM_COMPUTE, &ev) == 0);
        CHECK(d->ops->stream_wait(d, HS_STREAM_OUT, ev) == 0);
        download(d, da, ld, n, ld, got, ld);
        CHECK(d->ops->copy(d, HS_STREAM_OUT, HS_COPY_D2H, 1 + k, 1, (int)sizeof(int), dpiv, 1 + k,
                           got_piv, 1 + k) == 0);
        CHECK(d->ops->synchronize(d) == 0);
        d->ops->event_free(d, ev);
        CHECK(memcmp(got_piv, want, (size_t)(1 + k) * sizeof(int)) == 0);
        CHECK(close_enough(got, ref, ld * n, exact));
        CHECK(d->ops->synchronize(d) == 0);
        d->ops->free(d, da);
        d->ops->free(d, dpiv);
        free(a); free(ref); free(got);
    }
    CHECK(hs_dev_getrf(d, HS_STREAM_COMPUTE, HS_PREC_D, 4, 4, NULL, 4, NULL) == HETSCAL_ERR_DEVICE);
    report(d->name, "dgetrf: factor, pivots and INFO as LAPACK's");
}

void dgeqrf_(const int *m, const int *n, double *a, const int *lda, double *tau, double *work,
             const int *lwork, int *info);
void dormqr_(const char *side, const char *trans, const int *m, const int *n, const int *k,
             const double *a, const int *lda, const double *tau, double *c, const int *ldc,
             double *work, const int *lwork, int *info, size_t l1, size_t l2);

/* HS_K_GEQRF and HS_K_ORMQR on a tall, a wide and a square block inside
 * a taller ld-high buffer: the factor as LAPACK's DGEQRF gives it, its
 * taus in a row of a matrix (every third value), R with zero rows below
 * the rank; then Q [B; 0] over those reflectors as DORMQR gives it. */
static void test_qr(hs_device *d, int exact)
{
    static const int shapes[][2] = { { 40, 9 }, { 6, 11 }, { 17, 17 } };
    enum { LWORK = 64 * 64, STRIDE = 3 };
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        int m = shapes[s][0], n = shapes[s][1], ld = m + 3, off = 1, info = 0, lwork = LWORK;
        int k = m < n ? m : n, cols = n > k ? n : k;
        double *a = random_matrix(ld, cols), *ref = malloc(sizeof(double) * (size_t)(ld * cols));
        double *got = malloc(sizeof(double) * (size_t)(ld * cols)), *b = random_matrix(k, n);
        double work[LWORK], tau[64], got_tau[STRIDE * 64], r[64 * 64];
        memcpy(ref, a, sizeof(double) * (size_t)(ld * cols));
        dgeqrf_(&m, &n, ref + off, &ld, tau, work, &lwork, &info);
        double *da = upload(d, a, ld, cols, ld, ld), *dtau = upload(d, NULL, 1, 0, 1, STRIDE * k);
        double *dr = upload(d, NULL, 0, 0, n, n * n), *db = upload(d, b, k, n, k, k);
        CHECK(hs_dev_geqrf(d, HS_STREAM_COMPUTE, HS_PREC_D, m, n, da + off, ld, dtau, STRIDE, dr,
                           n) == 0);
        CHECK(d->ops->synchronize(d) == 0);
        download(d, da, ld, cols, ld, got, ld);
        download(d, dtau, 1, STRIDE * k, 1, got_tau, 1);
        download(d, dr, n, n, n, r, n);
        CHECK(close_enough(got, ref, ld * cols, exact));
        for (int i = 0; i < k; i++)
            CHECK(close_enough(&got_tau[STRIDE * i], &tau[i], 1, exact));
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++)
                CHECK(i < k ? same_bits(r[i + j * n], got[off + i + j * ld])
                            : r[i + j * n] == 0.0);
        /* Q [B; 0] over the reflectors the device left. */
        double *v = malloc(sizeof(double) * (size_t)(m * k));
        for (int j = 0; j < k; j++)
            memcpy(v + j * m, ref + off + j * ld, sizeof(double) * (size_t)m);
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++)
                ref[off + i + j * ld] = i < k ? b[i + j * k] : 0.0;
        dormqr_("L", "N", &m, &n, &k, v, &m, tau, ref + off, &ld, work, &lwork, &info, 1, 1);
        CHECK(hs_dev_ormqr(d, HS_STREAM_COMPUTE, HS_PREC_D, m, n, k, db, k, dtau, STRIDE,
                           da + off, ld) == 0);
        CHECK(d->ops->synchronize(d) == 0);
        download(d, da, ld, n, ld, got, ld);
        for (int j = 0; j < n; j++)
            CHECK(close_enough(got + off + j * ld, ref + off + j * ld, m, exact));
        CHECK(d->ops->synchronize(d) == 0);
        d->ops->free(d, da);
        d->ops->free(d, dtau);
        d->ops->free(d, dr);
        d->ops->free(d, db);
        free(a); free(ref); free(got); free(b); free(v);
    }
    CHECK(hs_dev_geqrf(d, HS_STREAM_COMPUTE, HS_PREC_D, 4, 4, NULL, 4, NULL, 1, NULL, 4)
          == HETSCAL_ERR_DEVICE);
    report(d->name, "dgeqrf, dormqr: factor, taus, R, Q [B; 0]");
}

/* LAPACK's ?LARFT, one prototype for the four precisions (element
 * pointers as void *; hidden string lengths as gfortran passes them). */
typedef void larft_fn(const char *direct, const char *storev, const int *n, const int *k,
                      const void *v, const int *ldv, const void *tau, void *t, const int *ldt,
                      size_t l1, size_t l2);
larft_fn slarft_, dlarft_, clarft_, zlarft_;

/* count random elements of precision prec (both parts of a complex one). */
static void *random_elements(int prec, size_t count)
{
    size_t parts = count * (hs_prec_complex(prec) ? 2 : 1);
    double *v = random_matrix((int)parts, 1);
    void *p = malloc(hs_prec_bytes(prec) * (count ? count : 1));
    for (size_t i = 0; i < parts; i++)
        if (prec == HS_PREC_S || prec == HS_PREC_C)
            ((float *)p)[i] = (float)v[i];
        else
            ((double *)p)[i] = v[i];
    free(v);
    return p;
}

/* The i-th real part of an array of precision prec. */
static double part(int prec, const void *p, size_t i)
{
    return prec == HS_PREC_S || prec == HS_PREC_C ? ((const float *)p)[i]
                                                   : ((const double *)p)[i];
}

/* Two arrays of count elements: bitwise equal (exact), or within tol of
 * each other relative to the largest of ref. */
static int same_elements(int prec, const void *got, const void *ref, size_t count, int exact,
                         double tol)
{
    size_t parts = count * (hs_prec_complex(prec) ? 2 : 1);
    double big = 0;
    if (exact)
        return memcmp(got, ref, count * hs_prec_bytes(prec)) == 0;
    for (size_t i = 0; i < parts; i++)
        big = fabs(part(prec, ref, i)) > big ? fabs(part(prec, ref, i)) : big;
    for (size_t i = 0; i < parts; i++)
        if (!(fabs(part(prec, got, i) - part(prec, ref, i)) <= tol * (1 + big)))
            return 0;
    return 1;
}

/* A device copy of count contiguous elements of esize bytes (host given:
 * uploaded, waited for). */
static void *device_copy(hs_device *d, const void *host, size_t count, int esize)
{
    void *p = d->ops->alloc(d, (size_t)esize * (count ? count : 1));
    hs_event *ev;
    CHECK(p != NULL);
    if (p && host && count) {
        CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, (int)count, 1, esize, host,
                           (int)count, p, (int)count) == 0);
        CHECK(d->ops->event_record(d, HS_STREAM_IN, &ev) == 0);
        CHECK(d->ops->event_wait(d, ev) == 0);
        d->ops->event_free(d, ev);
    }
    return p;
}

static void host_copy(hs_device *d, const void *p, size_t count, int esize, void *host)
{
    hs_event *ev;
    CHECK(d->ops->copy(d, HS_STREAM_OUT, HS_COPY_D2H, (int)count, 1, esize, p, (int)count,
                       host, (int)count) == 0);
    CHECK(d->ops->event_record(d, HS_STREAM_OUT, &ev) == 0);
    CHECK(d->ops->event_wait(d, ev) == 0);
    d->ops->event_free(d, ev);
}

/* HS_K_LARFT in the four precisions, k == m and k < m, with r and
 * without: T's upper triangle as LAPACK's ?LARFT ('F', 'C') forms it
 * (c's rows below k untouched), r V's top k x k block as an explicit
 * unit lower triangle (its rows below k untouched); a and tau unchanged.
 * a's diagonal and upper part are garbage: the kernel must not read them. */
static void test_larft(hs_device *d, int exact)
{
    static larft_fn *const larft[HS_NPRECS] = { [HS_PREC_D] = dlarft_, [HS_PREC_S] = slarft_,
                                                [HS_PREC_C] = clarft_, [HS_PREC_Z] = zlarft_ };
    static const int shapes[][2] = { { 9, 9 }, { 23, 7 }, { 1, 1 } };
    for (int prec = 0; prec < HS_NPRECS; prec++) {
        int es = (int)hs_prec_bytes(prec);
        double tol = 64 * 23 * hs_prec_eps(prec);
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            for (int with_r = 0; with_r < 2; with_r++) {
                int m = shapes[s][0], k = shapes[s][1], lda = m + 2, ldc = k + 1, ldr = k + 3;
                size_t na = (size_t)lda * (size_t)k, nc = (size_t)ldc * (size_t)k;
                size_t nr = (size_t)ldr * (size_t)k, eb = (size_t)es;
                char *a = random_elements(prec, na), *tau = random_elements(prec, (size_t)k);
                char *c = random_elements(prec, nc), *r = random_elements(prec, nr);
                char *ref_c = malloc(nc * eb), *ref_r = malloc(nr * eb);
                size_t most = na > nc ? na : nc;
                char *got = malloc((most > nr ? most : nr) * eb);
                memcpy(ref_c, c, nc * eb);
                memcpy(ref_r, r, nr * eb);
                larft[prec]("F", "C", &m, &k, a, &lda, tau, ref_c, &ldc, 1, 1);
                for (int j = 0; j < k; j++)
                    for (int i = 0; i < k; i++) {
                        char *to = ref_r + (i + (size_t)j * (size_t)ldr) * eb;
                        if (i > j)
                            memcpy(to, a + (i + (size_t)j * (size_t)lda) * eb, eb);
                        else
                            hs_prec_store_real(prec, to, i == j ? 1.0 : 0.0);
                    }
                void *da = device_copy(d, a, na, es), *dtau = device_copy(d, tau, (size_t)k, es);
                void *dc = device_copy(d, c, nc, es), *dr = device_copy(d, r, nr, es);
                CHECK(hs_dev_larft(d, HS_STREAM_COMPUTE, prec, m, k, da, lda, dtau, dc, ldc,
                                   with_r ? dr : NULL, ldr) == 0);
                CHECK(d->ops->synchronize(d) == 0);
                host_copy(d, dc, nc, es, got);
                /* T's strictly lower part is left out: cuSOLVER documents
                 * T as upper triangular only (a real H200's T failed the
                 * whole-array comparison, as the stand-in's, which writes
                 * NaN there, does), and nothing of hetscal reads it; rows
                 * below k (outside T) must be untouched. */
                for (int j = 0; j < k; j++)
                    memcpy(got + ((size_t)j * (size_t)ldc + (size_t)j + 1) * eb,
                           ref_c + ((size_t)j * (size_t)ldc + (size_t)j + 1) * eb,
                           (size_t)(k - 1 - j) * eb);
                CHECK(same_elements(prec, got, ref_c, nc, exact, tol));
                host_copy(d, dr, nr, es, got);
                CHECK(same_elements(prec, got, with_r ? ref_r : r, nr, exact, tol));
                host_copy(d, da, na, es, got);
                CHECK(memcmp(got, a, na * eb) == 0);
                host_copy(d, dtau, (size_t)k, es, got);
                CHECK(memcmp(got, tau, (size_t)k * eb) == 0);
                d->ops->free(d, da);
                d->ops->free(d, dtau);
                d->ops->free(d, dc);
                d->ops->free(d, dr);
                free(a); free(tau); free(c); free(r); free(ref_c); free(ref_r); free(got);
            }
        /* No reflector: nothing to do; k > m, a short ldr: refused. */
        CHECK(hs_dev_larft(d, HS_STREAM_COMPUTE, prec, 5, 0, NULL, 5, NULL, NULL, 1, NULL, 1)
              == 0);
        CHECK(hs_dev_larft(d, HS_STREAM_COMPUTE, prec, 3, 4, NULL, 3, NULL, NULL, 4, NULL, 4)
              == HETSCAL_ERR_DEVICE);
        void *p = d->ops->alloc(d, 64 * hs_prec_bytes(prec));
        CHECK(hs_dev_larft(d, HS_STREAM_COMPUTE, prec, 4, 4, p, 4, p, p, 4, p, 3)
              == HETSCAL_ERR_DEVICE);
        CHECK(d->ops->synchronize(d) == 0);
        d->ops->free(d, p);
    }
    report(d->name, "[sdcz]larft: T as LAPACK's, V1, with/without r");
}

/* Callbacks append their trial number under a lock. */
typedef struct cb_log {
    pthread_mutex_t lock;
    int count, in_order;
} cb_log;

typedef struct cb_arg {
    cb_log *log;
    int trial;
} cb_arg;

static void on_done(void *p)
{
    cb_arg *a = p;
    pthread_mutex_lock(&a->log->lock);
    if (a->trial != a->log->count)
        a->log->in_order = 0;
    a->log->count++;
    pthread_mutex_unlock(&a->log->lock);
}

enum { SLOTS = 3, MAXM = 40, MAXN = 12 };

typedef struct slot {
    double x[MAXM * MAXN], y[(MAXM + 1) * MAXN];
    int m, n, trial;
    hs_event *comp, *out;
} slot;

static void check_slot(hs_device *d, slot *s, long *pending_seen)
{
    int q;
    if (!s->out)
        return;
    while ((q = d->ops->event_query(d, s->out)) == 0)
        (*pending_seen)++, d->ops->event_wait(d, s->out);
    CHECK(q == 1);
    CHECK(d->ops->event_query(d, s->comp) == 1);   /* OUT waited for it */
    for (int j = 0; j < s->n; j++)
        for (int i = 0; i < s->m; i++)
            CHECK(same_bits(s->y[i + j * (MAXM + 1)], s->x[i + j * s->m]));
    d->ops->event_free(d, s->comp);
    d->ops->event_free(d, s->out);
    s->comp = s->out = NULL;
}

/* Randomized pipelines: every trial copies fresh data into the same device
 * buffers (in-stream), computes Y = X * I (compute stream, after the copy
 * and after the previous trial's download of Y), and downloads Y (out
 * stream); three trials in flight.  Any missed dependency shows up as a
 * stale or poisoned value. */
static void test_ordering(hs_device *d, int trials)
{
    slot *slots = calloc(SLOTS, sizeof *slots);
    cb_arg *args = calloc((size_t)trials, sizeof *args);
    cb_log log = { PTHREAD_MUTEX_INITIALIZER, 0, 1 };
    double *eye = calloc(MAXN * MAXN, sizeof *eye);
    long pending_seen = 0;
    hs_event *prev_comp = NULL, *prev_out = NULL;
    for (int i = 0; i < MAXN; i++)
        eye[i * (MAXN + 1)] = 1.0;
    double *deye = upload(d, eye, MAXN, MAXN, MAXN, MAXN);
    double *dx = d->ops->alloc(d, sizeof(double) * MAXM * MAXN);
    double *dy = d->ops->alloc(d, sizeof(double) * (MAXM + 1) * MAXN);
    for (int t = 0; t < trials; t++) {
        slot *s = &slots[t % SLOTS];
        hs_event *ev_in;
        check_slot(d, s, &pending_seen);
        s->m = 1 + (int)rnd(MAXM);
        s->n = 1 + (int)rnd(MAXN);
        s->trial = t;
        for (int i = 0; i < s->m * s->n; i++)
            s->x[i] = t * 1000.0 + i;
        for (int i = 0; i < (MAXM + 1) * MAXN; i++)
            s->y[i] = -1.0;
        if (prev_comp)   /* the previous kernel has read dx */
            CHECK(d->ops->stream_wait(d, HS_STREAM_IN, prev_comp) == 0);
        CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, s->m, s->n, ES, s->x, s->m, dx, s->m) == 0);
        CHECK(d->ops->event_record(d, HS_STREAM_IN, &ev_in) == 0);
        CHECK(d->ops->stream_wait(d, HS_STREAM_COMPUTE, ev_in) == 0);
        d->ops->event_free(d, ev_in);
        if (prev_out)    /* the previous download has read dy */
            CHECK(d->ops->stream_wait(d, HS_STREAM_COMPUTE, prev_out) == 0);
        CHECK(hs_dev_gemm(d, HS_STREAM_COMPUTE, HS_PREC_D, 'N', 'N', s->m, s->n, s->n, 1.0, dx, s->m,
                           deye, MAXN, 0.0, dy, MAXM + 1) == 0);
        CHECK(d->ops->event_record(d, HS_STREAM_COMPUTE, &s->comp) == 0);
        CHECK(d->ops->stream_wait(d, HS_STREAM_OUT, s->comp) == 0);
        CHECK(d->ops->copy(d, HS_STREAM_OUT, HS_COPY_D2H, s->m, s->n, ES, dy, MAXM + 1, s->y,
                           MAXM + 1) == 0);
        CHECK(d->ops->event_record(d, HS_STREAM_OUT, &s->out) == 0);
        args[t] = (cb_arg){ &log, t };
        CHECK(d->ops->callback(d, HS_STREAM_OUT, on_done, &args[t]) == 0);
        prev_comp = s->comp;
        prev_out = s->out;
    }
    for (int i = 0; i < SLOTS; i++)
        check_slot(d, &slots[i], &pending_seen);
    CHECK(d->ops->synchronize(d) == 0);
    pthread_mutex_lock(&log.lock);
    CHECK(log.count == trials && log.in_order);
    pthread_mutex_unlock(&log.lock);
    if (d->kind == HS_DEV_EMU)
        CHECK(pending_seen > 0);   /* completions do come late */
    printf("        (%d trials, %ld found pending)\n", trials, pending_seen);
    d->ops->free(d, deye);
    d->ops->free(d, dx);
    d->ops->free(d, dy);
    free(eye);
    free(slots);
    free(args);
    report(d->name, "event ordering, stream waits, callbacks");
}

/* The runtime's pattern: a copy thread and a management thread driving
 * different streams of one device, handing events over a mailbox. */
typedef struct mailbox {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    hs_event *to_kernel, *to_copy;
    int stop;
} mailbox;

typedef struct pipe_ctx {
    hs_device *d;
    mailbox box;
    double *dx, *dy;
    int m, trials, errors;
} pipe_ctx;

static hs_event *take(mailbox *b, hs_event **box_slot)
{
    pthread_mutex_lock(&b->lock);
    while (!*box_slot)
        pthread_cond_wait(&b->cond, &b->lock);
    hs_event *ev = *box_slot;
    *box_slot = NULL;
    pthread_mutex_unlock(&b->lock);
    return ev;
}

static void put(mailbox *b, hs_event **box_slot, hs_event *ev)
{
    pthread_mutex_lock(&b->lock);
    *box_slot = ev;
    pthread_cond_broadcast(&b->cond);
    pthread_mutex_unlock(&b->lock);
}

static void *management_thread(void *arg)
{
    pipe_ctx *p = arg;
    hs_device *d = p->d;
    for (int t = 0; t < p->trials; t++) {
        hs_event *in = take(&p->box, &p->box.to_kernel), *done;
        int err = d->ops->stream_wait(d, HS_STREAM_COMPUTE, in);
        d->ops->event_free(d, in);
        /* y = 2 * x * x[0], x[0] = 1: a dgemm with k = 1. */
        err |= hs_dev_gemm(d, HS_STREAM_COMPUTE, HS_PREC_D, 'N', 'N', p->m, 1, 1, 2.0, p->dx, p->m,
                            p->dx, 1, 0.0, p->dy, p->m);
        err |= d->ops->event_record(d, HS_STREAM_COMPUTE, &done);
        if (err)
            p->errors++;
        put(&p->box, &p->box.to_copy, done);
    }
    return NULL;
}

static void test_two_threads(hs_device *d, int trials)
{
    pipe_ctx p = { .d = d, .m = 64, .trials = trials };
    double x[64], y[64];
    pthread_t th;
    pthread_mutex_init(&p.box.lock, NULL);
    pthread_cond_init(&p.box.cond, NULL);
    p.dx = d->ops->alloc(d, sizeof x);
    p.dy = d->ops->alloc(d, sizeof y);
    CHECK(pthread_create(&th, NULL, management_thread, &p) == 0);
    for (int t = 0; t < trials; t++) {
        hs_event *in, *k;
        x[0] = 1.0;   /* dx[0] is the scalar: y = x[0] * x * 2 */
        for (int i = 1; i < 64; i++)
            x[i] = t + i * 0.5;
        CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, 64, 1, ES, x, 64, p.dx, 64) == 0);
        CHECK(d->ops->event_record(d, HS_STREAM_IN, &in) == 0);
        put(&p.box, &p.box.to_kernel, in);
        k = take(&p.box, &p.box.to_copy);
        CHECK(d->ops->stream_wait(d, HS_STREAM_OUT, k) == 0);
        d->ops->event_free(d, k);
        download(d, p.dy, 64, 1, 64, y, 64);
        for (int i = 0; i < 64; i++)
            CHECK(y[i] == 2.0 * x[i]);
    }
    pthread_join(th, NULL);
    CHECK(p.errors == 0);
    d->ops->free(d, p.dx);
    d->ops->free(d, p.dy);
    pthread_cond_destroy(&p.box.cond);
    pthread_mutex_destroy(&p.box.lock);
    report(d->name, "copy and management threads");
}

/* A thread that issues its own kernels on one stream and waits for them
 * (as a driver thread does on HS_STREAM_DRIVER while a management thread
 * issues on the compute stream): y = 2 x by a GEMM, then I?AMAX of y,
 * copies in and out on the same stream, each round waited for. */
typedef struct issuer {
    hs_device *d;
    int stream, trials, errors;
} issuer;

static void *issue_and_wait(void *arg)
{
    issuer *is = arg;
    hs_device *d = is->d;
    enum { M = 96 };
    double *x = d->ops->host_alloc(d, 2 * M * sizeof *x), *y = x ? x + M : NULL;
    double *dx = d->ops->alloc(d, M * sizeof *dx), *dy = d->ops->alloc(d, M * sizeof *dy);
    double one = 1;
    double *done = d->ops->alloc(d, sizeof one);
    if (!x || !dx || !dy || !done) {
        is->errors++;
        return NULL;
    }
    memcpy(y, &one, sizeof one);
    int err = d->ops->copy(d, is->stream, HS_COPY_H2D, 1, 1, ES, y, 1, done, 1);
    for (int t = 0; t < is->trials && !err; t++) {
        for (int i = 0; i < M; i++)
            x[i] = (i * 7 + t * 3 + is->stream) % M - M / 3.0;
        int at = 0;
        hs_event *ev;
        err = d->ops->copy(d, is->stream, HS_COPY_H2D, M, 1, ES, x, M, dx, M);
        err = err ? err : hs_dev_gemm(d, is->stream, HS_PREC_D, 'N', 'N', M, 1, 1, 2.0, dx, M,
                                      done, 1, 0.0, dy, M);
        err = err ? err : hs_dev_iamax(d, is->stream, HS_PREC_D, M, dy, 1, &at);
        err = err ? err : d->ops->copy(d, is->stream, HS_COPY_D2H, M, 1, ES, dy, M, y, M);
        err = err ? err : d->ops->event_record(d, is->stream, &ev);
        if (!err) {
            err = d->ops->event_wait(d, ev);
            d->ops->event_free(d, ev);
        }
        int inc = 1, n = M;
        for (int i = 0; !err && i < M; i++)
            is->errors += y[i] != 2 * x[i];
        is->errors += !err && at != idamax_(&n, x, &inc);
    }
    is->errors += err != 0;
    (void)d->ops->synchronize(d);
    d->ops->free(d, dx);
    d->ops->free(d, dy);
    d->ops->free(d, done);
    d->ops->host_free(d, x);
    return NULL;
}

/* The driver stream's thread and the compute stream's at once. */
static void test_driver_thread(hs_device *d, int trials)
{
    issuer is[2] = { { d, HS_STREAM_COMPUTE, trials, 0 }, { d, HS_STREAM_DRIVER, trials, 0 } };
    pthread_t th[2];
    for (int k = 0; k < 2; k++)
        CHECK(pthread_create(&th[k], NULL, issue_and_wait, &is[k]) == 0);
    for (int k = 0; k < 2; k++)
        pthread_join(th[k], NULL);
    CHECK(is[0].errors == 0 && is[1].errors == 0);
    report(d->name, "driver and compute streams from two threads");
}

/* A callback that blocks its stream until the test opens the gate. */
typedef struct gate {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int open;
} gate;

static void gate_pass(void *arg)
{
    gate *g = arg;
    pthread_mutex_lock(&g->lock);
    while (!g->open)
        pthread_cond_wait(&g->cond, &g->lock);
    pthread_mutex_unlock(&g->lock);
}

static void gate_open(gate *g)
{
    pthread_mutex_lock(&g->lock);
    g->open = 1;
    pthread_cond_broadcast(&g->cond);
    pthread_mutex_unlock(&g->lock);
}

/* Bad arguments are errors, never a BLAS exit or a crash; on emu, device
 * and host memory are told apart and a buffer in use is not freed. */
static void test_bad_arguments(hs_device *d)
{
    double host[64] = { 0 };
    double *dv = d->ops->alloc(d, sizeof host);
    hs_kernel_call bad = { .op = HS_K_GEMM, .transa = 'N', .transb = 'N', .m = 8, .n = 8,
                           .k = 8, .alpha = 1, .a = dv, .b = dv, .c = dv, .lda = 4, .ldb = 8,
                           .ldc = 8 };
    CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, 8, 8, ES, host, 4, dv, 8) == HETSCAL_ERR_DEVICE);
    CHECK(d->ops->copy(d, 7, HS_COPY_H2D, 8, 8, ES, host, 8, dv, 8) == HETSCAL_ERR_DEVICE);
    CHECK(d->ops->copy(d, HS_STREAM_IN, 9, 8, 8, ES, host, 8, dv, 8) == HETSCAL_ERR_DEVICE);
    CHECK(d->ops->kernel(d, HS_STREAM_COMPUTE, &bad) == HETSCAL_ERR_DEVICE);
    bad.lda = 8;
    bad.transa = 'X';
    CHECK(d->ops->kernel(d, HS_STREAM_COMPUTE, &bad) == HETSCAL_ERR_DEVICE);
    bad.transa = 'N';
    bad.op = 99;
    CHECK(d->ops->kernel(d, HS_STREAM_COMPUTE, &bad) == HETSCAL_ERR_DEVICE);
    bad.op = HS_K_GEMM;
    CHECK(d->ops->kernel(d, -1, &bad) == HETSCAL_ERR_DEVICE);
    CHECK(hs_dev_triangular(d, HS_STREAM_COMPUTE, HS_K_TRSM, HS_PREC_D, 'Q', 'L', 'N', 'N', 8, 8, 1, dv, 8, dv, 8)
          == HETSCAL_ERR_DEVICE);
    CHECK(hs_dev_triangular(d, HS_STREAM_COMPUTE, HS_K_TRMM, HS_PREC_D, 'L', 'L', 'N', 'X', 8, 8, 1, dv, 8, dv, 8)
          == HETSCAL_ERR_DEVICE);
    CHECK(d->ops->callback(d, HS_STREAM_OUT, NULL, NULL) == HETSCAL_ERR_DEVICE);
    if (d->kind == HS_DEV_EMU) {   /* host and device memory are told apart */
        double *small = d->ops->alloc(d, 8 * 4 * sizeof(double));
        bad.a = host;
        CHECK(d->ops->kernel(d, HS_STREAM_COMPUTE, &bad) == HETSCAL_ERR_DEVICE);
        CHECK(hs_dev_laswp(d, HS_STREAM_COMPUTE, HS_PREC_D, 8, 8, 4, (const int *)(void *)host,
                           dv, 8) == HETSCAL_ERR_DEVICE);   /* pivots in host memory */
        CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, 8, 8, ES, host, 8, host, 8)
              == HETSCAL_ERR_DEVICE);
        CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, 8, 8, ES, dv, 8, dv, 8)
              == HETSCAL_ERR_DEVICE);
        CHECK(d->ops->copy(d, HS_STREAM_OUT, HS_COPY_D2H, 8, 8, ES, dv, 8, dv, 8)
              == HETSCAL_ERR_DEVICE);
        CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, 8, 8, ES, host, 8, small, 8)
              == HETSCAL_ERR_DEVICE);   /* past the end of the buffer */
        /* Held back behind a closed gate, the copy pins its buffer. */
        gate g = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0 };
        hs_event *ev;
        CHECK(d->ops->callback(d, HS_STREAM_COMPUTE, gate_pass, &g) == 0);
        CHECK(d->ops->event_record(d, HS_STREAM_COMPUTE, &ev) == 0);
        CHECK(d->ops->stream_wait(d, HS_STREAM_IN, ev) == 0);
        CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, 8, 4, ES, host, 8, small, 8) == 0);
        CHECK(d->ops->free(d, small) == HETSCAL_ERR_DEVICE);   /* still in use */
        CHECK(d->ops->event_query(d, ev) == 0);
        gate_open(&g);
        CHECK(d->ops->synchronize(d) == 0);   /* before free, as always */
        CHECK(d->ops->event_query(d, ev) == 1);
        d->ops->event_free(d, ev);
        CHECK(d->ops->free(d, small) == 0);
        CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, 8, 4, ES, host, 8, small, 8)
              == HETSCAL_ERR_DEVICE);   /* freed */
        CHECK(d->ops->free(d, host) == HETSCAL_ERR_DEVICE);
    }
    CHECK(d->ops->synchronize(d) == 0);
    CHECK(d->ops->free(d, dv) == 0);
    report(d->name, "bad arguments and misuse are errors");
}

/* Copies from accelerator a to b directly (device.h peer_copy): the bytes
 * arrive, on b's in-stream; a source of a's in use is not freed until the
 * copy has run; operands on the wrong device are errors. */
static void test_peer_copies(hs_device *a, hs_device *b)
{
    enum { M = 61, N = 37 };
    size_t bytes = sizeof(double) * M * N;
    double *x = random_matrix(M, N), *back = malloc(bytes);
    double *pa = upload(a, x, M, N, M, M), *pb = b->ops->alloc(b, bytes);
    CHECK(pa && pb && back);
    CHECK(a->ops->peer(a, b) == 1 && b->ops->peer(b, a) == 1 && a->ops->peer(a, a) == 0);
    /* Held back behind a closed gate on b's in-stream: a's buffer stays
     * pinned until the copy has run. */
    gate g = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0 };
    CHECK(b->ops->callback(b, HS_STREAM_IN, gate_pass, &g) == 0);
    CHECK(b->ops->peer_copy(b, HS_STREAM_IN, a, pa, pb, bytes) == 0);
    if (a->kind == HS_DEV_EMU)
        CHECK(a->ops->free(a, pa) == HETSCAL_ERR_DEVICE);   /* still in use */
    gate_open(&g);
    hs_event *ev;
    CHECK(b->ops->event_record(b, HS_STREAM_IN, &ev) == 0);
    CHECK(b->ops->stream_wait(b, HS_STREAM_OUT, ev) == 0);
    download(b, pb, M, N, M, back, M);
    for (int i = 0; i < M * N; i++)
        CHECK(same_bits(back[i], x[i]));
    b->ops->event_free(b, ev);
    if (a->kind == HS_DEV_EMU) {   /* operands on the device they belong to */
        CHECK(b->ops->peer_copy(b, HS_STREAM_IN, a, pb, pb, bytes) == HETSCAL_ERR_DEVICE);
        CHECK(b->ops->peer_copy(b, HS_STREAM_IN, a, pa, pa, bytes) == HETSCAL_ERR_DEVICE);
        CHECK(b->ops->peer_copy(b, HS_STREAM_IN, a, x, pb, bytes) == HETSCAL_ERR_DEVICE);
        CHECK(b->ops->peer_copy(b, HS_STREAM_IN, a, pa, pb, bytes + 4096) == HETSCAL_ERR_DEVICE);
    }
    CHECK(b->ops->peer_copy(b, 7, a, pa, pb, bytes) == HETSCAL_ERR_DEVICE);
    CHECK(a->ops->synchronize(a) == 0 && b->ops->synchronize(b) == 0);
    CHECK(a->ops->free(a, pa) == 0 && b->ops->free(b, pb) == 0);
    free(x);
    free(back);
    report(b->name, "peer copies from another accelerator");
}

/* Arena exhaustion, first fit, coalescing, poison (emu only). */
static void test_arena(void)
{
    hs_device *d = hs_emu_device_open(1, 65536, 0, 1);
    double *b[9], *big;
    CHECK(d && d->capacity == 65536);
    for (int i = 0; i < 8; i++)
        CHECK((b[i] = d->ops->alloc(d, 8192)) != NULL);
    CHECK(d->ops->alloc(d, 8192) == NULL && d->ops->alloc(d, 1) == NULL);
    CHECK(d->ops->free(d, b[3]) == 0);
    CHECK(d->ops->alloc(d, 8193) == NULL);
    CHECK((b[8] = d->ops->alloc(d, 8000)) == b[3]);
    CHECK(d->ops->free(d, b[4]) == 0 && d->ops->free(d, b[5]) == 0);
    CHECK((big = d->ops->alloc(d, 16384)) == b[4]);
    CHECK(d->ops->alloc(d, 65537) == NULL);
    CHECK(d->ops->free(d, big) == 0 && d->ops->free(d, b[8]) == 0);
    for (int i = 0; i < 8; i++)
        if (i < 3 || i > 5)
            CHECK(d->ops->free(d, b[i]) == 0);
    CHECK(d->ops->free(d, b[0]) == HETSCAL_ERR_DEVICE);   /* double free */
    CHECK((big = d->ops->alloc(d, 65536)) != NULL);
    CHECK(d->ops->free(d, big) == 0);
    d->ops->close(d);
    d = hs_emu_device_open(1, 100, 0, 1);   /* smaller than one buffer */
    CHECK(d && d->ops->alloc(d, 8) == NULL);
    if (d)
        d->ops->close(d);
    report("emu", "arena exhaustion, first fit, coalescing");
}

static void test_poison(void)
{
    hs_device *d = hs_emu_device_open(1, 1 << 20, 50, 3);
    /* Live throughout: an arena left with no buffer gives its pages back
     * (emu_arena.h), and a stale read there sees zeros. */
    double *kept = d->ops->alloc(d, 64);
    double host[512], *p = d->ops->alloc(d, sizeof host), *c, *got = malloc(sizeof host);
    for (int i = 0; i < 512; i++) {
        CHECK(is_poison(p[i]));
        host[i] = i;
    }
    CHECK(d->ops->copy(d, HS_STREAM_IN, HS_COPY_H2D, 512, 1, ES, host, 512, p, 512) == 0);
    CHECK(d->ops->synchronize(d) == 0);
    CHECK(p[7] == 7.0);
    CHECK(d->ops->free(d, p) == 0);
    for (int i = 0; i < 512; i++)
        CHECK(is_poison(p[i]));   /* a stale read sees NaNs */
    /* A kernel reading a buffer that was never written computes NaNs. */
    p = upload(d, host, 16, 16, 16, 16);
    c = d->ops->alloc(d, sizeof(double) * 256);
    CHECK(hs_dev_gemm(d, HS_STREAM_COMPUTE, HS_PREC_D, 'N', 'N', 16, 16, 16, 1.0, p, 16, p, 16, 1.0, c,
                       16) == 0);
    CHECK(d->ops->synchronize(d) == 0);
    download(d, c, 16, 16, 16, got, 16);
    for (int i = 0; i < 256; i++)
        CHECK(isnan(got[i]));
    d->ops->free(d, p);
    d->ops->free(d, c);
    CHECK(d->ops->free(d, kept) == 0);
    CHECK(kept[0] == 0.0);   /* the arena's pages went back: zeros */
    d->ops->close(d);
    free(got);
    report("emu", "poison on alloc, free; empty arena given back");
}

static void test_parse_and_share(void)
{
    static const struct { const char *spec; int ok, kind, count; } cases[] = {
        { NULL, 1, HS_DEV_CUDA, -1 }, { "", 1, HS_DEV_CUDA, -1 }, { " ", 1, HS_DEV_CUDA, -1 },
        { "cpu", 1, HS_DEV_CPU, 0 }, { " CPU ", 1, HS_DEV_CPU, 0 },
        { "cuda", 1, HS_DEV_CUDA, -1 }, { "cuda:2", 1, HS_DEV_CUDA, 2 },
        { "cuda:0", 1, HS_DEV_CUDA, 0 }, { "emu", 1, HS_DEV_EMU, 1 },
        { "emu:2", 1, HS_DEV_EMU, 2 }, { "Emu:64", 1, HS_DEV_EMU, 64 },
        { "emu:65", 0, 0, 0 }, { "emu:", 0, 0, 0 }, { "emu:-1", 0, 0, 0 },
        { "emu:x", 0, 0, 0 }, { "cuda:2x", 0, 0, 0 }, { "cpu:1", 0, 0, 0 },
        { "gpu", 0, 0, 0 }, { "cudax", 0, 0, 0 }, { "emu:99999999999999999999", 0, 0, 0 },
        { "cpu,emu:1", 0, 0, 0 } };
    static const struct { int gpus, rank, ranks, max, n, first, second; } shares[] = {
        { 4, 0, 2, -1, 2, 0, 2 }, { 4, 1, 2, -1, 2, 1, 3 }, { 5, 1, 2, -1, 2, 1, 3 },
        { 5, 0, 2, -1, 3, 0, 2 }, { 2, 2, 4, -1, 0, 0, 0 }, { 2, 1, 4, -1, 1, 1, 0 },
        { 3, 0, 1, 2, 2, 0, 1 }, { 8, 3, 4, 1, 1, 3, 0 }, { 0, 0, 1, -1, 0, 0, 0 },
        { 4, 0, 1, 0, 0, 0, 0 }, { 4, 2, 2, -1, 0, 0, 0 } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int kind = -7, count = -7;
        int rc = hs_devices_parse(cases[i].spec, &kind, &count);
        CHECK(cases[i].ok ? rc == 0 && kind == cases[i].kind && count == cases[i].count
                          : rc == HETSCAL_ERR_DEVICE);
        if (cases[i].ok ? rc != 0 : rc == 0)
            printf("  spec '%s'\n", cases[i].spec ? cases[i].spec : "(null)");
    }
    report("-", "HETSCAL_DEVICES parsing");
    for (size_t i = 0; i < sizeof shares / sizeof shares[0]; i++) {
        int ord[16] = { -1, -1 };
        int n = hs_devices_share(shares[i].gpus, shares[i].rank, shares[i].ranks, shares[i].max,
                                 ord);
        CHECK(n == shares[i].n);
        CHECK(n < 1 || ord[0] == shares[i].first);
        CHECK(n < 2 || ord[1] == shares[i].second);
    }
    report("-", "GPU g to local rank g mod local ranks");
}

/* The node's ranks list the GPUs they see by UUID (a letter here); each
 * GPU goes to one rank that sees it, the one holding the fewest. */
static void test_assign(void)
{
    static const struct {
        const char *seen;    /* each rank's GPUs, '|' between ranks */
        int max;
        const char *want;    /* each rank's ordinals, '|' between ranks */
    } cases[] = {
        { "ab|ab|ab|ab", -1, "0|1||" },             /* 4 ranks share 2 GPUs */
        { "abcd|abcd", -1, "02|13" },              /* 2 ranks share 4 */
        { "a|b|c|d", -1, "0|0|0|0" },              /* one GPU visible per rank */
        { "ab|cd", -1, "01|01" },                  /* each rank sees its own pair */
        { "ab|b|ab", -1, "0|0|" },                 /* 2 GPUs for 3 ranks: one runs on its CPUs */
        { "abcd|abcd", 1, "0|1" },                 /* cuda:1 on every rank */
        { "||", -1, "||" },                        /* no GPU anywhere */
        { "ba|ab", -1, "0|0" },                    /* the same GPUs numbered differently */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        unsigned char uuid[64][HS_UUID_BYTES];
        int count[16] = { 0 }, nranks = 1, total = 0;
        memset(uuid, 0, sizeof uuid);
        for (const char *p = cases[c].seen; *p; p++) {
            if (*p == '|')
                nranks++;
            else
                uuid[total++][0] = (unsigned char)*p, count[nranks - 1]++;
        }
        const char *w = cases[c].want;
        for (int me = 0; me < nranks; me++) {
            int ord[16], n = hs_devices_assign(nranks, count, uuid, me, cases[c].max, ord);
            int k = 0, ok = 1;
            for (; *w && *w != '|'; w++, k++)
                ok = ok && k < n && ord[k] == *w - '0';
            if (*w == '|')
                w++;
            CHECK(ok && k == n);
            if (!(ok && k == n))
                printf("  '%s' rank %d: %d GPU(s)\n", cases[c].seen, me, n);
        }
    }
    report("-", "GPUs shared by UUID over a node's ranks");
}

static void test_registry(void)
{
    hs_device **devs;
    int ndev;
    char msg[256];
    int gpus = 0;
#ifdef HETSCAL_HAVE_CUDA
    gpus = hs_cuda_device_count(msg, sizeof msg);
#endif
    setenv("HETSCAL_EMU_MEMORY", "64k", 1);
    CHECK(hs_devices_open("cpu", 0, 1, &devs, &ndev, msg, sizeof msg) == 0);
    CHECK(ndev == 1 && devs[0]->kind == HS_DEV_CPU && devs[0]->index == 0 && msg[0]);
    printf("        cpu: %s\n", msg);
    hs_devices_close(devs, ndev);
    CHECK(hs_devices_open("emu:2", 1, 2, &devs, &ndev, msg, sizeof msg) == 0);
    CHECK(ndev == 3 && devs[0]->kind == HS_DEV_CPU);
    for (int i = 1; i < ndev; i++) {
        char name[16];
        snprintf(name, sizeof name, "emu:%d", i);
        CHECK(devs[i]->kind == HS_DEV_EMU && devs[i]->index == i && devs[i]->capacity == 65536
              && strcmp(devs[i]->name, name) == 0);
    }
    printf("        emu:2: %s\n", msg);
    hs_devices_close(devs, ndev);
    CHECK(hs_devices_open("emu", 0, 1, &devs, &ndev, msg, sizeof msg) == 0 && ndev == 2);
    hs_devices_close(devs, ndev);
    /* CUDA asked for, explicitly or by default: on a machine without a GPU
     * the host only, a success, and a message saying why. */
    const char *cuda_specs[] = { "cuda", NULL, "", "cuda:2" };
    for (int i = 0; i < 4; i++) {
        int ord[HS_MAX_ACCELERATORS];
        int want = hs_devices_share(gpus, 1, 2, i == 3 ? 2 : -1, ord);
        CHECK(hs_devices_open(cuda_specs[i], 1, 2, &devs, &ndev, msg, sizeof msg) == 0);
        CHECK(ndev == 1 + want && msg[0] != '\0');
        printf("        %s: %s\n", cuda_specs[i] ? cuda_specs[i] : "(null)", msg);
        hs_devices_close(devs, ndev);
    }
    CHECK(hs_devices_open("cuda:0", 0, 1, &devs, &ndev, msg, sizeof msg) == 0 && ndev == 1);
    hs_devices_close(devs, ndev);
    hs_device *dummy[1];
    devs = dummy;
    CHECK(hs_devices_open("gpu:2", 0, 1, &devs, &ndev, msg, sizeof msg) == HETSCAL_ERR_DEVICE);
    CHECK(devs == NULL && ndev == 0 && msg[0]);
    printf("        gpu:2: %s\n", msg);
    CHECK(hs_devices_open("cpu", 2, 2, &devs, &ndev, msg, sizeof msg) == HETSCAL_ERR_DEVICE);
    CHECK(hs_devices_open("cpu", 0, 0, &devs, &ndev, msg, sizeof msg) == HETSCAL_ERR_DEVICE);
    CHECK(hs_devices_open("emu:1", 0, 1, &devs, &ndev, msg, 8) == 0 && strlen(msg) == 7);
    hs_devices_close(devs, ndev);
    unsetenv("HETSCAL_EMU_MEMORY");
    report("-", "registry: cpu, emu:N, cuda fallback, errors");
}

static void test_device(hs_device *d, int exact, int trials)
{
    test_copies(d);
    test_kernels(d, exact);
    test_laswp(d);
    test_iamax(d);
    test_rows(d);
    test_potrf(d);
    test_getrf(d, exact);
    test_qr(d, exact);
    test_larft(d, exact);
    test_ordering(d, trials);
    test_two_threads(d, trials / 4 + 1);
    test_driver_thread(d, trials / 4 + 1);
    test_bad_arguments(d);
}

int main(int argc, char **argv)
{
    int trials = argc > 1 ? atoi(argv[1]) : 400;
    unsigned long seed = argc > 2 ? strtoul(argv[2], NULL, 10) : 1;
    hs_device *d;
    rng_state = seed;
    setvbuf(stdout, NULL, _IOLBF, 0);

    test_parse_and_share();
    test_assign();
    test_registry();
    test_arena();
    test_poison();
    d = hs_cpu_device_open();
    test_device(d, 1, trials);
    d->ops->close(d);
    d = hs_emu_device_open(1, 16 << 20, 200, seed);
    test_device(d, 1, trials);
    hs_device *d2 = hs_emu_device_open(2, 1 << 20, 200, seed + 1);
    test_peer_copies(d, d2);
    d2->ops->close(d2);
    d->ops->close(d);
#ifdef HETSCAL_HAVE_CUDA
    char msg[160] = "";
    if (hs_cuda_device_count(msg, sizeof msg) > 0 && (d = hs_cuda_device_open(1, 0, msg, sizeof msg))) {
        test_device(d, 0, trials);
        d->ops->close(d);
    } else {
        printf("cuda    SKIPPED (no GPU: %s)\n", msg);
    }
#else
    printf("cuda    SKIPPED (built without CUDA)\n");
#endif
    printf("%d passed, %d failed\n", passed, failed);
    return failed > 99 ? 99 : failed;
}
