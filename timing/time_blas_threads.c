/* BLAS threads of the timers (see time_blas_threads.h). */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <stddef.h>

#include "time_blas_threads.h"

void time_blas_threads(int threads)
{
    typedef void set_fn(int);
    void *sym = dlsym(RTLD_DEFAULT, "openblas_set_num_threads");
    if (sym != NULL)
        ((set_fn *)sym)(threads);
}
