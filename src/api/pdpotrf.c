/* PDPOTRF entry points: ScaLAPACK's argument checks in ScaLAPACK's order,
 * then the hetscal Cholesky; HETSCAL_DISABLE forwards to the next PDPOTRF
 * in the link chain (the user's ScaLAPACK). */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>

#include "api/check_args.h"
#include "api/cholesky_call.h"
#include "api/call_guard.h"
#include "api/config_agree.h"
#include "api/export.h"
#include "blacs_shim/blacs.h"
#include "include/hetscal.h"
#include "layout/desc.h"
#include "runtime/status.h"
#include "util/config.h"

typedef void (*pdpotrf_fn)(const char *, const int *, double *, const int *,
                           const int *, const int *, int *, size_t);

static int is_letter(char c, char letter)
{
    return c == letter || c == letter - 'A' + 'a';
}

/* Argument checks; returns the INFO of a bad argument (after PXERBLA) or
 * 0, with *grid set for a valid call. */
static int check(const char *uplo, int n, int ia, int ja, const int *desca,
                 const hetscal_grid **grid)
{
    int ctxt = desca[HS_CTXT], nprow, npcol, myrow, mycol, code, err;
    int upper = is_letter(uplo[0], 'U');

    hetscal_grid_info(ctxt, &nprow, &npcol, &myrow, &mycol);
    if (nprow == -1) {
        code = 600 + HS_CTXT + 1;
    } else {
        code = hs_chk1mat(n, 2, n, 2, ia, ja, desca, 6, nprow, npcol, myrow, mycol);
        if (code == 0) {
            if (!upper && !is_letter(uplo[0], 'L'))
                code = 100;
            else if ((ia - 1) % desca[HS_MB] != 0)
                code = 400;
            else if ((ja - 1) % desca[HS_NB] != 0)
                code = 500;
            else if (desca[HS_MB] != desca[HS_NB])
                code = 600 + HS_NB + 1;
        }
        *grid = hetscal_grid_get(ctxt, &err);
        if (!*grid) {
            fprintf(stderr, "hetscal: pdpotrf: cannot set up the grid of context %d (%d: %s)\n",
                    ctxt, err, hs_status_text(err));
            return err;
        }
        int uplo_value = upper ? 'U' : 'L', uplo_pos = 1;
        code = hs_pchk1mat(*grid, code, n, 2, n, 2, ia, ja, desca, 6, 1, &uplo_value,
                           &uplo_pos);
    }
    if (code) {
        int info = hs_code_to_info(code), arg = -info;
        pxerbla_(&ctxt, "PDPOTRF", &arg, 7);
        return info;
    }
    return 0;
}

static void forward(const char *uplo, const int *n, double *a, const int *ia,
                    const int *ja, const int *desca, int *info)
{
    pdpotrf_fn next = (pdpotrf_fn)dlsym(RTLD_NEXT, "pdpotrf_");
    if (!next) {
        fprintf(stderr, "hetscal: HETSCAL_DISABLE is set but no other PDPOTRF is linked\n");
        *info = HETSCAL_ERR_INTERNAL;
        return;
    }
    next(uplo, n, a, ia, ja, desca, info, 1);
}

static void pdpotrf_body(const char *uplo, const int *n, double *a, const int *ia,
                         const int *ja, const int *desca, int *info)
{
    const hetscal_grid *grid = NULL;
    hs_config cfg;

    /* Forwarded only when rank (0,0) says so (hs_config_agree): a grid
     * half on hetscal and half on ScaLAPACK would wait forever.  The
     * argument checks are ScaLAPACK's own, so a bad call is answered the
     * same either way. */
    *info = check(uplo, *n, *ia, *ja, desca, &grid);
    if (*info != 0 || *n == 0)
        return;
    hs_config_read(&cfg, grid->local_ranks);
    *info = hs_config_agree(&cfg, grid);
    if (*info == 0 && cfg.disable) {
        forward(uplo, n, a, ia, ja, desca, info);
        return;
    }
    if (*info == 0)
        *info = hs_cholesky_call(grid, &cfg, is_letter(uplo[0], 'U'), *n, a, *ia, *ja, desca);
    if (*info < 0)
        fprintf(stderr, "hetscal: pdpotrf failed inside the runtime (status %d: %s) on rank %d\n",
                *info, hs_status_text(*info), grid->rank);
}

HETSCAL_EXPORT void pdpotrf_(const char *uplo, const int *n, double *a, const int *ia,
                             const int *ja, const int *desca, int *info)
{
    hs_call_guard_enter();
    pdpotrf_body(uplo, n, a, ia, ja, desca, info);
    hs_call_guard_leave();
}

HETSCAL_EXPORT void pdpotrf(const char *uplo, const int *n, double *a, const int *ia,
                            const int *ja, const int *desca, int *info)
{
    pdpotrf_(uplo, n, a, ia, ja, desca, info);
}

HETSCAL_EXPORT void PDPOTRF(const char *uplo, const int *n, double *a, const int *ia,
                            const int *ja, const int *desca, int *info)
{
    pdpotrf_(uplo, n, a, ia, ja, desca, info);
}
