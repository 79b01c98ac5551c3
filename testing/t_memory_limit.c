/* Under a real memory limit (RLIMIT_AS) that ScaLAPACK's in-place
 * PDPOTRF, PDGETRF and PDGEQRF fit in but hetscal's tile copies do not:
 * every call must still succeed, with ScaLAPACK's own factor bit for bit
 * (hetscal hands the call over on every rank, api/call_entry.c).  Each
 * rank first runs hetscal once (its threads exist from then on, as in an
 * application's later calls) and ScaLAPACK once for the expected factor,
 * gives back the memory hetscal keeps between calls, lowers its
 * address-space limit to what it has mapped plus a quarter of its local
 * share, calls hetscal, and raises the limit again; a last unlimited call must give hetscal's own factor.
 * Exit status: failed checks (summed over ranks). */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <mpi.h>

#include "include/hetscal.h"
#include "testing/blacs_tools.h"

enum { N = 2400, NB = 64 };
enum routine { POTRF, GETRF, GEQRF, NROUTINES };
static const char *const name[NROUTINES] = { "PDPOTRF", "PDGETRF", "PDGEQRF" };
static const char *const symbol[NROUTINES] = { "pdpotrf_", "pdgetrf_", "pdgeqrf_" };

static int me, failures;

static void check(int ok, const char *routine, const char *what)
{
    if (!ok) {
        printf("FAILED on rank %d: %s: %s\n", me, routine, what);
        failures++;
    }
}

typedef struct problem {
    int routine, desc[9], lld, nloc_r, nloc_c, myrow, mycol, nprow, npcol, lwork;
    size_t count;
    double *a, *tau, *work;
    int *ipiv;
} problem;

/* SPD for Cholesky, full rank for LU and QR; the same values every time. */
static void fill(problem *p)
{
    for (int jl = 0; jl < p->nloc_c; jl++)
        for (int il = 0; il < p->nloc_r; il++) {
            int i = (il / NB * p->nprow + p->myrow) * NB + il % NB;
            int j = (jl / NB * p->npcol + p->mycol) * NB + jl % NB;
            double v = i == j ? N : 1.0 / (1.0 + i + j);
            if (p->routine != POTRF && i > j)
                v = -v * (1 + (i * 7 + j * 3) % 5);
            p->a[il + (size_t)jl * p->lld] = v;
        }
}

/* The call to hetscal (next = 0) or to the ScaLAPACK after it (1). */
static int factor(problem *p, int next)
{
    typedef void potrf_fn(const char *, const int *, double *, const int *, const int *,
                          const int *, int *, size_t);
    typedef void getrf_fn(const int *, const int *, double *, const int *, const int *,
                          const int *, int *, int *);
    typedef void geqrf_fn(const int *, const int *, double *, const int *, const int *,
                          const int *, double *, double *, const int *, int *);
    static void *const own[NROUTINES] = { (void *)pdpotrf_, (void *)pdgetrf_,
                                          (void *)pdgeqrf_ };
    void *fn = next ? dlsym(RTLD_NEXT, symbol[p->routine]) : own[p->routine];
    int info = -1, one = 1, n = N;
    if (!fn)
        return info;
    fill(p);
    if (p->routine == POTRF)
        ((potrf_fn *)fn)("L", &n, p->a, &one, &one, p->desc, &info, 1);
    else if (p->routine == GETRF)
        ((getrf_fn *)fn)(&n, &n, p->a, &one, &one, p->desc, p->ipiv, &info);
    else
        ((geqrf_fn *)fn)(&n, &n, p->a, &one, &one, p->desc, p->tau, p->work, &p->lwork, &info);
    return info;
}

/* Bytes this process has mapped (VmSize), or 0. */
static long long mapped_bytes(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long long kb = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmSize: %lld kB", &kb) == 1)
            break;
    if (f)
        fclose(f);
    return kb * 1024;
}

static void run(problem *p)
{
    const char *r = name[p->routine];
    size_t bytes = p->count * sizeof(double), tau_bytes = N * sizeof(double),
           ipiv_bytes = ((size_t)p->lld + NB) * sizeof(int);
    double *expected = malloc(bytes), *own = malloc(bytes), *tau = malloc(tau_bytes);
    int *ipiv = malloc(ipiv_bytes);
    if (!expected || !own || !tau || !ipiv)
        MPI_Abort(MPI_COMM_WORLD, 2);
    check(factor(p, 0) == 0, r, "hetscal's first call: INFO = 0");
    memcpy(own, p->a, bytes);
    check(factor(p, 1) == 0, r, "ScaLAPACK's call: INFO = 0");
    memcpy(expected, p->a, bytes);
    memcpy(tau, p->tau, tau_bytes);
    memcpy(ipiv, p->ipiv, ipiv_bytes);

    /* What hetscal keeps between calls goes back first: the application's
     * memory is full, not hetscal's from an earlier call. */
    hetscal_release_memory();
    struct rlimit old, limited;
    getrlimit(RLIMIT_AS, &old);
    limited = old;
    long long now = mapped_bytes();
    check(now > 0, r, "VmSize read from /proc/self/status");
    limited.rlim_cur = (rlim_t)(now + (long long)bytes / 4);
    MPI_Barrier(MPI_COMM_WORLD);
    int set = now > 0 && setrlimit(RLIMIT_AS, &limited) == 0;
    check(set, r, "the address-space limit set");
    int info = factor(p, 0);
    setrlimit(RLIMIT_AS, &old);
    check(info == 0, r, "under the limit: INFO = 0");
    check(memcmp(p->a, expected, bytes) == 0 &&
              (p->routine != GEQRF || memcmp(p->tau, tau, tau_bytes) == 0) &&
              (p->routine != GETRF || memcmp(p->ipiv, ipiv, ipiv_bytes) == 0),
          r, "under the limit: ScaLAPACK's factor (and TAU, IPIV)");

    check(factor(p, 0) == 0 && memcmp(p->a, own, bytes) == 0, r,
          "after the limit: hetscal's own factor");
    free(expected);
    free(own);
    free(tau);
    free(ipiv);
}

int main(void)
{
    int nprocs, ctxt, info, zero = 0, n = N, nb = NB;
    Cblacs_pinfo(&me, &nprocs);
    Cblacs_get(-1, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "R", 1, nprocs);
    problem p = { 0 };
    Cblacs_gridinfo(ctxt, &p.nprow, &p.npcol, &p.myrow, &p.mycol);
    p.nloc_r = numroc_(&n, &nb, &p.myrow, &zero, &p.nprow);
    p.nloc_c = numroc_(&n, &nb, &p.mycol, &zero, &p.npcol);
    p.lld = p.nloc_r > 1 ? p.nloc_r : 1;
    descinit_(p.desc, &n, &n, &nb, &nb, &zero, &zero, &ctxt, &p.lld, &info);
    p.count = (size_t)p.lld * (size_t)(p.nloc_c > 0 ? p.nloc_c : 1);
    p.lwork = NB * (2 * N + NB);   /* PDGEQRF: NB (Mp0 + Nq0 + NB) and more */
    p.a = malloc(p.count * sizeof(double));
    p.tau = calloc((size_t)N, sizeof(double));
    p.work = malloc((size_t)p.lwork * sizeof(double));
    p.ipiv = calloc((size_t)p.lld + NB, sizeof(int));
    if (!p.a || !p.tau || !p.work || !p.ipiv)
        MPI_Abort(MPI_COMM_WORLD, 2);

    for (p.routine = 0; p.routine < NROUTINES; p.routine++)
        run(&p);

    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("%s: calls under an address-space limit, %d ranks, %d failed checks\n",
               all ? "FAILED" : "PASSED", nprocs, all);
    free(p.a);
    free(p.tau);
    free(p.work);
    free(p.ipiv);
    Cblacs_gridexit(ctxt);
    Cblacs_exit(0);
    return all;
}
