/* What one call did on this rank, printed as one line by HETSCAL_VERBOSE. */
#ifndef HETSCAL_API_CALL_REPORT_H
#define HETSCAL_API_CALL_REPORT_H

#include "blacs_shim/grid.h"
#include "runtime/engine.h"

typedef struct hs_call_report {
    const char *routine;
    int m, n, tile, threads, window, info;
    int caller_tiles;                     /* tiles are the caller's blocks */
    int copy_tasks;                       /* repartition as tasks of the run */
    int copy_pieces;                      /* those tasks gather and scatter
                                             pieces across ranks
                                             (api/call_pieces.h) */
    int copy_in_place;                    /* each rank copied its own tiles
                                             (no repartition) */
    int tiles_in_place;                   /* tiles kept in the caller's array
                                             (nothing copied) */
    int tiles_transposed;                 /* those tiles the upper factor's
                                             blocks (hs_geometry.transposed) */
    double flops;
    double t_in, t_factor, t_out, t_total;   /* seconds */
    double share_bytes, peak_extra_bytes;
    int ndev, panel_gpu, gpu_fallbacks;   /* accelerators, Bg, tiles kept on host */
    const char *split_from;   /* what decided panel_gpu (plan/device_split.h) */
    int top;                  /* B, the accelerator columns' width */
    const char *top_from;     /* what decided it (plan/top_tile.h) */
    int host_panels;          /* the accelerator columns' panels factored on
                                 the host (plan/panel_placement.h) */
    const char *panels_from;  /* what decided that */
    const char *layout;       /* where the tiles lie: "grid" (on the caller's
                                 2-D grid), "gathered" (there, with QR's
                                 panels gathered whole), "one_row" (one
                                 process row); NULL before the layout */
    int nodes;                /* nodes of the grid (hs_config's grid_nodes),
                                 which the GPU layouts are decided on */
    int tall_rows;            /* the tile rows' height where it is a multiple
                                 of the top-level columns' (QR's TSQR with
                                 GPU columns); 0 otherwise */
    int rows_over_gpus;       /* the GPU columns' tiles go over the rank's
                                 GPUs by tile row (hs_tile_slot) */
    double peak_device_bytes;
    long forwarded;                       /* sends of copies received here
                                             (runtime/dist.h) */
    const char *devices;                  /* what was opened */
    double task_flops, device_flops;      /* kernel flops of the tasks run
                                             here, and of those on GPUs
                                             (counted for HETSCAL_SUMMARY) */
    hs_engine_stats stats;
} hs_call_report;

/* The side of the call's largest square tiles: its GPU columns' or its
 * host tiles'. */
static inline int hs_call_report_largest_tile(const hs_call_report *r)
{
    return r->panel_gpu > r->tile ? r->panel_gpu : r->tile;
}

void hs_call_report_print(const hetscal_grid *grid, const hs_call_report *r);

#endif
