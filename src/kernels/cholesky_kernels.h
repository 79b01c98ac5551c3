/* Tile kernels of the Cholesky factorization (lower, L L^H, on hybrid
 * tiles), one table per precision.  Each takes the task's accesses in the
 * order the algorithm inserted them and its iparam; they return 0 or the
 * INFO to record on their output.  All run on the host or an accelerator;
 * potrf_panel's INFO comes from potrf_status once it has run. */
#ifndef HETSCAL_KERNELS_CHOLESKY_KERNELS_H
#define HETSCAL_KERNELS_CHOLESKY_KERNELS_H

#include "runtime/engine.h"

/* The kernels' arguments (engine.h HS_KERNEL_ARGS): the diagonal block's
 * row offset in its tile and the panel's width; potrf_panel also the
 * panel's first column (0-based in sub(A), for INFO); the updates the
 * width k of the panel they apply. */
HS_KERNEL_ARGS(hs_chol_potrf_args, off, w, col0)
HS_KERNEL_ARGS(hs_chol_trsm_args, off, w)
HS_KERNEL_ARGS(hs_chol_update_args, off, w, k)

typedef struct hs_cholesky_kernels {
    /* acc 0: diagonal tile (RW).  Arguments hs_chol_potrf_args.  Factors
     * the diagonal block and solves the tile's rows below it. */
    hs_kernel potrf_panel;
    /* Its INFO once it has run: the global index of the failing minor. */
    hs_finish potrf_status;
    /* acc 0: diagonal tile (R), acc 1: tile below (RW).  Arguments
     * hs_chol_trsm_args. */
    hs_kernel trsm;
    /* acc 0: panel tile in the target's tile row (R), acc 1: target tile
     * on the diagonal (RW).  Arguments hs_chol_update_args (the target's
     * diagonal offset and width).  HERK (SYRK) on the diagonal block, GEMM
     * on the rows below it. */
    hs_kernel herk_gemm;
    /* acc 0: panel tile in the target's tile row (R), acc 1: panel tile in
     * the target panel's diagonal tile row (R), acc 2: target (RW).
     * Arguments as for herk_gemm. */
    hs_kernel gemm;
} hs_cholesky_kernels;

/* The kinds of its tasks (runtime/engine.h): potrf_panel, trsm, herk_gemm
 * and gemm, with what the cost model counts of each. */
extern const hs_task_kind hs_kind_chol_potrf, hs_kind_chol_trsm, hs_kind_chol_syrk,
    hs_kind_chol_gemm;

/* potrf_status of every precision. */
int hs_cholesky_potrf_status(hs_task *t);

/* The kernels of precision prec (enum hs_precision). */
const hs_cholesky_kernels *hs_cholesky_kernels_of(int prec);

#endif
