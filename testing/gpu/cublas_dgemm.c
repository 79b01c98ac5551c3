/* testing/gpu/cublas_dgemm.c: the DGEMM rate of each visible GPU with
 * cuBLAS (operands resident on the GPU) and the host-to-device copy rate
 * from pageable memory, the two numbers that bound hetscal's GPU share.
 * Usage: cublas_dgemm [MAX_N]; exit 77 when no GPU can be used. */
#define _POSIX_C_SOURCE 199309L
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* GFLOP/s of C = A B + C of order n, repeated for at least 0.5 s. */
static double dgemm_rate(cublasHandle_t h, int n, const double *a,
                         const double *b, double *c)
{
    const double one = 1.0;
    int reps = 0;
    double t0, t;
    cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &one, c, n);
    cudaDeviceSynchronize();
    t0 = now();
    do {
        cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &one, c, n);
        reps++;
        cudaDeviceSynchronize();
        t = now() - t0;
    } while (t < 0.5);
    return 2.0 * n * (double)n * n * reps / t * 1e-9;
}

static int probe(int dev, int max_n)
{
    struct cudaDeviceProp prop;
    cublasHandle_t h;
    size_t bytes = (size_t)max_n * (size_t)max_n * sizeof(double);
    double *host = malloc(bytes), *a, *b, *c;
    if (host == NULL || cudaSetDevice(dev) != cudaSuccess ||
        cudaGetDeviceProperties(&prop, dev) != cudaSuccess)
        return 1;
    printf("GPU %d: %s, %.1f GiB, %d SMs\n", dev, prop.name,
           (double)prop.totalGlobalMem / (1 << 30), prop.multiProcessorCount);
    if (cudaMalloc((void **)&a, bytes) != cudaSuccess ||
        cudaMalloc((void **)&b, bytes) != cudaSuccess ||
        cudaMalloc((void **)&c, bytes) != cudaSuccess ||
        cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) {
        printf("GPU %d: cannot allocate 3 matrices of order %d\n", dev, max_n);
        return 1;
    }
    for (size_t i = 0; i < bytes / sizeof(double); i++)
        host[i] = (double)(i % 1000) * 1e-3 - 0.5;
    double t0 = now();
    cudaMemcpy(a, host, bytes, cudaMemcpyHostToDevice);
    double t = now() - t0;
    cudaMemcpy(b, host, bytes, cudaMemcpyHostToDevice);
    cudaMemset(c, 0, bytes);
    printf("GPU %d: host-to-device copy from pageable memory: %.1f GB/s (%.0f MB)\n",
           dev, (double)bytes / t * 1e-9, (double)bytes * 1e-6);
    for (int n = 1024; n <= max_n; n *= 2)
        printf("GPU %d: DGEMM N=%d: %.1f GFLOP/s\n", dev, n, dgemm_rate(h, n, a, b, c));
    cudaError_t err = cudaGetLastError();
    cublasDestroy(h);
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    free(host);
    if (err != cudaSuccess) {
        printf("GPU %d: CUDA error %s\n", dev, cudaGetErrorString(err));
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int count = 0, max_n = argc > 1 ? atoi(argv[1]) : 8192, bad = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0) {
        printf("no CUDA device (%s)\n",
               err != cudaSuccess ? cudaGetErrorString(err) : "none visible");
        return 77;
    }
    if (max_n < 1024)
        max_n = 1024;
    for (int dev = 0; dev < count; dev++)
        bad += probe(dev, max_n);
    return bad;
}
