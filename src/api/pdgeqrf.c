/* PDGEQRF entry points: ScaLAPACK's argument checks and workspace rules in
 * ScaLAPACK's order, then the hetscal QR; HETSCAL_DISABLE forwards to the
 * next PDGEQRF in the link chain (the user's ScaLAPACK). */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>

#include "api/check_args.h"
#include "api/call_guard.h"
#include "api/config_agree.h"
#include "api/export.h"
#include "api/qr_call.h"
#include "blacs_shim/blacs.h"
#include "include/hetscal.h"
#include "layout/desc.h"
#include "runtime/status.h"
#include "util/config.h"

typedef void (*pdgeqrf_fn)(const int *, const int *, double *, const int *,
                           const int *, const int *, double *, double *,
                           const int *, int *);

/* LWORK's position: a short LWORK is code 900 (INFO = -9); a query flag
 * (LWORK = -1 or not) that differs between processes is code 9, as
 * ScaLAPACK hands it to PCHK1MAT, so it beats every other code. */
enum { LWORK_POS = 9 };

/* Argument checks; returns the INFO of a bad argument (after PXERBLA) or
 * 0, with *grid set and *lwmin computed for a valid call.  WORK(1) is set
 * to LWMIN as soon as the local checks pass, before LWORK is checked. */
static int check(int m, int n, int ia, int ja, const int *desca, double *work,
                 int lwork, double *lwmin, const hetscal_grid **grid)
{
    int ctxt = desca[HS_CTXT], nprow, npcol, myrow, mycol, code, err;

    hetscal_grid_info(ctxt, &nprow, &npcol, &myrow, &mycol);
    if (nprow == -1) {
        code = 600 + HS_CTXT + 1;
    } else {
        code = hs_chk1mat(m, 1, n, 2, ia, ja, desca, 6, nprow, npcol, myrow, mycol);
        if (code == 0) {
            *lwmin = hs_geqrf_lwmin(m, n, ia, ja, desca, nprow, npcol, myrow, mycol);
            work[0] = *lwmin;
            /* An LWMIN past INT_MAX no INTEGER LWORK can meet (ScaLAPACK's
             * own wraps around and accepts any); hetscal needs no
             * workspace, so any LWORK is accepted then. */
            if (lwork < *lwmin && lwork != -1 && *lwmin <= INT_MAX)
                code = LWORK_POS * 100;
        }
        *grid = hetscal_grid_get(ctxt, &err);
        if (!*grid) {
            fprintf(stderr, "hetscal: pdgeqrf: cannot set up the grid of context %d (%d: %s)\n",
                    ctxt, err, hs_status_text(err));
            return err;
        }
        int query = lwork == -1 ? -1 : 1, query_code = LWORK_POS;
        code = hs_pchk1mat(*grid, code, m, 1, n, 2, ia, ja, desca, 6, 1, &query,
                           &query_code);
    }
    if (code) {
        int info = hs_code_to_info(code), arg = -info;
        pxerbla_(&ctxt, "PDGEQRF", &arg, 7);
        return info;
    }
    return 0;
}

static void forward(const int *m, const int *n, double *a, const int *ia, const int *ja,
                    const int *desca, double *tau, double *work, const int *lwork,
                    int *info)
{
    pdgeqrf_fn next = (pdgeqrf_fn)dlsym(RTLD_NEXT, "pdgeqrf_");
    if (!next) {
        fprintf(stderr, "hetscal: HETSCAL_DISABLE is set but no other PDGEQRF is linked\n");
        *info = HETSCAL_ERR_INTERNAL;
        return;
    }
    next(m, n, a, ia, ja, desca, tau, work, lwork, info);
}

static void pdgeqrf_body(const int *m, const int *n, double *a, const int *ia,
                         const int *ja, const int *desca, double *tau, double *work,
                         const int *lwork, int *info)
{
    const hetscal_grid *grid = NULL;
    hs_config cfg;
    double lwmin = 0;

    /* Forwarded only when rank (0,0) says so, as for PDPOTRF. */
    *info = check(*m, *n, *ia, *ja, desca, work, *lwork, &lwmin, &grid);
    if (*info != 0 || *lwork == -1 || *m == 0 || *n == 0)
        return;
    hs_config_read(&cfg, grid->local_ranks);
    *info = hs_config_agree(&cfg, grid);
    if (*info == 0 && cfg.disable) {
        forward(m, n, a, ia, ja, desca, tau, work, lwork, info);
        return;
    }
    if (*info == 0)
        *info = hs_qr_call(grid, &cfg, *m, *n, a, *ia, *ja, desca, tau);
    if (*info < 0)
        fprintf(stderr, "hetscal: pdgeqrf failed inside the runtime (status %d: %s) on rank %d\n",
                *info, hs_status_text(*info), grid->rank);
    work[0] = lwmin;
}

HETSCAL_EXPORT void pdgeqrf_(const int *m, const int *n, double *a, const int *ia,
                             const int *ja, const int *desca, double *tau, double *work,
                             const int *lwork, int *info)
{
    hs_call_guard_enter();
    pdgeqrf_body(m, n, a, ia, ja, desca, tau, work, lwork, info);
    hs_call_guard_leave();
}

HETSCAL_EXPORT void pdgeqrf(const int *m, const int *n, double *a, const int *ia,
                            const int *ja, const int *desca, double *tau, double *work,
                            const int *lwork, int *info)
{
    pdgeqrf_(m, n, a, ia, ja, desca, tau, work, lwork, info);
}

HETSCAL_EXPORT void PDGEQRF(const int *m, const int *n, double *a, const int *ia,
                            const int *ja, const int *desca, double *tau, double *work,
                            const int *lwork, int *info)
{
    pdgeqrf_(m, n, a, ia, ja, desca, tau, work, lwork, info);
}
