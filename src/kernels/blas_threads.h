/* Keeps the BLAS single-threaded inside hetscal's workers (each worker is
 * one core) and restores the caller's setting afterwards.  OpenBLAS only;
 * other BLAS libraries are left alone. */
#ifndef HETSCAL_KERNELS_BLAS_THREADS_H
#define HETSCAL_KERNELS_BLAS_THREADS_H

int hs_blas_threads_enter(void);       /* returns the previous setting */
void hs_blas_threads_leave(int previous);

#endif
