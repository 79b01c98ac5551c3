/* The CUDA stand-in's cuBLAS level-3 routines in the four precisions
 * against the host BLAS (part of t_cuda_standin): one table of cases run
 * for each precision, a row of the precision table naming its cuBLAS and
 * host routines, and the argument checks cuBLAS makes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include "t_cuda_standin.h"
#include "row_checks.h"

/* The host BLAS, by address as Fortran takes them (hidden string lengths). */
typedef void host_gemm(const char *, const char *, const int *, const int *, const int *,
                       const void *, const void *, const int *, const void *, const int *,
                       const void *, void *, const int *, size_t, size_t);
typedef void host_rank_k(const char *, const char *, const int *, const int *, const void *,
                         const void *, const int *, const void *, void *, const int *, size_t,
                         size_t);
typedef void host_triangle(const char *, const char *, const char *, const char *, const int *,
                           const int *, const void *, const void *, const int *, void *,
                           const int *, size_t, size_t, size_t, size_t);
host_gemm sgemm_, dgemm_, cgemm_, zgemm_;
host_rank_k ssyrk_, dsyrk_, csyrk_, zsyrk_, cherk_, zherk_;
host_triangle strsm_, dtrsm_, ctrsm_, ztrsm_, strmm_, dtrmm_, ctrmm_, ztrmm_;

/* cuBLAS's routines with void pointers, so that one table holds them all. */
typedef cublasStatus_t cublas_gemm(cublasHandle_t, cublasOperation_t, cublasOperation_t, int,
                                   int, int, const void *, const void *, int, const void *, int,
                                   const void *, void *, int);
typedef cublasStatus_t cublas_rank_k(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int,
                                     int, const void *, const void *, int, const void *, void *,
                                     int);
typedef cublasStatus_t cublas_trsm(cublasHandle_t, cublasSideMode_t, cublasFillMode_t,
                                   cublasOperation_t, cublasDiagType_t, int, int, const void *,
                                   const void *, int, void *, int);
typedef cublasStatus_t cublas_trmm(cublasHandle_t, cublasSideMode_t, cublasFillMode_t,
                                   cublasOperation_t, cublasDiagType_t, int, int, const void *,
                                   const void *, int, const void *, int, void *, int);

#define VOID_ROUTINES(P)                                                                      \
    static cublasStatus_t P##gemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, \
                                  int m, int n, int k, const void *alpha, const void *a,     \
                                  int lda, const void *b, int ldb, const void *beta, void *c, \
                                  int ldc)                                                    \
    {                                                                                         \
        return cublas##P##gemm(h, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);      \
    }                                                                                         \
    static cublasStatus_t P##syrk(cublasHandle_t h, cublasFillMode_t uplo,                  \
                                  cublasOperation_t t, int n, int k, const void *alpha,      \
                                  const void *a, int lda, const void *beta, void *c, int ldc) \
    {                                                                                         \
        return cublas##P##syrk(h, uplo, t, n, k, alpha, a, lda, beta, c, ldc);                \
    }                                                                                         \
    static cublasStatus_t P##trsm(cublasHandle_t h, cublasSideMode_t side,                  \
                                  cublasFillMode_t uplo, cublasOperation_t t,                \
                                  cublasDiagType_t diag, int m, int n, const void *alpha,    \
                                  const void *a, int lda, void *b, int ldb)                  \
    {                                                                                         \
        return cublas##P##trsm(h, side, uplo, t, diag, m, n, alpha, a, lda, b, ldb);          \
    }                                                                                         \
    static cublasStatus_t P##trmm(cublasHandle_t h, cublasSideMode_t side,                  \
                                  cublasFillMode_t uplo, cublasOperation_t t,                \
                                  cublasDiagType_t diag, int m, int n, const void *alpha,    \
                                  const void *a, int lda, const void *b, int ldb, void *c,   \
                                  int ldc)                                                    \
    {                                                                                         \
        return cublas##P##trmm(h, side, uplo, t, diag, m, n, alpha, a, lda, b, ldb, c, ldc);  \
    }
#define VOID_HERK(P)                                                                          \
    static cublasStatus_t P##herk(cublasHandle_t h, cublasFillMode_t uplo,                  \
                                  cublasOperation_t t, int n, int k, const void *alpha,      \
                                  const void *a, int lda, const void *beta, void *c, int ldc) \
    {                                                                                         \
        return cublas##P##herk(h, uplo, t, n, k, alpha, a, lda, beta, c, ldc);                \
    }
VOID_ROUTINES(S)
VOID_ROUTINES(D)
VOID_ROUTINES(C)
VOID_ROUTINES(Z)
VOID_HERK(C)
VOID_HERK(Z)

typedef struct precision {
    const char *row;
    size_t real_size;   /* float or double */
    int parts;          /* 1 real, 2 complex */
    double tol;
    cublas_gemm *gemm;
    cublas_rank_k *syrk, *herk;
    cublas_trsm *trsm;
    cublas_trmm *trmm;
    host_gemm *host_gemm;
    host_rank_k *host_syrk, *host_herk;
    host_triangle *host_trsm, *host_trmm;
} precision;

static const precision precisions[STANDIN_TEST_PRECISIONS] = {
    { "cuBLAS SGEMM SSYRK STRSM STRMM, checks", sizeof(float), 1, 1e-5, Sgemm, Ssyrk, NULL,
      Strsm, Strmm, sgemm_, ssyrk_, NULL, strsm_, strmm_ },
    { "cuBLAS DGEMM DSYRK DTRSM DTRMM, checks", sizeof(double), 1, 1e-12, Dgemm, Dsyrk, NULL,
      Dtrsm, Dtrmm, dgemm_, dsyrk_, NULL, dtrsm_, dtrmm_ },
    { "cuBLAS CGEMM CSYRK CHERK CTRSM CTRMM, checks", sizeof(float), 2, 1e-5, Cgemm, Csyrk,
      Cherk, Ctrsm, Ctrmm, cgemm_, csyrk_, cherk_, ctrsm_, ctrmm_ },
    { "cuBLAS ZGEMM ZSYRK ZHERK ZTRSM ZTRMM, checks", sizeof(double), 2, 1e-12, Zgemm, Zsyrk,
      Zherk, Ztrsm, Ztrmm, zgemm_, zsyrk_, zherk_, ztrsm_, ztrmm_ },
};

/* One call, its cuBLAS arguments (the host BLAS gets their letters).
 * routine: 'g'emm, 's'yrk, 'h'erk, 't'rsm, trm'm' out of place, 'i'n-place
 * trmm.  only: 0 every precision, 'r' real ones, 'c' complex ones. */
typedef struct blas_case {
    char routine, only;
    cublasSideMode_t side;
    cublasFillMode_t uplo;
    cublasOperation_t transa, transb;
    cublasDiagType_t diag;
} blas_case;

static const blas_case cases[] = {
    { 'g', 0, 0, 0, CUBLAS_OP_N, CUBLAS_OP_T, 0 },
    { 'g', 0, 0, 0, CUBLAS_OP_C, CUBLAS_OP_T, 0 },
    { 's', 0, 0, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, 0, 0 },
    { 's', 0, 0, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, 0, 0 },
    { 's', 'r', 0, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, 0, 0 },
    { 'h', 'c', 0, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, 0, 0 },
    { 'h', 'c', 0, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_C, 0, 0 },
    { 't', 0, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, 0, CUBLAS_DIAG_NON_UNIT },
    { 't', 0, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_C, 0, CUBLAS_DIAG_UNIT },
    { 'i', 0, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, 0, CUBLAS_DIAG_UNIT },
    { 'm', 0, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, 0, CUBLAS_DIAG_NON_UNIT },
    { 'm', 0, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_C, 0, CUBLAS_DIAG_NON_UNIT },
};

enum { N = 24, LD = 29, SZ = LD * N };

/* The host BLAS's letter for a cuBLAS operation: C is the transpose of a
 * real matrix. */
static const char *letter(const precision *p, cublasOperation_t t)
{
    return t == CUBLAS_OP_N ? "N" : t == CUBLAS_OP_T || p->parts == 1 ? "T" : "C";
}

/* Real component i of x. */
static double part(const precision *p, const void *x, size_t i)
{
    return p->real_size == sizeof(float) ? ((const float *)x)[i] : ((const double *)x)[i];
}

static void set_part(const precision *p, void *x, size_t i, double v)
{
    if (p->real_size == sizeof(float))
        ((float *)x)[i] = (float)v;
    else
        ((double *)x)[i] = v;
}

/* A pseudo-random matrix of SZ elements; the diagonal made heavy enough
 * for ?trsm. */
static void *matrix(const precision *p, unsigned seed)
{
    size_t nparts = (size_t)SZ * (size_t)p->parts;
    void *x = malloc(nparts * p->real_size);
    for (size_t i = 0; i < nparts; i++) {
        seed = seed * 1103515245u + 12345u;
        set_part(p, x, i, (double)(seed >> 16 & 0x7fff) / 16384.0 - 1.0 + (i % 7 == 0 ? 4 : 0));
    }
    for (size_t j = 0; j < N; j++)
        set_part(p, x, (j + j * LD) * (size_t)p->parts, 8.0 + part(p, x, (j + j * LD) * p->parts));
    return x;
}

/* The first N rows of each column agree to the precision's tolerance. */
static int same(const precision *p, const void *x, const void *y)
{
    for (size_t j = 0; j < N; j++)
        for (size_t i = j * LD * (size_t)p->parts; i < (j * LD + N) * (size_t)p->parts; i++)
            if (!(fabs(part(p, x, i) - part(p, y, i)) <= p->tol * (1 + fabs(part(p, y, i)))))
                return 0;
    return 1;
}

/* Runs case k on the device (da, db, dc) and on the host (a, b, want);
 * ?herk reads the real parts of alpha and beta, their first halves. */
static cublasStatus_t run_case(const precision *p, cublasHandle_t h, const blas_case *k,
                               const void *alpha, const void *beta, const void *a,
                               const void *b, void *want, const void *da, const void *db,
                               void *dc)
{
    const int n = N, ld = LD;
    const char *ta = letter(p, k->transa), *tb = letter(p, k->transb);
    const char *uplo = k->uplo == CUBLAS_FILL_MODE_UPPER ? "U" : "L";
    const char *side = k->side == CUBLAS_SIDE_RIGHT ? "R" : "L";
    const char *diag = k->diag == CUBLAS_DIAG_UNIT ? "U" : "N";
    switch (k->routine) {
    case 'g':
        p->host_gemm(ta, tb, &n, &n, &n, alpha, a, &ld, b, &ld, beta, want, &ld, 1, 1);
        return p->gemm(h, k->transa, k->transb, N, N, N, alpha, da, LD, db, LD, beta, dc, LD);
    case 's':
        p->host_syrk(uplo, ta, &n, &n, alpha, a, &ld, beta, want, &ld, 1, 1);
        return p->syrk(h, k->uplo, k->transa, N, N, alpha, da, LD, beta, dc, LD);
    case 'h':
        p->host_herk(uplo, ta, &n, &n, alpha, a, &ld, beta, want, &ld, 1, 1);
        return p->herk(h, k->uplo, k->transa, N, N, alpha, da, LD, beta, dc, LD);
    case 't':
        p->host_trsm(side, uplo, ta, diag, &n, &n, alpha, a, &ld, want, &ld, 1, 1, 1, 1);
        return p->trsm(h, k->side, k->uplo, k->transa, k->diag, N, N, alpha, da, LD, dc, LD);
    case 'i':
        p->host_trmm(side, uplo, ta, diag, &n, &n, alpha, a, &ld, want, &ld, 1, 1, 1, 1);
        return p->trmm(h, k->side, k->uplo, k->transa, k->diag, N, N, alpha, da, LD, dc, LD,
                       dc, LD);
    default:   /* out of place: C = alpha op(A) B, the host's in place on a copy of B */
        memcpy(want, b, (size_t)SZ * p->real_size * (size_t)p->parts);
        p->host_trmm(side, uplo, ta, diag, &n, &n, alpha, a, &ld, want, &ld, 1, 1, 1, 1);
        return p->trmm(h, k->side, k->uplo, k->transa, k->diag, N, N, alpha, da, LD, db, LD,
                       dc, LD);
    }
}

/* The arguments cuBLAS refuses (CUBLAS_STATUS_INVALID_VALUE). */
static void check_arguments(const precision *p, cublasHandle_t h, const void *alpha,
                            const void *beta, const void *da, const void *db, void *dc)
{
    const cublasStatus_t bad = CUBLAS_STATUS_INVALID_VALUE;
    CHECK(p->gemm(h, CUBLAS_OP_N, CUBLAS_OP_N, -1, N, N, alpha, da, LD, db, LD, beta, dc, LD) ==
          bad);
    CHECK(p->gemm(h, CUBLAS_OP_T, CUBLAS_OP_N, N, N, LD, alpha, da, N, db, LD, beta, dc, LD) ==
          bad);
    CHECK(p->gemm(h, (cublasOperation_t)3, CUBLAS_OP_N, N, N, N, alpha, da, LD, db, LD, beta, dc,
                  LD) == bad);
    CHECK(p->syrk(h, CUBLAS_FILL_MODE_FULL, CUBLAS_OP_N, N, N, alpha, da, LD, beta, dc, LD) ==
          bad);
    CHECK(p->syrk(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, N, N, alpha, da, N - 1, beta, dc, LD) ==
          bad);
    if (p->herk) {   /* symmetric: N or T; Hermitian: N or C */
        CHECK(p->syrk(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, N, N, alpha, da, LD, beta, dc,
                      LD) == bad);
        CHECK(p->herk(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, N, N, alpha, da, LD, beta,
                      dc, LD) == bad);
        CHECK(p->herk(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, N, N, alpha, da, LD, beta,
                      dc, N - 1) == bad);
    }
    CHECK(p->trsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, N,
                  N, alpha, da, N - 1, dc, LD) == bad);
    CHECK(p->trsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N,
                  (cublasDiagType_t)2, N, N, alpha, da, LD, dc, LD) == bad);
    CHECK(p->trmm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, N,
                  N, alpha, da, LD, db, LD, dc, N - 1) == bad);
    CHECK(p->trmm(h, (cublasSideMode_t)2, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N,
                  CUBLAS_DIAG_UNIT, N, N, alpha, da, LD, db, LD, dc, LD) == bad);
}

int standin_test_cublas(int which, const char **row)
{
    const precision *p = &precisions[which];
    size_t bytes = (size_t)SZ * p->real_size * (size_t)p->parts;
    union { float s[2]; double d[2]; } alpha, beta;   /* the real part first */
    set_part(p, &alpha, 0, 0.5);
    set_part(p, &alpha, 1, 0.25);
    set_part(p, &beta, 0, -1.5);
    set_part(p, &beta, 1, 0.5);
    cudaStream_t s = NULL;
    cublasHandle_t h;
    void *a = matrix(p, 1), *b = matrix(p, 2), *c = matrix(p, 3), *want = malloc(bytes);
    void *back = malloc(bytes), *da, *db, *dc;
    row_failures = 0;
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess);
    CHECK(cublasCreate(&h) == CUBLAS_STATUS_SUCCESS && cublasSetStream(h, s) == 0);
    CHECK(cudaMalloc(&da, bytes) == 0 && cudaMalloc(&db, bytes) == 0 &&
          cudaMalloc(&dc, bytes) == 0);
    CHECK(cudaMemcpyAsync(da, a, bytes, cudaMemcpyHostToDevice, s) == 0);
    CHECK(cudaMemcpyAsync(db, b, bytes, cudaMemcpyHostToDevice, s) == 0);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        if ((cases[k].only == 'r' && p->parts == 2) || (cases[k].only == 'c' && p->parts == 1))
            continue;
        memcpy(want, c, bytes);
        CHECK(cudaMemcpyAsync(dc, c, bytes, cudaMemcpyHostToDevice, s) == 0);
        cublasStatus_t st = run_case(p, h, &cases[k], &alpha, &beta, a, b, want, da, db, dc);
        CHECK(st == CUBLAS_STATUS_SUCCESS);
        CHECK(cudaMemcpyAsync(back, dc, bytes, cudaMemcpyDeviceToHost, s) == 0);
        if (!same(p, back, want))
            printf("  case %zu (%c) differs from the host BLAS\n", k, cases[k].routine);
        CHECK(same(p, back, want));
    }
    check_arguments(p, h, &alpha, &beta, da, db, dc);
    CHECK(cublasDestroy(h) == 0 && cudaStreamDestroy(s) == 0);
    CHECK(cudaFree(da) == 0 && cudaFree(db) == 0 && cudaFree(dc) == 0);
    free(a);
    free(b);
    free(c);
    free(want);
    free(back);
    return row_hand_over(row, p->row);
}
