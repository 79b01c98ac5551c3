/* Finds the reference ScaLAPACK's routines next to ours: dlopen of the
 * shared object configure found, dlsym of the Fortran symbol (the handle
 * searches that library and its dependencies only, never libhetscal). */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>

#include "time_scalapack.h"

time_fn *time_reference_symbol(const char *symbol)
{
    static void *lib;
    void *sym;
    time_fn *fn;

    if (lib == NULL)
        lib = dlopen(HETSCAL_REFERENCE_SCALAPACK, RTLD_NOW | RTLD_GLOBAL);
    if (lib == NULL) {
        fprintf(stderr, "time_scalapack: %s\n", dlerror());
        return NULL;
    }
    sym = dlsym(lib, symbol);
    if (sym == NULL) {
        fprintf(stderr, "time_scalapack: %s\n", dlerror());
        return NULL;
    }
    /* POSIX guarantees that a dlsym result converts to a function pointer. */
    fn = (time_fn *)sym;
    return fn;
}
