/* Shared pieces of the field tests (see field_common.h). */
#include "config.h"

#include <dirent.h>
#include <dlfcn.h>
#include <float.h>
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blacs_shim/blacs.h"
#include "include/hetscal.h"
#include "testing/blacs_tools.h"
#include "testing/field_common.h"

typedef void pdpotrf_fn(const char *uplo, const int *n, double *a, const int *ia,
                        const int *ja, const int *desca, int *info, size_t len);
typedef void pdgeqrf_fn(const int *m, const int *n, double *a, const int *ia,
                        const int *ja, const int *desca, double *tau, double *work,
                        const int *lwork, int *info);

/* hetscal's entry points (linked into the test from libhetscal_core). */
void pdpotrf_(const char *uplo, const int *n, double *a, const int *ia, const int *ja,
              const int *desca, int *info);
void pdgeqrf_(const int *m, const int *n, double *a, const int *ia, const int *ja,
              const int *desca, double *tau, double *work, const int *lwork, int *info);

/* Differences with the reference, in eps: the factor relative to its
 * largest entry (L, R), V and TAU absolute (they are O(1)). */
static const double tolerance = 500.0;
/* Guard zone around every local array (ScaLAPACK's PDFILLPAD). */
enum { GUARD = 16 };
static const double guard_value = -3.25e11;

static pdpotrf_fn *ref_potrf;
static pdgeqrf_fn *ref_geqrf;

int fc_load_reference(void)
{
    void *h = dlopen(HETSCAL_REFERENCE_SCALAPACK, RTLD_NOW | RTLD_GLOBAL);
    if (!h)
        return 0;
    ref_potrf = (pdpotrf_fn *)dlsym(h, "pdpotrf_");
    ref_geqrf = (pdgeqrf_fn *)dlsym(h, "pdgeqrf_");
    return ref_potrf && ref_geqrf;
}

MPI_Comm fc_blacs_comm(int ctxt)
{
    int handle;
    Cblacs_get(ctxt, 10, &handle);
    return Cblacs2sys_handle(handle);
}

/* 0-based global index of local index l (INDXL2G, source 0). */
static int l2g(int l, int nb, int iproc, int nprocs)
{
    return (l / nb) * nb * nprocs + iproc * nb + l % nb;
}

static double hash01(unsigned long i, unsigned long j, unsigned long seed)
{
    unsigned long h = i * 2654435761UL ^ j * 40503UL ^ seed * 0x9E3779B97F4A7C15UL;
    h = h * 6364136223846793005UL + 1442695040888963407UL;
    h ^= h >> 29;
    return (double)(h >> 11) / 9007199254740992.0 * 2.0 - 1.0;
}

/* SPD (symmetric, n on the diagonal) for PDPOTRF; any well-conditioned
 * matrix for PDGEQRF. */
static double entry(const fc_case *c, int i, int j)
{
    if (!c->qr) {
        int lo = i < j ? i : j, hi = i < j ? j : i;
        return (i == j ? c->n : 0.0) + hash01((unsigned long)lo, (unsigned long)hi,
                                              (unsigned long)c->seed);
    }
    double v = hash01((unsigned long)i, (unsigned long)j, (unsigned long)c->seed);
    if (i == j)
        v += 2.0 * sqrt(c->m > c->n ? c->m : c->n);
    return v;
}

static double *guarded(size_t count)
{
    double *p = malloc((count + 2 * GUARD) * sizeof *p);
    if (!p)
        return NULL;
    for (int k = 0; k < GUARD; k++)
        p[k] = p[GUARD + count + k] = guard_value;
    return p + GUARD;
}

static int guards_intact(const double *p, size_t count)
{
    int bad = 0;
    for (int k = 0; k < GUARD; k++)
        bad += p[k - GUARD] != guard_value || p[count + k] != guard_value;
    return bad == 0;
}

/* The layout of one rank's local array, for the gather. */
typedef struct local_part {
    int myrow, mycol, locr, locc, lld, ntau;
} local_part;

void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info, size_t len);
void dgeqrf_(const int *m, const int *n, double *a, const int *lda, double *tau,
             double *work, const int *lwork, int *info);

/* FC_CHECK_LAPACK: the grid's first rank gathers every local array and
 * TAU, factors sub(A) with LAPACK and compares; v[0..3] as in fc_run
 * (zero elsewhere). */
static void compare_with_lapack(MPI_Comm comm, const fc_case *c, const local_part *mine,
                                const double *a1, const double *tau1, int nprow,
                                int npcol, double *v)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    local_part *parts = rank == 0 ? malloc((size_t)size * sizeof *parts) : NULL;
    int *counts = rank == 0 ? malloc(4 * (size_t)size * sizeof *counts) : NULL;
    MPI_Gather(mine, 6, MPI_INT, parts, 6, MPI_INT, 0, comm);
    int *displs = counts ? counts + size : NULL, *tcounts = counts ? counts + 2 * size : NULL;
    int *tdispls = counts ? counts + 3 * size : NULL, total = 0, ttotal = 0;
    for (int r = 0; rank == 0 && r < size; r++) {
        counts[r] = parts[r].lld * parts[r].locc;
        displs[r] = total;
        total += counts[r];
        tcounts[r] = parts[r].ntau;
        tdispls[r] = ttotal;
        ttotal += tcounts[r];
    }
    double *all = rank == 0 ? malloc(((size_t)total + 1) * sizeof *all) : NULL;
    double *taus = rank == 0 ? malloc(((size_t)ttotal + 1) * sizeof *taus) : NULL;
    MPI_Gatherv(a1, mine->lld * mine->locc, MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, 0,
                comm);
    MPI_Gatherv(tau1, mine->ntau, MPI_DOUBLE, taus, tcounts, tdispls, MPI_DOUBLE, 0, comm);
    if (rank == 0) {
        int m = c->m, n = c->n, k = m < n ? m : n, info = 0;
        double *ref = malloc((size_t)m * n * sizeof *ref);
        double *tau = malloc(((size_t)k + 1) * sizeof *tau);
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++)
                ref[i + (size_t)j * m] = entry(c, i, j);
        if (c->qr) {
            int lwork = -1;
            double query;
            dgeqrf_(&m, &n, ref, &m, tau, &query, &lwork, &info);
            lwork = (int)query + 1;
            double *work = malloc((size_t)lwork * sizeof *work);
            dgeqrf_(&m, &n, ref, &m, tau, work, &lwork, &info);
            free(work);
        } else {
            dpotrf_(c->upper ? "U" : "L", &n, ref, &m, &info, 1);
        }
        v[4] += info != 0;
        for (int r = 0; r < size; r++) {
            const local_part *p = &parts[r];
            for (int jl = 0; jl < p->locc; jl++) {
                int j = l2g(jl, c->nb, p->mycol, npcol);
                for (int il = 0; il < p->locr; il++) {
                    int i = l2g(il, c->mb, p->myrow, nprow);
                    double got = all[displs[r] + il + (size_t)jl * p->lld];
                    double want = ref[i + (size_t)j * m], d = fabs(got - want);
                    if (!c->qr && (c->upper ? i > j : i < j))
                        continue;   /* untouched: checked by each rank */
                    if (!c->qr || i <= j) {
                        v[0] = fmax(v[0], fabs(want));
                        v[1] = fmax(v[1], d != d ? INFINITY : d);
                    } else {
                        v[2] = fmax(v[2], d != d ? INFINITY : d);
                    }
                }
            }
            for (int l = 0; c->qr && l < p->ntau; l++) {
                int j = l2g(l, c->nb, p->mycol, npcol);
                double d = fabs(taus[tdispls[r] + l] - tau[j]);
                v[3] = fmax(v[3], d != d ? INFINITY : d);
            }
        }
        free(ref);
        free(tau);
    }
    free(parts);
    free(counts);
    free(all);
    free(taus);
}

void (*fc_around_call)(int entering);

static void around_call(int entering)
{
    if (fc_around_call)
        fc_around_call(entering);
}

int fc_run(int ctxt, const fc_case *c, int check, double *diff)
{
    int nprow, npcol, myrow, mycol, info = 0, rinfo = 0, one = 1, zero = 0, desc[9];
    int k = c->m < c->n ? c->m : c->n;
    int reference = check == FC_CHECK_REFERENCE && ref_potrf && ref_geqrf;
    Cblacs_gridinfo(ctxt, &nprow, &npcol, &myrow, &mycol);
    int locr = numroc_(&c->m, &c->mb, &myrow, &zero, &nprow);
    int locc = numroc_(&c->n, &c->nb, &mycol, &zero, &npcol);
    int ntau = numroc_(&k, &c->nb, &mycol, &zero, &npcol);
    int lld = locr > 1 ? locr : 1;
    descinit_(desc, &c->m, &c->n, &c->mb, &c->nb, &zero, &zero, &ctxt, &lld, &info);
    size_t size = (size_t)lld * (size_t)(locc > 0 ? locc : 1), ntau_alloc = (size_t)ntau + 1;
    double *a0 = guarded(size), *a1 = guarded(size), *a2 = guarded(size);
    double *tau1 = guarded(ntau_alloc), *tau2 = guarded(ntau_alloc), *work = NULL;
    if (!a0 || !a1 || !a2 || !tau1 || !tau2) {
        fprintf(stderr, "fc_run: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    for (int jl = 0; jl < locc; jl++)
        for (int il = 0; il < locr; il++)
            a0[il + (size_t)jl * lld] =
                entry(c, l2g(il, c->mb, myrow, nprow), l2g(jl, c->nb, mycol, npcol));
    memcpy(a1, a0, size * sizeof *a0);
    memcpy(a2, a0, size * sizeof *a0);
    for (size_t l = 0; l < ntau_alloc; l++)
        tau1[l] = tau2[l] = -77.0;

    if (c->qr) {
        /* Both workspace queries; the larger workspace serves both calls. */
        int query = -1, qinfo, lwork;
        double q1 = 0, q2 = 0;
        pdgeqrf_(&c->m, &c->n, a1, &one, &one, desc, tau1, &q1, &query, &qinfo);
        if (reference)
            ref_geqrf(&c->m, &c->n, a2, &one, &one, desc, tau2, &q2, &query, &qinfo);
        lwork = (int)(q1 > q2 ? q1 : q2) + 1;
        work = malloc((size_t)lwork * sizeof *work);
        around_call(1);
        pdgeqrf_(&c->m, &c->n, a1, &one, &one, desc, tau1, work, &lwork, &info);
        around_call(0);
        if (reference)
            ref_geqrf(&c->m, &c->n, a2, &one, &one, desc, tau2, work, &lwork, &rinfo);
    } else {
        const char *uplo = c->upper ? "U" : "L";
        around_call(1);
        pdpotrf_(uplo, &c->n, a1, &one, &one, desc, &info);
        around_call(0);
        if (reference)
            ref_potrf(uplo, &c->n, a2, &one, &one, desc, &rinfo, 1);
    }

    /* [0] max |factor| (of the check), [1] factor difference, [2] V
     * difference, [3] TAU difference, [4] INFO != 0, guards, entries
     * outside the factor or TAU's range changed (summed). */
    double v[5] = { 0 };
    v[4] = (info != 0) + (rinfo != 0) + !guards_intact(a1, size) +
           !guards_intact(tau1, ntau_alloc) + (tau1[ntau] != -77.0);
    for (int jl = 0; jl < locc; jl++) {
        int j = l2g(jl, c->nb, mycol, npcol);
        for (int il = 0; il < locr; il++) {
            int i = l2g(il, c->mb, myrow, nprow);
            size_t x = il + (size_t)jl * lld;
            double d = fabs(a1[x] - a2[x]);
            if (!c->qr && (c->upper ? i > j : i < j)) {
                v[4] += a1[x] != a0[x];
            } else if (!reference) {
                continue;
            } else if (!c->qr || i <= j) {
                v[0] = fmax(v[0], fabs(a2[x]));
                v[1] = fmax(v[1], d != d ? INFINITY : d);
            } else {
                v[2] = fmax(v[2], d != d ? INFINITY : d);
            }
        }
    }
    for (int l = 0; l < ntau; l++) {
        double d = fabs(tau1[l] - tau2[l]);
        if (!c->qr)
            v[4] += tau1[l] != -77.0;
        else if (reference)
            v[3] = fmax(v[3], d != d ? INFINITY : d);
    }
    MPI_Comm comm = fc_blacs_comm(ctxt);
    if (check == FC_CHECK_LAPACK) {
        local_part mine = { myrow, mycol, locr, locc, lld, c->qr ? ntau : 0 };
        compare_with_lapack(comm, c, &mine, a1, tau1, nprow, npcol, v);
    }
    double all[5];
    MPI_Allreduce(v, all, 4, MPI_DOUBLE, MPI_MAX, comm);
    MPI_Allreduce(&v[4], &all[4], 1, MPI_DOUBLE, MPI_SUM, comm);
    double eps = DBL_EPSILON;
    double df = all[1] / (eps * (all[0] > 0 ? all[0] : 1.0));
    double dv = all[2] / eps, dt = all[3] / eps;
    double worst = fmax(df, fmax(dv, dt));
    *diff = worst;
    free(work);
    free(a0 - GUARD);
    free(a1 - GUARD);
    free(a2 - GUARD);
    free(tau1 - GUARD);
    free(tau2 - GUARD);
    /* worst - worst == 0 traps NaN and infinity. */
    return all[4] == 0 && worst <= tolerance && worst - worst == 0;
}

static int count_entries(const char *path)
{
    DIR *d = opendir(path);
    if (!d)
        return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

void fc_usage_now(fc_usage *u)
{
    u->rss_kib = -1;
    FILE *f = fopen("/proc/self/status", "r");
    if (f) {
        char line[256];
        while (fgets(line, sizeof line, f))
            if (strncmp(line, "VmRSS:", 6) == 0)
                u->rss_kib = strtol(line + 6, NULL, 10);
        fclose(f);
    }
    u->threads = count_entries("/proc/self/task");
    /* Less the descriptor opendir holds while counting. */
    u->fds = count_entries("/proc/self/fd") - 1;
    struct mallinfo2 mi = mallinfo2();
    u->heap_mib = (double)(mi.uordblks + mi.hblkhd) / (1024.0 * 1024.0);
}
