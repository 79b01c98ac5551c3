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

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "include/hetscal.h"
#include "runtime/dist.h"
#include "sim/sim.h"

enum { TILE_A, TILE_L, TILE_BUSY, TILE_USE, NTILES };

static int no_kernel(hs_task *t, hs_device *dev)
{
    (void)t;
    (void)dev;
    return 0;
}

#define KIND(name_) { .name = name_, .kernel = { [HS_PREC_D] = no_kernel } }
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

static void insert(hs_dist *d, const hs_task_kind *kind, int nacc, int t0, int m0, int t1,
                   int m1)
{
    hs_dist_insert(d, &(hs_task_spec){ .kind = kind, .nacc = nacc,
                                       .acc = { { t0, m0 }, { t1, m1 } } });
}

static void generate(void *arg, hs_dist *d)
{
    (void)arg;
    insert(d, &kind_w, 1, TILE_A, HS_RW, 0, 0);
    insert(d, &kind_l, 1, TILE_L, HS_RW, 0, 0);
    insert(d, &kind_busy, 1, TILE_BUSY, HS_RW, 0, 0);
    insert(d, &kind_use, 2, TILE_A, HS_R, TILE_USE, HS_RW);
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
    hs_tile_home home[NTILES] = {
        [TILE_A] = { 0, 0, 64, 64 }, [TILE_L] = { 0, 0, 1, 1 },
        [TILE_BUSY] = { 1, 0, 1, 1 }, [TILE_USE] = { 1, 0, 1, 1 } };
    hs_sim_setup s = {
        .nranks = 2, .ranks_per_node = 2, .cpus = 1, .calling_thread = 1,
        .window = 64, .copy_budget = 1e12, .ntiles = NTILES, .prec = HS_PREC_D,
        .home = home, .tag_limit = 1 << 20, .generate = generate, .trace = prefix,
        .costs = { .task_seconds = task_seconds, .net_bandwidth = 1e9, .net_links = 1,
                   .shm_bandwidth = 1e9, .link_bandwidth = 1e9 } };
    hs_sim_rank_result ranks[2];
    double seconds = 0;
    int fails = 0;
    if (hs_sim_run(&s, &seconds, ranks) != HETSCAL_SUCCESS) {
        printf("FAIL: the simulation did not finish\n");
        return 1;
    }
    double recv = span_seconds(prefix, 1, "recv"), send = span_seconds(prefix, 0, "send");
    struct { const char *what; double got, want; } checks[] = {
        { "the call", seconds, 5.5e-3 },
        { "rank 1's end (use after its own copy of A)", ranks[1].finish, 2.032768e-3 },
        { "rank 1's receive (copied at its poll)", recv, 32.768e-6 },
        { "rank 0's send (done at its next poll)", send, 4.5e-3 },
        { "messages sent by rank 0", (double)ranks[0].stats.messages_sent, 1 },
        { "messages received by rank 1", (double)ranks[1].stats.messages_received, 1 },
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
