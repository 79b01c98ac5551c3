/* Test-harness preload for oversubscribed machines (4 ranks on 2 cores):
 * MPICH's ch4:ucx busy-polls in every blocking call, so ranks steal each
 * other's cores and each collective costs a scheduler time slice.  After a
 * few empty polls of UCX this sleeps for a microsecond, which hands the core
 * to a rank that has work.  Used only by testing/launch; not part of
 * libhetscal (whose own threads never spin). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <time.h>

unsigned ucp_worker_progress(void *worker);

typedef unsigned (*progress_fn)(void *);

enum { EMPTY_POLLS_BEFORE_SLEEP = 20 };

unsigned ucp_worker_progress(void *worker)
{
    static progress_fn real;
    static __thread int empty_polls;
    unsigned events;

    if (!real)
        real = (progress_fn)dlsym(RTLD_NEXT, "ucp_worker_progress");
    events = real(worker);
    if (events) {
        empty_polls = 0;
    } else if (++empty_polls > EMPTY_POLLS_BEFORE_SLEEP) {
        struct timespec pause = { 0, 1000 };
        nanosleep(&pause, NULL);
    }
    return events;
}
