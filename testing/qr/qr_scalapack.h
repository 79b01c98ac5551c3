/* Prototypes of the ScaLAPACK and PBLAS routines the QR tester calls on
 * top of those in testing/llt/llt_scalapack.h (BLACS, descriptors, PDGEMM,
 * PDLANGE, PDLASET, PDLACPY).  Fortran conventions: every argument by
 * reference, one trailing hidden length per character argument. */
#ifndef QR_SCALAPACK_H
#define QR_SCALAPACK_H

#include <stddef.h>

#include "testing/llt/llt_scalapack.h"

/* The routine under test: hetscal's when libhetscal comes first on the
 * link line (also for the calls PDGELS makes), the reference otherwise. */
void pdgeqrf_(const int *m, const int *n, double *a, const int *ia,
              const int *ja, const int *desca, double *tau, double *work,
              const int *lwork, int *info);
typedef void pdgeqrf_fn(const int *m, const int *n, double *a, const int *ia,
                        const int *ja, const int *desca, double *tau,
                        double *work, const int *lwork, int *info);

/* Reference consumers of the factorization. */
void pdormqr_(const char *side, const char *trans, const int *m,
              const int *n, const int *k, const double *a, const int *ia,
              const int *ja, const int *desca, const double *tau, double *c,
              const int *ic, const int *jc, const int *descc, double *work,
              const int *lwork, int *info, size_t side_len, size_t trans_len);
void pdorgqr_(const int *m, const int *n, const int *k, double *a,
              const int *ia, const int *ja, const int *desca,
              const double *tau, double *work, const int *lwork, int *info);
void pdgels_(const char *trans, const int *m, const int *n, const int *nrhs,
             double *a, const int *ia, const int *ja, const int *desca,
             double *b, const int *ib, const int *jb, const int *descb,
             double *work, const int *lwork, int *info, size_t trans_len);

/* C := beta*C + alpha*op(A) (PBLAS). */
void pdgeadd_(const char *trans, const int *m, const int *n,
              const double *alpha, const double *a, const int *ia,
              const int *ja, const int *desca, const double *beta, double *c,
              const int *ic, const int *jc, const int *descc,
              size_t trans_len);

/* Element-wise maximum over a scope of the grid (BLACS); rdest = -1:
 * the result on every process; ldia = -1: no location. */
void Cdgamx2d(int context, const char *scope, const char *top, int m, int n,
              double *a, int lda, int *ra, int *ca, int ldia, int rdest,
              int cdest);

#endif /* QR_SCALAPACK_H */
