/* The tile size of a Cholesky factorization from the kernel rates of the
 * machine (util/kernel_rates.h): the predicted time of each ladder size,
 * and the size that minimizes it.  Pure functions, no measurement. */
#ifndef HETSCAL_LAYOUT_TILE_MODEL_H
#define HETSCAL_LAYOUT_TILE_MODEL_H

#include "util/kernel_rates.h"

/* Seconds of an n x n tile Cholesky in b x b tiles on `threads` threads
 * (every rank of the grid together), from one thread's rates at b
 * (GF/s): the work of each kernel at its rate, spread over the threads,
 * plus the share of the critical path (a tile column's POTRF, TRSM and
 * update, once per tile column) that the updates of later columns do
 * not hide. */
double hs_tile_model_cholesky_seconds(int n, int b, int threads, const double rate[HS_NRATES]);

/* The same for tiles whose updates run in strips for the share
 * strip_share (0 to 1) of the GEMM work: one GEMM over several of a
 * rank's tiles (kernels/strip_runs.h), at strip_gemm GF/s a thread. */
double hs_tile_model_cholesky_strips_seconds(int n, int b, int threads,
                                             const double rate[HS_NRATES], double strip_gemm,
                                             double strip_share);

/* The ladder size (among the first `count`, with all rates known) of
 * least predicted time that leaves at least HS_TILE_MODEL_MIN_COLUMNS tile
 * columns; predicted[s] gets each size's time (0 when not considered).
 * Returns 0 when no size qualifies. */
enum { HS_TILE_MODEL_MIN_COLUMNS = 4 };
int hs_tile_model_choose(int n, int threads, const double rates[][HS_NRATES], int count,
                         double *predicted);

#endif
