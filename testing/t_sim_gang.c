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

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "include/hetscal.h"
#include "runtime/dist.h"
#include "sim/sim.h"

enum { TILE_B, TILE_P0, TILE_P1, TILE_X, TILE_S, NTILES };

static int no_kernel(hs_task *t, hs_device *dev)
{
    (void)t;
    (void)dev;
    return 0;
}

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

#define KIND(name_) .name = name_, .kernel = { [HS_PREC_D] = no_kernel }
static const hs_task_kind kind_busy = { KIND("busy") }, kind_after = { KIND("after") },
                          kind_part0 = { KIND("part0"), .gang = pair },
                          kind_part1 = { KIND("part1"), .gang = pair },
                          kind_single = { KIND("single"), .gang = alone };
#undef KIND

static double task_seconds(void *arg, const hs_task *t, int x)
{
    (void)arg;
    (void)x;
    if (t->kind == &kind_busy)
        return 2e-3;
    if (t->kind == &kind_part0 || t->kind == &kind_after)
        return 1e-3;
    if (t->kind == &kind_part1 || t->kind == &kind_single)
        return 0.5e-3;
    return 0;   /* the runtime's own tasks */
}

static void insert(hs_dist *d, const hs_task_kind *kind, int nacc, int t0, int m0, int t1,
                   int m1)
{
    hs_dist_insert(d, &(hs_task_spec){ .kind = kind, .nacc = nacc,
                                       .acc = { { t0, m0 }, { t1, m1 } } });
}

static void generate(void *arg, hs_dist *d)
{
    (void)arg;
    insert(d, &kind_busy, 1, TILE_B, HS_RW, 0, 0);
    insert(d, &kind_part0, 2, TILE_P0, HS_RW, TILE_B, HS_R);
    insert(d, &kind_part1, 1, TILE_P1, HS_RW, 0, 0);
    insert(d, &kind_after, 2, TILE_X, HS_RW, TILE_P1, HS_R);
    insert(d, &kind_single, 1, TILE_S, HS_RW, 0, 0);
    hs_dist_finish(d);
}

/* The duration in seconds of the span `name` in rank's trace file, or -1. */
static double span_seconds(const char *prefix, int rank, const char *name)
{
    char path[4096], text[1 << 14], key[64];
    snprintf(path, sizeof path, "%s.%d.json", prefix, rank);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = 0;
    snprintf(key, sizeof key, "\"name\":\"%s\"", name);
    const char *at = strstr(text, key), *dur = at ? strstr(at, "\"dur\":") : NULL;
    return dur ? atof(dur + 6) * 1e-6 : -1;
}

static int near(double a, double b)
{
    return fabs(a - b) < 1e-12;
}

int main(void)
{
    char dir[] = "/tmp/hetscal-sim-XXXXXX", prefix[64];
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(prefix, sizeof prefix, "%s/trace", dir);
    hs_tile_home home[NTILES] = { [TILE_B] = { 0, 0, 1, 1 },  [TILE_P0] = { 0, 0, 1, 1 },
                                  [TILE_P1] = { 1, 0, 1, 1 }, [TILE_X] = { 1, 0, 1, 1 },
                                  [TILE_S] = { 0, 0, 1, 1 } };
    hs_sim_setup s = {
        .nranks = 2, .ranks_per_node = 1, .cpus = 2, .window = 64, .copy_budget = 1e12,
        .ntiles = NTILES, .prec = HS_PREC_D, .home = home, .tag_limit = 1 << 20,
        .generate = generate, .trace = prefix,
        .costs = { .task_seconds = task_seconds, .net_bandwidth = 1e9, .net_links = 1,
                   .shm_bandwidth = 1e9, .link_bandwidth = 1e9 } };
    hs_sim_rank_result ranks[2];
    double seconds = 0;
    int fails = 0;
    if (hs_sim_run(&s, &seconds, ranks) != HETSCAL_SUCCESS) {
        printf("FAIL: the simulation did not finish\n");
        return 1;
    }
    struct {
        const char *what;
        double got, want;
    } checks[] = {
        { "the call", seconds, 4e-3 },
        { "rank 0's end (its part)", ranks[0].finish, 3e-3 },
        { "rank 1's end (after, behind the group)", ranks[1].finish, 4e-3 },
        { "rank 1's part, from its start to the group's end", span_seconds(prefix, 1, "part1"),
          3e-3 },
        { "rank 0's part", span_seconds(prefix, 0, "part0"), 1e-3 },
        { "a group of one part, timed alone", span_seconds(prefix, 0, "single"), 0.5e-3 },
    };
    for (size_t k = 0; k < sizeof checks / sizeof checks[0]; k++) {
        int ok = near(checks[k].got, checks[k].want);
        fails += !ok;
        printf("%s: %s %.9g (expected %.9g)\n", ok ? "ok" : "FAIL", checks[k].what,
               checks[k].got, checks[k].want);
    }
    for (int r = 0; r < 2; r++) {
        char path[4096];
        snprintf(path, sizeof path, "%s.%d.json", prefix, r);
        unlink(path);
    }
    rmdir(dir);
    return fails;
}
