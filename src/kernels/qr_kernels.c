/* Tile kernels of the QR factorization (see qr_kernels.h): LAPACK on the
 * host for the panel (local QR, TSQR tree, explicit Q, reconstruction),
 * the device interface for everything GEMM/TRSM-shaped.  One body for the
 * four precisions (kernels/qr_kernels_body.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "include/hetscal.h"
#include "kernels/qr_kernels.h"
#include "util/precision.h"

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* Panel in one tile row: ?GEQRT (blocked by HS_PANEL_IB, its T blocks give
 * TAU), then the panel's whole T for the trailing update.  64: a smaller
 * inner block leaves ?GEQRT's updates too thin for the BLAS 3 rate. */
enum { HS_PANEL_IB = 64 };

#define HS_TEMPLATE_BODY "kernels/qr_kernels_body.h"
#include "util/prec_instantiate.h"

const hs_qr_kernels *hs_qr_kernels_of(int prec)
{
    static const hs_qr_kernels *const table[HS_NPRECS] = {
        [HS_PREC_D] = &qr_kernels_d, [HS_PREC_S] = &qr_kernels_s,
        [HS_PREC_C] = &qr_kernels_c, [HS_PREC_Z] = &qr_kernels_z
    };
    return table[prec];
}
