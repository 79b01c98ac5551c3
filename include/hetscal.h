/* hetscal: drop-in replacements for ScaLAPACK's P?POTRF, P?GEQRF and P?GETRF (all
 * four precisions: S, D, C, Z) that run on every CPU core and GPU of every
 * rank.  C callers use these prototypes; Fortran callers call PDPOTRF,
 * PZGEQRF ... as they always did.  All
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
 * touching it again costs a few percent of each call; on a rank with GPUs
 * also its pinning and the pinned buffers and GPU buffers kept for the next
 * call), the blocks kept lazily (above HETSCAL_KEEP_MEMORY's bound, the
 * kernel may take their pages back) included.  Local; may be called at
 * any time outside a call.  HETSCAL_KEEP_MEMORY=0 keeps none. */
void hetscal_release_memory(void);

/* How the calling thread's last P?POTRF, P?GEQRF or P?GETRF ran, in one
 * line for people, without commas (its wording may change): "pdgetrf:
 * hetscal; layout grid; tile 128 (the caller's blocks) in place; INFO 0",
 * "pdpotrf: handed on to the next PDPOTRF (a small call it runs faster);
 * INFO 0", or "pdgeqrf: nothing factored; INFO -4" (a bad argument, or
 * N = 0).  Local; the string stays valid until the thread's next call. */
const char *hetscal_last_call(void);

/* Complex arrays: C99 complex types in C (interleaved real and imaginary
 * parts, as Fortran's COMPLEX and COMPLEX*16); a C++ caller passes any
 * layout-compatible pointer (std::complex<T> *).  Define these before
 * including this header to use other types. */
#ifndef HETSCAL_COMPLEX_FLOAT
#ifdef __cplusplus
#define HETSCAL_COMPLEX_FLOAT void
#define HETSCAL_COMPLEX_DOUBLE void
#else
#define HETSCAL_COMPLEX_FLOAT float _Complex
#define HETSCAL_COMPLEX_DOUBLE double _Complex
#endif
#endif

/* Every routine under the three names a Fortran compiler or a C caller may
 * use (lower case with and without the underscore, upper case); they are
 * the same function. */
#define HETSCAL_THREE_NAMES(lower_, lower, upper, args) \
    void lower_ args;                                    \
    void lower args;                                     \
    void upper args

/* P?POTRF: Cholesky factorization of the N-by-N symmetric (real) or
 * Hermitian (complex) positive definite distributed matrix
 * sub(A) = A(IA:IA+N-1, JA:JA+N-1): sub(A) = U^H U or L L^H.
 *   uplo   (global input) 'U' or 'L': which triangle of sub(A) is stored.
 *   n      (global input) order of sub(A), N >= 0.
 *   a      (local input/local output) local pieces of the distributed
 *          matrix; on exit the triangle given by uplo holds the factor.
 *   ia, ja (global input) first row and column of sub(A) in A (1-based).
 *   desca  (global and local input) array descriptor of A (DLEN_ = 9).
 *   info   (global output) 0 on success, -i or -(i*100+j) for an illegal
 *          argument i (entry j of a descriptor), K > 0 when the leading
 *          minor of order K is not positive definite (complex: the real
 *          part of its pivot is not positive, or NaN). */
#define HETSCAL_POTRF_ARGS(T) \
    (const char *uplo, const int *n, T *a, const int *ia, const int *ja, \
     const int *desca, int *info)
HETSCAL_THREE_NAMES(pspotrf_, pspotrf, PSPOTRF, HETSCAL_POTRF_ARGS(float));
HETSCAL_THREE_NAMES(pdpotrf_, pdpotrf, PDPOTRF, HETSCAL_POTRF_ARGS(double));
HETSCAL_THREE_NAMES(pcpotrf_, pcpotrf, PCPOTRF, HETSCAL_POTRF_ARGS(HETSCAL_COMPLEX_FLOAT));
HETSCAL_THREE_NAMES(pzpotrf_, pzpotrf, PZPOTRF, HETSCAL_POTRF_ARGS(HETSCAL_COMPLEX_DOUBLE));

/* P?GEQRF: QR factorization sub(A) = Q * R of the M-by-N distributed
 * matrix sub(A) = A(IA:IA+M-1, JA:JA+N-1), Q = H(1) H(2) ... H(k),
 * H(i) = I - tau(i) v v^H.
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
#define HETSCAL_GEQRF_ARGS(T) \
    (const int *m, const int *n, T *a, const int *ia, const int *ja, \
     const int *desca, T *tau, T *work, const int *lwork, int *info)
HETSCAL_THREE_NAMES(psgeqrf_, psgeqrf, PSGEQRF, HETSCAL_GEQRF_ARGS(float));
HETSCAL_THREE_NAMES(pdgeqrf_, pdgeqrf, PDGEQRF, HETSCAL_GEQRF_ARGS(double));
HETSCAL_THREE_NAMES(pcgeqrf_, pcgeqrf, PCGEQRF, HETSCAL_GEQRF_ARGS(HETSCAL_COMPLEX_FLOAT));
HETSCAL_THREE_NAMES(pzgeqrf_, pzgeqrf, PZGEQRF, HETSCAL_GEQRF_ARGS(HETSCAL_COMPLEX_DOUBLE));

/* P?GETRF: LU factorization with partial pivoting sub(A) = P * L * U of
 * the M-by-N distributed matrix sub(A) = A(IA:IA+M-1, JA:JA+N-1).
 *   m, n   (global input) rows and columns of sub(A), >= 0.
 *   a      (local input/local output) local pieces of the distributed
 *          matrix; on exit L (unit diagonal not stored) below the
 *          diagonal of sub(A) and U on and above it.
 *   ia, ja (global input) first row and column of sub(A) in A (1-based);
 *          IA - 1 must be a multiple of MB_A, JA - 1 of NB_A, and
 *          MB_A = NB_A (ScaLAPACK's P?GETRF requires all three).
 *   desca  (global and local input) array descriptor of A (DLEN_ = 9).
 *   ipiv   (local output) LOCr(M_A) + MB_A entries: IPIV(i) of a local row
 *          i of sub(A)'s first MIN(M, N) rows is the global row of A it
 *          was interchanged with, as ScaLAPACK stores it (every process
 *          column holds the pivots of its process row's rows).
 *   info   (global output) 0 on success; -i or -(i*100+j) for an illegal
 *          argument i (entry j of a descriptor); i > 0 when U(i,i) is
 *          exactly zero (the factorization is complete, U is singular). */
#define HETSCAL_GETRF_ARGS(T) \
    (const int *m, const int *n, T *a, const int *ia, const int *ja, \
     const int *desca, int *ipiv, int *info)
HETSCAL_THREE_NAMES(psgetrf_, psgetrf, PSGETRF, HETSCAL_GETRF_ARGS(float));
HETSCAL_THREE_NAMES(pdgetrf_, pdgetrf, PDGETRF, HETSCAL_GETRF_ARGS(double));
HETSCAL_THREE_NAMES(pcgetrf_, pcgetrf, PCGETRF, HETSCAL_GETRF_ARGS(HETSCAL_COMPLEX_FLOAT));
HETSCAL_THREE_NAMES(pzgetrf_, pzgetrf, PZGETRF, HETSCAL_GETRF_ARGS(HETSCAL_COMPLEX_DOUBLE));

#ifdef __cplusplus
}
#endif
#endif /* HETSCAL_H */
