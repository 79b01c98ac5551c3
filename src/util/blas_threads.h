/* Keeps the BLAS single-threaded inside hetscal's workers (each worker is
 * one core) and restores the caller's setting afterwards.  OpenBLAS only;
 * other BLAS libraries are left alone. */
#ifndef HETSCAL_UTIL_BLAS_THREADS_H
#define HETSCAL_UTIL_BLAS_THREADS_H

/* Calls may overlap (several application threads): the setting is the
 * application's again once the last call has left.  enter returns what
 * leave takes. */
int hs_blas_threads_enter(void);
void hs_blas_threads_leave(int entered);

#endif
