/* Each snippet breaks one rule of CUDA, cuBLAS or cuSOLVER that the stand-in checks
 * (testing/cuda_standin): t_cuda_standin runs each in a fresh process and
 * expects the abort and the rule's line on stderr. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <mpi.h>

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>

#include "t_cuda_standin.h"

#define R(name, line, aborts) { name, "cuda-standin: " line, aborts, NULL }
const standin_rule standin_rules[] = {
    R("copy-beyond", "access beyond the end of a device allocation", 1),
    R("copy2d-beyond", "access beyond the end of a device allocation", 1),
    R("kind-mismatch", "cudaMemcpyKind does not match the pointers", 1),
    R("freed-pointer", "device pointer not in a live device allocation", 1),
    R("copy-other-device", "device pointer of another device", 1),
    R("null-stream", "the NULL (legacy) stream is not supported", 1),
    R("destroyed-stream", "unknown or destroyed stream", 1),
    R("destroyed-event", "unknown or destroyed event", 1),
    R("call-in-host-function", "no CUDA call from inside a host function", 1),
    R("blas-beyond", "access beyond the end of a device allocation", 1),
    R("blas-current-device", "cuBLAS call while another device is current", 1),
    R("blas-other-device", "device pointer of another device", 1),
    R("blas-no-stream", "the NULL (legacy) stream is not supported", 1),
    R("handle-after-stream", "cuBLAS handle used after its stream was destroyed", 1),
    R("trmm-overlap", "output overlaps an input", 1),
    R("gemm-overlap", "output overlaps an input", 1),
    R("zgemm-beyond", "access beyond the end of a device allocation", 1),
    R("cherk-overlap", "output overlaps an input", 1),
    R("batched-overlap", "output overlaps an input or another output", 1),
    R("batched-beyond", "access beyond the end of a device allocation", 1),
    R("batched-host-arrays", "device pointer not in a live device allocation", 1),
    R("laswp-pivot-beyond", "pivot outside the matrix", 1),
    R("laswp-host-pivots", "device pointer not in a live device allocation", 1),
    R("laswp-no-stream", "the NULL (legacy) stream is not supported", 1),
    R("free-host-pending", "pinned memory released while a queued operation uses it", 1),
    R("free-not-allocation", "cudaFree of a pointer that is not a device allocation", 0),
    R("free-host-not-pinned", "cudaFreeHost of a pointer that is not from cudaHostAlloc", 0),
    R("unregister-not-registered", "cudaHostUnregister of memory that cudaHostRegister", 0),
    R("pitch", "width beyond a pitch", 0),
    R("larft-small-workspace", "workspace smaller than its ?X_bufferSize asked for", 1),
    R("larft-small-host-workspace", "workspace smaller than its ?X_bufferSize asked for", 1),
    R("larft-rowwise", "argument cusolverDnXlarft refuses", 0),
    R("larft-mixed-types", "argument cusolverDnXlarft refuses", 0),
    R("larft-destroyed-params", "unknown or destroyed cuSOLVER params", 1),
    R("larft-host-tau", "device pointer not in a live device allocation", 1),
    { "pageable-fail", "cuda-standin: an asynchronous copy with pageable host memory", 1,
      "CUDA_STANDIN_PAGEABLE=fail" },
    R("peer-copy-beyond", "access beyond the end of a device allocation", 1),
    R("peer-copy-other-device", "device pointer of another device", 1),
    R("peer-free-pending", "device memory freed while a queued operation of another device", 1),
    R("peer-copy-staged", "a peer copy staged through the host (peer access not enabled)", 0),
    { "peer-copy-staged-none", "cuda-standin: a peer copy staged through the host", 0,
      "CUDA_STANDIN_PEER=none" },
    R("mpi-beyond", "MPI buffer outside its device allocation", 1),
    R("mpi-send-pending-write", "MPI send of device memory a queued operation may write", 1),
    R("mpi-recv-pending-read", "MPI receive into device memory a queued operation uses", 1),
    R("mpi-free-in-flight", "device memory freed while an MPI request uses it", 1),
    { NULL, NULL, 0, NULL },
};

static cudaStream_t stream_on(int dev)
{
    cudaStream_t s;
    cudaSetDevice(dev);
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    return s;
}

static void *device_bytes(size_t n)
{
    void *p = NULL;
    cudaMalloc(&p, n);
    return p;
}

static void call_in_host_function(void *arg)
{
    (void)arg;
    cudaGetLastError();
}

static double host[4096];

/* cusolverDnXlarft of 4 reflectors of 8 rows in d (V, then tau, then T)
 * on a solver handle set to s, with the workspaces the query gives less
 * `short_dev` and `short_host` bytes; storev, the data type of T and
 * tau as given, the parameters destroyed after the query if asked.
 * Returns its status. */
static cusolverStatus_t larft_call(cudaStream_t s, double *d, const double *tau,
                                   cusolverStorevMode_t storev, cudaDataType type_t,
                                   int destroy_params, size_t short_dev, size_t short_host)
{
    cusolverDnHandle_t sh;
    cusolverDnParams_t params;
    size_t dev = 0, hst = 0;
    cusolverDnCreate(&sh);
    cusolverDnSetStream(sh, s);
    cusolverDnCreateParams(&params);
    if (cusolverDnXlarft_bufferSize(sh, params, CUBLAS_DIRECT_FORWARD,
                                    CUBLAS_STOREV_COLUMNWISE, 8, 4, CUDA_R_64F, d, 8,
                                    CUDA_R_64F, d + 32, CUDA_R_64F, d + 40, 4, CUDA_R_64F, &dev,
                                    &hst) != CUSOLVER_STATUS_SUCCESS || hst > sizeof host)
        exit(4);
    if (destroy_params)
        cusolverDnDestroyParams(params);
    return cusolverDnXlarft(sh, params, CUBLAS_DIRECT_FORWARD, storev, 8, 4, CUDA_R_64F, d, 8,
                            CUDA_R_64F, tau, type_t, d + 40, 4, CUDA_R_64F, device_bytes(dev),
                            dev - short_dev, host, hst - short_host);
}

/* 1024 bytes of device 0's memory d (1, 2, ... as doubles) copied to
 * device 1 on a stream of device 1 without enabling peer access; exits 0
 * if they arrive (the stand-in must copy, staged, and say so). */
static void peer_copy_staged(double *d)
{
    double want[128], got[128];
    for (int i = 0; i < 128; i++)
        want[i] = i + 1;
    cudaMemcpy(d, want, sizeof want, cudaMemcpyHostToDevice);
    cudaStream_t s1 = stream_on(1);
    double *d1 = device_bytes(sizeof got);
    int can = -1;
    if (cudaDeviceCanAccessPeer(&can, 1, 0) != cudaSuccess)
        exit(4);
    if (!can && (cudaDeviceEnablePeerAccess(0, 0) != cudaErrorPeerAccessUnsupported ||
                 cudaGetLastError() != cudaErrorPeerAccessUnsupported ||
                 cudaGetLastError() != cudaSuccess))
        exit(5);
    if (cudaMemcpyPeerAsync(d1, 1, d, 0, sizeof got, s1) != cudaSuccess ||
        cudaStreamSynchronize(s1) != cudaSuccess ||
        cudaMemcpy(got, d1, sizeof got, cudaMemcpyDeviceToHost) != cudaSuccess)
        exit(6);
    exit(memcmp(want, got, sizeof got) ? 7 : 0);
}

/* Two row copies by cublasDgemmBatched in d (128 doubles), as the
 * backend's HS_K_ROWS makes them: both to one row (overlap), or the
 * second from a row that runs past d's end (beyond). */
static void batched_rows(cudaStream_t s, cublasHandle_t h, double *d, int beyond)
{
    const double one = 1.0, zero = 0.0;
    const void *arrays[6] = { d, d, d + 1, beyond ? d + 127 : d + 2, d + 3,
                              beyond ? d + 4 : d + 3 };
    void **dev = device_bytes(sizeof arrays);
    cudaMemcpy(dev, arrays, sizeof arrays, cudaMemcpyHostToDevice);
    cublasDgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 1, 4, 1, &one, (const double *const *)dev,
                       1, (const double *const *)(dev + 2), 8, &zero, (double *const *)(dev + 4),
                       8, 2);
    cudaStreamSynchronize(s);
}

/* A rule of MPI on device memory (cuda_standin/standin_mpi.c: the
 * stand-in's MPI_Isend and MPI_Irecv, which the library's posts reach),
 * one process talking to itself; d: 1024 bytes on device 0, s its
 * stream. */
static void mpi_rule(const char *rule, cudaStream_t s, double *d)
{
    static int gate;
    MPI_Request req;
    MPI_Init(NULL, NULL);
    if (!strcmp(rule, "mpi-beyond")) {   /* 1024 bytes from byte 512 */
        MPI_Isend(d + 64, 128, MPI_DOUBLE, 0, 0, MPI_COMM_SELF, &req);
    } else if (!strcmp(rule, "mpi-free-in-flight")) {   /* no send matches it */
        MPI_Irecv(d, 8, MPI_DOUBLE, 0, 0, MPI_COMM_SELF, &req);
        cudaFree(d);
    } else {   /* behind a closed gate, the operations stay queued */
        cudaLaunchHostFunc(s, standin_test_gate, &gate);
        if (!strcmp(rule, "mpi-send-pending-write")) {
            cudaMemset2DAsync(d + 4, 64, 0, 64, 1, s);
            MPI_Isend(d, 16, MPI_DOUBLE, 0, 0, MPI_COMM_SELF, &req);
        } else {   /* a read of d: a send may go beside it, not a receive */
            cudaMemcpyAsync(device_bytes(64), d + 4, 64, cudaMemcpyDeviceToDevice, s);
            MPI_Isend(d, 16, MPI_DOUBLE, 0, 0, MPI_COMM_SELF, &req);
            MPI_Irecv(d, 16, MPI_DOUBLE, 0, 0, MPI_COMM_SELF, &req);
        }
    }
}

void standin_test_rule(const char *rule)
{
    cudaStream_t s = stream_on(0);
    double *d = device_bytes(1024), *d1;
    cublasHandle_t h;
    const double one = 1.0;
    cublasCreate(&h);
    cublasSetStream(h, s);
    if (!strncmp(rule, "mpi-", 4)) {
        mpi_rule(rule, s, d);
    } else if (!strcmp(rule, "copy-beyond")) {
        cudaMemcpyAsync(d + 1, host, 1024, cudaMemcpyHostToDevice, s);
    } else if (!strcmp(rule, "copy2d-beyond")) {   /* (3 - 1) * 512 + 8 > 1024 */
        cudaMemcpy2DAsync(d, 512, host, 512, 8, 3, cudaMemcpyHostToDevice, s);
    } else if (!strcmp(rule, "kind-mismatch")) {
        cudaMemcpyAsync(host, d, 64, cudaMemcpyHostToDevice, s);
    } else if (!strcmp(rule, "freed-pointer")) {
        cudaFree(d);
        cudaMemcpyAsync(d, host, 64, cudaMemcpyHostToDevice, s);
    } else if (!strcmp(rule, "copy-other-device")) {
        cudaStream_t s1 = stream_on(1);
        cudaMemcpyAsync(d, host, 64, cudaMemcpyHostToDevice, s1);
    } else if (!strcmp(rule, "null-stream")) {
        cudaMemcpyAsync(d, host, 64, cudaMemcpyHostToDevice, 0);
    } else if (!strcmp(rule, "destroyed-stream")) {
        cudaStream_t s2 = stream_on(0);
        cudaStreamDestroy(s2);
        cudaStreamSynchronize(s2);
    } else if (!strcmp(rule, "destroyed-event")) {
        cudaEvent_t e;
        cudaEventCreate(&e);
        cudaEventDestroy(e);
        cudaEventRecord(e, s);
    } else if (!strcmp(rule, "call-in-host-function")) {
        cudaLaunchHostFunc(s, call_in_host_function, NULL);
        cudaStreamSynchronize(s);
    } else if (!strcmp(rule, "blas-beyond")) {   /* C is 16 x 16 with ld 16: 2 KiB > 1 KiB */
        double *a = device_bytes(16 * 16 * 8);
        cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &one, a, 16, a, 16, &one, d, 16);
    } else if (!strcmp(rule, "blas-current-device")) {
        cudaSetDevice(1);
        cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, d, 4, d + 16, 4, &one, d + 32, 4);
    } else if (!strcmp(rule, "blas-other-device")) {
        cudaSetDevice(1);
        d1 = device_bytes(1024);
        cudaSetDevice(0);
        cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, d1, 4, d + 16, 4, &one, d + 32, 4);
    } else if (!strcmp(rule, "blas-no-stream")) {
        cublasHandle_t h2;
        cublasCreate(&h2);
        cublasDsyrk(h2, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, 4, 4, &one, d, 4, &one, d + 16, 4);
    } else if (!strcmp(rule, "handle-after-stream")) {
        cudaStreamDestroy(s);
        cublasDestroy(h);
    } else if (!strcmp(rule, "trmm-overlap")) {   /* C starts inside B */
        cublasDtrmm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT,
                    4, 4, &one, d, 4, d + 16, 4, d + 18, 4);
    } else if (!strcmp(rule, "gemm-overlap")) {   /* C is A */
        cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, d, 4, d + 16, 4, &one, d, 4);
    } else if (!strcmp(rule, "zgemm-beyond")) {   /* C: 81 elements of 16 bytes > 1 KiB */
        const cuDoubleComplex zone = make_cuDoubleComplex(1, 0);
        cuDoubleComplex *z = device_bytes(81 * sizeof(cuDoubleComplex));
        cublasZgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 9, 9, 9, &zone, z, 9, z, 9, &zone,
                    (cuDoubleComplex *)d, 9);
    } else if (!strcmp(rule, "cherk-overlap")) {   /* C starts in A's last column */
        const float fone = 1;
        cublasCherk(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, 4, 4, &fone, (cuComplex *)d, 4, &fone,
                    (cuComplex *)d + 12, 4);
    } else if (!strcmp(rule, "batched-overlap")) {
        batched_rows(s, h, d, 0);
    } else if (!strcmp(rule, "batched-beyond")) {
        batched_rows(s, h, d, 1);
    } else if (!strcmp(rule, "batched-host-arrays")) {   /* arrays in host memory */
        const double zero = 0.0, *from[1] = { d };
        double *to[1] = { d + 8 };
        cublasDgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 1, 4, 1, &one, from, 1, from, 8, &zero,
                           to, 8, 1);
    } else if (!strcmp(rule, "laswp-pivot-beyond")) {   /* row 9 of an 8-row lda */
        static const int piv[2] = { 2, 9 };
        int *dpiv = device_bytes(sizeof piv);
        cusolverDnHandle_t sh;
        cudaMemcpy(dpiv, piv, sizeof piv, cudaMemcpyHostToDevice);
        cusolverDnCreate(&sh);
        cusolverDnSetStream(sh, s);
        cusolverDnDlaswp(sh, 4, d, 8, 1, 2, dpiv, 1);
    } else if (!strcmp(rule, "laswp-host-pivots")) {
        static const int piv[2] = { 2, 3 };
        cusolverDnHandle_t sh;
        cusolverDnCreate(&sh);
        cusolverDnSetStream(sh, s);
        cusolverDnDlaswp(sh, 4, d, 8, 1, 2, piv, 1);
    } else if (!strcmp(rule, "laswp-no-stream")) {
        cusolverDnHandle_t sh;
        cusolverDnCreate(&sh);
        cusolverDnDlaswp(sh, 4, d, 8, 1, 2, (const int *)(void *)(d + 64), 1);
    } else if (!strcmp(rule, "free-host-pending")) {
        static int gate;
        double *pinned;
        cudaMallocHost((void **)&pinned, 1024);
        cudaLaunchHostFunc(s, standin_test_gate, &gate);
        cudaMemcpyAsync(d, pinned, 1024, cudaMemcpyHostToDevice, s);
        cudaFreeHost(pinned);
    } else if (!strcmp(rule, "free-not-allocation")) {
        if (cudaFree(d + 1) == cudaErrorInvalidValue && cudaGetLastError() == cudaErrorInvalidValue)
            exit(0);
    } else if (!strcmp(rule, "free-host-not-pinned")) {
        if (cudaFreeHost(host) == cudaErrorInvalidValue)
            exit(0);
    } else if (!strcmp(rule, "unregister-not-registered")) {
        if (cudaHostUnregister(host) == cudaErrorHostMemoryNotRegistered)
            exit(0);
    } else if (!strcmp(rule, "pageable-fail")) {
        /* Pinned memory, allocated or registered, passes; then host[] fails. */
        static double registered[512];
        double *pinned;
        if (cudaMallocHost((void **)&pinned, 1024) != cudaSuccess ||
            cudaHostRegister(registered, sizeof registered, cudaHostRegisterPortable) ||
            cudaMemcpyAsync(d, pinned, 1024, cudaMemcpyHostToDevice, s) ||
            cudaMemcpyAsync(registered, d, 1024, cudaMemcpyDeviceToHost, s) ||
            cudaStreamSynchronize(s) || cudaHostUnregister(registered) || cudaFreeHost(pinned))
            exit(4);
        cudaMemcpyAsync(host, d, 1024, cudaMemcpyDeviceToHost, s);
    } else if (!strcmp(rule, "peer-copy-beyond")) {   /* 2 KiB of 1 KiB */
        cudaStream_t s1 = stream_on(1);
        cudaDeviceEnablePeerAccess(0, 0);
        cudaMemcpyPeerAsync(device_bytes(4096), 1, d, 0, 2048, s1);
    } else if (!strcmp(rule, "peer-copy-other-device")) {   /* d is device 0's */
        cudaStream_t s1 = stream_on(1);
        cudaMemcpyPeerAsync(device_bytes(1024), 1, d, 1, 1024, s1);
    } else if (!strcmp(rule, "peer-free-pending")) {   /* the source, from its own device */
        static int gate;
        cudaStream_t s1 = stream_on(1);
        cudaDeviceEnablePeerAccess(0, 0);
        cudaLaunchHostFunc(s1, standin_test_gate, &gate);
        cudaMemcpyPeerAsync(device_bytes(1024), 1, d, 0, 1024, s1);
        cudaSetDevice(0);
        cudaFree(d);
    } else if (!strcmp(rule, "peer-copy-staged") || !strcmp(rule, "peer-copy-staged-none")) {
        peer_copy_staged(d);
    } else if (!strcmp(rule, "larft-small-workspace")) {
        larft_call(s, d, d + 32, CUBLAS_STOREV_COLUMNWISE, CUDA_R_64F, 0, 8, 0);
    } else if (!strcmp(rule, "larft-small-host-workspace")) {
        larft_call(s, d, d + 32, CUBLAS_STOREV_COLUMNWISE, CUDA_R_64F, 0, 0, 8);
    } else if (!strcmp(rule, "larft-rowwise")) {   /* cuSOLVER: columnwise only */
        if (larft_call(s, d, d + 32, CUBLAS_STOREV_ROWWISE, CUDA_R_64F, 0, 0, 0) ==
            CUSOLVER_STATUS_INVALID_VALUE)
            exit(0);
    } else if (!strcmp(rule, "larft-mixed-types")) {   /* T single, V double */
        if (larft_call(s, d, d + 32, CUBLAS_STOREV_COLUMNWISE, CUDA_R_32F, 0, 0, 0) ==
            CUSOLVER_STATUS_INVALID_VALUE)
            exit(0);
    } else if (!strcmp(rule, "larft-destroyed-params")) {
        larft_call(s, d, d + 32, CUBLAS_STOREV_COLUMNWISE, CUDA_R_64F, 1, 0, 0);
    } else if (!strcmp(rule, "larft-host-tau")) {
        larft_call(s, d, host, CUBLAS_STOREV_COLUMNWISE, CUDA_R_64F, 0, 0, 0);
    } else if (!strcmp(rule, "pitch")) {
        if (cudaMemcpy2DAsync(d, 8, host, 16, 16, 2, cudaMemcpyHostToDevice, s) ==
            cudaErrorInvalidPitchValue)
            exit(0);
    }
    cudaDeviceSynchronize();
    fprintf(stderr, "t_cuda_standin: rule %s: the stand-in let it pass\n", rule);
    exit(3);
}
