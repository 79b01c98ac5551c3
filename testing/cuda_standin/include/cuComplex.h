/* The complex element types of cuBLAS for the host stand-in
 * (testing/cuda_standin): single and double complex as pairs (x real, y
 * imaginary) with the toolkit's names, sizes and alignments (8 and 16;
 * testing/cuda_standin_headers.sh compares them), and the accessors a host
 * caller needs.  No arithmetic: the stand-in computes with the host BLAS. */
#ifndef CUDA_STANDIN_CUCOMPLEX_H
#define CUDA_STANDIN_CUCOMPLEX_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct __attribute__((aligned(8))) float2 { float x, y; } float2;
typedef struct __attribute__((aligned(16))) double2 { double x, y; } double2;

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

static inline cuFloatComplex make_cuFloatComplex(float re, float im)
{
    cuFloatComplex z = { re, im };
    return z;
}

static inline cuComplex make_cuComplex(float re, float im)
{
    return make_cuFloatComplex(re, im);
}

static inline cuDoubleComplex make_cuDoubleComplex(double re, double im)
{
    cuDoubleComplex z = { re, im };
    return z;
}

static inline float cuCrealf(cuFloatComplex z) { return z.x; }
static inline float cuCimagf(cuFloatComplex z) { return z.y; }
static inline double cuCreal(cuDoubleComplex z) { return z.x; }
static inline double cuCimag(cuDoubleComplex z) { return z.y; }

#ifdef __cplusplus
}
#endif

#endif
