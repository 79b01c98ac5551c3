/* Prototypes of the ScaLAPACK and PBLAS routines of one precision that
 * the testers call (testing/tester/tx_types.h names it): the routines
 * under test (hetscal's when libhetscal comes first on the link line) and
 * the reference routines of the checks.  Fortran conventions: every
 * argument by reference, one trailing hidden length (size_t) per
 * character argument; P?LANGE is a function of the real type.  Included
 * once per precision: no include guard. */
#include <stddef.h>

/* The routines under test, and their types for the reference's entry
 * points looked up by name (testing/tester/reference.h). */
typedef void TX_SFX(tx_potrf_fn)(const char *uplo, const int *n, TX_T *a,
                                 const int *ia, const int *ja,
                                 const int *desca, int *info,
                                 size_t uplo_len);
typedef void TX_SFX(tx_geqrf_fn)(const int *m, const int *n, TX_T *a,
                                 const int *ia, const int *ja,
                                 const int *desca, TX_T *tau, TX_T *work,
                                 const int *lwork, int *info);
typedef void TX_SFX(tx_getrf_fn)(const int *m, const int *n, TX_T *a,
                                 const int *ia, const int *ja,
                                 const int *desca, int *ipiv, int *info);
TX_SFX(tx_potrf_fn) TX_PB(potrf);
TX_SFX(tx_geqrf_fn) TX_PB(geqrf);
TX_SFX(tx_getrf_fn) TX_PB(getrf);

/* Reference consumers of the factors. */
void TX_PB(potrs)(const char *uplo, const int *n, const int *nrhs,
                  const TX_T *a, const int *ia, const int *ja,
                  const int *desca, TX_T *b, const int *ib, const int *jb,
                  const int *descb, int *info, size_t uplo_len);
void TX_PB(getrs)(const char *trans, const int *n, const int *nrhs,
                  const TX_T *a, const int *ia, const int *ja,
                  const int *desca, const int *ipiv, TX_T *b, const int *ib,
                  const int *jb, const int *descb, int *info,
                  size_t trans_len);
void TX_ORMQR(const char *side, const char *trans, const int *m,
              const int *n, const int *k, const TX_T *a, const int *ia,
              const int *ja, const int *desca, const TX_T *tau, TX_T *c,
              const int *ic, const int *jc, const int *descc, TX_T *work,
              const int *lwork, int *info, size_t side_len,
              size_t trans_len);
void TX_ORGQR(const int *m, const int *n, const int *k, TX_T *a,
              const int *ia, const int *ja, const int *desca,
              const TX_T *tau, TX_T *work, const int *lwork, int *info);
void TX_PB(gels)(const char *trans, const int *m, const int *n,
                 const int *nrhs, TX_T *a, const int *ia, const int *ja,
                 const int *desca, TX_T *b, const int *ib, const int *jb,
                 const int *descb, TX_T *work, const int *lwork, int *info,
                 size_t trans_len);

/* PBLAS and auxiliaries. */
void TX_PB(gemm)(const char *transa, const char *transb, const int *m,
                 const int *n, const int *k, const TX_T *alpha,
                 const TX_T *a, const int *ia, const int *ja,
                 const int *desca, const TX_T *b, const int *ib,
                 const int *jb, const int *descb, const TX_T *beta, TX_T *c,
                 const int *ic, const int *jc, const int *descc,
                 size_t transa_len, size_t transb_len);
/* C := beta*C + alpha*op(A) */
void TX_PB(geadd)(const char *trans, const int *m, const int *n,
                  const TX_T *alpha, const TX_T *a, const int *ia,
                  const int *ja, const int *desca, const TX_T *beta, TX_T *c,
                  const int *ic, const int *jc, const int *descc,
                  size_t trans_len);
TX_R TX_PB(lange)(const char *norm, const int *m, const int *n,
                  const TX_T *a, const int *ia, const int *ja,
                  const int *desca, TX_R *work, size_t norm_len);
void TX_PB(laset)(const char *uplo, const int *m, const int *n,
                  const TX_T *alpha, const TX_T *beta, TX_T *a,
                  const int *ia, const int *ja, const int *desca,
                  size_t uplo_len);
void TX_PB(lacpy)(const char *uplo, const int *m, const int *n,
                  const TX_T *a, const int *ia, const int *ja,
                  const int *desca, TX_T *b, const int *ib, const int *jb,
                  const int *descb, size_t uplo_len);
/* The row (ROWCOL "R") interchanges of IPIV, distributed over a process
 * column like A's rows (PIVROC "C", descriptor DESCIP, from row IP),
 * applied to the M x N sub(A) forwards (DIREC "F": P sub(A)) or backwards
 * ("B": P^-1 sub(A)); IPIV's last MB_A entries are its workspace. */
void TX_PB(lapiv)(const char *direc, const char *rowcol, const char *pivroc,
                  const int *m, const int *n, TX_T *a, const int *ia,
                  const int *ja, const int *desca, int *ipiv, const int *ip,
                  const int *jp, const int *descip, int *iwork,
                  size_t direc_len, size_t rowcol_len, size_t pivroc_len);
/* General redistribution; CONTEXT must hold every process of both. */
void TX_PB(gemr2d)(const int *m, const int *n, const TX_T *a, const int *ia,
                   const int *ja, const int *desca, TX_T *b, const int *ib,
                   const int *jb, const int *descb, const int *context);
