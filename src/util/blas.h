/* Double-precision BLAS/LAPACK prototypes, for code that only ever works
 * in double (the kernel-rate probes, tests): util/blas_prec.h's for D. */
#ifndef HETSCAL_UTIL_BLAS_H
#define HETSCAL_UTIL_BLAS_H

#define HS_P 0   /* D */
#include "util/prec_types.h"
#include "util/blas_prec.h"
#include "util/prec_undef.h"

#endif
