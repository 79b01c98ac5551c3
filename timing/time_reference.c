/* Finds the reference ScaLAPACK's PDPOTRF next to ours: dlopen of the
 * shared object configure found, dlsym of the Fortran symbol. */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>

#include "time_pdpotrf.h"

pdpotrf_fn *time_reference_pdpotrf(void)
{
    void *lib = dlopen(HETSCAL_REFERENCE_SCALAPACK, RTLD_NOW | RTLD_GLOBAL);
    void *sym;
    pdpotrf_fn *fn;

    if (lib == NULL) {
        fprintf(stderr, "time_pdpotrf: %s\n", dlerror());
        return NULL;
    }
    sym = dlsym(lib, "pdpotrf_");
    if (sym == NULL) {
        fprintf(stderr, "time_pdpotrf: %s\n", dlerror());
        return NULL;
    }
    /* POSIX guarantees that a dlsym result converts to a function pointer. */
    fn = (pdpotrf_fn *)sym;
    return fn;
}
