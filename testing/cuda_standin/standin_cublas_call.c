/* What the stand-in's cuBLAS routines share (see standin_cublas_call.h). */
#include <stdint.h>
#include <string.h>

#include "standin_cublas_call.h"

static size_t extent_bytes(const standin_blas_operand *o, size_t size)
{
    return standin_extent(o->rows, o->cols, o->ld, size);
}

int standin_matrices_overlap(const void *xp, int xrows, int xcols, int xld, const void *yp,
                             int yrows, int ycols, int yld, size_t size)
{
    uintptr_t xs = (uintptr_t)xp, xe = xs + standin_extent(xrows, xcols, xld, size);
    uintptr_t ys = (uintptr_t)yp, ye = ys + standin_extent(yrows, ycols, yld, size);
    if (xe <= ys || ye <= xs)
        return 0;
    for (int j = 0; j < ycols; j++) {
        uintptr_t s = ys + (size_t)j * (size_t)yld * size;
        uintptr_t e = s + (size_t)yrows * size;
        uintptr_t colb = (size_t)xld * size, len = (size_t)xrows * size;
        /* x's column i is [xs + i colb, xs + i colb + len): the first that ends after s */
        intptr_t i = s + 1 > xs + len ? (intptr_t)((s + 1 - xs - len + colb - 1) / colb) : 0;
        if (i < xcols && xs + (uintptr_t)i * colb < e)
            return 1;
    }
    return 0;
}

static int overlap(const standin_blas_operand *x, const standin_blas_operand *y, size_t size)
{
    return standin_matrices_overlap(x->p, x->rows, x->cols, x->ld, y->p, y->rows, y->cols, y->ld,
                                    size);
}

cublasStatus_t standin_cublas_begin(standin_cublas_call *c)
{
    if (standin_handle_enter(&standin_cublas, c->name, c->h) != cudaSuccess)
        return CUBLAS_STATUS_EXECUTION_FAILED;
    c->stream = c->h->common.stream;
    size_t size = c->prec->size;
    const standin_blas_operand *out = &c->op[c->nop - 1];
    for (int i = 0; i < c->nop; i++) {
        const standin_blas_operand *o = &c->op[i];
        if (o->rows == 0 || o->cols == 0)
            continue;
        standin_check_device_extent(c->name, o->name, o->p, extent_bytes(o, size),
                                    c->h->common.device);
        if (i < c->nop - 1 && out->rows && out->cols && !(o->may_be_output && o->p == out->p) &&
            overlap(o, out, size))
            standin_die("output overlaps an input", "%s: %s %p and %s %p share elements",
                        c->name, out->name, (const void *)out->p, o->name, (const void *)o->p);
    }
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t standin_cublas_submit(standin_cublas_call *c, standin_blas args)
{
    cublasStatus_t st = standin_cublas_begin(c);
    if (st != CUBLAS_STATUS_SUCCESS)
        return st;
    standin_op *op = standin_op_new();
    op->run = standin_run_blas;
    args.prec = c->prec;
    op->u.blas = args;
    op->counted = 1;
    for (int i = 0; i < c->nop; i++) {
        op->touch[i] = (const char *)c->op[i].p;
        op->touch_len[i] =
            c->op[i].rows && c->op[i].cols ? extent_bytes(&c->op[i], c->prec->size) : 0;
        if (i < c->nop - 1 && c->op[i].p != c->op[c->nop - 1].p)
            op->reads_only |= 1u << i;   /* an input that is not also the output */
    }
    standin_enqueue(c->stream, op);
    pthread_mutex_unlock(&standin_lock);
    return CUBLAS_STATUS_SUCCESS;
}


standin_scalar standin_cublas_scalar(const void *x, size_t bytes)
{
    standin_scalar s;
    memset(&s, 0, sizeof s);
    memcpy(s.bytes, x, bytes);
    return s;
}

/* Whether alpha (parts reals of real_size bytes each) is zero: then cuBLAS
 * reads no element of the multiplied operands. */
int standin_cublas_is_zero(const void *x, size_t real_size, int parts)
{
    for (int i = 0; i < parts; i++)
        if ((real_size == sizeof(float) ? ((const float *)x)[i] : ((const double *)x)[i]) != 0)
            return 0;
    return 1;
}
