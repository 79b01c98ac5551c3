/* The reference ScaLAPACK's entry points and the provider of a symbol
 * (reference.h): the library configure found is dlopen'd (it is already
 * loaded: the testers link it after hetscal) and searched by dlsym. */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "reference.h"

tester_fn *tester_reference(const char *symbol)
{
    void *h = dlopen(HETSCAL_REFERENCE_SCALAPACK, RTLD_NOW | RTLD_GLOBAL);
    void *f = h ? dlsym(h, symbol) : NULL;
    tester_fn *fn;

    if (f == NULL) {
        fprintf(stderr, "tester: cannot load %s from %s: %s\n", symbol,
                HETSCAL_REFERENCE_SCALAPACK, dlerror());
        MPI_Abort(MPI_COMM_WORLD, 99);
    }
    memcpy(&fn, &f, sizeof f);
    return fn;
}

const char *tester_provider(const char *symbol)
{
    void *f = dlsym(RTLD_DEFAULT, symbol);
    Dl_info info;
    if (f != NULL && dladdr(f, &info) != 0 && info.dli_fname != NULL)
        return info.dli_fname;
    return "(unknown)";
}

tester_fn *tester_reference_routine(const struct tester_prec *prec,
                                    const char *routine,
                                    const char **provider)
{
    char symbol[16];
    tester_fn *fn;
    snprintf(symbol, sizeof symbol, "p%c%s_", prec->letter, routine);
    fn = tester_reference(symbol);
    if (provider != NULL)
        *provider = tester_provider(symbol);
    return fn;
}
