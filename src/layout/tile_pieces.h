/* A tile's pieces: the rectangles of the caller's local arrays that hold
 * its entries, for the repartition as tasks of the run across ranks
 * (runtime/dist.h hs_dist_use_pieces).  The rows of a tile's rectangle of
 * sub(A) that one process row holds are consecutive in its local array
 * (block-cyclic blocks i, i + P, ... are stored one after the other), and
 * so are the columns one process column holds: what one process holds of
 * a tile is one rectangle of its array, LLD apart, which travels as it
 * lies, with no packing. */
#ifndef HETSCAL_LAYOUT_TILE_PIECES_H
#define HETSCAL_LAYOUT_TILE_PIECES_H

#include "layout/repartition.h"

typedef struct hs_piece {
    int tile;          /* the matrix tile it is part of */
    int prow, pcol;    /* the process of A's grid that holds it */
    int p0, p1;        /* the tile's rows of sub(A), [p0, p1), in the caller's
                          orientation (transposed tiles: the tile's columns) */
    int q0, q1;        /* and its columns */
    int rows, cols;    /* of those, the ones this process holds */
    int lrow, lcol;    /* local index of its first row and column there */
    int merge;         /* some entries lie outside the part that moves: the
                          write-back keeps them (it reads the piece first) */
} hs_piece;

/* Tile `tile`'s pieces that hold entries of the moving part, in (column,
 * row) order of their processes, into out (room for max); returns how
 * many there are (more than max: only max written). */
int hs_redist_tile_pieces(const hs_redist *rd, int tile, hs_piece *out, int max);

/* Copies the moving entries of piece pc between its values (ld apart,
 * the caller's orientation) and its tile's (tile_ld apart): to_tiles from
 * the piece into the tile, else back.  Local and thread-safe. */
void hs_redist_piece_copy(const hs_redist *rd, const hs_piece *pc, void *piece, int ld,
                          void *tile, int tile_ld, int to_tiles);

#endif
