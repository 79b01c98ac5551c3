/* The BLAS thread count of the timers (time_scalapack's reference runs,
 * time_lapack): openblas_set_num_threads when the linked BLAS has it
 * (found with dlsym, so any BLAS links), which overrides
 * OPENBLAS_NUM_THREADS; nothing otherwise. */
#ifndef TIME_BLAS_THREADS_H
#define TIME_BLAS_THREADS_H

void time_blas_threads(int threads);

#endif
