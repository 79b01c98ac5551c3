/* A long run in one process, as an application makes it: many PDPOTRF and
 * PDGEQRF calls of mixed sizes (N from 1 to NMAX, odd sizes, M > N and
 * M < N, MB != NB; one call in 40 of N = 2 NMAX + 1, whose tile block is
 * kept), uplo L and U, 1 or 2 runtime threads, on 1x1, 1x2, 2x1 and 2x2
 * grids of the launched ranks that are created (Cblacs_gridmap) and
 * exited during the run, so that context numbers are reused with other
 * shapes and other ranks, two or three grids alive at once (a grid over
 * every rank stays for the whole run).  Every result is compared with
 * LAPACK's on the same matrix gathered on one rank (testing/field_common.c),
 * not with the reference ScaLAPACK's: with MPICH 4.0.2 over UCX, the
 * datatypes that BLACS commits in the reference's calls leak now and
 * then (up to 6 MiB in 4000 calls, in some runs only), which would drown
 * what this test measures.
 *
 * After a warm-up (every shape, both routines and uplos at NMAX and at
 * 2 NMAX + 1) and at
 * the end, each rank measures what the process holds: resident memory
 * (VmRSS), threads (/proc/self/task), file descriptors (/proc/self/fd)
 * and the communicators of hetscal's grid cache.  Threads, descriptors and
 * communicators must be the same at both points, resident memory may grow
 * by at most RSS_SLACK_MIB + RSS_SLACK_PERCENT % (MPICH's and UCX's
 * pools grow with the most messages in flight; malloc's fragmentation),
 * malloc's bytes in use (mallinfo2: a leak shows there first) by at most
 * HEAP_SLACK_MIB.
 * The tile block hetscal keeps between calls (HETSCAL_KEEP_MEMORY; its
 * size depends on the calls before) is printed, then given back
 * (hetscal_release_memory) before each measurement, so that the
 * comparison holds whatever the keeping policy.
 * Usage: t_long_run [-calls TOTAL] [-nmax N]; TOTAL counts the calls of
 * every grid.  Exit status: failed checks, summed over ranks. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "blacs_shim/grid.h"
#include "include/hetscal.h"
#include "testing/blacs_tools.h"
#include "testing/field_common.h"
#include "util/clock.h"
#include "util/mem.h"

/* Growth allowed between the warm-up and the end: resident memory
 * RSS_SLACK_MIB + RSS_SLACK_PERCENT % of it, malloc's bytes in use
 * HEAP_SLACK_MIB (seen: 0.1-0.35 MiB, the pools of UCX). */
enum { RSS_SLACK_MIB = 8, RSS_SLACK_PERCENT = 2, HEAP_SLACK_MIB = 2 };

static int me, nprocs, failures;
static double worst_diff;

/* One random sequence, the same on every rank (decisions agree). */
static unsigned long rng_state = 12345;

static int rnd(int n)
{
    rng_state = rng_state * 6364136223846793005UL + 1442695040888963407UL;
    return (int)((rng_state >> 33) % (unsigned long)n);
}

static const int shapes[][2] = { { 1, 1 }, { 1, 2 }, { 2, 1 }, { 2, 2 } };
static const int block_sizes[] = { 3, 7, 8, 16, 24, 32, 50, 64 };

/* Grids of one shape over the launched ranks, as many as fit, the ranks
 * rotated by `shift` so that every rank takes every role; every rank calls
 * (Cblacs_gridmap is collective).  Returns the context this rank is in
 * (-1: none) and its group in *group. */
static int grids_create(int p, int q, int shift, int *group)
{
    int size = p * q, mine = -1, map[4];
    *group = -1;
    for (int g = 0; g < nprocs / size; g++) {
        int ctxt, in = 0;
        for (int k = 0; k < size; k++) {
            map[k] = (g * size + k + shift) % nprocs;
            in |= map[k] == me;
        }
        Cblacs_get(-1, 0, &ctxt);
        Cblacs_gridmap(&ctxt, map, p, p, q);
        if (in) {
            mine = ctxt;
            *group = g;
        }
    }
    return mine;
}

/* A random case (every rank draws the same). */
static void draw_case(fc_case *c, int nmax, int seed)
{
    c->qr = rnd(2);
    c->upper = rnd(2);
    c->n = 1 + rnd(nmax);
    if (rnd(3) == 0)
        c->n |= 1;
    if (rnd(40) == 0)   /* now and then a large one: a kept tile block */
        c->n = 2 * nmax + 1;
    c->m = c->n;
    if (c->qr && rnd(2))
        c->m = 1 + rnd(nmax);
    c->nb = block_sizes[rnd(sizeof block_sizes / sizeof *block_sizes)];
    c->mb = c->qr && rnd(3) == 0 ? block_sizes[rnd(sizeof block_sizes / sizeof *block_sizes)]
                                 : c->nb;
    c->seed = seed;
}

static void run_one(int ctxt, const fc_case *c, const char *where)
{
    double diff;
    if (!fc_run(ctxt, c, FC_CHECK_LAPACK, &diff)) {
        int p, q, r, s;
        Cblacs_gridinfo(ctxt, &p, &q, &r, &s);
        printf("FAILED on rank %d: %s M %d N %d MB %d NB %d%s grid %dx%d (%s): %.1f eps "
               "or INFO/guards/untouched entries\n",
               me, c->qr ? "PDGEQRF" : "PDPOTRF", c->m, c->n, c->mb, c->nb,
               c->qr ? "" : c->upper ? " U" : " L", p, q, where, diff);
        failures++;
    }
    if (diff > worst_diff)
        worst_diff = diff;
}

/* One phase: grids of shape `shape` (context A) and, sometimes, of a
 * second shape (context B), `slots` calls spread over A, B and the world
 * grid, then A and B exited.  Returns the calls made on every grid. */
static long phase(int shape, int second, int slots, int nmax, int world, int fixed_n,
                  int shift)
{
    int ga, gb = -1;
    int a = grids_create(shapes[shape][0], shapes[shape][1], shift, &ga);
    int b = second >= 0 ? grids_create(shapes[second][0], shapes[second][1], shift + 1, &gb)
                        : -1;
    int groups_a = nprocs / (shapes[shape][0] * shapes[shape][1]);
    int groups_b = second >= 0 ? nprocs / (shapes[second][0] * shapes[second][1]) : 0;
    long calls = 0;
    for (int k = 0; k < slots; k++) {
        int on = second >= 0 ? rnd(5) : rnd(4);   /* 0: world, 1-3: A, 4: B */
        if (fixed_n)   /* A, B, then the world grid, four calls each */
            on = k / 4 == 0 ? 1 : k / 4 == 1 && second >= 0 ? 4 : 0;
        int threads = fixed_n ? 2 + 0 * rnd(2) : 1 + rnd(2);
        setenv("HETSCAL_NUM_THREADS", threads == 1 ? "1" : "2", 1);
        int groups = on == 0 ? 1 : on < 4 ? groups_a : groups_b;
        fc_case cases[4];
        for (int g = 0; g < groups; g++) {
            draw_case(&cases[g], nmax, rnd(1 << 20));
            if (fixed_n) {
                cases[g].m = cases[g].n = k % 3 == 2 ? 2 * nmax + 1 : nmax;
                cases[g].mb = cases[g].nb;
                cases[g].qr = k / 2 % 2;
                cases[g].upper = k % 2;
            }
        }
        calls += groups;
        if (on == 0)
            run_one(world, &cases[0], "world");
        else if (on < 4 && a >= 0)
            run_one(a, &cases[ga], "A");
        else if (on == 4 && b >= 0)
            run_one(b, &cases[gb], "B");
    }
    setenv("HETSCAL_NUM_THREADS", "2", 1);
    if (a >= 0)
        Cblacs_gridexit(a);
    if (b >= 0)
        Cblacs_gridexit(b);
    return calls;
}

typedef struct measure {
    double rss_mib, heap_mib, threads, fds, comms, kept_mib;
} measure;

/* Measured after the same call at both points, the kept tile block
 * given back. */
static void measure_now(measure *m, int world, int nmax)
{
    fc_usage u;
    fc_case probe = { .qr = 0, .upper = 0, .m = 2 * nmax + 1, .n = 2 * nmax + 1, .mb = 32,
                      .nb = 32, .seed = 1 };
    run_one(world, &probe, "probe before measuring");
    m->kept_mib = (hs_mem_kept_bytes() + hs_mem_lazily_kept_bytes()) / (1024.0 * 1024.0);
    hetscal_release_memory();
    MPI_Barrier(MPI_COMM_WORLD);
    fc_usage_now(&u);
    m->rss_mib = u.rss_kib / 1024.0;
    m->heap_mib = u.heap_mib;
    m->threads = u.threads;
    m->fds = u.fds;
    m->comms = hetscal_grid_comm_count();
}

int main(int argc, char **argv)
{
    long target = 1000;
    int nmax = 300;
    for (int k = 1; k + 1 < argc; k += 2) {
        if (strcmp(argv[k], "-calls") == 0)
            target = atol(argv[k + 1]);
        else if (strcmp(argv[k], "-nmax") == 0)
            nmax = atoi(argv[k + 1]);
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    Cblacs_pinfo(&me, &nprocs);
    int nshapes = 0;
    while (nshapes < 4 && shapes[nshapes][0] * shapes[nshapes][1] <= nprocs)
        nshapes++;
    int world;
    Cblacs_get(-1, 0, &world);
    Cblacs_gridinit(&world, "R", nprocs % 2 == 0 && nprocs > 2 ? 2 : 1,
                    nprocs % 2 == 0 && nprocs > 2 ? nprocs / 2 : nprocs);

    double t0 = hs_now();
    long calls = 0;
    int phases = 0;
    /* Warm-up: every shape (and its pair with the next), both routines and
     * uplos at N = nmax, so that every buffer has met its largest size. */
    for (int s = 0; s < nshapes; s++, phases++)
        calls += phase(s, (s + 1) % nshapes, 12, nmax, world, 1, phases);
    measure warm, end;
    measure_now(&warm, world, nmax);
    double t_warm = hs_now() - t0;
    if (me == 0)
        printf("warm-up: %ld calls in %d phases, %.1f s\n", calls, phases, t_warm);

    while (calls < target) {
        int shape = rnd(nshapes), second = rnd(2) ? rnd(nshapes) : -1;
        calls += phase(shape, second, 1 + rnd(12), nmax, world, 0, phases);
        phases++;
        if (me == 0 && phases % 20 == 0)
            printf("  %ld calls, %d phases, %.1f s\n", calls, phases, hs_now() - t0);
    }
    measure_now(&end, world, nmax);
    double t_all = hs_now() - t0;

    /* Flat: threads, descriptors, communicators the same; RSS within the
     * slack. */
    double slack = RSS_SLACK_MIB + warm.rss_mib * RSS_SLACK_PERCENT / 100.0;
#if defined(__SANITIZE_ADDRESS__)
    /* AddressSanitizer keeps freed memory in its quarantine (up to 256 MiB)
     * and has no mallinfo: resident memory says nothing about leaks there
     * (LeakSanitizer does); threads, descriptors and communicators still
     * count. */
    slack = 1e9;
#endif
    struct {
        const char *name;
        double w, e, allowed;
    } q[] = {
        { "resident memory (MiB)", warm.rss_mib, end.rss_mib, slack },
        { "malloc in use (MiB)", warm.heap_mib, end.heap_mib, HEAP_SLACK_MIB },
        { "threads", warm.threads, end.threads, 0 },
        { "file descriptors", warm.fds, end.fds, 0 },
        { "hetscal communicators", warm.comms, end.comms, 0 },
    };
    char line[512];
    int n = snprintf(line, sizeof line, "rank %d:", me);
    for (size_t k = 0; k < sizeof q / sizeof *q; k++) {
        n += snprintf(line + n, sizeof line - (size_t)n, " %s %.5g -> %.5g;", q[k].name,
                      q[k].w, q[k].e);
        if (q[k].e - q[k].w > q[k].allowed || (q[k].allowed == 0 && q[k].e != q[k].w)) {
            printf("FAILED on rank %d: %s not flat: %.5g after the warm-up, %.5g at the end "
                   "(allowed growth %.3g)\n",
                   me, q[k].name, q[k].w, q[k].e, q[k].allowed);
            failures++;
        }
    }
    snprintf(line + n, sizeof line - (size_t)n, " (kept tile block given back: %.3g, %.3g MiB)",
             warm.kept_mib, end.kept_mib);
    /* One line per rank, in rank order. */
    char *lines = me == 0 ? malloc(sizeof line * (size_t)nprocs) : NULL;
    MPI_Gather(line, (int)sizeof line, MPI_CHAR, lines, (int)sizeof line, MPI_CHAR, 0,
               MPI_COMM_WORLD);
    double worst_all;
    MPI_Reduce(&worst_diff, &worst_all, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0) {
        for (int r = 0; r < nprocs; r++)
            printf("%s\n", lines + (size_t)r * sizeof line);
        printf("%s: long run, %d ranks, HETSCAL_DEVICES=%s: %ld calls in %d phases "
               "(%.1f s, warm-up %.1f s), largest difference with LAPACK %.1f eps, "
               "RSS slack %.1f MiB, %d failed checks\n",
               all ? "FAILED" : "PASSED", nprocs,
               getenv("HETSCAL_DEVICES") ? getenv("HETSCAL_DEVICES") : "(unset)", calls,
               phases, t_all, t_warm, worst_all, slack, all);
        free(lines);
    }
    Cblacs_gridexit(world);
    Cblacs_exit(0);
    return all;
}
