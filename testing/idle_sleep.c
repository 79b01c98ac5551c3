/* Test-harness preload for oversubscribed machines (4 ranks on 2 cores):
 * MPICH's ch4:ucx busy-polls in every blocking call, so ranks steal each
 * other's cores and each collective costs a scheduler time slice.  After a
 * few empty polls of UCX in a row this sleeps, which hands the core to a
 * rank that has work; the sleeps double while the wait lasts (1 us up to
 * LONGEST_SLEEP_NS), so a rank that waits long for its peers (a whole test
 * suite of jobs shares the cores) wakes rarely, and sees a message at most
 * one such sleep after it came.  Used only by testing/launch;
 * not part of libhetscal (whose own threads never spin). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <time.h>

unsigned ucp_worker_progress(void *worker);

typedef unsigned (*progress_fn)(void *);

enum { EMPTY_POLLS_BEFORE_SLEEP = 20, SPIN_GAP_NS = 3000, FIRST_SLEEP_NS = 1000,
       LONGEST_SLEEP_NS = 256000 };

static long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Only a caller spinning on MPI (polls back to back) sleeps: a poll that
 * comes after a gap, as hetscal's one-thread ranks poll between tasks,
 * starts the count again (else each of those would sleep too).  The
 * sleep's length starts again only with an event: a gap also comes from
 * the scheduler, which on a shared core runs others between two polls. */
unsigned ucp_worker_progress(void *worker)
{
    static progress_fn real;
    static __thread int empty_polls;
    static __thread long long last_poll, sleep_ns;
    unsigned events;

    if (!real)
        real = (progress_fn)dlsym(RTLD_NEXT, "ucp_worker_progress");
    long long t = now_ns();
    if (t - last_poll > SPIN_GAP_NS)
        empty_polls = 0;
    last_poll = t;
    events = real(worker);
    if (events) {
        empty_polls = 0;
        sleep_ns = 0;
    } else if (++empty_polls > EMPTY_POLLS_BEFORE_SLEEP) {
        sleep_ns = !sleep_ns ? FIRST_SLEEP_NS
                   : 2 * sleep_ns < LONGEST_SLEEP_NS ? 2 * sleep_ns : LONGEST_SLEEP_NS;
        struct timespec pause = { 0, (long)sleep_ns };
        nanosleep(&pause, NULL);
        last_poll = now_ns();
    }
    return events;
}
