/* Which routine is which for the bad-argument testers: the reference
 * ScaLAPACK's entry point (dlopen of the library configure found, dlsym),
 * and where the program's own call goes.  That is hetscal's when
 * libhetscal defines the routine and comes first on the link line; the
 * reference's when libhetscal lacks it (then both sides are the
 * reference, and the cases check only the contract); anything else means
 * the program does not test hetscal. */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "hetscal.h"
#include "args.h"

args_fn *args_reference;
args_fn *args_ours;

void args_load_reference(const char *symbol)
{
    void *h = dlopen(HETSCAL_REFERENCE_SCALAPACK, RTLD_NOW | RTLD_GLOBAL);
    void *f = h ? dlsym(h, symbol) : NULL;

    if (!f) {
        fprintf(stderr, "args: cannot load %s from %s: %s\n", symbol,
                HETSCAL_REFERENCE_SCALAPACK, dlerror());
        MPI_Abort(MPI_COMM_WORLD, 99);
    }
    memcpy(&args_reference, &f, sizeof f);
}

/* The load address of the object that holds ADDR, or NULL. */
static void *object_of(const void *addr, Dl_info *info)
{
    return addr && dladdr(addr, info) ? info->dli_fbase : NULL;
}

enum args_linkage args_linkage(args_fn *ours, const char *symbol)
{
    const char *(*version)(void) = hetscal_version;
    Dl_info hs, other;
    const void *hs_version, *ours_addr, *defined = NULL;
    void *hs_base, *h;

    /* libhetscal is the object that holds hetscal_version. */
    memcpy(&hs_version, &version, sizeof hs_version);
    memcpy(&ours_addr, &ours, sizeof ours_addr);
    hs_base = object_of(hs_version, &hs);
    if (hs_base != NULL && object_of(ours_addr, &other) == hs_base)
        return ARGS_HETSCAL;
    /* Does libhetscal itself define SYMBOL?  dlsym on its handle also
     * searches its dependencies (the reference): keep only a definition
     * inside libhetscal. */
    h = hs_base ? dlopen(hs.dli_fname, RTLD_NOW | RTLD_NOLOAD) : NULL;
    if (h != NULL) {
        void *f = dlsym(h, symbol);
        if (object_of(f, &other) == hs_base)
            defined = f;
        dlclose(h);
    }
    return defined == NULL && ours == args_reference ? ARGS_ABSENT
                                                     : ARGS_ELSEWHERE;
}
