/* The CUDA stand-in's cuBLAS level-1 and -2 routines (I?amax, ?scal,
 * ?ger / ?geru: a spread LU panel's column, testing/gpu/spread_column.c)
 * in the four precisions against the host BLAS (part of t_cuda_standin):
 * strided vectors and a negative stride, the answers for no element, and
 * the arguments cuBLAS refuses.  The same host routine runs behind each
 * call, so the results must be equal bit for bit. */
#include <stdlib.h>
#include <string.h>

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include "row_checks.h"
#include "t_cuda_standin.h"

/* The host BLAS, by address as Fortran takes them. */
typedef int host_iamax(const int *, const void *, const int *);
typedef void host_scal(const int *, const void *, void *, const int *);
typedef void host_ger(const int *, const int *, const void *, const void *, const int *,
                      const void *, const int *, void *, const int *);
host_iamax isamax_, idamax_, icamax_, izamax_;
host_scal sscal_, dscal_, cscal_, zscal_;
host_ger sger_, dger_, cgeru_, zgeru_;

/* cuBLAS's routines with void pointers, so that one table holds them all. */
typedef cublasStatus_t cublas_iamax(cublasHandle_t, int, const void *, int, int *);
typedef cublasStatus_t cublas_scal(cublasHandle_t, int, const void *, void *, int);
typedef cublasStatus_t cublas_ger(cublasHandle_t, int, int, const void *, const void *, int,
                                  const void *, int, void *, int);

#define VOID_ROUTINES(P, I, T, GER)                                                         \
    static cublasStatus_t I##amax(cublasHandle_t h, int n, const void *x, int incx,        \
                                  int *result)                                             \
    {                                                                                       \
        return cublasI##I##amax(h, n, (const T *)x, incx, result);                         \
    }                                                                                       \
    static cublasStatus_t P##scal(cublasHandle_t h, int n, const void *alpha, void *x,     \
                                  int incx)                                                \
    {                                                                                       \
        return cublas##P##scal(h, n, (const T *)alpha, (T *)x, incx);                      \
    }                                                                                       \
    static cublasStatus_t P##GER(cublasHandle_t h, int m, int n, const void *alpha,        \
                                 const void *x, int incx, const void *y, int incy, void *a, \
                                 int lda)                                                  \
    {                                                                                       \
        return cublas##P##GER(h, m, n, (const T *)alpha, (const T *)x, incx, (const T *)y,  \
                              incy, (T *)a, lda);                                           \
    }
VOID_ROUTINES(S, s, float, ger)
VOID_ROUTINES(D, d, double, ger)
VOID_ROUTINES(C, c, cuComplex, geru)
VOID_ROUTINES(Z, z, cuDoubleComplex, geru)

typedef struct precision {
    const char *row;
    size_t size;   /* bytes of an element */
    int single;    /* float parts, else double */
    cublas_iamax *iamax;
    cublas_scal *scal;
    cublas_ger *ger;
    host_iamax *host_iamax;
    host_scal *host_scal;
    host_ger *host_ger;
} precision;

static const precision precisions[STANDIN_TEST_PRECISIONS] = {
    { "cuBLAS ISAMAX SSCAL SGER, checks", sizeof(float), 1, samax, Sscal, Sger, isamax_, sscal_,
      sger_ },
    { "cuBLAS IDAMAX DSCAL DGER, checks", sizeof(double), 0, damax, Dscal, Dger, idamax_,
      dscal_, dger_ },
    { "cuBLAS ICAMAX CSCAL CGERU, checks", 2 * sizeof(float), 1, camax, Cscal, Cgeru, icamax_,
      cscal_, cgeru_ },
    { "cuBLAS IZAMAX ZSCAL ZGERU, checks", 2 * sizeof(double), 0, zamax, Zscal, Zgeru,
      izamax_, zscal_, zgeru_ },
};

/* Elements of the vectors and of the matrix (LDA x NCOL). */
enum { LEN = 48, LDA = 11, NCOL = 6, M = 9, NX = 13 };

/* count elements of pseudo-random values in [-1, 1). */
static void *values(const precision *p, size_t count, unsigned seed)
{
    size_t reals = count * (p->size / (p->single ? sizeof(float) : sizeof(double)));
    void *x = malloc(count * p->size);
    for (size_t i = 0; x && i < reals; i++) {
        seed = seed * 1103515245u + 12345u;
        double v = (double)(seed >> 16 & 0x7fff) / 16384.0 - 1.0;
        if (p->single)
            ((float *)x)[i] = (float)v;
        else
            ((double *)x)[i] = v;
    }
    return x;
}

/* The device's copy of count elements equals host's, bit for bit. */
static int same(const void *device, const void *host, size_t bytes)
{
    void *back = malloc(bytes);
    int ok = back && cudaMemcpy(back, device, bytes, cudaMemcpyDeviceToHost) == cudaSuccess &&
             memcmp(back, host, bytes) == 0;
    free(back);
    return ok;
}

int standin_test_level12(int which, const char **row)
{
    const precision *p = &precisions[which];
    const size_t vbytes = LEN * p->size, abytes = (size_t)LDA * NCOL * p->size;
    union { float s[2]; double d[2]; } alpha;   /* the real part first */
    if (p->single) {
        alpha.s[0] = 0.5f;
        alpha.s[1] = -0.25f;
    } else {
        alpha.d[0] = 0.5;
        alpha.d[1] = -0.25;
    }
    cudaStream_t s = NULL;
    cublasHandle_t h;
    void *x = values(p, LEN, 1), *y = values(p, LEN, 2), *a = values(p, (size_t)LDA * NCOL, 3);
    void *dx = NULL, *dy = NULL, *da = NULL;
    row_failures = 0;
    CHECK(x && y && a);
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess);
    CHECK(cublasCreate(&h) == CUBLAS_STATUS_SUCCESS && cublasSetStream(h, s) == 0);
    CHECK(cudaMalloc(&dx, vbytes) == 0 && cudaMalloc(&dy, vbytes) == 0 &&
          cudaMalloc(&da, abytes) == 0);
    CHECK(cudaMemcpy(dx, x, vbytes, cudaMemcpyHostToDevice) == 0 &&
          cudaMemcpy(dy, y, vbytes, cudaMemcpyHostToDevice) == 0 &&
          cudaMemcpy(da, a, abytes, cudaMemcpyHostToDevice) == 0);

    /* I?amax: every third element; no element and a step of 0: 0 */
    const int nx = NX, three = 3;
    int got = -1;
    CHECK(p->iamax(h, NX, dx, 3, &got) == CUBLAS_STATUS_SUCCESS &&
          got == p->host_iamax(&nx, x, &three));
    CHECK(p->iamax(h, 0, dx, 1, &got) == CUBLAS_STATUS_SUCCESS && got == 0);
    CHECK(p->iamax(h, NX, dx, 0, &got) == CUBLAS_STATUS_SUCCESS && got == 0);

    /* ?ger / ?geru: A (M x NCOL of LDA) += alpha x y^T, x two apart, y
     * walked backwards three apart; queued after the scaling below */
    const int m = M, ncol = NCOL, lda = LDA, two = 2, back3 = -3;
    p->host_scal(&nx, &alpha, x, &three);
    p->host_ger(&m, &ncol, &alpha, x, &two, y, &back3, a, &lda);
    CHECK(p->scal(h, NX, &alpha, dx, 3) == CUBLAS_STATUS_SUCCESS);
    CHECK(p->ger(h, M, NCOL, &alpha, dx, 2, dy, -3, da, LDA) == CUBLAS_STATUS_SUCCESS);
    CHECK(cudaStreamSynchronize(s) == cudaSuccess);
    CHECK(same(dx, x, vbytes));
    CHECK(same(da, a, abytes));

    /* What cuBLAS refuses. */
    const cublasStatus_t bad = CUBLAS_STATUS_INVALID_VALUE;
    CHECK(p->iamax(h, NX, dx, 1, NULL) == bad);
    CHECK(p->scal(h, NX, NULL, dx, 1) == bad);
    CHECK(p->ger(h, M, NCOL, &alpha, dx, 1, dy, 1, da, M - 1) == bad);
    CHECK(p->ger(h, M, NCOL, &alpha, dx, 0, dy, 1, da, LDA) == bad);
    CHECK(p->ger(h, -1, NCOL, &alpha, dx, 1, dy, 1, da, LDA) == bad);

    CHECK(cublasDestroy(h) == 0 && cudaStreamDestroy(s) == 0);
    CHECK(cudaFree(dx) == 0 && cudaFree(dy) == 0 && cudaFree(da) == 0);
    free(x);
    free(y);
    free(a);
    return row_hand_over(row, p->row);
}
