/* Runtime overhead: time per empty task (insert, schedule, run, fire) on one
 * rank, for chains (every task depends on the last) and independent tasks,
 * with 1..T workers.  Usage: timing/bench_runtime [tasks] [max workers]. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <mpi.h>

#include "runtime/dist.h"
#include "runtime/session.h"
#include "util/clock.h"

enum { NTILES = 64 };

static int empty_kernel(hs_task *t, hs_device *dev)
{
    (void)t;
    (void)dev;
    return 0;
}

typedef struct bench {
    hs_dist *dist;
    int ntasks, chain;
} bench;

static const hs_task_kind empty_kind = {
    .name = "empty", .nacc = 0, .kernel = { [HS_PREC_D] = empty_kernel },
};

static void generate(void *arg)
{
    bench *b = arg;
    for (int k = 0; k < b->ntasks; k++) {
        int tile = b->chain ? 0 : k % NTILES;
        hs_dist_insert(b->dist, &(hs_task_spec){
            .kind = &empty_kind, .nacc = 1,
            .acc = { { tile, HS_RW } } });
    }
}

int main(int argc, char **argv)
{
    int ntasks = argc > 1 ? atoi(argv[1]) : 200000;
    int max_workers = argc > 2 ? atoi(argv[2]) : 2;
    hs_tile_home home[NTILES];

    MPI_Init(&argc, &argv);
    for (int t = 0; t < NTILES; t++)
        home[t] = (hs_tile_home){ .rank = 0, .device = 0, .m = 1, .n = 1 };
    printf("%8s %8s %8s %12s\n", "tasks", "workers", "pattern", "us/task");
    for (int workers = 1; workers <= max_workers; workers++) {
        for (int chain = 0; chain <= 1; chain++) {
            bench b = { .ntasks = ntasks, .chain = chain };
            hs_engine_limits limits = { .workers = workers, .window = 1024,
                                        .copy_budget = 1e9 };
            hs_engine_stats stats;
            hs_dist_create(&b.dist, MPI_COMM_SELF, NTILES, home, HS_PREC_D);
            double t0 = hs_now();
            hs_session_run(MPI_COMM_SELF, &limits, generate, &b, &stats);
            double t1 = hs_now();
            hs_dist_destroy(b.dist);
            printf("%8d %8d %8s %12.3f\n", ntasks, workers, chain ? "chain" : "indep",
                   (t1 - t0) * 1e6 / ntasks);
        }
    }
    MPI_Finalize();
    return 0;
}
