/* BLAS and LAPACK of one precision (util/prec_types.h names it), Fortran
 * calling convention with the hidden string lengths passed explicitly, as
 * gfortran expects.  Included once per precision: no include guard.
 * LAPACK 3.9 or later (?ORHR_COL / ?UNHR_COL). */
#include <stddef.h>

void HS_F(gemm)(const char *transa, const char *transb, const int *m, const int *n,
                const int *k, const HS_T *alpha, const HS_T *a, const int *lda,
                const HS_T *b, const int *ldb, const HS_T *beta, HS_T *c, const int *ldc,
                size_t l1, size_t l2);
void HS_F(gemv)(const char *trans, const int *m, const int *n, const HS_T *alpha,
                const HS_T *a, const int *lda, const HS_T *x, const int *incx,
                const HS_T *beta, HS_T *y, const int *incy, size_t l1);
/* ?SYRK for real types, ?HERK for complex ones: C = alpha op(A) op(A)^H +
 * beta C with real alpha and beta. */
void HS_HERK(const char *uplo, const char *trans, const int *n, const int *k,
             const HS_R *alpha, const HS_T *a, const int *lda, const HS_R *beta, HS_T *c,
             const int *ldc, size_t l1, size_t l2);
void HS_F(trsm)(const char *side, const char *uplo, const char *transa, const char *diag,
                const int *m, const int *n, const HS_T *alpha, const HS_T *a,
                const int *lda, HS_T *b, const int *ldb, size_t l1, size_t l2, size_t l3,
                size_t l4);
void HS_F(trmm)(const char *side, const char *uplo, const char *transa, const char *diag,
                const int *m, const int *n, const HS_T *alpha, const HS_T *a,
                const int *lda, HS_T *b, const int *ldb, size_t l1, size_t l2, size_t l3,
                size_t l4);
void HS_F(potrf)(const char *uplo, const int *n, HS_T *a, const int *lda, int *info,
                 size_t l1);
void HS_F(larft)(const char *direct, const char *storev, const int *n, const int *k,
                 const HS_T *v, const int *ldv, const HS_T *tau, HS_T *t, const int *ldt,
                 size_t l1, size_t l2);
void HS_F(geqrt)(const int *m, const int *n, const int *nb, HS_T *a, const int *lda, HS_T *t,
                 const int *ldt, HS_T *work, int *info);
void HS_F(gemqrt)(const char *side, const char *trans, const int *m, const int *n,
                  const int *k, const int *nb, const HS_T *v, const int *ldv, const HS_T *t,
                  const int *ldt, HS_T *c, const int *ldc, HS_T *work, int *info, size_t l1,
                  size_t l2);
void HS_F(tpqrt)(const int *m, const int *n, const int *l, const int *nb, HS_T *a,
                 const int *lda, HS_T *b, const int *ldb, HS_T *t, const int *ldt, HS_T *work,
                 int *info);
/* ?TPQRT's and ?TPMQRT's steps: one block's reflectors and T, and a
 * block reflector applied (the tree kernels' team path,
 * kernels/qr_kernels_body.h). */
void HS_F(tpqrt2)(const int *m, const int *n, const int *l, HS_T *a, const int *lda, HS_T *b,
                  const int *ldb, HS_T *t, const int *ldt, int *info);
void HS_F(tprfb)(const char *side, const char *trans, const char *direct, const char *storev,
                 const int *m, const int *n, const int *k, const int *l, const HS_T *v,
                 const int *ldv, const HS_T *t, const int *ldt, HS_T *a, const int *lda,
                 HS_T *b, const int *ldb, HS_T *work, const int *ldwork, size_t l1, size_t l2,
                 size_t l3, size_t l4);
void HS_F(tpmqrt)(const char *side, const char *trans, const int *m, const int *n,
                  const int *k, const int *l, const int *nb, const HS_T *v, const int *ldv,
                  const HS_T *t, const int *ldt, HS_T *a, const int *lda, HS_T *b,
                  const int *ldb, HS_T *work, int *info, size_t l1, size_t l2);
void HS_F(trtri)(const char *uplo, const char *diag, const int *n, HS_T *a, const int *lda,
                 int *info, size_t l1, size_t l2);
void HS_UNHR_COL(const int *m, const int *n, const int *nb, HS_T *a, const int *lda, HS_T *t,
                 const int *ldt, HS_T *d, int *info);
/* ?ORHR_COL's LU without pivoting of Q_in - S, the signs S chosen as it
 * goes (recursive, unblocked: the team reconstruction's panels). */
void HS_UNHR_GETRFNP2(const int *m, const int *n, HS_T *a, const int *lda, HS_T *d, int *info);
void HS_F(geqrf)(const int *m, const int *n, HS_T *a, const int *lda, HS_T *tau, HS_T *work,
                 const int *lwork, int *info);
/* ?ORMQR for real types, ?UNMQR for complex ones. */
void HS_UNMQR(const char *side, const char *trans, const int *m, const int *n, const int *k,
              const HS_T *a, const int *lda, const HS_T *tau, HS_T *c, const int *ldc,
              HS_T *work, const int *lwork, int *info, size_t l1, size_t l2);
void HS_F(getrf)(const int *m, const int *n, HS_T *a, const int *lda, int *ipiv, int *info);
/* The first index of the largest |x| (|re| + |im| for complex), 1-based. */
int HS_IAMAX(const int *n, const HS_T *x, const int *incx);
void HS_F(scal)(const int *n, const HS_T *alpha, HS_T *x, const int *incx);
void HS_GERU(const int *m, const int *n, const HS_T *alpha, const HS_T *x, const int *incx,
             const HS_T *y, const int *incy, HS_T *a, const int *lda);
void HS_F(laswp)(const int *n, HS_T *a, const int *lda, const int *k1, const int *k2,
                 const int *ipiv, const int *incx);
