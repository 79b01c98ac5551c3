/* Tile kernels of the Cholesky factorization (lower, on hybrid tiles).
 * Each takes the task's accesses in the order the algorithm inserted them
 * and its iparam; they return 0 or the INFO to record on their output.
 * hs_kernel_potrf_panel is host-only (LAPACK); the others run anywhere. */
#ifndef HETSCAL_KERNELS_CHOLESKY_KERNELS_H
#define HETSCAL_KERNELS_CHOLESKY_KERNELS_H

#include "runtime/engine.h"

/* acc 0: diagonal tile (RW).  iparam: row offset of the diagonal block,
 * panel width, panel's first column (0-based in sub(A), for INFO).
 * Factors the diagonal block and solves the tile's rows below it. */
int hs_kernel_potrf_panel(hs_task *t, hs_device *dev);

/* acc 0: diagonal tile (R), acc 1: tile below (RW).  iparam: offset, width. */
int hs_kernel_trsm(hs_task *t, hs_device *dev);

/* acc 0: panel tile in the target's tile row (R), acc 1: target tile on
 * the diagonal (RW).  iparam: target's diagonal offset, target width,
 * panel width.  SYRK on the diagonal block, GEMM on the rows below it. */
int hs_kernel_syrk_gemm(hs_task *t, hs_device *dev);

/* acc 0: panel tile in the target's tile row (R), acc 1: panel tile in the
 * target panel's diagonal tile row (R), acc 2: target (RW).  iparam as for
 * hs_kernel_syrk_gemm. */
int hs_kernel_gemm(hs_task *t, hs_device *dev);

#endif
