/* LU with partial pivoting in ScaLAPACK's output format as a serial
 * program that inserts tasks (doc/ARCHITECTURE.md section 4), on a single
 * tile row: every panel is one tile of whole columns, so its pivot search
 * is one ?GETRF on its home, and each later column tile takes the panel's
 * interchanges, solve and update in one task. */
#ifndef HETSCAL_ALGO_LU_H
#define HETSCAL_ALGO_LU_H

#include "algo/algo_inputs.h"
#include "kernels/lu_pivot_search.h"

/* geo: a single tile row (hs_geometry_single_tile_row); host_panels:
 * every panel is factored on the host. */
typedef struct hs_lu {
    HS_ALGO_INPUTS;
    hs_lu_rows rows;          /* the caller's distribution of sub(A), for
                                 the panels' pivot search where a NaN or an
                                 infinity makes it ScaLAPACK's own */
    const int *caller;        /* and where each process's A lies (the
                                 panel kernel's ctx, lu_kernels.h), or NULL */
    const struct hs_lu_spread_ctx *spread;   /* the spread panels' parts'
                                 ctx (kernels/lu_spread_part.h), when
                                 geo->spread_panels */
    int team;                 /* host panels over teams of idle workers
                                 (hs_lu_panel_args) */
    int strips;               /* the matrix tiles are in the caller's array:
                                 the 2-D grid's trailing columns on the
                                 panel's process column are updated in
                                 strips (algo/lu_grid.c) */
} hs_lu;

/* Global tiles: the np column tiles, then one pivot tile per panel
 * (kernels/lu_kernels.h) at its panel's home. */
int hs_lu_tile_count(const hs_geometry *geo);
void hs_lu_tile_homes(const hs_geometry *geo, const int *rank_of, hs_tile_home *home);

/* Panel k's pivot tile, or -1 when the panel has no row of sub(A) (the
 * columns right of a wide matrix's last row are only updated): the
 * tile after the matrix tiles, in either layout (algo/lu_grid.h). */
int hs_lu_pivot_tile(const hs_geometry *geo, int k);

/* The task-generation function: arg is an hs_lu. */
void hs_lu_generate(void *arg);

#endif
