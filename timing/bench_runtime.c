/* Runtime overhead: time per task (insert, schedule, run, fire) on one
 * rank, for chains (every task depends on the last) and independent tasks.
 * Usage: timing/bench_runtime [tasks] [max workers] [devices]
 * Without devices: empty tasks on the host with 1..T workers.  With
 * devices (a HETSCAL_DEVICES value: emu:1, cuda), every task runs on the
 * first accelerator as a 1 x 1 x 1 GEMM on its tile: a kernel enqueued,
 * its completion callback and the management thread's work, the fixed
 * cost of a GPU task that no rate of a kernel class includes. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <mpi.h>

#include "device/device.h"
#include "runtime/dist.h"
#include "runtime/session.h"
#include "util/clock.h"

enum { NTILES = 64, TILE_ROWS = 3 };

static int tiny_kernel(hs_task *t, hs_device *dev)
{
    double *c = hs_task_data(t, 0);
    if (dev->kind == HS_DEV_CPU)
        return 0;
    /* rows 1 and 2 of the tile times each other into row 0: operands
     * apart, as BLAS wants them */
    return hs_dev_gemm(dev, t->stream, HS_PREC_D, 'N', 'N', 1, 1, 1, 1.0, c + 1, TILE_ROWS,
                       c + 2, TILE_ROWS, 0.0, c, TILE_ROWS);
}

typedef struct bench {
    hs_dist *dist;
    int ntasks, chain;
} bench;

static const hs_task_kind tiny_kind = {
    .name = "tiny", .nacc = 0, .kernel = { [HS_PREC_D] = tiny_kernel },
};

static void generate(void *arg)
{
    bench *b = arg;
    for (int k = 0; k < b->ntasks; k++) {
        int tile = b->chain ? 0 : k % NTILES;
        hs_dist_insert(b->dist, &(hs_task_spec){
            .kind = &tiny_kind, .nacc = 1,
            .acc = { { tile, HS_RW } } });
    }
}

/* One run: seconds per task. */
static double run(int ntasks, int workers, int chain, hs_device **devs, int ndev)
{
    hs_tile_home home[NTILES];
    for (int t = 0; t < NTILES; t++)
        home[t] = (hs_tile_home){ .rank = 0, .device = ndev > 1, .m = TILE_ROWS, .n = 1 };
    bench b = { .ntasks = ntasks, .chain = chain };
    hs_engine_limits limits = { .workers = workers, .window = 1024, .copy_budget = 1e9,
                                .devs = ndev > 1 ? devs : NULL, .ndev = ndev };
    hs_engine_stats stats;
    hs_dist_create(&b.dist, MPI_COMM_SELF, NTILES, home, HS_PREC_D);
    if (ndev > 1)
        hs_dist_use_devices(b.dist, devs, ndev);
    double t0 = hs_now();
    int err = hs_session_run(MPI_COMM_SELF, &limits, generate, &b, &stats);
    double t1 = hs_now();
    hs_dist_destroy(b.dist);
    if (err) {
        fprintf(stderr, "bench_runtime: the run failed (%d)\n", err);
        exit(1);
    }
    return (t1 - t0) / ntasks;
}

int main(int argc, char **argv)
{
    int ntasks = argc > 1 ? atoi(argv[1]) : 200000;
    int max_workers = argc > 2 ? atoi(argv[2]) : 2;
    const char *spec = argc > 3 ? argv[3] : NULL;
    hs_device **devs = NULL;
    int ndev = 1;

    MPI_Init(&argc, &argv);
    if (spec) {
        const char *msg = "";
        setenv("HETSCAL_DEVICES", spec, 1);
        if (hs_session_devices(0, 1, NULL, &devs, &ndev, &msg) || ndev < 2) {
            fprintf(stderr, "bench_runtime: no accelerator from %s: %s\n", spec, msg);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        printf("device: %s\n", devs[1]->name);
        max_workers = 1;   /* the device's management thread runs them */
    }
    printf("%8s %8s %8s %12s\n", "tasks", "workers", "pattern", "us/task");
    for (int workers = 1; workers <= max_workers; workers++)
        for (int chain = 0; chain <= 1; chain++)
            printf("%8d %8d %8s %12.3f\n", ntasks, workers, chain ? "chain" : "indep",
                   run(ntasks, workers, chain, devs, ndev) * 1e6);
    if (spec)
        hs_session_devices_release();
    MPI_Finalize();
    return 0;
}
