/* Calls handed on, to LAPACK on one process (see hand_on.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "api/hand_on.h"
#include "device/backends.h"
#include "layout/desc.h"
#include "util/fork_guard.h"
#include "util/precision.h"

#define HS_TEMPLATE_BODY "api/hand_on_body.h"
#include "util/prec_instantiate.h"

int hs_hand_on_lapack(const hs_call *c)
{
    /* Not ?GEQRF: BLAS libraries tune their ?POTRF and ?GETRF (OpenBLAS
     * has its own, recursive and threaded), but OpenBLAS's ?GEQRF is
     * LAPACK's reference code, blocked by 32, which ran slower on one
     * process than PDGEQRF blocked by the caller's NB (doc/PERFORMANCE.md,
     * session 54). */
    return c->grid && c->grid->nprow * c->grid->npcol == 1 && strcmp(c->routine + 2, "geqrf") != 0;
}

typedef void lapack_call_fn(hs_call *c, int *info);
static lapack_call_fn *const lapack_call[HS_NPRECS] = HS_PREC_INSTANCES(lapack_call);

void hs_hand_on(const hs_entry_rules *r, void *next, hs_call *c, int *info)
{
    if (hs_hand_on_lapack(c)) {
        /* LAPACK on this one process is host BLAS as a worker's kernel is
         * (util/fork_guard.h); it waits on no other process. */
        hs_fork_guard_enter();
        lapack_call[c->prec](c, info);
        hs_fork_guard_leave();
    } else {
        r->forward(next, c, info);
    }
}

hs_hand_on_name hs_hand_on_next_name(const hs_call *c)
{
    hs_hand_on_name name;
    snprintf(name.s, sizeof name.s, "the next %s", hs_call_upper_name(c).s);
    return name;
}

hs_hand_on_name hs_hand_on_taker(const hs_call *c)
{
    if (!hs_hand_on_lapack(c))
        return hs_hand_on_next_name(c);
    hs_hand_on_name name;
    snprintf(name.s, sizeof name.s, "LAPACK's %s", hs_call_upper_name(c).s + 1);
    return name;
}
