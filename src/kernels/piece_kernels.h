/* The repartition's tasks across ranks (runtime/dist.h hs_dist_use_pieces):
 * a matrix tile gathered from its pieces in the caller's arrays before its
 * first use, and scattered back to them once final
 * (layout/tile_pieces.h). */
#ifndef HETSCAL_KERNELS_PIECE_KERNELS_H
#define HETSCAL_KERNELS_PIECE_KERNELS_H

#include "layout/tile_pieces.h"
#include "runtime/engine.h"

/* The tasks' ctx: the call's repartition and its pieces, numbered as
 * iparam[1] counts them. */
typedef struct hs_piece_program {
    const hs_redist *rd;
    const hs_piece *piece;
} hs_piece_program;

extern const hs_task_kind hs_kind_piece_gather, hs_kind_piece_scatter;

#endif
