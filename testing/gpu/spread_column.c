/* testing/gpu/spread_column.c: what one column of a spread LU panel
 * (src/kernels/lu_spread_panel.h) costs on a GPU that the host drives
 * through cuBLAS alone, the design the model priced in session 84
 * (doc/PERFORMANCE.md): a part of H rows of a panel W wide, column by
 * column, on GPU 0 with its rows resident there:
 *   the column's largest entry (cublasIdamax, its index back to the
 *   host), that row and the diagonal row to pinned host memory (one
 *   synchronization; the exchange with the other parts would follow,
 *   its network time is the machine file's), the chosen rows back in
 *   place, the scaling below the diagonal (cublasDscal) and the rank-1
 *   update of the step's later columns (cublasDger); every 32 columns
 *   (HS_LU_SPREAD_IB) U12's TRSM and the GEMM of the rows below.
 * Beside it, per column: the round trip alone (the index, the two rows
 * out, the two rows in, no arithmetic) and cuSOLVER's ?getrf of the same
 * H x W rows gathered on one GPU (the gathered panel's cost a column at
 * that height).  Printed as machine-file comment lines:
 *   # spread_column W=2048 H=32768: loop L us a column, round trip
 *     R us, getrf of the same rows G us
 * Each the better of two runs.  The loop's factor and pivots must be
 * ?getrf's (to 1e-10 of the largest entry): the check that the loop runs
 * what it claims, and, on the CUDA stand-in (testing/cuda_spread_column.sh),
 * of the stand-in's level-1 and -2 routines.
 * Usage: spread_column [W [H ...]] (default 2048, heights 8192 32768
 * 131072); exit 77 when no GPU can be used, 1 when a call failed or the
 * factors differ. */
#define _POSIX_C_SOURCE 200809L
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { IB = 32 };

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

typedef struct part {
    cublasHandle_t blas;
    cudaStream_t stream;
    double *a;      /* H x W, ld H, on the GPU */
    double *rows;   /* 2 W, pinned: the offered row, then the diagonal row */
    int *piv;       /* W: the loop's pivot rows, 1-based */
    int h, w;
} part;

/* Row r of the part (W values H apart) to or from w values at host. */
static void row_copy(const part *p, int r, double *host, enum cudaMemcpyKind dir)
{
    size_t pitch = (size_t)p->h * sizeof(double);
    if (dir == cudaMemcpyDeviceToHost)
        cudaMemcpy2DAsync(host, sizeof(double), p->a + r, pitch, sizeof(double), p->w, dir,
                          p->stream);
    else
        cudaMemcpy2DAsync(p->a + r, pitch, host, sizeof(double), sizeof(double), p->w, dir,
                          p->stream);
}

/* Column j's search, rows out and back; with `arithmetic`, the scaling
 * and rank-1 update of the step [k0, k1) too.  0, or -1 on an error. */
static int column(part *p, int j, int k1, int arithmetic)
{
    int idx = 0, below = p->h - j - 1, cols = k1 - j - 1;
    double *col = p->a + j + (size_t)j * p->h;
    if (cublasIdamax(p->blas, p->h - j, col, 1, &idx) != CUBLAS_STATUS_SUCCESS)
        return -1;
    int r = j + idx - 1;
    if (arithmetic)
        p->piv[j] = r + 1;
    row_copy(p, r, p->rows, cudaMemcpyDeviceToHost);
    row_copy(p, j, p->rows + p->w, cudaMemcpyDeviceToHost);
    if (cudaStreamSynchronize(p->stream) != cudaSuccess)
        return -1;
    /* (the exchange of the records with the other parts) */
    row_copy(p, j, p->rows, cudaMemcpyHostToDevice);
    row_copy(p, r, p->rows + p->w, cudaMemcpyHostToDevice);
    if (!arithmetic || below <= 0)
        return 0;
    double pivot = p->rows[j], scale = pivot != 0 ? 1 / pivot : 1, minus = -1;
    if (cublasDscal(p->blas, below, &scale, col + 1, 1) != CUBLAS_STATUS_SUCCESS)
        return -1;
    if (cols > 0 &&
        cublasDger(p->blas, below, cols, &minus, col + 1, 1, col + p->h, p->h,
                   col + p->h + 1, p->h) != CUBLAS_STATUS_SUCCESS)
        return -1;
    return 0;
}

/* The end of the step [k0, k1): U12 = L11^-1 A12, A22 -= L21 U12. */
static int step_end(part *p, int k0, int k1)
{
    int kb = k1 - k0, n = p->w - k1, m = p->h - k1;
    const double one = 1, minus = -1;
    if (n <= 0)
        return 0;
    double *l11 = p->a + k0 + (size_t)k0 * p->h, *u12 = p->a + k0 + (size_t)k1 * p->h;
    if (cublasDtrsm(p->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N,
                    CUBLAS_DIAG_UNIT, kb, n, &one, l11, p->h, u12, p->h) != CUBLAS_STATUS_SUCCESS)
        return -1;
    if (m > 0 && cublasDgemm(p->blas, CUBLAS_OP_N, CUBLAS_OP_N, m, n, kb, &minus, l11 + kb,
                             p->h, u12, p->h, &one, u12 + kb, p->h) != CUBLAS_STATUS_SUCCESS)
        return -1;
    return 0;
}

/* Microseconds a column of the whole loop (arithmetic) or of its round
 * trips alone; negative on an error. */
static double loop_us(part *p, int arithmetic)
{
    double t0 = now_us();
    for (int k0 = 0; k0 < p->w; k0 += IB) {
        int k1 = k0 + IB < p->w ? k0 + IB : p->w;
        for (int j = k0; j < k1; j++)
            if (column(p, j, k1, arithmetic))
                return -1;
        if (arithmetic && step_end(p, k0, k1))
            return -1;
    }
    if (cudaStreamSynchronize(p->stream) != cudaSuccess)
        return -1;
    return (now_us() - t0) / p->w;
}

static double getrf_us(cusolverDnHandle_t solver, part *p, double *work, int *ipiv, int *info)
{
    double t0 = now_us();
    if (cusolverDnDgetrf(solver, p->h, p->w, p->a, p->h, work, ipiv, info)
            != CUSOLVER_STATUS_SUCCESS ||
        cudaStreamSynchronize(p->stream) != cudaSuccess)
        return -1;
    return (now_us() - t0) / p->w;
}

/* The loop's factor (check) and pivots against ?getrf's (a, ipiv on the
 * host): 0 when they agree. */
static int compare(const part *p, const double *check, const double *a, const int *ipiv)
{
    size_t n = (size_t)p->h * p->w;
    double largest = 0, diff = 0;
    for (size_t i = 0; i < n; i++) {
        largest = fmax(largest, fabs(a[i]));
        diff = fmax(diff, fabs(a[i] - check[i]));
    }
    int pivots = memcmp(ipiv, p->piv, (size_t)p->w * sizeof(int)) == 0;
    if (pivots && diff <= 1e-10 * largest)
        return 0;
    printf("# spread_column W=%d H=%d: FAILED: the loop's factor is not getrf's "
           "(pivots %s, largest difference %.3g of %.3g)\n",
           p->w, p->h, pivots ? "equal" : "differ", diff, largest);
    return 1;
}

/* Part p's loop, round trip and ?getrf for rows p->h, printed; 0 (also
 * when there is no memory for them), or 1 when a call failed or the
 * factors differ. */
static int one_height(part *p, cusolverDnHandle_t solver)
{
    size_t n = (size_t)p->h * p->w;
    double *host = NULL, *check = NULL, *work = NULL;
    int *ipiv = NULL, *info = NULL, *host_ipiv = malloc((size_t)p->w * sizeof(int)), lwork = 0;
    int status = 2;   /* a CUDA call failed, until the end */
    p->a = NULL;
    if (!host_ipiv || cudaMallocHost((void **)&host, n * sizeof(double)) != cudaSuccess ||
        cudaMallocHost((void **)&check, n * sizeof(double)) != cudaSuccess ||
        cudaMalloc((void **)&p->a, n * sizeof(double)) != cudaSuccess ||
        cusolverDnDgetrf_bufferSize(solver, p->h, p->w, p->a, p->h, &lwork)
            != CUSOLVER_STATUS_SUCCESS ||
        cudaMalloc((void **)&work, ((size_t)lwork + 1) * sizeof(double)) != cudaSuccess ||
        cudaMalloc((void **)&ipiv, (size_t)p->w * sizeof(int)) != cudaSuccess ||
        cudaMalloc((void **)&info, sizeof(int)) != cudaSuccess) {
        printf("# spread_column W=%d H=%d: no memory for it\n", p->w, p->h);
        status = 0;
        goto out;
    }
    unsigned long long x = 88172645463325252ull;   /* xorshift64: values in [-0.5, 0.5) */
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        host[i] = (double)(x >> 11) / 9007199254740992.0 - 0.5;
    }
    /* each the better of two runs (the first pays cuBLAS's set-up) */
    double us[3] = { -1, -1, -1 };
    for (int k = 0; k < 6; k++) {
        if (cudaMemcpy(p->a, host, n * sizeof(double), cudaMemcpyHostToDevice) != cudaSuccess)
            goto out;
        double t = k / 2 == 2 ? getrf_us(solver, p, work, ipiv, info) : loop_us(p, k / 2 == 0);
        if (t < 0)
            goto out;
        if (k % 2 == 0 || t < us[k / 2])
            us[k / 2] = t;
        if (k == 1 && cudaMemcpy(check, p->a, n * sizeof(double), cudaMemcpyDeviceToHost)
                          != cudaSuccess)
            goto out;
    }
    if (cudaMemcpy(host, p->a, n * sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess ||
        cudaMemcpy(host_ipiv, ipiv, (size_t)p->w * sizeof(int), cudaMemcpyDeviceToHost)
            != cudaSuccess)
        goto out;
    printf("# spread_column W=%d H=%d: loop %.1f us a column, round trip %.1f us, "
           "getrf of the same rows %.1f us\n",
           p->w, p->h, us[0], us[1], us[2]);
    status = compare(p, check, host, host_ipiv);
out:
    if (status == 2)
        printf("# spread_column W=%d H=%d: a CUDA call failed\n", p->w, p->h);
    cudaFreeHost(host);
    cudaFreeHost(check);
    cudaFree(p->a);
    cudaFree(work);
    cudaFree(ipiv);
    cudaFree(info);
    free(host_ipiv);
    return status != 0;
}

int main(int argc, char **argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 2048, count = 0;
    static const int heights[] = { 8192, 32768, 131072 };
    if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1 || cudaSetDevice(0) != cudaSuccess) {
        printf("# no usable GPU\n");
        return 77;
    }
    part p = { .w = w, .piv = malloc((size_t)(w > 0 ? w : 1) * sizeof(int)) };
    cusolverDnHandle_t solver;
    if (w < 1 || !p.piv || cudaStreamCreate(&p.stream) != cudaSuccess ||
        cublasCreate(&p.blas) != CUBLAS_STATUS_SUCCESS ||
        cublasSetStream(p.blas, p.stream) != CUBLAS_STATUS_SUCCESS ||
        cusolverDnCreate(&solver) != CUSOLVER_STATUS_SUCCESS ||
        cusolverDnSetStream(solver, p.stream) != CUSOLVER_STATUS_SUCCESS ||
        cudaMallocHost((void **)&p.rows, 2 * (size_t)w * sizeof(double)) != cudaSuccess) {
        fprintf(stderr, "spread_column: cannot set up GPU 0\n");
        return 1;
    }
    int status = 0, given = argc > 2 ? argc - 2 : 0;
    int nh = given ? given : (int)(sizeof heights / sizeof *heights);
    for (int k = 0; k < nh; k++) {
        p.h = given ? atoi(argv[2 + k]) : heights[k];
        if (p.h < w) {
            fprintf(stderr, "spread_column: a part of %d rows is shorter than W = %d\n", p.h, w);
            return 1;
        }
        status |= one_height(&p, solver);
    }
    cudaFreeHost(p.rows);
    cusolverDnDestroy(solver);
    cublasDestroy(p.blas);
    cudaStreamDestroy(p.stream);
    free(p.piv);
    return status;
}
