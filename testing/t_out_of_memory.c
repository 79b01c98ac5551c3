/* Running out of memory in the middle of a call (util/mem.h fault
 * injection): for every allocation k that one rank makes during a PDPOTRF,
 * PDGEQRF or PDGETRF call, that rank's k-th and later allocations fail.  Every
 * rank must return INFO = HETSCAL_ERR_NOMEM (none hangs or crashes), and a
 * call after it must give the factor of a clean call bit for bit.  A
 * received copy that finds no memory is the hard case: the messages every
 * rank planned must still match (runtime/dist.c, allocate_copy); task
 * structs, ready queues and the message arrays are among the allocations
 * (runtime/engine.c, "task pool").
 * An allocation that fails before anything wrote A (the tiles, the
 * repartition's buffers) hands the call to ScaLAPACK on every rank
 * instead (api/call_entry.c): INFO = 0 and ScaLAPACK's own factor, bit
 * for bit, and hetscal_last_call() says so; both outcomes must occur over
 * the k tried.
 * With the argument "mpi", the same for MPI errors (comm/messages.h
 * fault injection): the k-th MPI_Isend or MPI_Irecv of one rank fails,
 * and every rank must return INFO = HETSCAL_ERR_MPI.
 * With "device" (HETSCAL_DEVICES=emu:N), one rank's first emulated GPU
 * fails for good at its k-th copy or kernel, as a GPU with a sticky CUDA
 * error does (its queued callbacks never run): every rank must return
 * INFO = HETSCAL_ERR_DEVICE, none may hang; the failing rank then opens
 * fresh devices (HETSCAL_DEVICES is rewritten) for the next call.
 * T_OOM_VERBOSE=1 prints each failing call before it runs (to find a hang);
 * T_OOM_ROUTINE=PDGETRF (say) tries that routine alone; T_OOM_CALLS=K
 * tries about K failure points a rank (evenly spaced; default 128).
 * Exit status: failed checks (summed over ranks). */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "include/hetscal.h"
#include "comm/messages.h"
#include "device/backends.h"
#include "runtime/session.h"
#include "testing/blacs_tools.h"
#include "testing/factor_problem.h"
#include "util/mem.h"

/* Small blocks: many tiles, so many received copies per rank. */
enum { N = 420, NB = 32, MAX_CALLS_PER_RANK = 128 };

static int failures, me;

/* What fails: allocations (util/mem.h) or MPI posts (comm/messages.h). */
typedef struct fault {
    const char *what;
    void (*fail_from)(long k);   /* 0: none; LONG_MAX: count only */
    long (*count)(void);
    int info;
} fault;

static const fault allocations = { "allocation", hs_mem_fail_from, hs_mem_alloc_count,
                                   HETSCAL_ERR_NOMEM };
static const fault mpi_posts = { "MPI post", hs_comm_fail_post, hs_comm_post_count,
                                 HETSCAL_ERR_MPI };
/* Device faults: this rank's first accelerator, and its operation count
 * when counting started. */
static long device_base;
static hs_device *failing;   /* set to fail by the last device_fail_from */

static hs_device *first_accelerator(void)
{
    hs_device **devs;
    int ndev;
    const char *msg;
    int err = hs_session_devices(0, 1, NULL, &devs, &ndev, &msg);
    hs_session_devices_release();
    return err || ndev < 2 ? NULL : devs[1];
}

static void device_fail_from(long k)
{
    if (k == 0) {
        hs_device *dev = failing;
        failing = NULL;
        if (dev && dev->ops->health(dev)) {
            /* Broken for good: the next call would run on the host (the
             * session drops the device).  A different spelling of the same
             * devices opens fresh ones instead. */
            char spec[64];
            snprintf(spec, sizeof spec - 1, "%s", getenv("HETSCAL_DEVICES"));
            size_t len = strlen(spec);
            if (len && spec[len - 1] == ' ')
                spec[len - 1] = '\0';
            else
                strcat(spec, " ");
            setenv("HETSCAL_DEVICES", spec, 1);
        } else if (dev) {
            hs_emu_device_fail_at(dev, 0);
        }
        return;
    }
    hs_device *dev = first_accelerator();
    if (!dev)
        MPI_Abort(MPI_COMM_WORLD, 3);
    failing = dev;
    device_base = hs_emu_device_executed(dev);
    hs_emu_device_fail_at(dev, k == LONG_MAX ? 0 : device_base + k);
}

static long device_count(void)
{
    return failing ? hs_emu_device_executed(failing) - device_base : 0;
}

static const fault device_ops = { "device operation", device_fail_from, device_count,
                                  HETSCAL_ERR_DEVICE };
static const fault *F = &allocations;

static void check(int ok, const char *what, int k, int rank)
{
    if (!ok) {
        printf("FAILED on rank %d: %s (%s %d failing on rank %d)\n", me, what, F->what, k,
               rank);
        failures++;
    }
}

/* hetscal's clean call, and ScaLAPACK's, of the routine being tried. */
static problem_outputs clean, scalapack;

/* Calls of this routine that ended each way under a failing allocation. */
static int handed_to_scalapack, failed_with_info, recovered;

/* Allocation k fails (and every later one), or MPI post k, on `rank` only. */
static void run_failing(problem *p, int k, int rank)
{
    if (getenv("T_OOM_VERBOSE"))
        printf("rank %d: %s %d failing on rank %d\n", me, F->what, k, rank), fflush(stdout);
    double ts = MPI_Wtime();
    F->fail_from(me == rank ? k : 0);
    if (getenv("T_OOM_VERBOSE"))
        printf("rank %d: set up in %.3f s\n", me, MPI_Wtime() - ts), fflush(stdout);
    double t0 = MPI_Wtime();
    int info = problem_factor(p, 0);
    if (getenv("T_OOM_VERBOSE"))
        printf("rank %d: INFO %d after %.3f s\n", me, info, MPI_Wtime() - t0), fflush(stdout);
    int triggered = me == rank && F->count() >= k;
    F->fail_from(0);
    int any, lo, hi;
    MPI_Allreduce(&triggered, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&info, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&info, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    check(lo == hi, "every rank returns the same INFO", k, rank);
    const char *ran = hetscal_last_call();
    if (any && F == &allocations && info == 0 && strstr(ran, "handed on")) {
        handed_to_scalapack++;   /* no memory before A was written */
        check(strstr(ran, "(no memory") != NULL && problem_same(p, &scalapack),
              "handed on for want of memory: ScaLAPACK's factor", k, rank);
    } else if (any && F == &allocations && info == 0) {
        /* Only allocations hetscal can do without failed (the contiguous
         * copy of a tile in the caller's array being sent): its own call.
         * (Its factor may also be ScaLAPACK's bit for bit: the caller's
         * blocks as tiles, the same kernels.) */
        check(strstr(ran, ": hetscal;") != NULL && problem_same(p, &clean),
              "INFO = 0 on hetscal: the clean factor", k, rank);
        recovered++;
    } else if (any) {
        check(info == F->info, "INFO = the failure's status", k, rank);
        failed_with_info++;
    } else
        check(info == 0 && problem_same(p, &clean), "no failure: the clean factor", k, rank);
}

static int calls_per_rank(void)
{
    const char *v = getenv("T_OOM_CALLS");
    int k = v ? atoi(v) : 0;
    return k > 0 ? k : MAX_CALLS_PER_RANK;
}

static void run(problem *p, int nprocs)
{
    if (F == &allocations) {
        check(problem_factor(p, 1) == 0, "ScaLAPACK's call: INFO = 0", 0, -1);
        problem_keep(p, &scalapack);
    }
    handed_to_scalapack = failed_with_info = recovered = 0;
    int info = problem_factor(p, 0);
    check(info == 0, "clean call: INFO = 0", info, -1);
    check(strstr(hetscal_last_call(), ": hetscal; layout ") != NULL
              && strstr(hetscal_last_call(), "; INFO 0") != NULL,
          "hetscal_last_call: run by hetscal, INFO 0", 0, -1);
    problem_keep(p, &clean);

    /* How many allocations (posts) each rank makes in one call. */
    F->fail_from(LONG_MAX);
    check(problem_factor(p, 0) == 0, "counting call: INFO = 0", 0, -1);
    int mine = (int)F->count(), most;
    F->fail_from(0);
    MPI_Allreduce(&mine, &most, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    int calls = 0;
    for (int rank = 0; rank < nprocs; rank++) {
        int count = mine;
        MPI_Bcast(&count, 1, MPI_INT, rank, MPI_COMM_WORLD);
        int stride = count / calls_per_rank() + 1;
        /* Every stride-th allocation, and the last one. */
        for (int k = 1; k <= count; k = k < count && k + stride > count ? count : k + stride) {
            run_failing(p, k, rank);
            calls++;
        }
    }
    check(problem_factor(p, 0) == 0 && problem_same(p, &clean),
          "after the failures: the clean factor", 0, -1);
    if (F == &allocations) {
        int both[2] = { handed_to_scalapack, failed_with_info }, all[2];
        MPI_Allreduce(both, all, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        check(all[0] > 0, "some failing allocation handed the call to ScaLAPACK", 0, -1);
        check(all[1] > 0, "some failing allocation ended the call with its INFO", 0, -1);
    }
    int kept_on = 0;
    MPI_Allreduce(&recovered, &kept_on, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("%s: %d calls with a failing %s (up to %d per rank and call), %d went on "
               "without what failed\n",
               problem_name(p->routine), calls, F->what, most, kept_on);
}

/* A grid hetscal has not seen yet, whose set-up (the first call on its
 * context) finds no memory on one rank only: INFO = HETSCAL_ERR_NOMEM on
 * every rank, no hang (the set-up is collective), and the next call on
 * that context works. */
static void first_call_fails(int nprocs)
{
    int ctxt, info, n = 40, nb = 8, zero = 0, nprow, npcol, myrow, mycol;
    Cblacs_get(-1, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "C", nprocs, 1);
    Cblacs_gridinfo(ctxt, &nprow, &npcol, &myrow, &mycol);
    int lld = numroc_(&n, &nb, &myrow, &zero, &nprow), desc[9];
    lld = lld > 1 ? lld : 1;
    descinit_(desc, &n, &n, &nb, &nb, &zero, &zero, &ctxt, &lld, &info);
    double *a = malloc((size_t)lld * n * sizeof *a);
    for (int round = 0; round < 2; round++) {
        for (int jl = 0; jl < n; jl++)
            for (int il = 0; il < lld; il++)
                a[il + (size_t)jl * lld] = (il / nb * nprow + myrow) * nb + il % nb == jl ? n : 0.5;
        if (round == 0 && me == nprocs - 1)
            hs_mem_fail_from(1);
        pdpotrf_("L", &n, a, &(int){ 1 }, &(int){ 1 }, desc, &info);
        hs_mem_fail_from(0);
        check(info == (round == 0 ? HETSCAL_ERR_NOMEM : 0),
              round == 0 ? "a grid set-up without memory on one rank: INFO = -1001"
                         : "the next call on that grid: INFO = 0", 1, nprocs - 1);
    }
    free(a);
    Cblacs_gridexit(ctxt);
}

int main(int argc, char **argv)
{
    int nprocs, ctxt;
    if (argc > 1 && strcmp(argv[1], "mpi") == 0)
        F = &mpi_posts;
    if (argc > 1 && strcmp(argv[1], "device") == 0)
        F = &device_ops;
    Cblacs_pinfo(&me, &nprocs);
    Cblacs_get(-1, 0, &ctxt);
    int rows = nprocs % 2 == 0 && nprocs > 2 ? 2 : 1;
    Cblacs_gridinit(&ctxt, "R", rows, nprocs / rows);
    problem p;
    if (problem_init(&p, ctxt, N, NB) || problem_outputs_init(&clean, &p) ||
        problem_outputs_init(&scalapack, &p))
        MPI_Abort(MPI_COMM_WORLD, 2);

    const char *only = getenv("T_OOM_ROUTINE");
    for (p.routine = 0; p.routine < NROUTINES; p.routine++)
        if (!only || strcmp(only, problem_name(p.routine)) == 0)
            run(&p, nprocs);
    if (F == &allocations)
        first_call_fails(nprocs);

    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("%s: %s mid-call, %d ranks (%d x %d), %d failed checks\n",
               all ? "FAILED" : "PASSED", F == &allocations ? "out of memory"
                                          : F == &mpi_posts   ? "MPI errors"
                                                              : "device failures",
               nprocs, p.nprow, p.npcol, all);
    problem_free(&p);
    problem_outputs_free(&clean);
    problem_outputs_free(&scalapack);
    Cblacs_gridexit(ctxt);
    Cblacs_exit(0);
    return all;
}
