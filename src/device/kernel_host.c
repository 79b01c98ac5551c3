/* What every device kind shares: argument checks of kernel calls and 2-D
 * copies (so that a bad call is an error, never a BLAS xerbla exit), the
 * operands a call touches, and their execution on the host. */
#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "device/backends.h"
#include "include/hetscal.h"
#include "util/host_blas.h"
#include "util/fork_guard.h"
#include "util/precision.h"

static int one_of(char c, const char *set)
{
    return c != '\0' && strchr(set, toupper((unsigned char)c)) != NULL;
}

static int max1(int v)
{
    return v > 1 ? v : 1;
}

size_t hs_matrix_bytes(int rows, int cols, int ld, int esize)
{
    if (rows <= 0 || cols <= 0)
        return 0;
    return ((size_t)(cols - 1) * (size_t)ld + (size_t)rows) * (size_t)esize;
}

static hs_operand operand(const void *p, int rows, int cols, int ld, int written, int esize)
{
    return (hs_operand){ .p = p, .rows = rows, .cols = cols, .ld = ld, .written = written,
                         .esize = esize };
}

int hs_kernel_call_operands(const hs_kernel_call *c, hs_operand op[HS_MAX_OPERANDS])
{
    int ntrans = c->transa == 'N' || c->transa == 'n';
    switch (c->op) {
    case HS_K_GEMM: {
        int btrans = !(c->transb == 'N' || c->transb == 'n');
        op[0] = operand(c->a, ntrans ? c->m : c->k, ntrans ? c->k : c->m, c->lda, 0, 0);
        op[1] = operand(c->b, btrans ? c->n : c->k, btrans ? c->k : c->n, c->ldb, 0, 0);
        op[2] = operand(c->c, c->m, c->n, c->ldc, 1, 0);
        return 3;
    }
    case HS_K_HERK:
        op[0] = operand(c->a, ntrans ? c->n : c->k, ntrans ? c->k : c->n, c->lda, 0, 0);
        op[1] = operand(c->c, c->n, c->n, c->ldc, 1, 0);
        return 2;
    case HS_K_TRSM:
    case HS_K_TRMM: {
        int na = c->side == 'L' || c->side == 'l' ? c->m : c->n;
        op[0] = operand(c->a, na, na, c->lda, 0, 0);
        op[1] = operand(c->c, c->m, c->n, c->ldc, 1, 0);
        return 2;
    }
    case HS_K_LASWP:
        op[0] = operand(c->a, c->k, 1, c->lda, 0, (int)sizeof(int));
        op[1] = operand(c->c, c->m, c->n, c->ldc, 1, 0);
        return 2;
    case HS_K_POTRF:
        op[0] = operand(c->c, c->n, c->n, c->ldc, 1, 0);
        return 1;
    case HS_K_IAMAX:   /* a row of n values, lda apart */
        op[0] = operand(c->a, 1, c->n, c->lda, 0, 0);
        return 1;
    case HS_K_GETRF: {
        int k = c->m < c->n ? c->m : c->n;
        op[0] = operand(c->d, 1 + k, 1, 1 + k, 1, (int)sizeof(int));
        op[1] = operand(c->c, c->m, c->n, c->ldc, 1, 0);
        return 2;
    }
    case HS_K_GEQRF: {   /* the taus: a row of k values, inctau apart */
        int k = c->m < c->n ? c->m : c->n, nop = 0;
        op[nop++] = operand(c->c, c->m, c->n, c->ldc, 1, 0);
        op[nop++] = operand(c->tau, 1, k, c->inctau, 1, 0);
        if (c->r)
            op[nop++] = operand(c->r, c->n, c->n, c->ldr, 1, 0);
        return nop;
    }
    case HS_K_ORMQR:   /* c: the reflectors' k columns, the product's n */
        op[0] = operand(c->b, c->k, c->n, c->ldb, 0, 0);
        op[1] = operand(c->tau, 1, c->k, c->inctau, 0, 0);
        op[2] = operand(c->c, c->m, c->n > c->k ? c->n : c->k, c->ldc, 1, 0);
        return 3;
    case HS_K_LARFT: {
        int nop = 0;
        op[nop++] = operand(c->a, c->m, c->k, c->lda, 0, 0);
        op[nop++] = operand(c->tau, 1, c->k, 1, 0, 0);
        op[nop++] = operand(c->c, c->k, c->k, c->ldc, 1, 0);
        if (c->r)
            op[nop++] = operand(c->r, c->k, c->k, c->ldr, 1, 0);
        return nop;
    }
    default:
        return 0;
    }
}

static int by_address(const void *x, const void *y)
{
    uintptr_t a = *(const uintptr_t *)x, b = *(const uintptr_t *)y;
    return (a > b) - (a < b);
}

int hs_kernel_rows_scan(const hs_kernel_call *c)
{
    if (c->m <= 0 || c->n <= 0)
        return 0;
    if (!c->from || !c->to)
        return HETSCAL_ERR_DEVICE;
    /* Each address tagged in its low bit: 1 for a destination. */
    uintptr_t stack[256], *all = stack;
    size_t count = 2 * (size_t)c->m;
    if (count > sizeof stack / sizeof *stack && !(all = malloc(count * sizeof *all)))
        return HETSCAL_ERR_NOMEM;
    int status = 0;
    for (int i = 0; i < c->m && !status; i++) {
        if (!c->from[i] || !c->to[i])
            status = HETSCAL_ERR_DEVICE;
        all[2 * i] = (uintptr_t)c->from[i] << 1;
        all[2 * i + 1] = (uintptr_t)c->to[i] << 1 | 1;
    }
    if (!status)
        qsort(all, count, sizeof *all, by_address);
    for (size_t i = 1; i < count && status >= 0; i++) {
        if (all[i] >> 1 != all[i - 1] >> 1)
            continue;
        unsigned dst = (unsigned)(all[i] & 1) + (unsigned)(all[i - 1] & 1);
        status = dst == 2 ? HETSCAL_ERR_DEVICE : dst == 1 ? 1 : status;
    }
    if (all != stack)
        free(all);
    return status;
}

int hs_kernel_call_check(const hs_kernel_call *c)
{
    hs_operand op[HS_MAX_OPERANDS];
    int ok;
    if (!c || c->prec < 0 || c->prec >= HS_NPRECS)
        return HETSCAL_ERR_DEVICE;
    switch (c->op) {
    case HS_K_GEMM:
        ok = one_of(c->transa, "NTC") && one_of(c->transb, "NTC") && c->k >= 0;
        break;
    case HS_K_HERK:   /* ?HERK takes no plain transpose */
        ok = one_of(c->uplo, "UL") && c->k >= 0
             && one_of(c->transa, hs_prec_complex(c->prec) ? "NC" : "NTC");
        break;
    case HS_K_TRSM:
    case HS_K_TRMM:
        ok = one_of(c->side, "LR") && one_of(c->uplo, "UL") && one_of(c->transa, "NTC")
             && one_of(c->diag, "NU");
        break;
    case HS_K_LASWP:   /* pivots past row m are the caller's to avoid */
        ok = c->k >= 0 && c->k <= c->m && c->lda >= max1(c->k);
        break;
    case HS_K_POTRF:
        ok = one_of(c->uplo, "UL") && c->info != NULL;
        break;
    case HS_K_GETRF:   /* INFO and the pivots always have a place */
        ok = c->d != NULL;
        break;
    case HS_K_GEQRF:   /* R, when asked for, has room for every column */
        ok = c->inctau >= 1 && (!c->r || c->ldr >= max1(c->n));
        break;
    case HS_K_ORMQR:
        ok = c->k >= 0 && c->k <= c->m && c->inctau >= 1;
        break;
    case HS_K_LARFT:   /* ?LARFT's n >= k; r, when asked for, holds k x k */
        ok = c->k >= 0 && c->k <= c->m && c->inctau == 1 && (!c->r || c->ldr >= max1(c->k));
        break;
    case HS_K_ROWS:
        ok = c->lda >= 1 && c->ldc >= 1 && hs_kernel_rows_scan(c) >= 0;
        break;
    case HS_K_IAMAX:
        ok = c->info != NULL;
        break;
    default:
        return HETSCAL_ERR_DEVICE;
    }
    if (!ok || c->m < 0 || c->n < 0)
        return HETSCAL_ERR_DEVICE;
    int nop = hs_kernel_call_operands(c, op);
    for (int i = 0; i < nop; i++) {
        if (op[i].rows < 0 || op[i].cols < 0 || op[i].ld < max1(op[i].rows))
            return HETSCAL_ERR_DEVICE;
        if (op[i].rows > 0 && op[i].cols > 0 && !op[i].p)
            return HETSCAL_ERR_DEVICE;
    }
    return 0;
}

/* Some LAPACKs (and cuSOLVER) take the square root of a NaN pivot without
 * complaint: a factor's diagonal is checked after the factorization, up
 * to the pivot the factorization stopped at (the ones before it are
 * factored).  Complex values are stored as (real, imaginary) pairs. */
int hs_first_bad_pivot(int prec, int info, const void *diag, size_t stride, int n)
{
    size_t step = stride * (hs_prec_complex(prec) ? 2 : 1);
    int last = info > 0 && info - 1 < n ? info - 1 : n;
    if (info < 0)   /* an argument error: nothing was factored */
        return info;
    for (int i = 0; i < last; i++) {
        size_t at = (size_t)i * step;
        double re = prec == HS_PREC_S || prec == HS_PREC_C ? ((const float *)diag)[at]
                                                           : ((const double *)diag)[at];
        if (!(re > 0))
            return i + 1;
    }
    return info;
}

/* The host BLAS of each precision (device/kernel_host_body.h). */
#define HS_TEMPLATE_BODY "device/kernel_host_body.h"
#include "util/prec_instantiate.h"

int hs_kernel_call_host(const hs_kernel_call *c)
{
    static int (*const run[HS_NPRECS])(const hs_kernel_call *) =
        HS_PREC_INSTANCES(kernel_call_host);
    /* On whichever thread runs it: a worker, an emulated GPU's stream, the
     * calling thread probing panel rates. */
    hs_fork_guard_enter();
    int status = run[c->prec](c);
    hs_fork_guard_leave();
    return status;
}

void hs_kernel_call_skipped(const hs_kernel_call *c)
{
    if (c->op == HS_K_POTRF) {
        *c->info = 0;
    } else if (c->op == HS_K_IAMAX) {
        *c->info = c->n > 0;   /* an answer the caller accepts: the first */
    } else if (c->op == HS_K_GETRF) {
        int k = c->m < c->n ? c->m : c->n;
        c->d[0] = 0;
        for (int i = 1; i <= k; i++)
            c->d[i] = i;
    }
}

int hs_copy_check(int dir, int m, int n, int esize, const void *src, int lds, const void *dst,
                  int ldd)
{
    if (dir < HS_COPY_H2D || dir > HS_COPY_D2D || m < 0 || n < 0 || lds < max1(m)
        || ldd < max1(m) || esize <= 0)
        return HETSCAL_ERR_DEVICE;
    if (m > 0 && n > 0 && (!src || !dst))
        return HETSCAL_ERR_DEVICE;
    return 0;
}

void hs_copy_host(int m, int n, int esize, const void *src, int lds, void *dst, int ldd)
{
    size_t es = (size_t)esize;
    if (m <= 0 || n <= 0)
        return;
    if (lds == m && ldd == m) {
        memcpy(dst, src, (size_t)m * (size_t)n * es);
        return;
    }
    for (int j = 0; j < n; j++)
        memcpy((char *)dst + (size_t)j * ldd * es, (const char *)src + (size_t)j * lds * es,
               (size_t)m * es);
}
