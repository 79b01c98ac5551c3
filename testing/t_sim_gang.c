/* The simulation of a task spread over ranks (sim/sim_gang.c) on a
 * program small enough to time by hand.  Two ranks on two nodes, two
 * workers each, no cost per task or message byte:
 *   rank 0: busy (2 ms) on B, then its part (1 ms), which reads B;
 *   rank 1: its part (0.5 ms) at once, then after (1 ms), which reads
 *           the part's tile.
 * The two parts are one group (kind.gang): rank 1's waits, its worker
 * taken, from 0 until rank 0's starts at 2 ms, and both end at 2 + 1 =
 * 3 ms (the longer part's time after the last start); after runs from 3
 * to 4 ms.  Timed alone, rank 1's part would end at 0.5 ms and the call
 * at 3 ms.  A second group of one part (kind.gang answers 1) is timed
 * alone.  Exit status: the number of failed checks.  No MPI. */
#include "config.h"

#include <stdio.h>

#include "include/hetscal.h"
#include "runtime/dist.h"
#include "sim/sim.h"
#include "testing/sim_hand_timed.h"

enum { TILE_B, TILE_P0, TILE_P1, TILE_X, TILE_S, NTILES };

static int pair(const hs_task *t, long *key)
{
    (void)t;
    *key = 7;
    return 2;
}

static int alone(const hs_task *t, long *key)
{
    (void)t;
    *key = 8;
    return 1;
}

#define KIND(name_) .name = name_, .kernel = { [HS_PREC_D] = sim_no_kernel }
static const hs_task_kind kind_busy = { KIND("busy") }, kind_after = { KIND("after") },
                          kind_part0 = { KIND("part0"), .gang = pair },
                          kind_part1 = { KIND("part1"), .gang = pair },
                          kind_single = { KIND("single"), .gang = alone };
#undef KIND

/* Each kind's time; the runtime's own tasks take none. */
static const struct {
    const hs_task_kind *kind;
    double seconds;
} times[] = { { &kind_busy, 2e-3 },   { &kind_part0, 1e-3 },    { &kind_after, 1e-3 },
              { &kind_part1, 0.5e-3 }, { &kind_single, 0.5e-3 } };

static double task_seconds(void *arg, const hs_task *t, int x)
{
    (void)arg;
    (void)x;
    for (size_t k = 0; k < sizeof times / sizeof times[0]; k++)
        if (times[k].kind == t->kind)
            return times[k].seconds;
    return 0;
}

static void generate(void *arg, hs_dist *d)
{
    (void)arg;
    sim_insert(d, &kind_busy, 1, TILE_B, HS_RW, 0, 0);
    sim_insert(d, &kind_part0, 2, TILE_P0, HS_RW, TILE_B, HS_R);
    sim_insert(d, &kind_part1, 1, TILE_P1, HS_RW, 0, 0);
    sim_insert(d, &kind_after, 2, TILE_X, HS_RW, TILE_P1, HS_R);
    sim_insert(d, &kind_single, 1, TILE_S, HS_RW, 0, 0);
    hs_dist_finish(d);
}

int main(void)
{
    char dir[] = "/tmp/hetscal-sim-XXXXXX", prefix[64];
    if (sim_trace_dir(dir, prefix, sizeof prefix))
        return 1;
    hs_tile_home home[NTILES] = { [TILE_B] = { 0, 0, 1, 1 },  [TILE_P0] = { 0, 0, 1, 1 },
                                  [TILE_P1] = { 1, 0, 1, 1 }, [TILE_X] = { 1, 0, 1, 1 },
                                  [TILE_S] = { 0, 0, 1, 1 } };
    hs_sim_setup s = {
        .nranks = 2, .ranks_per_node = 1, .cpus = 2, .window = 64, .copy_budget = 1e12,
        .ntiles = NTILES, .prec = HS_PREC_D, .home = home, .tag_limit = 1 << 20,
        .generate = generate, .trace = prefix,
        .costs = sim_unit_costs(task_seconds) };
    hs_sim_rank_result ranks[2];
    double seconds;
    if (sim_run_reported(&s, &seconds, ranks))
        return 1;
    sim_check checks[] = {
        { "the call", seconds, 4e-3 },
        { "rank 0's end (its part)", ranks[0].finish, 3e-3 },
        { "rank 1's end (after, behind the group)", ranks[1].finish, 4e-3 },
        { "rank 1's part, from its start to the group's end",
          sim_trace_span_seconds(prefix, 1, "part1"), 3e-3 },
        { "rank 0's part", sim_trace_span_seconds(prefix, 0, "part0"), 1e-3 },
        { "a group of one part, timed alone", sim_trace_span_seconds(prefix, 0, "single"),
          0.5e-3 },
    };
    int fails = sim_checks_report(checks, sizeof checks / sizeof checks[0]);
    sim_trace_remove(dir, prefix, 2);
    return fails;
}
