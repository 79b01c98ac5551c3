/* Distributed task assignment without coordination (doc/ARCHITECTURE.md section 6).
 * Every rank runs the same serial algorithm, which inserts global tasks on
 * global tiles; each rank keeps from each task only its own instances:
 *   - the task itself when it owns the task's main output (first written
 *     tile), reading alien inputs from received copies;
 *   - a send of each tile it owns that another rank's task reads, at most
 *     once per tile version and destination rank (with forwarding, also
 *     of the copies it holds, to readers below it in the tile's tree);
 *   - a receive for each tile it owns that another rank's task writes (a
 *     minor output), and the matching send on the writer's side.
 * Both ends derive every message from the same serial order, so the n-th
 * message from rank s to rank r is tagged n on both sides and no message is
 * exchanged to build the DAG. */
#ifndef HETSCAL_RUNTIME_DIST_H
#define HETSCAL_RUNTIME_DIST_H

#include <mpi.h>

#include "runtime/engine.h"

typedef struct hs_dist hs_dist;

/* Where a global tile lives and its size; rank < 0: the tile does not
 * exist (never accessed).  device: 0 for the host, or an accelerator slot
 * s >= 1, which the home rank maps to its accelerator 1 + (s-1) mod G
 * (hs_dist_use_devices); other ranks ignore it. */
typedef struct hs_tile_home {
    int rank, device, m, n;
    int stays;    /* only tasks on its home access it: never sent, and no
                     room is kept for receiving it (the sink, dist.c) */
    int variable; /* its writers fill only a prefix of its values, which
                     is all its messages carry (engine.h,
                     hs_handle_set_prefix): the 2-D LU's interchange
                     pieces, of the rows that the pivots move */
} hs_tile_home;

/* Bytes of the room for the sink of rank `rank` (dist.c, allocate_copy):
 * the largest tile it may receive, in its tile block. */
double hs_tile_home_sink_bytes(const hs_tile_home *home, int ntiles, int rank, int esize);

/* Bytes of the tiles that stay (hs_tile_home.stays) on rank `rank`, of
 * esize-byte values, as the tile block holds them. */
double hs_tile_home_stays_bytes(const hs_tile_home *home, int ntiles, int rank, int esize);

/* Bytes of the tiles from `first` on that rank `rank` homes, of
 * esize-byte values, as the tile block holds them (with the matrix's
 * tiles first and in the caller's array: the block's whole size). */
double hs_tile_home_bytes_from(const hs_tile_home *home, int ntiles, int first, int rank,
                               int esize);

/* The most bytes any of ranks 0..nranks-1 homes of those tiles (out of
 * memory: HUGE_VAL). */
double hs_tile_home_most_bytes_from(const hs_tile_home *home, int ntiles, int first,
                                    int nranks, int esize);

/* A rank's budget of received copies (hs_engine_limits.copy_budget) less
 * the tiles that stay on it (the panel buffers of the 2-D LU and the
 * gathered QR, which hold copies of other ranks' tiles too), down to
 * half the budget. */
static inline double hs_copy_budget_less_stays(double budget, double stays_bytes)
{
    return budget - stays_bytes > budget / 2 ? budget - stays_bytes : budget / 2;
}

/* What a rank's runtime holds besides the tiles and their copies, at
 * most: a full window's task structs and the sink's room (sink_bytes),
 * which a bound on the extra memory leaves them (hs_copy_budget_bounded). */
static inline double hs_runtime_reserve_bytes(int window, double sink_bytes)
{
    return (double)window * sizeof(hs_task) + sink_bytes;
}

/* Where a call's extra memory is bounded (bound bytes: the matrix's
 * tiles in the caller's array, half the share): the budget (from
 * hs_copy_budget_less_stays on `budget`) cut to what the tile block
 * (block_bytes, with the runtime's reserve: hs_runtime_reserve_bytes)
 * leaves of the bound to the received copies and the sends' staged
 * copies (a quarter of the budget, runtime/session.c), down to a quarter
 * of `budget`; bound 0: no bound. */
static inline double hs_copy_budget_bounded(double budget, double stays_bytes, double bound,
                                            double block_bytes)
{
    double b = hs_copy_budget_less_stays(budget, stays_bytes);
    if (bound <= 0)
        return b;
    double room = (bound - block_bytes) / 1.25;
    room = room > budget / 4 ? room : budget / 4;
    return room < b ? room : b;
}

/* A global task as the algorithm describes it. */
typedef struct hs_task_spec {
    const hs_task_kind *kind; /* its kernels, finish and cost (engine.h) */
    int priority;
    int host_only;    /* runs on CPU cores even when its output is on a GPU
                         (and always when its kind says so) */
    int nacc;
    struct { int tile, mode; } acc[HS_MAX_ACCESSES];
    int iparam[HS_MAX_IPARAMS];
    const void *ctx;  /* the kernel's own data beyond iparam (engine.h), which
                         outlives the run */
    int at_first;     /* runs where acc[0] lives, even when it only reads it
                         (else where its first written tile lives) */
    int ignore_status;  /* runs whatever its inputs carry (engine.h) */
    int urgent;       /* on an accelerator, its kernels go on the urgent
                         stream (device.h), ahead of the compute stream's
                         queue: the panel's chain, which the rest waits for */
    int with_next;    /* the next with_next insertions follow this one at
                         once: no wait for the window and no drain for
                         tags among them (their tags are reserved with
                         this one's).  For a group whose tasks let other
                         ranks' tasks start that then wait for this
                         rank's tasks of the group to run (a spread
                         panel's markers and parts,
                         kernels/lu_spread_part.h): every rank must have
                         inserted the whole group, and so made its sends,
                         before it waits for anything. */
} hs_task_spec;

/* Appends an access of `tile` in `mode` to spec (at most HS_MAX_ACCESSES). */
static inline void hs_task_spec_add(hs_task_spec *spec, int tile, int mode)
{
    spec->acc[spec->nacc].tile = tile;
    spec->acc[spec->nacc++].mode = mode;
}

/* Creates the state of ntiles global tiles of values of precision prec
 * (enum hs_precision, util/precision.h: the tiles' element size and the
 * kernel each task's kind has for it) and allocates the tiles this rank
 * owns.  Local, no communication; on the calling thread. */
int hs_dist_create(hs_dist **d, MPI_Comm comm, int ntiles, const hs_tile_home *home,
                   int prec);

/* The same, with the home tiles for which where(arg, tile, &ld) gives
 * an address in the caller's array (the tile's m x n values there, ld
 * apart, each column whole doubles) kept there instead of in the tile
 * block: no copy in or out, no memory; NULL: in the block.  where NULL:
 * hs_dist_create. */
typedef void *(*hs_dist_in_place)(void *arg, int tile, int *ld);
int hs_dist_create_in_place(hs_dist **d, MPI_Comm comm, int ntiles, const hs_tile_home *home,
                            int prec, hs_dist_in_place where, void *arg);

/* The same for simulated rank `me` of `nranks` (sim/sim.h): no MPI,
 * no tile memory (handles without data), tags wrap after tag_limit
 * messages between two ranks as MPI_TAG_UB would make them. */
int hs_dist_create_simulated(hs_dist **d, int me, int nranks, int tag_limit, int ntiles,
                             const hs_tile_home *home, int prec);

/* Simulation (sim/sim.h): what the simulated ranks of one call, in one
 * process, would each compute alike is computed once.  Every rank
 * tracks the same holders of every tile when copies are forwarded, each
 * step in the same order: the rank that reaches a step first takes it on
 * the one shared copy and logs its result, the others read the log.  And
 * a rank skips a task that touches nothing of its own (no tile homed or
 * held here, run elsewhere) after its window and tags' step, where it
 * would only have found nothing to do.  NULL when out of memory. */
typedef struct hs_dist_shared hs_dist_shared;
hs_dist_shared *hs_dist_shared_new(int nranks, int ntiles);
void hs_dist_shared_free(hs_dist_shared *s);
/* Before generation, after hs_dist_forward_copies, on every rank of the
 * call or none: 0, or HETSCAL_ERR_NOMEM (nothing changed). */
int hs_dist_share(hs_dist *d, hs_dist_shared *s);

/* From here on, a tile version that several ranks read is forwarded
 * along trees rooted at its home (dist_holders.c, sender_for) over the
 * process grid of the tiles' homes (nprow x npcol, rank_of[row * npcol +
 * col] its ranks, NULL: in rank order; a grid of other than P processes:
 * one row of ranks 0..P-1): a reader may receive it from another reader,
 * so the home's link carries about log2 of the readers' count copies of a
 * panel (binomial trees) or one (chain: each reader sends it on to the
 * next along the row or column) instead of one per reader.  Every rank
 * then keeps the holders of every tile (P bits per tile, where only the
 * home kept its own).  All ranks of a call or none, before generation,
 * with the same chain.  0, or HETSCAL_ERR_NOMEM (nothing changed). */
int hs_dist_forward_copies(hs_dist *d, int nprow, int npcol, const int *rank_of, int chain);
/* Sends this rank made of tile versions it received (tests). */
long hs_dist_forwarded(const hs_dist *d);

/* Tests: from the next hs_dist_create on, message tags wrap after `limit`
 * messages between two ranks (0: MPI_TAG_UB, as always), so that the
 * reuse of tags (a drain before a step that could alias) is exercised. */
void hs_dist_limit_tags(int limit);
void hs_dist_destroy(hs_dist *d);

/* Places the tiles owned here whose home device is an accelerator slot on
 * devs[1..ndev-1] (devs[0] is the host): their tasks run there (except
 * host-only ones) and their current version stays there; a tile whose
 * device memory cannot be allocated stays on the host.  Without this call
 * everything runs on the host.  Returns how many tiles fell back to the
 * host.  Before generation, on the calling thread. */
int hs_dist_use_devices(hs_dist *d, hs_device **devs, int ndev);

/* How many times device memory ran short during generation (cached
 * instances were evicted; tasks may have run on the host instead). */
int hs_dist_evictions(const hs_dist *d);

/* Home buffer of a tile owned here (m*n values + status word, or in the
 * caller's array: hs_dist_create_in_place), else NULL. */
void *hs_dist_tile_data(const hs_dist *d, int tile);

/* The repartition as tasks, when every tile this rank owns comes from its
 * own part of the caller's matrix: tiles [0, nmatrix) owned here are
 * filled by copy(arg, tile, data, 1) in a task inserted just before the
 * first task that accesses the tile (with that task's priority), and
 * written back by copy(arg, tile, data, 0) in a task when the tile is
 * final (hs_dist_final, or hs_dist_finish for the others); the write-back
 * runs even when the tile carries a status, as the repartition after the
 * run would.  The copies then overlap the factorization instead of
 * preceding and following it.  A tile an accelerator works on goes there
 * from its filled host buffer and comes back before its write-back.
 * Before generation. */
typedef int (*hs_dist_home_copy)(void *arg, int tile, void *data, int to_tiles);
void hs_dist_copy_home(hs_dist *d, int nmatrix, hs_dist_home_copy copy, void *arg);

/* The repartition as tasks across ranks: matrix tile t < nmatrix is
 * made of the tiles first[t] .. first[t + 1] - 1 (its pieces: parts of
 * the caller's array, homed where they lie, layout/tile_pieces.h).
 * Before the first task that accesses t, `gather` tasks (t written, up
 * to HS_GROUP_ACCESSES - 1 pieces read each) are inserted with that task's
 * priority; when t is final (hs_dist_final, or hs_dist_finish for the
 * others), `scatter` tasks (t read, pieces written, those with
 * merge[piece - first[0]] read too).  Both run on the host where t
 * lives, whatever t's status (which they leave as it is); iparam[0] is
 * t, iparam[1] the task's first piece (counted from first[0]),
 * iparam[2] its pieces.  A tile no task accesses moves neither way.
 * The copies and their messages then overlap the factorization instead
 * of preceding and following it.  Before generation; the arrays outlive
 * the run. */
typedef struct hs_dist_pieces {
    int nmatrix;
    const int *first;
    const unsigned char *merge;
    const hs_task_kind *gather, *scatter;
    const void *ctx;
} hs_dist_pieces;
void hs_dist_use_pieces(hs_dist *d, const hs_dist_pieces *pieces);

/* Generation thread only. */
void hs_dist_insert(hs_dist *d, const hs_task_spec *spec);
/* The algorithm will not read the tile's current version again before
 * writing it: copies of it are freed after their pending readers. */
void hs_dist_flush(hs_dist *d, int tile);
/* The tile is final: flush, and bring it back to its host buffer now
 * (overlapping the rest of the computation). */
void hs_dist_final(hs_dist *d, int tile, int priority);
/* The tile's current version is only read on accelerators from now on,
 * and changed later on the host (LU's left interchanges): its host
 * buffer gets a copy now, overlapping the rest of the computation instead
 * of waiting for the end; the accelerators' copies stay valid. */
void hs_dist_bring_home(hs_dist *d, int tile, int priority);
/* Last call of a generation: every tile owned here goes back to its host
 * buffer (where hs_dist_tile_data points). */
void hs_dist_finish(hs_dist *d);

/* For tests: fn(arg, event, spec, tile) sees every call the algorithm
 * makes (spec for HS_DIST_INSERT, tile for FLUSH and FINAL), in order, on
 * the generation thread. */
enum hs_dist_event { HS_DIST_INSERT, HS_DIST_FLUSH, HS_DIST_FINAL, HS_DIST_HOME,
                     HS_DIST_FINISH };
typedef void (*hs_dist_observer)(void *arg, int event, const hs_task_spec *spec, int tile);
void hs_dist_observe(hs_dist *d, hs_dist_observer fn, void *arg);

/* fn(arg, task, device) sees each task this rank will run, with its
 * accesses set, before it is submitted (device 0: the host), on the
 * generation thread: what a report counts per device (HETSCAL_SUMMARY's
 * share of the flops on GPUs).  Before generation. */
typedef void (*hs_dist_placed_fn)(void *arg, const hs_task *t, int device);
void hs_dist_on_placed(hs_dist *d, hs_dist_placed_fn fn, void *arg);

/* Smallest nonzero status word of the tiles owned here (0 if none);
 * positive statuses (INFO) rank below negative (runtime errors) only
 * through hs_status_merge. */
int hs_dist_local_status(hs_dist *d);

#endif
