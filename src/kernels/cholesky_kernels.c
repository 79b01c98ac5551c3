/* Tile kernels of the Cholesky factorization, all through the device
 * interface, so that they run on the host or on an accelerator.  One body for the four
 * precisions (kernels/cholesky_kernels_body.h). */
#include "config.h"

#include "kernels/cholesky_kernels.h"
#include "util/host_blas.h"
#include "util/precision.h"

#define HS_TEMPLATE_BODY "kernels/cholesky_kernels_body.h"
#include "util/prec_instantiate.h"

int hs_cholesky_potrf_status(hs_task *t)
{
    return t->kernel_info ? t->iparam[2] + t->kernel_info : 0;
}

const hs_cholesky_kernels *hs_cholesky_kernels_of(int prec)
{
    static const hs_cholesky_kernels *const table[HS_NPRECS] = {
        [HS_PREC_D] = &cholesky_kernels_d, [HS_PREC_S] = &cholesky_kernels_s,
        [HS_PREC_C] = &cholesky_kernels_c, [HS_PREC_Z] = &cholesky_kernels_z
    };
    return table[prec];
}
