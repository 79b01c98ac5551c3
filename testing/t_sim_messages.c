/* The simulation's rule for messages to a rank whose calling thread runs
 * its tasks (runtime/sim.c, poll_messages), on a task program small
 * enough to time by hand.  Two one-thread ranks of one node, shared
 * memory at 1 GB/s, no latency, no cost per task:
 *   rank 0: w (0.5 ms) writes A (64 x 64 doubles + status: 32776 bytes),
 *           which rank 1's `use` reads; then `final` (5 ms) reads R;
 *   rank 1: busy1..busy4 (1 ms each, low priority) and use (1 ms, high
 *           priority) which reads A and writes R (32776 bytes) for rank 0.
 * All of a message per poll: rank 1's first poll, after busy1 (1 ms),
 * copies A (32.776 us); use runs 1.032776-2.032776; idle rank 0 copies R
 * by 2.065552 and runs final: the call ends at 7.065552 ms.
 * 8 KiB per poll: A's five parts (4 x 8192 bytes + 8) move one per poll,
 * between busy1..busy4: after busy1 1.008192, busy2 to 2.008192, part 2,
 * busy3, part 3, busy4 to 4.024576, part 4 to 4.032768, then rank 1 has
 * nothing ready and polls on: the last 8 bytes by 4.032776; use to
 * 5.032776, R to idle rank 0 by 5.065552, final: 10.065552 ms.
 * Both ways each rank sends and receives one message.  Exit status: the
 * number of failed checks.  No MPI (the simulation needs none). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "include/hetscal.h"
#include "runtime/dist.h"
#include "runtime/sim.h"
#include "util/precision.h"

enum { TILE_A, TILE_R, TILE_BUSY, TILE_FINAL = TILE_BUSY + 4, NTILES };

static int no_kernel(hs_task *t, hs_device *dev)
{
    (void)t;
    (void)dev;
    return 0;
}

static double task_seconds(void *arg, const hs_task *t, int x)
{
    (void)arg;
    (void)x;
    if (!strcmp(t->name, "w"))
        return 0.5e-3;
    if (!strcmp(t->name, "final"))
        return 5e-3;
    if (!strcmp(t->name, "busy") || !strcmp(t->name, "use"))
        return 1e-3;
    return 0;   /* the runtime's own tasks: none here */
}

static void insert(hs_dist *d, const char *name, int priority, int nacc, int t0, int m0,
                   int t1, int m1)
{
    hs_dist_insert(d, &(hs_task_spec){ .kernel = no_kernel, .name = name,
                                       .priority = priority, .nacc = nacc,
                                       .acc = { { t0, m0 }, { t1, m1 } } });
}

static void generate(void *arg, hs_dist *d)
{
    (void)arg;
    insert(d, "w", 0, 1, TILE_A, HS_RW, 0, 0);
    for (int k = 0; k < 4; k++)
        insert(d, "busy", 0, 1, TILE_BUSY + k, HS_RW, 0, 0);
    insert(d, "use", 10, 2, TILE_A, HS_R, TILE_R, HS_RW);
    insert(d, "final", 0, 2, TILE_R, HS_R, TILE_FINAL, HS_RW);
    hs_dist_finish(d);
}

static int check(double poll_bytes, double expected)
{
    hs_tile_home home[NTILES];
    home[TILE_A] = (hs_tile_home){ 0, 0, 64, 64 };
    home[TILE_R] = (hs_tile_home){ 1, 0, 64, 64 };
    for (int k = 0; k < 4; k++)
        home[TILE_BUSY + k] = (hs_tile_home){ 1, 0, 1, 1 };
    home[TILE_FINAL] = (hs_tile_home){ 0, 0, 1, 1 };
    hs_sim_setup s = {
        .nranks = 2, .ranks_per_node = 2, .cpus = 1, .calling_thread = 1,
        .window = 64, .copy_budget = 1e12, .ntiles = NTILES, .esize = sizeof(double),
        .home = home, .tag_limit = 1 << 20, .generate = generate,
        .costs = { .task_seconds = task_seconds, .net_bandwidth = 1e9, .net_links = 1,
                   .shm_bandwidth = 1e9, .shm_poll_bytes = poll_bytes,
                   .link_bandwidth = 1e9 } };
    hs_sim_rank_result ranks[2];
    double seconds = 0;
    int rc = hs_sim_run(&s, &seconds, ranks);
    int bad = rc != HETSCAL_SUCCESS || fabs(seconds - expected) > 1e-12;
    for (int r = 0; r < 2; r++)
        bad += ranks[r].stats.messages_sent != 1 || ranks[r].stats.messages_received != 1;
    printf("%s: %.0f bytes per poll: %.9f s (expected %.9f), messages sent %ld/%ld, "
           "received %ld/%ld\n", bad ? "FAIL" : "ok", poll_bytes, seconds, expected,
           ranks[0].stats.messages_sent, ranks[1].stats.messages_sent,
           ranks[0].stats.messages_received, ranks[1].stats.messages_received);
    return bad != 0;
}

int main(void)
{
    int fails = check(0, 7.065552e-3) + check(8192, 10.065552e-3);
    /* A part as large as the message: the same as no limit. */
    fails += check(32776, 7.065552e-3);
    return fails;
}
