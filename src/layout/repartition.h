/* Moving sub(A) between the caller's 2-D block-cyclic layout and hetscal's
 * hybrid tiles.  Each direction is a few rounds of MPI_Ialltoallv over
 * column slices of sub(A) on the grid's private communicator, each round's
 * packing and unpacking overlapping its neighbours' transfers, so the extra
 * memory of a rank is its tiles plus two slices of send and receive
 * buffers.
 * Only the entries selected by `part` move, and only they are written back:
 * the rest of A (other triangle, outside sub(A), LLD padding) is never
 * touched. */
#ifndef HETSCAL_LAYOUT_REPARTITION_H
#define HETSCAL_LAYOUT_REPARTITION_H

#include <stddef.h>

#include "layout/proc_grid.h"
#include "layout/tile_geometry.h"

enum hs_part { HS_PART_ALL, HS_PART_LOWER, HS_PART_UPPER };

/* Rows [*lo, *hi) of column q of sub(A) narrowed to those that move. */
static inline void hs_part_clip(enum hs_part part, int q, int *lo, int *hi)
{
    if (part == HS_PART_LOWER && *lo < q)
        *lo = q;
    if (part == HS_PART_UPPER && *hi > q + 1)
        *hi = q + 1;
}

/* At most this many threads copy for one rank (the cost model charges
 * the repartition's copies at the memory rate of that many cores). */
enum { HS_REDIST_MAX_COPY_THREADS = 64 };

typedef struct hs_redist {
    hs_proc_grid grid;        /* the caller's (A's) grid */
    hs_proc_grid tile_grid;   /* the geometry's grid, on the same
                                 communicator (the same as grid, or one
                                 process row of its processes) */
    const hs_geometry *geo;
    void *a;              /* caller's local array */
    int prec;             /* its values' enum hs_precision */
    const int *desca;
    int ia, ja;           /* 1-based, as in ScaLAPACK */
    int m, n;             /* size of sub(A) */
    int transpose;        /* tile entry (i, j) holds sub(A)(j, i) (complex:
                             its conjugate) */
    enum hs_part part;    /* which entries of sub(A) move (sub(A) coords) */
    void **tiles;         /* by tile id; non-NULL exactly for local tiles */
    int threads;          /* threads that copy: this rank's own rectangles,
                             and its messages' packing and unpacking */
    int copy_grain;       /* entries per copying thread at least (0: 2^18) */
    int slice_bytes;      /* a round's bytes of a rank's share (0: 8 MiB) */
} hs_redist;

/* Collective over the grid.  Return HETSCAL_SUCCESS or an error code that
 * is the same on every rank (nothing is half-moved then). */
int hs_redist_to_tiles(const hs_redist *rd);
int hs_redist_to_matrix(const hs_redist *rd);

/* One tile of this rank, moved on its own (to_tiles: from the matrix into
 * `data`, else back), when all of its entries are in this rank's part of
 * A: on one rank, or when the tiles are the caller's blocks.  Local and
 * thread-safe (the repartition as tasks, runtime/dist.h).  Returns 0, or
 * HETSCAL_ERR_INTERNAL when an entry is not here. */
int hs_redist_copy_tile(const hs_redist *rd, int tile, void *data, int to_tiles);

/* Tiles in the caller's array (runtime/dist.h hs_dist_create_in_place):
 * the rank whose local part of A holds the tile whole (a tile kept
 * transposed, hs_geometry.transposed: the block that stores it), its
 * columns consecutive there, or -1 (the same answer on every rank, from
 * the layout alone; never for tiles copied transposed, rd->transpose);
 * and the address and leading dimension (LLD) of such a tile this rank
 * holds, or NULL.  Tiles kept transposed never move otherwise: the
 * repartition and hs_redist_copy_tile refuse them (HETSCAL_ERR_INTERNAL). */
int hs_redist_tile_owner(const hs_redist *rd, int tile);
void *hs_redist_tile_in_caller(const hs_redist *rd, int tile, int *ld);

/* Columns of sub(A) per round of hs_redist_to_tiles/to_matrix for an m x n
 * sub(A) of value_bytes-byte values on nranks ranks: at most INT_MAX / m
 * (at least 1), so that the int counts and displacements of a round cannot
 * overflow. */
int hs_redist_slice_width(int m, int n, int nranks, size_t value_bytes);

#endif
