/* OpenBLAS thread count around a call (see blas_threads.h), found with
 * dlsym so that any BLAS can be linked. */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>

#include "kernels/blas_threads.h"

typedef int (*get_fn)(void);
typedef void (*set_fn)(int);

static void lookup(get_fn *get, set_fn *set)
{
    *get = (get_fn)dlsym(RTLD_DEFAULT, "openblas_get_num_threads");
    *set = (set_fn)dlsym(RTLD_DEFAULT, "openblas_set_num_threads");
}

int hs_blas_threads_enter(void)
{
    get_fn get;
    set_fn set;
    lookup(&get, &set);
    if (!get || !set)
        return 0;
    int previous = get();
    if (previous != 1)
        set(1);
    return previous;
}

void hs_blas_threads_leave(int previous)
{
    get_fn get;
    set_fn set;
    lookup(&get, &set);
    if (set && previous > 1)
        set(previous);
}
