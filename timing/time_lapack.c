/* time_lapack: the single-process yardsticks of timing/targets.sh, measured
 * in the same run as the distributed cases: the DGEMM rate of T BLAS
 * threads (large square products, what "a fraction of DGEMM" is taken of)
 * and LAPACK's DPOTRF, DGEQRF and DGETRF on T BLAS threads, best of R
 * runs:
 *   time_lapack -threads 2 -n 4000,8000 -reps 3 [-csv FILE]
 * One CSV line per measurement: kind,n,threads,best_s,gflops.  The LAPACK
 * is the one the library links (LAPACK_LIBS; OpenBLAS's own DPOTRF when
 * that is OpenBLAS), so that "faster than LAPACK" compares with what the
 * user already has. */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "time_blas_threads.h"

void dgemm_(const char *ta, const char *tb, const int *m, const int *n, const int *k,
            const double *alpha, const double *a, const int *lda, const double *b,
            const int *ldb, const double *beta, double *c, const int *ldc, size_t,
            size_t);
void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info, size_t);
void dgeqrf_(const int *m, const int *n, double *a, const int *lda, double *tau,
             double *work, const int *lwork, int *info);
void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);

enum { MAX_N = 16 };

/* The factorizations timed, in this order: the name printed, the CSV's
 * kind and the flops over N^3/3. */
enum { POTRF, GEQRF, GETRF, NKINDS };
static const struct {
    const char *name, *kind;
    double flops;
} kinds[NKINDS] = {
    { "DPOTRF", "dpotrf", 1.0 }, { "DGEQRF", "dgeqrf", 4.0 }, { "DGETRF", "dgetrf", 2.0 }
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* The same symmetric matrix for every run, entries uniform in [-0.5, 0.5),
 * diagonally dominant (N added to the diagonal) when DOMINANT is set; DGETRF
 * gets it without, so that partial pivoting interchanges rows. */
static void fill(double *a, int n, int dominant)
{
    unsigned long s = 12345;
    for (int j = 0; j < n; j++)
        for (int i = j; i < n; i++) {
            s = s * 6364136223846793005UL + 1442695040888963407UL;
            double v = (double)(s >> 11) / 9007199254740992.0 - 0.5;
            a[i + (size_t)j * n] = a[j + (size_t)i * n] = v;
        }
    for (int i = 0; i < n && dominant; i++)
        a[i + (size_t)i * n] += n;
}

/* DGEMM C -= A B' of order n, repeated for 0.5 s after a warm-up. */
static double gemm_gflops(int n)
{
    size_t size = (size_t)n * n;
    double *a = malloc(3 * size * sizeof *a), flops = 0, t0, t;
    const double one = 1.0, minus = -1.0;
    if (a == NULL)
        return 0.0;
    fill(a, n, 1);
    memcpy(a + size, a, size * sizeof *a);
    memset(a + 2 * size, 0, size * sizeof *a);
    dgemm_("N", "T", &n, &n, &n, &minus, a, &n, a + size, &n, &one, a + 2 * size, &n, 1, 1);
    t0 = t = now();
    while (t - t0 < 0.5) {
        dgemm_("N", "T", &n, &n, &n, &minus, a, &n, a + size, &n, &one, a + 2 * size, &n, 1,
               1);
        flops += 2.0 * n * (double)n * n;
        t = now();
    }
    free(a);
    return flops / (t - t0) * 1e-9;
}

/* Best of REPS of KIND: DPOTRF ('L'), DGEQRF or DGETRF. */
static double factor_seconds(int n, int kind, int reps)
{
    size_t size = (size_t)n * n;
    double *a0 = malloc(size * sizeof *a0), *a = malloc(size * sizeof *a);
    double *tau = malloc((size_t)n * sizeof *tau), *work = NULL, best = 0;
    int *ipiv = malloc((size_t)n * sizeof *ipiv);
    int info, lwork = -1;
    if (a0 == NULL || a == NULL || tau == NULL || ipiv == NULL)
        goto done;
    fill(a0, n, kind != GETRF);
    if (kind == GEQRF) {
        double query;
        dgeqrf_(&n, &n, a0, &n, tau, &query, &lwork, &info);
        lwork = (int)query;
        work = malloc((size_t)(lwork > 0 ? lwork : 1) * sizeof *work);
        if (work == NULL)
            goto done;
    }
    for (int r = 0; r < reps; r++) {
        memcpy(a, a0, size * sizeof *a);
        double t0 = now();
        if (kind == GEQRF)
            dgeqrf_(&n, &n, a, &n, tau, work, &lwork, &info);
        else if (kind == GETRF)
            dgetrf_(&n, &n, a, &n, ipiv, &info);
        else
            dpotrf_("L", &n, a, &n, &info, 1);
        double t = now() - t0;
        if (info != 0)
            fprintf(stderr, "time_lapack: INFO = %d\n", info);
        if (r == 0 || t < best)
            best = t;
    }
done:
    free(a0);
    free(a);
    free(tau);
    free(ipiv);
    free(work);
    return best;
}

static int parse_list(const char *s, int *v)
{
    int k = 0;
    while (*s && k < MAX_N) {
        char *end;
        long x = strtol(s, &end, 10);
        if (end == s || x < 1 || x > 100000)
            return -1;
        v[k++] = (int)x;
        s = *end == ',' ? end + 1 : end;
    }
    return k;
}

static void cpu_model(char *out, size_t len)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    snprintf(out, len, "unknown");
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "model name", 10) == 0) {
            const char *v = strchr(line, ':');
            v = v ? v + 2 : line;
            size_t k = strcspn(v, "\n");
            if (k >= len)
                k = len - 1;
            memcpy(out, v, k);
            out[k] = '\0';
            break;
        }
    if (f)
        fclose(f);
}

int main(int argc, char **argv)
{
    int threads = 2, reps = 3, ns[MAX_N], nn = 0, gemm_n = 2048;
    const char *csv_path = NULL;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "-threads") == 0)
            threads = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-reps") == 0)
            reps = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-gemm") == 0)
            gemm_n = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-n") == 0)
            nn = parse_list(argv[i + 1], ns);
        else if (strcmp(argv[i], "-csv") == 0)
            csv_path = argv[i + 1];
        else
            nn = -1;
    }
    if (nn <= 0 || threads < 1 || reps < 1 || gemm_n < 1 || argc % 2 == 0) {
        fprintf(stderr, "usage: %s -n N[,N...] [-threads T] [-reps R] [-gemm ORDER] "
                        "[-csv FILE]\n", argv[0]);
        return 2;
    }
    FILE *csv = csv_path ? fopen(csv_path, "w") : NULL;
    if (csv_path && !csv) {
        fprintf(stderr, "time_lapack: cannot write %s\n", csv_path);
        return 1;
    }
    char model[256];
    Dl_info where;
    cpu_model(model, sizeof model);
    printf("time_lapack: CPU %s; LAPACK from %s\n", model,
           dladdr((void *)dpotrf_, &where) && where.dli_fname ? where.dli_fname : "?");
    if (csv)
        fprintf(csv, "kind,n,threads,best_s,gflops\n");

    for (int t = 1; t <= threads; t += threads > 1 ? threads - 1 : 1) {
        time_blas_threads(t);
        double gf = gemm_gflops(gemm_n);
        printf("DGEMM   n %5d  %d thread(s)  %7.2f GF/s\n", gemm_n, t, gf);
        if (csv)
            fprintf(csv, "dgemm,%d,%d,0,%.3f\n", gemm_n, t, gf);
    }
    time_blas_threads(threads);
    for (int k = 0; k < nn; k++)
        for (int kind = 0; kind < NKINDS; kind++) {
            double n = ns[k], flops = kinds[kind].flops * n * n * n / 3.0;
            double s = factor_seconds(ns[k], kind, reps);
            double gf = s > 0 ? flops / s * 1e-9 : 0;
            printf("%s  n %5d  %d thread(s)  %8.4f s  %7.2f GF/s\n", kinds[kind].name, ns[k],
                   threads, s, gf);
            if (csv)
                fprintf(csv, "%s,%d,%d,%.6f,%.3f\n", kinds[kind].kind, ns[k], threads, s,
                        gf);
        }
    if (csv)
        fclose(csv);
    return 0;
}
