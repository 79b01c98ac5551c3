/* The simulation's price of a message between GPU tiles of two ranks
 * on one node (sim/sim_messages.c): where MPI takes device memory and
 * the node joins its GPUs, the message crosses at the GPUs' peer rate,
 * not through the host's shared memory.  Two ranks of one node, one GPU
 * each, no latency, no cost per task:
 *   rank 0's GPU: w (0 s) writes A (64 x 64 doubles, 32768 bytes);
 *   rank 1's GPU: use (0 s) reads A, writes U.
 * Both tiles start on their hosts and end there: A goes to rank 0's
 * GPU over its link (1 GB/s, 32.768 us) while U goes to rank 1's, and U
 * comes back at the end (32.768 us).  With device messages
 * (mpi.gpu_memory) and peers at 4 GB/s, A goes from GPU to GPU in
 * 8.192 us: 73.728 us in all.  Without device messages it is staged:
 * back to rank 0's host (32.768 us), to rank 1 through shared memory
 * (1 GB/s, 32.768 us) and to its GPU (32.768 us): 163.84 us.
 * With a host message beside it (device messages): rank 0's host task
 * wh (20 us) writes H (64 x 64, on its host), which rank 1's host task
 * uh reads; H crosses shared memory from 20 to 52.768 us while A crosses
 * between the GPUs from 32.768 to 40.96 us: the GPUs' copies take their
 * own lanes, so the run still takes 73.728 us (one lane for both made A
 * wait for H: 93.728 us).  Exit status: the number of failed checks.
 * No MPI (the simulation needs none). */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "include/hetscal.h"
#include "runtime/dist.h"
#include "sim/sim.h"

enum { TILE_A, TILE_U, TILE_H, TILE_V, NTILES };

static int no_kernel(hs_task *t, hs_device *dev)
{
    (void)t;
    (void)dev;
    return 0;
}

#define KIND(name_) { .name = name_, .kernel = { [HS_PREC_D] = no_kernel } }
static const hs_task_kind kind_w = KIND("w"), kind_use = KIND("use"), kind_wh = KIND("wh"),
                          kind_uh = KIND("uh");
#undef KIND

static double task_seconds(void *arg, const hs_task *t, int x)
{
    (void)arg;
    (void)x;
    return t->kind == &kind_wh ? 20e-6 : 0;
}

static void generate(void *arg, hs_dist *d)
{
    if (*(const int *)arg) {   /* the host message */
        hs_dist_insert(d, &(hs_task_spec){ .kind = &kind_wh, .host_only = 1, .nacc = 1,
                                           .acc = { { TILE_H, HS_RW } } });
        hs_dist_insert(d, &(hs_task_spec){ .kind = &kind_uh, .host_only = 1, .nacc = 2,
                                           .acc = { { TILE_V, HS_RW }, { TILE_H, HS_R } } });
    }
    hs_dist_insert(d, &(hs_task_spec){ .kind = &kind_w, .nacc = 1,
                                       .acc = { { TILE_A, HS_RW } } });
    hs_dist_insert(d, &(hs_task_spec){ .kind = &kind_use, .nacc = 2,
                                       .acc = { { TILE_U, HS_RW }, { TILE_A, HS_R } } });
    hs_dist_finish(d);
}

/* The simulated call's seconds with or without device messages and the
 * host message; -1 if it did not finish. */
static double run(int device_messages, int host_message, hs_sim_rank_result ranks[2])
{
    static const int gpus[2] = { 1, 1 };
    static const hs_tile_home home[NTILES] = { [TILE_A] = { 0, 1, 64, 64 },
                                               [TILE_U] = { 1, 1, 64, 64 },
                                               [TILE_H] = { 0, 0, 64, 64 },
                                               [TILE_V] = { 1, 0, 64, 64 } };
    hs_sim_setup s = {
        .nranks = 2, .ranks_per_node = 2, .cpus = 1, .window = 64, .copy_budget = 1e12,
        .ntiles = NTILES, .prec = HS_PREC_D, .home = home, .tag_limit = 1 << 20,
        .generate = generate, .arg = &host_message, .gpus = gpus, .gpu_capacity = 1e9,
        .costs = { .task_seconds = task_seconds, .net_bandwidth = 1e9, .net_links = 1,
                   .shm_bandwidth = 1e9, .link_bandwidth = 1e9, .peer_bandwidth = 4e9,
                   .mpi_gpu_memory = device_messages } };
    double seconds = 0;
    return hs_sim_run(&s, &seconds, ranks) == HETSCAL_SUCCESS ? seconds : -1;
}

static int check(int device_messages, int host_message)
{
    hs_sim_rank_result ranks[2];
    double got = run(device_messages, host_message, ranks);
    double want = device_messages ? 73.728e-6 : 163.84e-6;
    long messages = 1 + host_message;
    int ok = fabs(got - want) < 1e-12 && ranks[0].stats.messages_sent == messages
             && ranks[1].stats.messages_received == messages;
    printf("%s: %s%s: %.9g s (expected %.9g), messages %ld sent, %ld received\n",
           ok ? "ok" : "FAIL",
           device_messages ? "GPU to GPU inside the node" : "staged through the hosts",
           host_message ? ", a host message beside it" : "", got, want,
           (long)ranks[0].stats.messages_sent, (long)ranks[1].stats.messages_received);
    return !ok;
}

int main(void)
{
    return check(1, 0) + check(0, 0) + check(1, 1);
}
