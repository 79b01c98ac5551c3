/* The run's counters and their table (see run_summary.h). */
#include "config.h"

#include <ctype.h>
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/run_summary.h"
#include "util/env_guard.h"
#include "util/precision.h"

/* The rows: the three families in each precision. */
static const char *const families[] = { "potrf", "geqrf", "getrf" };
enum { NFAMILIES = sizeof families / sizeof families[0], NROWS = NFAMILIES * HS_NPRECS };

/* The summed counters of a row, as doubles: one MPI_SUM reduces them all
 * (counts stay exact up to 2^53). */
enum { CALLS, RAN, FAILED, FORWARDED, SUM_N, SECONDS, FLOPS, TASK_FLOPS, GPU_FLOPS, NSUMS };

static double sums[NROWS][NSUMS];
static double max_n[NROWS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* The row of a routine, -1 for none. */
static int row_of(const char *family, int prec)
{
    int f = 0;
    while (f < NFAMILIES && strcmp(families[f], family) != 0)
        f++;
    return f == NFAMILIES || prec < 0 || prec >= HS_NPRECS ? -1 : f * HS_NPRECS + prec;
}

void hs_run_summary_flops(const char *family, int prec, double task_flops, double device_flops)
{
    int k = row_of(family, prec);
    if (k < 0)
        return;
    pthread_mutex_lock(&lock);
    sums[k][TASK_FLOPS] += task_flops;
    sums[k][GPU_FLOPS] += device_flops;
    pthread_mutex_unlock(&lock);
}

void hs_run_summary_count(const char *family, int prec, int n, double flops, double seconds,
                          enum hs_summary_way way, int info)
{
    int k = row_of(family, prec);
    if (k < 0)
        return;
    double *row = sums[k];
    pthread_mutex_lock(&lock);
    row[CALLS] += 1;
    row[FAILED] += info < 0;
    row[FORWARDED] += way == HS_SUMMARY_FORWARDED;
    if (way == HS_SUMMARY_RAN) {
        row[RAN] += 1;
        row[SUM_N] += n;
        row[SECONDS] += seconds;
        row[FLOPS] += flops;
        if (n > max_n[k])
            max_n[k] = n;
    }
    pthread_mutex_unlock(&lock);
}

/* -1: never agreed (no call on a grid yet). */
static int agreed = -1;

void hs_run_summary_agreed(int wanted)
{
    pthread_mutex_lock(&lock);
    agreed = wanted != 0;
    pthread_mutex_unlock(&lock);
}

int hs_run_summary_wanted(void)
{
    const char *verbose = getenv("HETSCAL_VERBOSE");
    if (verbose && strcmp(verbose, "summary") == 0)
        return 1;
    const char *s = getenv("HETSCAL_SUMMARY");
    if (!s || !*s || strcmp(s, "0") == 0)
        return 0;
    if (strcmp(s, "1") == 0)
        return 1;
    hs_env_report("HETSCAL_SUMMARY", s, "not 0 or 1; no summary printed");
    return 0;
}

/* The table, in one write so that other ranks' lines do not cut into it. */
static void print_table(const double (*total)[NSUMS], const double *largest, int nranks)
{
    size_t cap = 512 + (size_t)NROWS * 160, len = 0;
    char *text = malloc(cap);
    if (!text)
        return;
#define ADD(...) (len += (size_t)snprintf(text + len, cap - len, __VA_ARGS__))
    ADD("hetscal: run summary over %d rank%s: calls counted once per grid;"
        " N, seconds and GF/s over the calls hetscal ran\n",
        nranks, nranks == 1 ? "" : "s");
    ADD("hetscal: %-8s %8s %8s %8s %9s %12s %8s %10s %9s %6s\n", "routine", "calls", "ran",
        "failed", "forwarded", "sum N", "max N", "seconds", "GF/s", "GPU %");
    int rows = 0;
    for (int f = 0; f < NFAMILIES; f++)
        for (int p = 0; p < HS_NPRECS; p++) {
            const double *row = total[f * HS_NPRECS + p];
            if (row[CALLS] == 0)
                continue;
            char name[8];
            snprintf(name, sizeof name, "p%c%s", hs_prec_letter(p), families[f]);
            for (char *c = name; *c; c++)
                *c = (char)toupper((unsigned char)*c);
            ADD("hetscal: %-8s %8.0f %8.0f %8.0f %9.0f %12.0f %8.0f %10.3f %9.2f %6.1f\n", name,
                row[CALLS], row[RAN], row[FAILED], row[FORWARDED], row[SUM_N],
                largest[f * HS_NPRECS + p], row[SECONDS],
                row[SECONDS] > 0 ? row[FLOPS] / row[SECONDS] * 1e-9 : 0.0,
                row[TASK_FLOPS] > 0 ? 100 * row[GPU_FLOPS] / row[TASK_FLOPS] : 0.0);
            rows++;
        }
    if (rows == 0)
        ADD("hetscal: (no call of P?POTRF, P?GEQRF or P?GETRF reached hetscal)\n");
#undef ADD
    fputs(text, stderr);
    fflush(stderr);
    free(text);
}

void hs_run_summary_at_finalize(void)
{
    int initialized = 0, finalized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    pthread_mutex_lock(&lock);
    int wanted = agreed;
    pthread_mutex_unlock(&lock);
    if (wanted < 0)
        wanted = hs_run_summary_wanted();
    if (!initialized || finalized || !wanted)
        return;
    double local[NROWS][NSUMS], local_max[NROWS], total[NROWS][NSUMS], largest[NROWS];
    pthread_mutex_lock(&lock);
    memcpy(local, sums, sizeof local);
    memcpy(local_max, max_n, sizeof local_max);
    pthread_mutex_unlock(&lock);
    int rank = 0, nranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    int err = MPI_Reduce(local, total, NROWS * NSUMS, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (err == MPI_SUCCESS)
        err = MPI_Reduce(local_max, largest, NROWS, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (err != MPI_SUCCESS) {
        fprintf(stderr, "hetscal: HETSCAL_SUMMARY: the counters could not be reduced "
                        "(MPI error %d): no summary\n", err);
        return;
    }
    if (rank == 0)
        print_table((const double (*)[NSUMS])total, largest, nranks);
}
