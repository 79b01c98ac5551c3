/* hetscal: drop-in replacements for ScaLAPACK's PDPOTRF and PDGEQRF that run
 * on every CPU core and GPU of every rank.  C callers use these prototypes;
 * Fortran callers call PDPOTRF and PDGEQRF as they always did.  All
 * arguments follow the ScaLAPACK reference interface exactly (Fortran
 * calling convention: every argument by reference, the trailing hidden
 * string lengths are ignored). */
#ifndef HETSCAL_H
#define HETSCAL_H

#ifdef __cplusplus
extern "C" {
#endif

#define HETSCAL_VERSION_MAJOR 0
#define HETSCAL_VERSION_MINOR 1
#define HETSCAL_VERSION_PATCH 0

/* Status codes of the runtime, reported in verbose mode and returned by the
 * internal layers; the ScaLAPACK entry points report through INFO. */
enum hetscal_status {
    HETSCAL_SUCCESS = 0,
    HETSCAL_ERR_NOMEM = -1001,   /* an allocation failed on some rank */
    HETSCAL_ERR_MPI = -1002,     /* an MPI call failed */
    HETSCAL_ERR_DEVICE = -1003,  /* a device (GPU) operation failed */
    HETSCAL_ERR_INTERNAL = -1004
};

/* Version string, e.g. "0.1.0". */
const char *hetscal_version(void);

/* Gives back the memory hetscal keeps between calls (the last call's tile
 * block, about the local share of the matrix; kept because mapping and
 * touching it again costs a few percent of each call).  Local; may be
 * called at any time outside a call.  HETSCAL_KEEP_MEMORY=0 keeps none. */
void hetscal_release_memory(void);

/* PDPOTRF: Cholesky factorization of the N-by-N symmetric positive definite
 * distributed matrix sub(A) = A(IA:IA+N-1, JA:JA+N-1).
 *   uplo   (global input) 'U' or 'L': which triangle of sub(A) is stored.
 *   n      (global input) order of sub(A), N >= 0.
 *   a      (local input/local output) local pieces of the distributed
 *          matrix; on exit the triangle given by uplo holds the factor.
 *   ia, ja (global input) first row and column of sub(A) in A (1-based).
 *   desca  (global and local input) array descriptor of A (DLEN_ = 9).
 *   info   (global output) 0 on success, -i or -(i*100+j) for an illegal
 *          argument i (entry j of a descriptor), K > 0 when the leading
 *          minor of order K is not positive definite. */
void pdpotrf_(const char *uplo, const int *n, double *a, const int *ia,
              const int *ja, const int *desca, int *info);
void pdpotrf(const char *uplo, const int *n, double *a, const int *ia,
             const int *ja, const int *desca, int *info);
void PDPOTRF(const char *uplo, const int *n, double *a, const int *ia,
             const int *ja, const int *desca, int *info);

/* PDGEQRF: QR factorization sub(A) = Q * R of the M-by-N distributed
 * matrix sub(A) = A(IA:IA+M-1, JA:JA+N-1).
 *   m      (global input) rows of sub(A), M >= 0.
 *   n      (global input) columns of sub(A), N >= 0.
 *   a      (local input/local output) local pieces of the distributed
 *          matrix; on exit R is on and above the diagonal of sub(A) and
 *          the Householder vectors of Q (unit diagonal implied) below it.
 *   ia, ja (global input) first row and column of sub(A) in A (1-based);
 *          any position (no block alignment needed), MB_A != NB_A allowed.
 *   desca  (global and local input) array descriptor of A (DLEN_ = 9).
 *   tau    (local output) scalar factors of the reflectors, distributed
 *          like a row of A: local length LOCc(JA+MIN(M,N)-1).
 *   work   (local workspace/local output) WORK(1) returns the minimal
 *          LWORK of this process, LWMIN = NB_A * (Mp0 + Nq0 + NB_A).
 *   lwork  (local or global input) length of work, >= LWMIN; -1 (on every
 *          process) is a workspace query: only WORK(1) is set.
 *   info   (global output) 0 on success, -i or -(i*100+j) for an illegal
 *          argument i (entry j of a descriptor). */
void pdgeqrf_(const int *m, const int *n, double *a, const int *ia,
              const int *ja, const int *desca, double *tau, double *work,
              const int *lwork, int *info);
void pdgeqrf(const int *m, const int *n, double *a, const int *ia,
             const int *ja, const int *desca, double *tau, double *work,
             const int *lwork, int *info);
void PDGEQRF(const int *m, const int *n, double *a, const int *ia,
             const int *ja, const int *desca, double *tau, double *work,
             const int *lwork, int *info);

#ifdef __cplusplus
}
#endif
#endif /* HETSCAL_H */
