/* What the stand-in's cuBLAS routines share (standin_cublas_level3.c,
 * standin_cublas_level12.c): a call's operands, checked against the rules
 * whose breach would corrupt memory on a GPU, then queued as a host BLAS
 * call on the handle's stream. */
#ifndef CUDA_STANDIN_CUBLAS_CALL_H
#define CUDA_STANDIN_CUBLAS_CALL_H

#include "standin.h"

/* A column-major operand: rows x cols with leading dimension ld (a vector
 * of n elements inc apart: 1 x n with ld |inc|). */
typedef struct standin_blas_operand {
    const char *name;
    const void *p;
    int rows, cols, ld;
    int may_be_output;   /* ?trmm's B: C == B is the in-place form */
} standin_blas_operand;

typedef struct standin_cublas_call {
    const char *name;
    cublasHandle_t h;
    const standin_precision *prec;
    cudaStream_t stream;
    standin_blas_operand op[3];   /* inputs first, the output last */
    int nop;
} standin_cublas_call;

/* Everything but the argument values: the handle, its stream and device,
 * the operands' memory (on the handle's device, no input overlapping the
 * output).  On success it holds the lock, and the caller enqueues and
 * unlocks. */
cublasStatus_t standin_cublas_begin(standin_cublas_call *c);
/* Checks the call (standin_cublas_begin) and queues the BLAS call args on
 * its stream. */
cublasStatus_t standin_cublas_submit(standin_cublas_call *c, standin_blas args);
/* alpha or beta: its bytes, bytes long (an element, or herk's real part). */
standin_scalar standin_cublas_scalar(const void *x, size_t bytes);
/* Whether alpha (parts reals of real_size bytes each) is zero: then cuBLAS
 * reads no element of the multiplied operands. */
int standin_cublas_is_zero(const void *x, size_t real_size, int parts);

#endif
