/* Prototypes of the BLACS C interface and the ScaLAPACK descriptor tools
 * that the tests and the timer call (Netlib BLACS, shipped in
 * libscalapack; the Fortran tools take every argument by reference). */
#ifndef TESTING_BLACS_TOOLS_H
#define TESTING_BLACS_TOOLS_H

void Cblacs_pinfo(int *mypnum, int *nprocs);
void Cblacs_get(int context, int what, int *value);
void Cblacs_gridinit(int *context, const char *order, int nprow, int npcol);
void Cblacs_gridmap(int *context, int *usermap, int ldumap, int nprow, int npcol);
void Cblacs_gridinfo(int context, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int context);
void Cblacs_barrier(int context, const char *scope);
void Cblacs_exit(int notdone);

void descinit_(int *desc, const int *m, const int *n, const int *mb, const int *nb,
               const int *rsrc, const int *csrc, const int *context, const int *lld,
               int *info);
int numroc_(const int *n, const int *nb, const int *iproc, const int *isrc,
            const int *nprocs);

#endif
