/* Tile kernels of the Cholesky factorization (lower, L L^H, on hybrid
 * tiles).  Each takes the task's accesses in the order the algorithm
 * inserted them and its iparam; they return 0 or the INFO to record on
 * their output.  All run on the host or an accelerator; potrf's INFO
 * comes from its finish once it has run. */
#ifndef HETSCAL_KERNELS_CHOLESKY_KERNELS_H
#define HETSCAL_KERNELS_CHOLESKY_KERNELS_H

#include "runtime/engine.h"

/* The kernels' arguments (engine.h HS_KERNEL_ARGS): the diagonal block's
 * row offset in its tile and the panel's width; potrf also the
 * panel's first column (0-based in sub(A), for INFO); the updates the
 * width k of the panel they apply. */
HS_KERNEL_ARGS(hs_chol_potrf_args, off, w, col0)
HS_KERNEL_ARGS(hs_chol_trsm_args, off, w)
HS_KERNEL_ARGS(hs_chol_update_args, off, w, k)

/* The kinds of its tasks (runtime/engine.h): their kernels in the four
 * precisions, with what the cost model counts of each.  Accesses in the
 * order the algorithm inserts them:
 * - potrf: acc 0, the diagonal tile (RW); arguments hs_chol_potrf_args.
 *   Factors the diagonal block and solves the tile's rows below it; its
 *   INFO, once it has run, is the global index of the failing minor
 *   (the kind's finish).
 * - trsm: acc 0, the diagonal tile (R), 1, a tile below it (RW);
 *   arguments hs_chol_trsm_args.
 * - syrk: acc 0, the panel tile in the target's tile row (R), 1, the
 *   target tile on the diagonal (RW); arguments hs_chol_update_args (the
 *   target's diagonal offset and width).  HERK (SYRK) on the diagonal
 *   block, GEMM on the rows below it.
 * - gemm: acc 0, the panel tile in the target's tile row (R), 1, the
 *   panel tile in the target panel's diagonal tile row (R), 2, the target
 *   (RW); arguments as syrk's. */
extern const hs_task_kind hs_kind_chol_potrf, hs_kind_chol_trsm, hs_kind_chol_syrk,
    hs_kind_chol_gemm;

#endif
