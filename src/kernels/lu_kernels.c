/* Tile kernels of LU with partial pivoting (see lu_kernels.h): LAPACK's
 * ?GETRF (ScaLAPACK's pivot search where a panel holds a NaN or an
 * infinity, lu_pivot_search.h) and the left interchanges on the host, the device interface for
 * the trailing update (?LASWP, TRSM, GEMM).  One body for the four precisions
 * (kernels/lu_kernels_body.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "include/hetscal.h"
#include "kernels/lu_kernels.h"
#include "kernels/lu_pivot_search.h"
#include "util/precision.h"

#define HS_TEMPLATE_BODY "kernels/lu_kernels_body.h"
#include "util/prec_instantiate.h"

const hs_lu_kernels *hs_lu_kernels_of(int prec)
{
    static const hs_lu_kernels *const table[HS_NPRECS] = {
        [HS_PREC_D] = &lu_kernels_d, [HS_PREC_S] = &lu_kernels_s,
        [HS_PREC_C] = &lu_kernels_c, [HS_PREC_Z] = &lu_kernels_z
    };
    return table[prec];
}
