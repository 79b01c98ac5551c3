/* Tile QR in ScaLAPACK's output format as a serial program that inserts
 * tasks (doc/ARCHITECTURE.md section 4): per panel, one DGEQRF of the
 * whole panel (on one tile row, or gathered from square tiles into a
 * buffer) or TSQR down the panel's tile rows and Householder
 * reconstruction at its top, then the trailing update. */
#ifndef HETSCAL_ALGO_QR_H
#define HETSCAL_ALGO_QR_H

#include "algo/algo_inputs.h"

/* host_panels: the TSQR leaves are factored on the host too. */
typedef struct hs_qr {
    HS_ALGO_INPUTS;
    int team;                 /* one-tile host panels over teams of idle
                                 workers (hs_qr_panel_args) */
    int strips;               /* the matrix tiles are in the caller's array:
                                 a trailing column on the panel's process
                                 column is updated in strips (qr.c) */
    /* Tests only: when set, tasks go to insert(ctx, spec) instead of the
     * distributed runtime (and nothing is flushed). */
    void (*insert)(void *ctx, const hs_task_spec *spec);
    void *ctx;
} hs_qr;

/* Global tiles of the factorization: the matrix tiles (ids as in
 * tile_geometry.h) followed by auxiliary ones (R factors, tree blocks,
 * T, TAU, partial sums, the gathered panels' buffers). */
int hs_qr_tile_count(const hs_geometry *geo);

/* Where each tile lives (home[tile id], hs_qr_tile_count entries). */
void hs_qr_tile_homes(const hs_geometry *geo, const int *rank_of, hs_tile_home *home);

/* Reflectors of panel k (0 when the panel has no row of sub(A)), and the
 * tile holding their tau (1 x width of the panel, at the home of the
 * panel's top tile), -1 when none. */
int hs_qr_reflectors(const hs_geometry *geo, int k);
int hs_qr_tau_tile(const hs_geometry *geo, int k);

/* The task-generation function: arg is an hs_qr. */
void hs_qr_generate(void *arg);

#endif
