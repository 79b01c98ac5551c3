/* cuBLAS and cuSOLVER for the CUDA backend, loaded when the first CUDA
 * device opens rather than when the library loads: libhetscal links only
 * CUDA's runtime, so a rank that finds no GPU (or is told HETSCAL_DEVICES=
 * cpu) never maps cuBLAS, cuBLASLt, cuSOLVER, cuSPARSE and nvJitLink
 * (about 1 GB of libraries whose relocations cost every process some
 * 100 MB of private memory and 0.2 s of startup).  Every cuBLAS and
 * cuSOLVER function the backend calls is listed here and called through
 * HS_CU(name).  Against the stand-in (testing/cuda_standin, linked into
 * the library with hidden symbols) the table takes its functions directly. */
#ifndef HETSCAL_DEVICE_CUDA_LIBS_H
#define HETSCAL_DEVICE_CUDA_LIBS_H

#include <stddef.h>

#include <cublas_v2.h>
#include <cusolverDn.h>

/* One precision's: P the BLAS letter, H its ?syrk or ?herk, Q its ?ormqr
 * or ?unmqr. */
#define HS_CUDA_PREC_FUNCTIONS(X, P, H, Q)                                                   \
    X(cublas##P##gemm) X(cublas##P##trsm) X(cublas##P##trmm) X(cublas##H)                    \
    X(cusolverDn##P##potrf) X(cusolverDn##P##potrf_bufferSize) X(cusolverDn##P##getrf)       \
    X(cusolverDn##P##getrf_bufferSize) X(cusolverDn##P##geqrf)                               \
    X(cusolverDn##P##geqrf_bufferSize) X(cusolverDn##P##laswp) X(cusolverDn##Q)              \
    X(cusolverDn##Q##_bufferSize)

#define HS_CUDA_LIB_FUNCTIONS(X)                                                             \
    X(cublasGetProperty) X(cusolverGetProperty)                                              \
    X(cublasCreate) X(cublasDestroy) X(cublasSetStream) X(cublasGetStream)                   \
    X(cublasGetStatusString) X(cublasSgemmBatched) X(cublasDgemmBatched)                     \
    X(cusolverDnCreate) X(cusolverDnDestroy) X(cusolverDnSetStream)                          \
    X(cusolverDnCreateParams) X(cusolverDnDestroyParams) X(cusolverDnXlarft)                 \
    X(cusolverDnXlarft_bufferSize)                                                           \
    X(cublasIsamax) X(cublasIdamax) X(cublasIcamax) X(cublasIzamax)                          \
    HS_CUDA_PREC_FUNCTIONS(X, S, Ssyrk, Sormqr) HS_CUDA_PREC_FUNCTIONS(X, D, Dsyrk, Dormqr)   \
    HS_CUDA_PREC_FUNCTIONS(X, C, Cherk, Cunmqr) HS_CUDA_PREC_FUNCTIONS(X, Z, Zherk, Zunmqr)

/* p_<name> points to <name> (the header's name: cublasCreate is
 * cublasCreate_v2's macro). */
#define HS_CUDA_LIB_FIELD(f) __typeof__(f) *p_##f;
typedef struct hs_cuda_libs {
    HS_CUDA_LIB_FUNCTIONS(HS_CUDA_LIB_FIELD)
} hs_cuda_libs;
#undef HS_CUDA_LIB_FIELD

extern hs_cuda_libs hs_cuda_lib;

/* A call of cuBLAS's or cuSOLVER's f, once hs_cuda_libs_load succeeded. */
#define HS_CU(f) (*hs_cuda_lib.p_##f)

/* Loads the libraries and fills hs_cuda_lib, once per process (thread-safe;
 * later calls give the first one's answer): 0, or -1 with why the
 * libraries or one of their functions could not be found in why. */
int hs_cuda_libs_load(char *why, size_t whylen);

#endif
