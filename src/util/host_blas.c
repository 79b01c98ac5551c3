/* Recursive ?TRSM and lower ?POTRF on the host (see host_blas.h), one
 * body for the four precisions (util/host_blas_body.h). */
#include "config.h"

#include <ctype.h>
#include <stddef.h>

#include "util/host_blas.h"

/* Below this order the triangle goes to the BLAS/LAPACK routine itself. */
enum { HOST_BLAS_LEAF = 64 };

static int split_point(int n)
{
    int n1 = n / 2;
    return (n1 + 7) / 8 * 8 < n ? (n1 + 7) / 8 * 8 : n1;
}

#define HS_TEMPLATE_BODY "util/host_blas_body.h"
#include "util/prec_instantiate.h"
