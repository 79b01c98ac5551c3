/* cuBLAS's level-3 routines on the host, one generic path for the four
 * precisions (a row of standin_precisions: element size, host BLAS): a
 * call checks its arguments as cuBLAS does (CUBLAS_STATUS_INVALID_VALUE),
 * then fails loudly for what cuBLAS would let corrupt memory (operands
 * outside their allocations, of another device, overlapping the output),
 * and queues the host BLAS call on the handle's stream with alpha and beta
 * read now (host pointer mode).  The entry points are instances of one
 * macro per routine, at the end. */
#include "standin_cublas_call.h"

typedef standin_cublas_call call;

static int max1(int x)
{
    return x > 1 ? x : 1;
}

/* The operations a routine accepts, as a mask of 1 << cublasOperation_t. */
enum { OP_N = 1 << CUBLAS_OP_N, OP_T = 1 << CUBLAS_OP_T, OP_C = 1 << CUBLAS_OP_C,
       OPS_ALL = OP_N | OP_T | OP_C };

static int bad_op(cublasOperation_t t, unsigned allowed)
{
    return (unsigned)t > (unsigned)CUBLAS_OP_C || !(allowed >> t & 1u);
}

/* CUBLAS_OP_C: the conjugate transpose, the transpose of a real matrix. */
static char op_char(const standin_precision *p, cublasOperation_t t)
{
    return t == CUBLAS_OP_N ? 'N' : t == CUBLAS_OP_C && p->complex ? 'C' : 'T';
}

static int bad_fill(cublasFillMode_t uplo)
{
    return uplo != CUBLAS_FILL_MODE_LOWER && uplo != CUBLAS_FILL_MODE_UPPER;
}

static char fill_char(cublasFillMode_t uplo)
{
    return uplo == CUBLAS_FILL_MODE_UPPER ? 'U' : 'L';
}



static int parts(const standin_precision *p)
{
    return p->complex ? 2 : 1;
}

static cublasStatus_t gemm(const char *name, const standin_precision *p, cublasHandle_t handle,
                           cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                           int k, const void *alpha, const void *A, int lda, const void *B,
                           int ldb, const void *beta, void *C, int ldc)
{
    int ar = transa == CUBLAS_OP_N ? m : k, ac = transa == CUBLAS_OP_N ? k : m;
    int br = transb == CUBLAS_OP_N ? k : n, bc = transb == CUBLAS_OP_N ? n : k;
    if (bad_op(transa, OPS_ALL) || bad_op(transb, OPS_ALL) || m < 0 || n < 0 || k < 0 ||
        lda < max1(ar) || ldb < max1(br) || ldc < max1(m) || !alpha || !beta)
        return CUBLAS_STATUS_INVALID_VALUE;
    int reads = k > 0 && !standin_cublas_is_zero(alpha, p->real_size, parts(p));
    call c = { name, handle, p, NULL,
               { { "A", A, reads ? ar : 0, ac, lda, 0 }, { "B", B, reads ? br : 0, bc, ldb, 0 },
                 { "C", C, m, n, ldc, 0 } }, 3 };
    return standin_cublas_submit(&c, (standin_blas){ .op = 'g', .transa = op_char(p, transa),
                                      .transb = op_char(p, transb), .m = m, .n = n, .k = k,
                                      .alpha = standin_cublas_scalar(alpha, p->size),
                                      .beta = standin_cublas_scalar(beta, p->size), .a = A, .b = B, .c = C,
                                      .lda = lda, .ldb = ldb, .ldc = ldc });
}

/* ?syrk (symmetric: alpha and beta elements; real: N, T or C, complex: N
 * or T) and ?herk (Hermitian: alpha and beta real; N or C). */
static cublasStatus_t rank_k(const char *name, const standin_precision *p, int hermitian,
                             cublasHandle_t handle, cublasFillMode_t uplo,
                             cublasOperation_t trans, int n, int k, const void *alpha,
                             const void *A, int lda, const void *beta, void *C, int ldc)
{
    unsigned ops = hermitian ? OP_N | OP_C : p->complex ? OP_N | OP_T : OPS_ALL;
    size_t scalar_size = hermitian ? p->real_size : p->size;
    int ar = trans == CUBLAS_OP_N ? n : k, ac = trans == CUBLAS_OP_N ? k : n;
    if (bad_fill(uplo) || bad_op(trans, ops) || n < 0 || k < 0 || lda < max1(ar) ||
        ldc < max1(n) || !alpha || !beta)
        return CUBLAS_STATUS_INVALID_VALUE;
    int reads = k > 0 && !standin_cublas_is_zero(alpha, p->real_size, hermitian ? 1 : parts(p));
    call c = { name, handle, p, NULL,
               { { "A", A, reads ? ar : 0, ac, lda, 0 }, { "C", C, n, n, ldc, 0 } }, 2 };
    return standin_cublas_submit(&c, (standin_blas){ .op = hermitian ? 'h' : 's', .uplo = fill_char(uplo),
                                      .transa = op_char(p, trans), .n = n, .k = k,
                                      .alpha = standin_cublas_scalar(alpha, scalar_size),
                                      .beta = standin_cublas_scalar(beta, scalar_size), .a = A, .c = C,
                                      .lda = lda, .ldc = ldc });
}

static int bad_triangle(cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans,
                        cublasDiagType_t diag)
{
    return (side != CUBLAS_SIDE_LEFT && side != CUBLAS_SIDE_RIGHT) || bad_fill(uplo) ||
           bad_op(trans, OPS_ALL) || (diag != CUBLAS_DIAG_UNIT && diag != CUBLAS_DIAG_NON_UNIT);
}

/* What ?trsm and ?trmm share: the triangle A and its side. */
static standin_blas triangle_args(const standin_precision *p, char which,
                                  cublasSideMode_t side, cublasFillMode_t uplo,
                                  cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                                  const void *alpha, const void *A, int lda)
{
    return (standin_blas){ .op = which, .side = side == CUBLAS_SIDE_LEFT ? 'L' : 'R',
                           .uplo = fill_char(uplo), .transa = op_char(p, trans),
                           .diag = diag == CUBLAS_DIAG_UNIT ? 'U' : 'N', .m = m, .n = n,
                           .alpha = standin_cublas_scalar(alpha, p->size), .a = A, .lda = lda };
}

static cublasStatus_t trsm(const char *name, const standin_precision *p, cublasHandle_t handle,
                           cublasSideMode_t side, cublasFillMode_t uplo,
                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                           const void *alpha, const void *A, int lda, void *B, int ldb)
{
    int ka = side == CUBLAS_SIDE_LEFT ? m : n;
    if (bad_triangle(side, uplo, trans, diag) || m < 0 || n < 0 || lda < max1(ka) ||
        ldb < max1(m) || !alpha)
        return CUBLAS_STATUS_INVALID_VALUE;
    int reads = m > 0 && n > 0 && !standin_cublas_is_zero(alpha, p->real_size, parts(p));
    call c = { name, handle, p, NULL,
               { { "A", A, reads ? ka : 0, ka, lda, 0 }, { "B", B, m, n, ldb, 0 } }, 2 };
    standin_blas args = triangle_args(p, 't', side, uplo, trans, diag, m, n, alpha, A, lda);
    args.c = B;   /* in place */
    args.ldc = ldb;
    return standin_cublas_submit(&c, args);
}

static cublasStatus_t trmm(const char *name, const standin_precision *p, cublasHandle_t handle,
                           cublasSideMode_t side, cublasFillMode_t uplo,
                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                           const void *alpha, const void *A, int lda, const void *B, int ldb,
                           void *C, int ldc)
{
    int ka = side == CUBLAS_SIDE_LEFT ? m : n;
    if (bad_triangle(side, uplo, trans, diag) || m < 0 || n < 0 || lda < max1(ka) ||
        ldb < max1(m) || ldc < max1(m) || !alpha)
        return CUBLAS_STATUS_INVALID_VALUE;
    int reads = m > 0 && n > 0 && !standin_cublas_is_zero(alpha, p->real_size, parts(p));
    call c = { name, handle, p, NULL,
               { { "A", A, reads ? ka : 0, ka, lda, 0 }, { "B", B, reads ? m : 0, n, ldb, 1 },
                 { "C", C, m, n, ldc, 0 } }, 3 };
    if (B == C && ldb != ldc)
        standin_die("output overlaps an input",
                    "%s: B == C (in place) with ldb %d != ldc %d", name, ldb, ldc);
    standin_blas args = triangle_args(p, 'm', side, uplo, trans, diag, m, n, alpha, A, lda);
    args.b = B;
    args.ldb = ldb;
    args.c = C;
    args.ldc = ldc;
    return standin_cublas_submit(&c, args);
}

/* The rank-k update ROUTINE (syrk, herk) of precision P: elements of type
 * T, alpha and beta of type R (T for ?syrk, the real type for ?herk);
 * HERMITIAN 1 for ?herk. */
#define STANDIN_RANK_K(P, ROUTINE, T, R, HERMITIAN)                                           \
    cublasStatus_t cublas##P##ROUTINE##_v2(cublasHandle_t handle, cublasFillMode_t uplo,     \
                                           cublasOperation_t trans, int n, int k,            \
                                           const R *alpha, const T *A, int lda,              \
                                           const R *beta, T *C, int ldc)                     \
    {                                                                                         \
        return rank_k("cublas" #P #ROUTINE, &standin_precisions[STANDIN_##P], HERMITIAN,     \
                      handle, uplo, trans, n, k, alpha, A, lda, beta, C, ldc);                \
    }

/* The entry points of precision P (S, D, C, Z) with elements of type T:
 * cuBLAS's prototypes, the generic path with the row of P. */
#define STANDIN_LEVEL3(P, T)                                                                  \
    cublasStatus_t cublas##P##gemm_v2(cublasHandle_t handle, cublasOperation_t transa,      \
                                      cublasOperation_t transb, int m, int n, int k,        \
                                      const T *alpha, const T *A, int lda, const T *B,      \
                                      int ldb, const T *beta, T *C, int ldc)                \
    {                                                                                         \
        return gemm("cublas" #P "gemm", &standin_precisions[STANDIN_##P], handle, transa,   \
                    transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);                    \
    }                                                                                         \
    STANDIN_RANK_K(P, syrk, T, T, 0)                                                          \
    cublasStatus_t cublas##P##trsm_v2(cublasHandle_t handle, cublasSideMode_t side,         \
                                      cublasFillMode_t uplo, cublasOperation_t trans,       \
                                      cublasDiagType_t diag, int m, int n, const T *alpha,  \
                                      const T *A, int lda, T *B, int ldb)                   \
    {                                                                                         \
        return trsm("cublas" #P "trsm", &standin_precisions[STANDIN_##P], handle, side, uplo, \
                    trans, diag, m, n, alpha, A, lda, B, ldb);                                \
    }                                                                                         \
    cublasStatus_t cublas##P##trmm_v2(cublasHandle_t handle, cublasSideMode_t side,         \
                                      cublasFillMode_t uplo, cublasOperation_t trans,       \
                                      cublasDiagType_t diag, int m, int n, const T *alpha,  \
                                      const T *A, int lda, const T *B, int ldb, T *C,       \
                                      int ldc)                                              \
    {                                                                                         \
        return trmm("cublas" #P "trmm", &standin_precisions[STANDIN_##P], handle, side, uplo, \
                    trans, diag, m, n, alpha, A, lda, B, ldb, C, ldc);                        \
    }

STANDIN_EACH_PRECISION(STANDIN_LEVEL3)
STANDIN_RANK_K(C, herk, cuComplex, float, 1)
STANDIN_RANK_K(Z, herk, cuDoubleComplex, double, 1)
