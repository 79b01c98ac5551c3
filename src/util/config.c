/* HETSCAL_* environment variables (see config.h and man/man3/pdpotrf.3). */
#define _GNU_SOURCE
#include "config.h"

#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/config.h"
#include "util/env_guard.h"
#include "util/env_word.h"

/* A whole number from 0 to 2^30 - 1, nothing before or after it but
 * leading blanks; anything else ('abc', -1, '64x', 2^31, a 5000-digit
 * number, which strtol clamps to LONG_MAX) keeps the default and is
 * reported under HETSCAL_VERBOSE.  Empty counts as unset. */
static int env_int(const char *name, int fallback)
{
    const char *s = getenv(name);
    char *end;
    long v;
    if (!s || !*s)
        return fallback;
    v = strtol(s, &end, 10);
    if (end != s && *end == '\0' && v >= 0 && v < 1 << 30)
        return (int)v;
    hs_env_report(name, s, "not a whole number from 0 to 2^30 - 1; the default kept");
    return fallback;
}

static int cores_available(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

/* The tile block kept between calls holds about the rank's share of the
 * matrix.  An application that sizes its own data to the node's memory
 * must get that back when the call returns, so by default only a block of
 * at most KEEP_DEFAULT_MIB stays as it is: a call that small takes a few
 * ms, where mapping and touching the block again would be a noticeable
 * part of it.  A larger block is kept lazily (util/mem.h): the kernel
 * takes its pages back when memory runs short, and until then the next
 * call reuses them (mapping and touching fresh memory costs a large call
 * a few %, and 10% or more on virtual machines that back the guest's
 * freed pages lazily).  HETSCAL_KEEP_MEMORY: 0 keeps nothing, not even
 * lazily; 1 keeps any size (the block of the last call, as MKL keeps its
 * buffers); N > 1 keeps up to N MiB, a larger block lazily. */
enum { KEEP_DEFAULT_MIB = 64, KEEP_DEVICE_DEFAULT_MIB = 1024 };

static double keep_bytes(int setting)
{
    double mib = 1024.0 * 1024.0;
    if (setting < 0)
        return KEEP_DEFAULT_MIB * mib;
    if (setting == 1)
        return 1e300;
    return setting * mib;
}

static int disabled(void)
{
    return env_int("HETSCAL_DISABLE", 0) != 0;
}

/* The rule's tile sizes, largest first, and how many tiles of trailing
 * update it wants for each worker of the grid. */
static const int rule_sizes[] = { 512, 384, 256, 192, 128, 96, 64 };
enum { RULE_NSIZES = sizeof rule_sizes / sizeof *rule_sizes, TILES_PER_WORKER = 32 };
/* hs_column_panel_width's: whole columns of a single tile row for each
 * worker of the grid. */
enum { COLUMNS_PER_WORKER = 4 };

static int rule_leaves_enough(int n, int b, int grid_threads)
{
    long per_dim = n / b;
    return per_dim * per_dim >= (long)TILES_PER_WORKER * grid_threads;
}

double hs_rank_workers(int threads, int local_ranks, int node_cpus)
{
    double node_threads = (double)threads * (local_ranks > 0 ? local_ranks : 1);
    double part = node_cpus > 0 && node_cpus < node_threads ? node_cpus / node_threads : 1;
    return floor(1e3 * threads * part);
}

int hs_grid_workers(double thousandths)
{
    int workers = (int)floor(thousandths * 1e-3 + 0.5);
    return workers > 0 ? workers : 1;
}

int hs_tile_rule_starved(int n, int grid_threads)
{
    return !rule_leaves_enough(n, rule_sizes[RULE_NSIZES - 1], grid_threads);
}

int hs_default_tile_size(int n, int grid_threads)
{
    /* The largest tile (best GEMM rate) that still leaves every worker of
     * every rank many tiles of trailing update. */
    int b = rule_sizes[RULE_NSIZES - 1];
    for (int k = 0; k < RULE_NSIZES; k++) {
        if (rule_leaves_enough(n, rule_sizes[k], grid_threads)) {
            b = rule_sizes[k];
            break;
        }
    }
    if (b > n)
        b = n > 0 ? n : 1;
    return b;
}

int hs_column_panel_width(int n, int grid_threads)
{
    for (int k = 0; k < RULE_NSIZES - 1; k++)
        if (n / rule_sizes[k] >= (long)COLUMNS_PER_WORKER * grid_threads)
            return rule_sizes[k];
    return rule_sizes[RULE_NSIZES - 1];
}

static int broadcast_setting(void)
{
    static const hs_env_word words[] = {
        { "flat", HS_BROADCAST_FLAT }, { "tree", HS_BROADCAST_TREE },
        { "chain", HS_BROADCAST_CHAIN }, { NULL, 0 }
    };
    return hs_env_word_setting("HETSCAL_BROADCAST", words, HS_BROADCAST_AUTO,
                               "neither flat, tree nor chain; the default kept");
}

static int panels_setting(void)
{
    static const hs_env_word words[] = {
        { "host", HS_PANELS_HOST }, { "device", HS_PANELS_DEVICE }, { "cost", HS_PANELS_COST },
        { NULL, 0 }
    };
    return hs_env_word_setting("HETSCAL_PANELS", words, HS_PANELS_COST,
                               "not host, device or cost; cost kept");
}

static int panel_team_setting(void)
{
    static const hs_env_word words[] = {
        { "on", HS_TEAM_ON }, { "off", HS_TEAM_OFF }, { "auto", HS_TEAM_AUTO }, { NULL, 0 }
    };
    return hs_env_word_setting("HETSCAL_PANEL_TEAM", words, HS_TEAM_AUTO,
                               "not on, off or auto; auto kept");
}

/* HETSCAL_SMALL_CALLS: "measured" (the default), "hetscal", or an order
 * N > 0. */
static int small_calls_setting(void)
{
    static const hs_env_word words[] = {
        { "measured", HS_SMALL_CALLS_MEASURED }, { "hetscal", HS_SMALL_CALLS_HETSCAL },
        { NULL, 0 }
    };
    const char *v = getenv("HETSCAL_SMALL_CALLS");
    char *end;
    long order = v ? strtol(v, &end, 10) : 0;
    if (v && end != v && *end == '\0' && order > 0 && order <= INT_MAX)
        return (int)order;
    return hs_env_word_setting("HETSCAL_SMALL_CALLS", words, HS_SMALL_CALLS_MEASURED,
                               "not measured, hetscal or an order > 0; measured kept");
}

/* With fewer workers a rank's others are mostly busy with the updates
 * while its panel runs, so a team would find few helpers, and alone the
 * team's column-by-column rounds run below LAPACK's recursive ?GETRF on
 * one core.  From 4 on, the one-core panel is what the other workers wait
 * for (timing/predict on the machine files, doc/PERFORMANCE.md). */
enum { HS_TEAM_MIN_THREADS = 4 };

int hs_config_panel_team(const hs_config *c, int nranks)
{
    if (c->panel_team != HS_TEAM_AUTO)
        return c->panel_team == HS_TEAM_ON;
    return c->grid_threads >= HS_TEAM_MIN_THREADS * (nranks > 0 ? nranks : 1);
}

/* On up to FLAT_MAX_RANKS ranks a tile version has at most 3 readers
 * elsewhere: a tree would spare the home one send of 3 and add a hop
 * through a rank that, with one thread, forwards only between its tasks.
 * Above, the home's link carrying a panel to every other rank is what
 * stops a call from scaling (timing/predict on the machine files). */
enum { FLAT_MAX_RANKS = 4 };

int hs_config_forward_copies(const hs_config *c, int nranks, int shape)
{
    switch (c->broadcast) {
    case HS_BROADCAST_FLAT: return HS_FORWARD_NONE;
    case HS_BROADCAST_TREE: return HS_FORWARD_TREE;
    case HS_BROADCAST_CHAIN: return HS_FORWARD_CHAIN;
    default: return nranks > FLAT_MAX_RANKS ? shape : HS_FORWARD_NONE;
    }
}

/* The default window holds 16 of the call's largest tiles: a node with
 * several network links needs more messages in flight than links (a
 * message takes one), and a much larger window lets an urgent tile queue
 * behind a whole update again (the model on Keeneland's and H100 nodes,
 * doc/PERFORMANCE.md, session 39).  With at most 4 ranks (no forwarding)
 * a rank's few peers each read what they need first, and the window
 * stays off. */
double hs_config_send_window(const hs_config *c, int nranks, int tile, int esize)
{
    if (c->send_window_kib >= 0)
        return c->send_window_kib * 1024.0;
    if (!hs_config_forward_copies(c, nranks, HS_FORWARD_TREE))
        return 0;
    return (double)HS_SEND_WINDOW_TILES * tile * tile * esize;
}

void hs_config_read(hs_config *c, int local_ranks)
{
    int per_rank = cores_available() / (local_ranks > 0 ? local_ranks : 1);
    c->num_threads = env_int("HETSCAL_NUM_THREADS", per_rank > 0 ? per_rank : 1);
    if (c->num_threads < 1)
        c->num_threads = 1;
    c->node_cpus = env_int("HETSCAL_NODE_CPUS", 0);
    if (c->node_cpus < 0)
        c->node_cpus = 0;
    c->nb_small = env_int("HETSCAL_NB_SMALL", 0);
    c->summary = 0;   /* read by hs_config_agree (api/run_summary.h) */
    c->nb = env_int("HETSCAL_NB", 0);
    c->nb_gpu = env_int("HETSCAL_NB_GPU", 0);
    /* 0: the rank's own (hs_task_window). */
    c->window = env_int("HETSCAL_WINDOW", 0);
    if (c->window > 0 && c->window < 4)
        c->window = 4;
    /* HETSCAL_COPY_PERCENT: memory for received tiles, % of the share. */
    c->copy_fraction = env_int("HETSCAL_COPY_PERCENT", 30) / 100.0;
    /* HETSCAL_OVERLAP_COPIES: 0 never, 1 when large enough (across ranks:
     * the pieces where the columns are on GPUs), 2 always. */
    c->overlap_copies = env_int("HETSCAL_OVERLAP_COPIES", 1);
    c->in_place = env_int("HETSCAL_IN_PLACE", 1) != 0;
    c->send_window_kib = env_int("HETSCAL_SEND_WINDOW", -1);
    if (c->send_window_kib < -1)
        c->send_window_kib = -1;
    int lu_grid = env_int("HETSCAL_LU_GRID", -1);
    c->lu_grid = lu_grid < 0 ? -1 : lu_grid > 0;
    int lu_spread = env_int("HETSCAL_LU_SPREAD", -1);
    c->lu_spread = lu_spread < 0 ? -1 : lu_spread > 0;
    int qr_grid = env_int("HETSCAL_QR_GRID", -1);
    c->qr_grid = qr_grid < 0 ? -1 : qr_grid > 0;
    /* HETSCAL_VERBOSE=summary asks for the run's table alone
     * (api/run_summary.h), no line per call. */
    const char *verbose = getenv("HETSCAL_VERBOSE");
    c->verbose = verbose && strcmp(verbose, "summary") == 0 ? 0 : env_int("HETSCAL_VERBOSE", 0);
    c->keep_bytes = keep_bytes(env_int("HETSCAL_KEEP_MEMORY", -1));
    /* HETSCAL_KEEP_DEVICE_MEMORY (MiB per device): tile buffers left on
     * a GPU for the next call, whose cudaMalloc/cudaFree would otherwise
     * synchronize the device at every call. */
    c->keep_device_bytes = env_int("HETSCAL_KEEP_DEVICE_MEMORY", KEEP_DEVICE_DEFAULT_MIB)
                           * 1024.0 * 1024.0;
    c->disable = disabled();
    c->broadcast = broadcast_setting();
    c->panels = panels_setting();
    c->panel_team = panel_team_setting();
    c->small_calls = small_calls_setting();
    c->team_wait_us = env_int("HETSCAL_TEAM_WAIT_US", 0);
    c->cache_kb = env_int("HETSCAL_CACHE_KB", 0);   /* 0: measured (hs_config_agree) */
    c->grid_threads = c->num_threads;
    c->accel_ranks = c->accel_devices = 0;
    c->accel_host_rate = c->accel_rate = 0;
    c->accel_rates_kept = 0;
    memset(&c->panel_host, 0, sizeof c->panel_host);
    memset(&c->panel_accel, 0, sizeof c->panel_accel);
    c->panel_rates_kept = 0;
}
