/* The simulation's rules for messages of ranks whose calling thread runs
 * the tasks (sim/sim.c, poll_messages), on a task program small
 * enough to time by hand.  Two one-thread ranks of one node, shared
 * memory at 1 GB/s, no latency, no cost per task:
 *   rank 0: w (0.5 ms) writes A (64 x 64 doubles, 32768 bytes: its
 *           status word, 0, does not travel),
 *           then L (5 ms) on a tile of its own;
 *   rank 1: busy (1 ms), then use (1 ms), which reads A.
 * Rank 0 posts A's send at 0.5 ms, when rank 1 computes: rank 1's thread
 * copies A at its next poll, 1.0-1.032768 ms, and runs use until
 * 2.032768 ms (were the message moved without its thread, use would end
 * at 2.0).  The send completes at rank 0's next poll, when L ends at
 * 5.5 ms: the trace's send lasts from the copy's start, 1.0 ms, to 5.5
 * (were it done on arrival, 32.768 us).  The call ends at 5.5 ms; each
 * rank sends or receives one message.  Exit status: the number of failed
 * checks.  No MPI (the simulation needs none). */
#include "config.h"

#include <stdio.h>

#include "include/hetscal.h"
#include "runtime/dist.h"
#include "sim/sim.h"
#include "testing/sim_hand_timed.h"

enum { TILE_A, TILE_L, TILE_BUSY, TILE_USE, NTILES };

#define KIND(name_) { .name = name_, .kernel = { [HS_PREC_D] = sim_no_kernel } }
static const hs_task_kind kind_w = KIND("w"), kind_l = KIND("L"), kind_busy = KIND("busy"),
                          kind_use = KIND("use");
#undef KIND

static double task_seconds(void *arg, const hs_task *t, int x)
{
    (void)arg;
    (void)x;
    if (t->kind == &kind_w)
        return 0.5e-3;
    if (t->kind == &kind_l)
        return 5e-3;
    if (t->kind == &kind_busy || t->kind == &kind_use)
        return 1e-3;
    return 0;   /* the runtime's own tasks: none here */
}

static void generate(void *arg, hs_dist *d)
{
    (void)arg;
    sim_insert(d, &kind_w, 1, TILE_A, HS_RW, 0, 0);
    sim_insert(d, &kind_l, 1, TILE_L, HS_RW, 0, 0);
    sim_insert(d, &kind_busy, 1, TILE_BUSY, HS_RW, 0, 0);
    sim_insert(d, &kind_use, 2, TILE_A, HS_R, TILE_USE, HS_RW);
    hs_dist_finish(d);
}

int main(void)
{
    char dir[] = "/tmp/hetscal-sim-XXXXXX", prefix[64];
    if (sim_trace_dir(dir, prefix, sizeof prefix))
        return 1;
    hs_tile_home home[NTILES] = {
        [TILE_A] = { 0, 0, 64, 64 }, [TILE_L] = { 0, 0, 1, 1 },
        [TILE_BUSY] = { 1, 0, 1, 1 }, [TILE_USE] = { 1, 0, 1, 1 } };
    hs_sim_setup s = {
        .nranks = 2, .ranks_per_node = 2, .cpus = 1, .calling_thread = 1,
        .window = 64, .copy_budget = 1e12, .ntiles = NTILES, .prec = HS_PREC_D,
        .home = home, .tag_limit = 1 << 20, .generate = generate, .trace = prefix,
        .costs = sim_unit_costs(task_seconds) };
    hs_sim_rank_result ranks[2];
    double seconds;
    if (sim_run_reported(&s, &seconds, ranks))
        return 1;
    double recv = sim_trace_span_seconds(prefix, 1, "recv");
    double send = sim_trace_span_seconds(prefix, 0, "send");
    sim_check checks[] = {
        { "the call", seconds, 5.5e-3 },
        { "rank 1's end (use after its own copy of A)", ranks[1].finish, 2.032768e-3 },
        { "rank 1's receive (copied at its poll)", recv, 32.768e-6 },
        { "rank 0's send (done at its next poll)", send, 4.5e-3 },
        { "messages sent by rank 0", (double)ranks[0].stats.messages_sent, 1 },
        { "messages received by rank 1", (double)ranks[1].stats.messages_received, 1 },
    };
    int fails = sim_checks_report(checks, sizeof checks / sizeof checks[0]);
    sim_trace_remove(dir, prefix, 2);
    return fails;
}
