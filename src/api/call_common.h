/* What the bodies of P?POTRF, P?GETRF and P?GEQRF share: the agreed status, the
 * rank's share of sub(A), the memory budget of received tiles, and the
 * choice of devices and tile layout. */
#ifndef HETSCAL_API_CALL_COMMON_H
#define HETSCAL_API_CALL_COMMON_H

#include "api/call_pieces.h"
#include "api/call_report.h"
#include "blacs_shim/grid.h"
#include "device/device.h"
#include "layout/repartition.h"
#include "layout/tile_geometry.h"
#include "runtime/dist.h"
#include "util/config.h"

/* One status over the grid (collective): the smallest nonzero value wins
 * (runtime errors are negative, INFO positive), 0 when nothing failed. */
int hs_agree_status(const hetscal_grid *grid, int status);

/* Bytes of the m x n sub(A) at (ia, ja) stored on this rank. */
double hs_local_share_bytes(const hetscal_grid *grid, int m, int n, int ia, int ja,
                            const int *desca);

/* The start of a call's body: shutdown hook, trace, memory peak reset,
 * and the report's share, threads and window (rep->routine, m and n
 * set). */
void hs_call_begin(const hetscal_grid *grid, const hs_config *cfg, int ia, int ja,
                   const int *desca, hs_call_report *rep);

/* Its end (rep->flops set): peak memory, INFO and total time into the
 * report, trace closed, the verbose lines when asked for. */
void hs_call_end(const hetscal_grid *grid, const hs_config *cfg, double t0, int status,
                 hs_call_report *rep);

/* Received copies may take this much memory: a fraction of the rank's
 * share, but room for a few tiles whatever the share. */
double hs_copy_budget(const hs_config *cfg, double share_bytes, int tile);

/* The caller's block-cyclic layout taken over as square tiles: tiles of
 * its block size on the processes that hold those blocks, so that the
 * repartition exchanges nothing (each rank copies its own blocks).  Only
 * without accelerators, for square tiles, when sub(A) starts on a block
 * boundary along each distributed dimension, and when that block size is
 * a good tile (from half the default tile size to twice it, or from
 * small_from where that is not 0 and smaller), when sub(A),
 * of order n, lies in one block and is at most twice the default tile, or
 * when it lies in at most 2 x 2 blocks of at most 4 default tiles each and
 * the call is too small for the tile rule (hs_tile_rule_starved; in one
 * block, b is n: one tile). */
typedef struct hs_caller_tiles {
    int b;               /* 0: not usable */
    int prow0, pcol0;    /* grid position of sub(A)'s first block */
} hs_caller_tiles;

hs_caller_tiles hs_call_caller_tiles(const hetscal_grid *grid, const hs_config *cfg,
                                     int default_tile, int small_from, int n, int ia, int ja,
                                     const int *desca);

/* On one process row of several processes without accelerators, when
 * sub(A)'s n columns start a column block and lie in it, and are at most
 * twice default_width (the routine's own panel width: a wider sub(A) is
 * better cut into panels spread over the grid), and HETSCAL_NB_SMALL and
 * HETSCAL_NB leave the layout to the call: that block's width NB, the
 * panel width that makes the whole of sub(A) one panel on the process
 * that holds it (hs_call_columns_in_place then keeps it there); else 0. */
int hs_call_one_column_block(const hetscal_grid *grid, const hs_config *cfg, int n, int ja,
                             const int *desca, int default_width);

/* The width of the panels of P?GETRF's and P?GEQRF's GPU columns on one
 * tile row, when the GPUs factor the panels; 0 where n columns are too
 * few for GPU-wide panels (then the routine's host rule).  A GPU panel's
 * time hardly depends on its width (cuSOLVER's ?getrf and ?geqrf rates
 * grow about as fast as the panel's flops), while the updates' GEMMs gain
 * from wider panels: 512 when the matrix still has 4 top-level columns
 * (4 such panels each) per rank with GPUs, so that every GPU gets
 * columns; below that, 256 while every rank with GPUs still gets a whole
 * top-level column.  The host rules' narrow panels (64 to 213 on a
 * 16-core rank at n = 2000 to 8000) made GPU kernels of sizes a GPU runs
 * far below its rates (doc/PERFORMANCE.md, sessions 63 and 71). */
enum { HS_DEVICE_PANEL_WIDE = 512, HS_DEVICE_PANEL_NARROW = 256 };
int hs_call_device_panel_width(const hs_config *cfg, int n);

/* The panel width of P?GEQRF and P?GETRF on one process row of several
 * processes without accelerators: the caller's column block NB where it
 * lies between half the routine's own width and that width and sub(A)
 * starts a column block, so that the panels are the caller's blocks and
 * stay in its array (HETSCAL_IN_PLACE; not when HETSCAL_NB_SMALL or
 * HETSCAL_NB chose the tiles): no copy of the share, and panels no wider
 * than the routine's (its critical path) nor so narrow that the updates'
 * GEMMs slow down (doc/PERFORMANCE.md), or, with small_from > 0, from
 * small_from up to that width; otherwise width. */
int hs_call_caller_panel_width(const hetscal_grid *grid, const hs_config *cfg, int ja,
                               const int *desca, int width, int small_from);

/* On one process row (A's grid, several processes, no accelerators), when
 * the geometry's columns are as wide as the caller's column blocks (each
 * panel a whole top-level column of width NB) and sub(A) starts on a
 * block boundary: the panels are put on the processes that hold those
 * blocks (geo->pcol0), so that every tile is a block the rank already
 * holds (every row of it, on one process row), and rep->caller_tiles is
 * set.  Otherwise nothing changes.  The same answer on every rank. */
void hs_call_columns_in_place(const hetscal_grid *grid, int ja, const int *desca,
                              hs_geometry *geo, hs_call_report *rep);

/* Opens this rank's devices (*devs, *ndev; rep->devices, ndev, panel_gpu,
 * top, top_from) and builds the tile geometry of an m x n matrix with host
 * tile rep->tile: accelerators anywhere on the grid give the multi-level
 * layout (B-high tile rows, b-wide host panels, one Bg-wide accelerator
 * panel per B columns, B = HETSCAL_NB, else accel_B when the routine's
 * cost rule chose one (> 0), else 4b); otherwise B x b panels with
 * B = HETSCAL_NB when that is > b, or B = host_B when HETSCAL_NB is not
 * set and host_B > 0; else square tiles: the caller's blocks (caller->b
 * replaces rep->tile) when caller is not NULL and usable, else b x b.
 * Collective (the accelerator split); returns 0 or a local error, which
 * the caller agrees on. */
int hs_call_layout(const hetscal_grid *grid, const hs_config *cfg, int m, int n, int host_B,
                   int accel_B, const hs_caller_tiles *caller, hs_call_report *rep,
                   hs_geometry *geo, hs_device ***devs, int *ndev);

/* Whether the tile ids of a factorization on geo fit an int: the matrix
 * tiles and each routine's auxiliary ones (QR's: per tile row and process
 * column, per panel and process row) stay under 8 (mt + nprow) (np +
 * npcol).  A geometry past that (sub(A) of order 2^31 in small tiles:
 * memory no machine has) is refused with HETSCAL_ERR_NOMEM before any
 * count is formed in an int. */
int hs_call_tile_ids_fit(const hs_geometry *geo);

/* How a call forwards tile copies (HS_FORWARD_*, util/config.h): as the
 * configuration says for the routine's shape (hs_config_forward_copies),
 * and only while the holders every rank then keeps (P bits per tile) stay
 * within a quarter of the average share of the matrix or 16 MiB.  The
 * same on every rank. */
int hs_call_forward_copies(const hs_config *cfg, int nranks, int shape, int ntiles,
                           const hs_tile_home *home, int esize);

/* Whether the call's nmatrix matrix tiles stay in the caller's array
 * (HETSCAL_IN_PLACE): without accelerator columns, untransposed, and each
 * existing tile whole and consecutive in its home rank's part of A (the
 * caller's blocks as tiles, or every tile on one rank), so that neither
 * the repartition nor a copy of the share is needed.  The same on every
 * rank, from the layout alone. */
int hs_call_tiles_in_place(const hs_config *cfg, const hs_call_report *rep,
                           const hs_redist *rd, const hs_tile_home *home, int nmatrix);

/* The runtime's global tiles of precision prec (those homed here
 * allocated, except the matrix tiles [0, nmatrix) kept in the caller's
 * array when in_place is not NULL: hs_call_tiles_in_place, and the
 * pieces, always there, when pieces is not NULL) with this
 * rank's accelerator tiles placed (rep->gpu_fallbacks: how many stayed on
 * the host), copies forwarded along trees over tile_grid (the homes'
 * grid) as forward_copies says (HS_FORWARD_*, the same on every rank);
 * resets the device-memory peak.  Local; 0 or an error. */
int hs_call_create_tiles(const hetscal_grid *grid, const hetscal_grid *tile_grid, int ntiles,
                         const hs_tile_home *home, int prec, const hs_redist *in_place,
                         int nmatrix, const hs_call_pieces *pieces, int forward_copies,
                         hs_device **devs, int ndev, hs_call_report *rep, hs_dist **dist);

/* The grid's processes as one process row (row-major order), on the same
 * communicator: a layout for the tiles apart from A's (hs_redist's
 * tile_grid).  It shares grid's rank_of table. */
hetscal_grid hs_call_one_process_row(const hetscal_grid *grid);

/* The grid as the layout code takes it (plain values, layout/proc_grid.h). */
hs_proc_grid hs_call_proc_grid(const hetscal_grid *grid);

/* Worker threads of the run: cfg->num_threads, or none when the call is
 * `tiny` or one thread is asked for (the calling thread then runs the
 * tasks, and on several ranks the messages too: waking a worker and being
 * woken by it cost more than sharing the work saves); rep->threads counts
 * the threads that run tasks. */
int hs_call_workers(const hs_config *cfg, int tiny, hs_call_report *rep);

/* Hands the repartition to the run as tasks (runtime/dist.h,
 * hs_dist_copy_home) when it moves nothing between ranks (one rank, or
 * the caller's blocks as tiles; tiles on accelerators go there from the
 * filled host tile and come back before their write-back task), and
 * HETSCAL_OVERLAP_COPIES is 2, or 1 (the default) and sub(A) has at least
 * 4 MB per rank: returns 1 then (rep->copy_tasks set), and the caller
 * skips hs_redist_to_tiles and hs_redist_to_matrix; else 0.  The same
 * answer on every rank. */
int hs_call_copy_as_tasks(const hetscal_grid *grid, const hs_config *cfg, hs_call_report *rep,
                          hs_dist *dist, const hs_redist *rd);

/* When the caller's blocks are the tiles of a small call on several ranks
 * (not copied as tasks), each rank copies its own tiles in and out
 * (hs_call_copy_local_tiles) instead of the collective repartition, whose
 * three collectives each way are most of such a call's waits: returns 1
 * then (rep->copy_in_place set).  The same answer on every rank.  Large
 * shares keep the repartition, whose copies use every thread of the call. */
int hs_call_copy_in_place(const hetscal_grid *grid, hs_call_report *rep, const hs_redist *rd);
/* Every local tile among the first ntiles (rd->tiles[t] not NULL) copied
 * from the matrix (to_tiles) or back by hs_redist_copy_tile.  Local, not
 * agreed: returns 0, or the first error (an entry not on this rank). */
int hs_call_copy_local_tiles(const hs_redist *rd, int ntiles, int to_tiles);

/* Frees the call's tiles; their block stays for the next call when it
 * is at most cfg->keep_bytes (HETSCAL_KEEP_MEMORY, util/config.c), and
 * is kept lazily (util/mem.h) when it is larger. */
void hs_call_destroy_tiles(const hs_config *cfg, hs_dist *dist);

#endif
