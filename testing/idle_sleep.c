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

static __thread int empty_polls, in_testsome, slept_in_testsome;
static __thread long long last_poll, sleep_ns;

/* One poll's outcome: only a caller spinning on MPI (polls back to back)
 * sleeps: a poll that comes after a gap, as hetscal's one-thread ranks
 * poll between tasks, starts the count again (else each of those would
 * sleep too).  The sleep's length starts again only with an event: a gap
 * also comes from the scheduler, which on a shared core runs others
 * between two polls.  Returns 1 when it slept. */
static int poll_done(long long t, unsigned events, int may_sleep)
{
    if (t - last_poll > SPIN_GAP_NS)
        empty_polls = 0;
    last_poll = t;
    if (events) {
        empty_polls = 0;
        sleep_ns = 0;
        return 0;
    }
    if (++empty_polls <= EMPTY_POLLS_BEFORE_SLEEP || !may_sleep)
        return 0;
    sleep_ns = !sleep_ns ? FIRST_SLEEP_NS
               : 2 * sleep_ns < LONGEST_SLEEP_NS ? 2 * sleep_ns : LONGEST_SLEEP_NS;
    struct timespec pause = { 0, (long)sleep_ns };
    nanosleep(&pause, NULL);
    last_poll = now_ns();
    return 1;
}

unsigned ucp_worker_progress(void *worker)
{
    static progress_fn real;
    if (!real)
        real = (progress_fn)dlsym(RTLD_NEXT, "ucp_worker_progress");
    long long t = now_ns();
    unsigned events = real(worker);
    if (poll_done(t, events, !(in_testsome && slept_in_testsome)) && in_testsome)
        slept_in_testsome = 1;
    return events;
}

/* MPICH's MPI_Testsome polls UCX several times in one call (ten to
 * fifteen times over a hundred receives in flight, a 2-D LU's on 2 x 2):
 * slept in each of those polls, one test took a millisecond or more, and
 * a one-thread rank, which tests between its tasks, ran such a call 40
 * times slower (N = 2000: 22 s against 0.75).  So one MPI_Testsome sleeps
 * at most once.  Not less: hetscal's MPI loop, which tests while its
 * workers compute, then takes the cores of 4 ranks on 2 (two tests of
 * `make check` ran 42 s against 19 when the test slept only after it
 * returned). */
typedef int (*testsome_fn)(int, void *, int *, int *, void *);

int MPI_Testsome(int incount, void *requests, int *outcount, int *indices, void *statuses)
{
    static testsome_fn real;
    if (!real)
        real = (testsome_fn)dlsym(RTLD_NEXT, "PMPI_Testsome");
    in_testsome = 1;
    slept_in_testsome = 0;
    int rc = real(incount, requests, outcount, indices, statuses);
    in_testsome = 0;
    return rc;
}
