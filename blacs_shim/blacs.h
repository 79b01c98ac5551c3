/* The few BLACS C entry points hetscal calls, as Netlib BLACS (shipped in
 * libscalapack) defines them, and ScaLAPACK's PXERBLA. */
#ifndef HETSCAL_BLACS_H
#define HETSCAL_BLACS_H

#include <mpi.h>
#include <stddef.h>

void Cblacs_gridinfo(int ctxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_get(int ctxt, int what, int *val);
MPI_Comm Cblacs2sys_handle(int blacs_handle);

/* Fortran PXERBLA(ICTXT, SRNAME, INFO) with its hidden string length. */
void pxerbla_(const int *ictxt, const char *srname, const int *info, size_t len);

#endif
