/* Run-time configuration from HETSCAL_* environment variables, read at
 * every call (so a program can change them between calls). */
#ifndef HETSCAL_UTIL_CONFIG_H
#define HETSCAL_UTIL_CONFIG_H

#include "util/panel_rates.h"

/* Fields marked "grid" shape the tiles, the task stream or a collective,
 * so every rank of the grid must hold the same value: hs_config_read
 * reads this rank's environment, and api/config_agree.c then replaces
 * them with rank (0,0)'s values and fills the agreed part.  The others
 * are this rank's own resources and may differ between ranks. */
typedef struct hs_config {
    int nb_small;      /* grid: host tile size b (0: choose from N) */
    int nb;            /* grid: top-level tile size B (GPU columns; 0: default) */
    int nb_gpu;        /* grid: accelerator panel width Bg (0: from DGEMM rates) */
    int overlap_copies;   /* grid: repartition as tasks: 0 no, 1 large, 2 always */
    int in_place;      /* grid: HETSCAL_IN_PLACE, tiles kept in the caller's
                          array where the layout allows (1, default) or
                          always copied (0) */
    int lu_grid;       /* grid: HETSCAL_LU_GRID, P?GETRF's tiles on the
                          caller's 2-D grid where it has several process
                          rows (1), on one tile row (0), or as the call's
                          size says (-1, default: api/lu_call.c) */
    int lu_spread;     /* grid: HETSCAL_LU_SPREAD, the 2-D LU's panels
                          factored where their rows lie (1), gathered on
                          their diagonal tile's home (0), or as the call
                          says (-1, default: api/lu_call.c) */
    int qr_grid;       /* grid: HETSCAL_QR_GRID, P?GEQRF's square tiles on
                          the caller's grid with each panel gathered whole
                          (1), the other layouts (0), or as the call's
                          size says (-1, default: api/qr_call.c) */
    int disable;       /* grid: forward calls to the next ScaLAPACK */
    int cache_kb;      /* grid: last-level cache of a node (KiB): a share
                          larger than that reads its tiles from memory;
                          HETSCAL_CACHE_KB, else 0 until hs_config_agree
                          sets rank (0,0)'s measured size (util/
                          cache_probe.h) */
    int broadcast;     /* grid: HETSCAL_BROADCAST, how a tile read by
                          several ranks reaches them (HS_BROADCAST_*) */
    int panels;        /* grid: HETSCAL_PANELS, where the panel
                          factorizations of accelerator columns run:
                          HS_PANELS_COST (default: where the panel rates
                          say they finish first, plan/panel_placement.h),
                          HS_PANELS_HOST or HS_PANELS_DEVICE (the
                          accelerator that holds the column) */
    int panel_team;    /* grid: HETSCAL_PANEL_TEAM, whether host panels
                          (LU's, QR's one-tile ones, Cholesky's wide
                          blocks) run over the rank's idle workers
                          (HS_TEAM_*, hs_config_panel_team) */
    int summary;       /* grid: HETSCAL_SUMMARY (or HETSCAL_VERBOSE=summary),
                          set by hs_config_agree: one collective table at
                          MPI_Finalize, so every rank must take part */
    int small_calls;   /* grid: HETSCAL_SMALL_CALLS, which calls go to the
                          next library in the link chain (api/
                          small_calls.h): HS_SMALL_CALLS_MEASURED (the
                          default: those nearest the orders at which
                          the reference measured faster),
                          HS_SMALL_CALLS_HETSCAL (none), or an order N > 0
                          (those of at most an N x N call's work) */
    int send_window_kib;  /* HETSCAL_SEND_WINDOW (KiB): sends in flight per
                          rank, beyond which they wait in priority order
                          (runtime/send_window.h); 0: none; -1 (default):
                          hs_config_send_window's rule */
    int num_threads;   /* host worker threads of this rank */
    int node_cpus;     /* HETSCAL_NODE_CPUS: the CPUs the grid's ranks on
                          this node may use (0, default: the union of
                          their affinity masks, hetscal_grid.node_cpus) */
    int window;        /* task window (live task instances per rank) */
    double copy_fraction;  /* received copies, as a fraction of the share */
    int verbose;
    double keep_bytes; /* tile block kept for the next call up to this size,
                          a larger one lazily (util/mem.h); 0: none at all */
    double keep_device_bytes;  /* device buffers kept cached per device */
    int team_wait_us;  /* (tests) HETSCAL_TEAM_WAIT_US: a host kernel's team
                          waits this long for an invited idle worker to
                          join before its first round (runtime/team.h) */

    /* Agreed over the grid at each call (hs_config_agree). */
    int grid_threads;        /* threads that run tasks at once, summed over
                                the grid: a node's ranks count no more of
                                them than it has CPUs (hs_config_agree) */
    int grid_nodes;          /* nodes the grid's ranks run on (at least 1) */
    int accel_ranks;         /* ranks of the grid with accelerators */
    int accel_devices;       /* their accelerators, summed */
    double accel_host_rate;  /* their host DGEMM rate (all threads), average */
    double accel_rate;       /* their accelerators' DGEMM rate, average */
    int accel_rates_kept;    /* 1: every one of them read its accelerators' rates from
                                the rates file (runtime/device_rates.h), 0: measured */
    hs_panel_rates panel_host, panel_accel;   /* their panel-kernel rates
                                (runtime/panel_probe.h), average; zero
                                unless panels == HS_PANELS_COST */
    int panel_rates_kept;    /* as accel_rates_kept, for those */
} hs_config;

enum { HS_BROADCAST_AUTO, HS_BROADCAST_FLAT, HS_BROADCAST_TREE, HS_BROADCAST_CHAIN };
enum { HS_PANELS_COST, HS_PANELS_HOST, HS_PANELS_DEVICE };
enum { HS_TEAM_AUTO, HS_TEAM_ON, HS_TEAM_OFF };
enum { HS_SMALL_CALLS_MEASURED = -1, HS_SMALL_CALLS_HETSCAL = 0 };

/* Whether a call on nranks ranks factors its host panels (LU's, QR's
 * one-tile ones, Cholesky's wide blocks) over teams of each rank's idle
 * workers (runtime/team.h): HETSCAL_PANEL_TEAM=on or off, or by default
 * when the ranks have HS_TEAM_MIN_THREADS workers on average. */
int hs_config_panel_team(const hs_config *c, int nranks);

/* How a call on nranks ranks forwards tile copies (runtime/dist.h,
 * hs_dist_forward_copies): HS_FORWARD_NONE (each from its home),
 * HS_FORWARD_TREE (binomial trees) or HS_FORWARD_CHAIN (chains); as
 * HETSCAL_BROADCAST=flat, tree or chain says, or by default none on small
 * grids and the routine's own shape (`shape`, hs_factorization's
 * broadcast) above. */
enum { HS_FORWARD_NONE, HS_FORWARD_TREE, HS_FORWARD_CHAIN };
int hs_config_forward_copies(const hs_config *c, int nranks, int shape);

/* Bytes of sends a rank of a call on nranks ranks keeps in flight
 * (runtime/send_window.h; 0: no window): HETSCAL_SEND_WINDOW, or by
 * default where copies are forwarded along trees, room for
 * HS_SEND_WINDOW_TILES square tiles of side `tile` (the call's largest)
 * of esize bytes. */
enum { HS_SEND_WINDOW_TILES = 16 };
double hs_config_send_window(const hs_config *c, int nranks, int tile, int esize);

/* This rank's values; local_ranks: the ranks of the grid on this node,
 * which share its cores by default. */
void hs_config_read(hs_config *c, int local_ranks);

/* How many of a rank's `threads` run at once when `local_ranks` ranks of
 * as many threads share a node's `node_cpus` CPUs (0: not known): all of
 * them, or its part of those CPUs; in whole thousandths, so that their
 * sum over the grid is exact in any order.  hs_grid_workers makes such a
 * sum grid_threads (at least 1).  hs_config_agree sums it over the grid,
 * the simulator over its nodes. */
double hs_rank_workers(int threads, int local_ranks, int node_cpus);
int hs_grid_workers(double thousandths);

/* Host tile size for an n x n problem when HETSCAL_NB_SMALL is not set,
 * from the threads of the whole grid (so the same on every rank). */
int hs_default_tile_size(int n, int grid_threads);

/* Width of the panels of a single tile row of whole columns (LU's
 * program, QR's on one process row): the widest (best GEMM rate of the
 * column updates) that leaves at least 4 columns of n per worker of the
 * grid, 512 down to 64.  Such a program updates the whole columns right
 * of each panel, one task per column, so the columns, not a square's
 * tiles, are what the workers share; and each panel (rows x b^2 on one
 * core) lies on the critical path, which narrower panels shorten. */
int hs_column_panel_width(int n, int grid_threads);

/* Whether even that rule's smallest tile leaves the grid's workers fewer
 * tiles than the rule wants for each (the rule then falls back to it): a
 * call too small to be spread well at any tile size. */
int hs_tile_rule_starved(int n, int grid_threads);


#endif
