/* The spread LU panel (see lu_spread_panel.h): one body for the four
 * precisions (kernels/lu_spread_panel_body.h). */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "include/hetscal.h"
#include "kernels/lu_kernels.h"
#include "kernels/lu_spread_device.h"
#include "kernels/lu_spread_panel.h"
#include "util/precision.h"

/* A record: the offer's |entry| and panel row (-1: none), whether the
 * member holds the column's diagonal row, then the offered row and the
 * diagonal row, w values each. */
enum { SPREAD_BEST, SPREAD_ROW, SPREAD_HOLDS_DIAG, SPREAD_HEAD = 4 };

size_t hs_lu_spread_record_bytes(int w, int esize)
{
    size_t bytes = SPREAD_HEAD * sizeof(double) + 2 * (size_t)w * (size_t)esize;
    return (bytes + sizeof(double) - 1) / sizeof(double) * sizeof(double);
}

#define HS_TEMPLATE_BODY "kernels/lu_spread_panel_body.h"
#include "util/prec_instantiate.h"

int hs_lu_spread_panel(int prec, void *a, int ld, const hs_lu_spread_rows *rows,
                       const hs_lu_spread_team *team, int *piv)
{
    switch (prec) {
    case HS_PREC_S:
        return lu_spread_panel_s(a, ld, rows, team, piv);
    case HS_PREC_C:
        return lu_spread_panel_c(a, ld, rows, team, piv);
    case HS_PREC_Z:
        return lu_spread_panel_z(a, ld, rows, team, piv);
    default:
        return lu_spread_panel_d(a, ld, rows, team, piv);
    }
}
