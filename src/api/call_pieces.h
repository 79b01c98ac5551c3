/* The repartition as tasks of the run across ranks (doc/ARCHITECTURE.md
 * section 3, step 6): each matrix tile gathered from its pieces in the
 * caller's arrays (layout/tile_pieces.h) before its first use and
 * scattered back once final, so that the copies and their messages
 * overlap the factorization instead of preceding and following it. */
#ifndef HETSCAL_API_CALL_PIECES_H
#define HETSCAL_API_CALL_PIECES_H

#include "api/call_report.h"
#include "kernels/piece_kernels.h"
#include "layout/repartition.h"
#include "runtime/dist.h"
#include "util/config.h"

typedef struct hs_call_pieces {
    int count;               /* 0: the call does not use them */
    int first_id;            /* global tile id of piece 0 */
    int *first;              /* [nmatrix + 1]: tile t's pieces' ids */
    unsigned char *merge;    /* [piece] */
    hs_piece *piece;
    hs_redist rd;            /* the call's, with A's grid */
    hs_piece_program program;
    int nmatrix;
} hs_call_pieces;

/* Whether the call's tiles move as pieces: on several ranks when its
 * tiles are neither the caller's array nor its blocks (which move
 * without crossing ranks: hs_call_copy_as_tasks), its columns are on
 * accelerators, their panels too, and gpu_pieces (hs_factorization's;
 * HETSCAL_OVERLAP_COPIES 1, the default) or
 * HETSCAL_OVERLAP_COPIES is 2, and every piece's columns are whole doubles
 * (comm/messages.h).  Then the
 * pieces are appended to the *ntiles global tiles (*home grown with
 * their homes, the ranks that hold them), rep->copy_tasks and
 * rep->copy_pieces are set, and 1 is returned; 0 when not (nothing
 * changed); HETSCAL_ERR_NOMEM (local: the caller agrees it).  The same
 * answer on every rank, from the layout alone.  rd: the call's
 * repartition, kept by value. */
int hs_call_pieces_plan(const hs_config *cfg, int gpu_pieces, hs_call_report *rep,
                        const hs_redist *rd, int nmatrix, hs_tile_home **home, int *ntiles,
                        hs_call_pieces *pc);

/* Piece `tile`'s values in this rank's part of A (ld: LLD), or NULL
 * (not a piece, or another rank's). */
void *hs_call_piece_in_caller(const hs_call_pieces *pc, int tile, int *ld);

/* Hands the pieces to the run (hs_dist_use_pieces).  Before generation. */
void hs_call_pieces_use(hs_call_pieces *pc, hs_dist *dist);

void hs_call_pieces_free(hs_call_pieces *pc);

#endif
