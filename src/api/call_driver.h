/* The one path every factorization's call takes once its arguments are
 * valid: layout, tiles in, the task program on the runtime, tiles out, an
 * optional finishing step, INFO agreed over the grid, the report.  A
 * factorization plugs in with a small table (hs_factorization); its entry
 * points add the table of its ScaLAPACK arguments (api/call_entry.h); see
 * doc/ARCHITECTURE.md section 10. */
#ifndef HETSCAL_API_CALL_DRIVER_H
#define HETSCAL_API_CALL_DRIVER_H

#include "api/call_common.h"
#include "plan/granularity.h"

/* One call in progress.  The routine fills the arguments; its layout step
 * fills rep.tile, geo and the repartition fields; the driver the rest. */
typedef struct hs_call {
    /* The call's arguments (checked by hs_call_entry, which also sets
     * grid and cfg). */
    const hetscal_grid *grid;
    const hs_config *cfg;
    int prec;                    /* enum hs_precision of A (and TAU, WORK) */
    char routine[8];             /* "pzpotrf": set by the entry or driver */
    int m, n;
    void *a;
    int ia, ja;
    const int *desca;
    const char *uplo;            /* PDPOTRF's UPLO, as the caller passed it */
    int upper;                   /* UPLO = 'U' */
    void *tau;                   /* P?GEQRF's TAU, WORK, LWORK */
    void *work;
    int lwork;
    double lwmin;                /* the least LWORK (set by the checks) */
    int *ipiv;                   /* P?GETRF's IPIV */

    /* The layout. */
    hs_call_report rep;
    hs_geometry geo;
    const hetscal_grid *tile_grid;   /* where the tiles live (default: grid) */
    hetscal_grid one_row;            /* storage for a one-process-row tile grid */
    int part, transpose;             /* what the repartition moves, and how */
    hs_device **devs;
    int ndev;

    /* The run. */
    hs_dist *dist;
    hs_call_pieces pieces;   /* the repartition as tasks across ranks */
    int *caller_layout;   /* P?GETRF: where every grid process's A lies, for
                             the pivot search's kernels (hs_lu_caller);
                             freed by the driver */
    struct hs_lu_spread_ctx *lu_spread;   /* P?GETRF's spread panels' ctx
                             (kernels/lu_spread_part.h); freed by the
                             driver */
    int a_untouched;      /* set by hs_call_run: it returned before anything
                             could write A (its failure agreed over the
                             grid, so the same on every rank), and the
                             call may go to ScaLAPACK instead */
} hs_call;

typedef struct hs_factorization {
    const char *routine;             /* the family: "potrf" (the report
                                        says "pdpotrf", "pzpotrf" ...) */
    double (*flops)(int m, int n);
    /* Up to this many flops the calling thread runs the tasks (0: never). */
    double tiny_flops;
    /* Tile size and geometry (collective: hs_call_layout); 0 or a local
     * error, which the driver agrees on. */
    int (*layout)(hs_call *call);
    /* Global tiles (matrix tiles first, as in tile_geometry.h) and the
     * home of each. */
    int (*tile_count)(const hs_geometry *geo);
    void (*tile_homes)(const hs_geometry *geo, const int *rank_of, hs_tile_home *home);
    /* Inserts the task program of the call (its geometry and precision;
     * LU also reads the caller's descriptor, for ScaLAPACK's pivot
     * search) on the generation thread. */
    void (*generate)(const hs_call *call, hs_dist *dist);
    /* Its kernels take tiles with ld > m (engine.h hs_task_ld), so its
     * matrix tiles may stay in the caller's array (hs_call_tiles_in_place). */
    int tiles_in_place;
    /* How its tiles reach their readers on grids that forward copies
     * (hs_config_forward_copies): HS_FORWARD_TREE or HS_FORWARD_CHAIN. */
    int broadcast;
    /* Its tiles move across ranks as pieces, tasks of the run, by default
     * where the run is on the GPUs (api/call_pieces.h); else by rounds
     * before and after it. */
    int gpu_pieces;
    /* After the tiles are back in the caller's matrix, on success only
     * (collective): outputs beyond sub(A), such as TAU; returns a status
     * agreed over the grid.  May be NULL. */
    int (*finish)(hs_call *call);
} hs_factorization;

/* Runs the call; returns INFO (>= 0) or a negative hetscal_status, the
 * same on every rank. */
int hs_call_run(const hs_factorization *f, hs_call *call);

/* After the homes (home, of the nmatrix matrix tiles first): whether the
 * matrix tiles stay in the caller's array (c->rep.tiles_in_place,
 * hs_call_tiles_in_place).  Tiles the layout kept transposed
 * (hs_geometry.transposed) that cannot stay there are copied transposed
 * instead (c->transpose and rd->transpose set, the homes recomputed).
 * In place on several process columns, the geometry's strip_buffers is
 * set and the homes recomputed (the strips' pack buffers).  The same
 * answer on every rank. */
void hs_call_keep_tiles(const hs_factorization *f, hs_call *c, hs_redist *rd,
                        hs_tile_home *home, int nmatrix);

/* The layout step of P?GETRF and P?GEQRF on the caller's 2-D grid:
 * square tiles, the caller's blocks where they make good tiles (in
 * place), else the square tile rule's, no wider than the single tile
 * row's panels (hs_column_panel_width); every part of A moves.  As
 * hs_call_layout (collective), except that it returns 1, with no
 * geometry left, when HETSCAL_NB asked for taller tile rows than square
 * tiles have, with HS_SQUARE_IN_PLACE_ONLY when the caller's blocks cannot
 * be the tiles (with HS_SQUARE_SMALL_BLOCKS, blocks from
 * HS_SMALL_BLOCKS_FROM up can be, below half the default tile), and with
 * accelerators unless HS_SQUARE_ON_DEVICES puts
 * every column's tiles on them (geo's panels' device; the routine then
 * lays out another way).  With accelerators, device_width not 0 is the
 * tile side instead of those rules (the panels the GPUs factor: their
 * columns B wide, hs_call_layout), unless HETSCAL_NB_SMALL sets it. */
enum { HS_SQUARE_IN_PLACE_ONLY = 1, HS_SQUARE_ON_DEVICES = 2, HS_SQUARE_SMALL_BLOCKS = 4 };
int hs_call_square_tiles(hs_call *c, int flags, int device_width);

/* The average share of sub(A) per process, in bytes: the same on every
 * rank, so that decisions taken on it agree.  Above HS_GRID_SHARE_BYTES
 * P?GETRF and P?GEQRF take their caller's-grid layouts by default, for
 * memory (api/lu_call.c, api/qr_call.c). */
double hs_call_average_share(const hs_call *c);

/* The bound on the call's extra memory on this rank, in bytes: half its
 * share where the shares pass HS_GRID_SHARE_BYTES and the matrix's tiles
 * are in the caller's array (hs_call_keep_tiles), which leaves the
 * received copies what the other tiles leave of it
 * (hs_copy_budget_bounded); 0 elsewhere (no bound: a copy of the share
 * is the plan's). */
double hs_call_memory_bound(const hs_call *c);

/* After the layout: where the tiles lie and on how many nodes, for
 * HETSCAL_VERBOSE (call_report.h's layout and nodes). */
void hs_call_report_layout(hs_call *c);

/* The average share of sub(A) per node of the grid (hs_config's
 * grid_nodes), in bytes: the same on every rank. */
double hs_call_node_share(const hs_call *c);

/* call->routine from the family and the precision ("pzpotrf"). */
void hs_call_name(const hs_factorization *f, hs_call *call);

#endif
