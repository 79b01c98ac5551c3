/* OpenBLAS thread count around a call (see blas_threads.h), found with
 * dlsym so that any BLAS can be linked. */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <pthread.h>

#include "util/blas_threads.h"

typedef int (*get_fn)(void);
typedef void (*set_fn)(int);

static void lookup(get_fn *get, set_fn *set)
{
    *get = (get_fn)dlsym(RTLD_DEFAULT, "openblas_get_num_threads");
    *set = (set_fn)dlsym(RTLD_DEFAULT, "openblas_set_num_threads");
}

/* Calls running at once in this process (threads of the application on
 * different grids): the first sets one BLAS thread, the last gives the
 * application's count back. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int calls, saved;

int hs_blas_threads_enter(void)
{
    get_fn get;
    set_fn set;
    lookup(&get, &set);
    if (!get || !set)
        return 0;
    pthread_mutex_lock(&lock);
    if (calls++ == 0) {
        saved = get();
        if (saved != 1)
            set(1);
    }
    pthread_mutex_unlock(&lock);
    return 1;
}

void hs_blas_threads_leave(int entered)
{
    get_fn get;
    set_fn set;
    if (!entered)
        return;
    lookup(&get, &set);
    pthread_mutex_lock(&lock);
    if (--calls == 0 && set && saved > 1)
        set(saved);
    pthread_mutex_unlock(&lock);
}
