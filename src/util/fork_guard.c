/* hetscal's threads in the host BLAS against a fork (see fork_guard.h). */
#define _GNU_SOURCE
#include "config.h"

#include <pthread.h>

#include "util/fork_guard.h"

/* Readers: threads inside a kernel; the writer: a fork.  A waiting writer
 * must keep new readers out, or a busy rank's workers, entering one after
 * another, would hold the fork off for the whole call. */
static pthread_rwlock_t guard;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static _Thread_local int depth;

static void before_fork(void)
{
    pthread_rwlock_wrlock(&guard);
}

/* In the parent, and in the child, whose one thread is the one that
 * forked and holds the guard. */
static void after_fork(void)
{
    pthread_rwlock_unlock(&guard);
}

static void init(void)
{
    pthread_rwlockattr_t attr;
    pthread_rwlockattr_init(&attr);
#ifdef PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP
    pthread_rwlockattr_setkind_np(&attr, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
#endif
    pthread_rwlock_init(&guard, &attr);
    pthread_rwlockattr_destroy(&attr);
    pthread_atfork(before_fork, after_fork, after_fork);
}

void hs_fork_guard_enter(void)
{
    if (depth++ > 0)
        return;
    pthread_once(&once, init);
    pthread_rwlock_rdlock(&guard);
}

int hs_fork_guard_try_enter(void)
{
    if (depth > 0) {
        depth++;
        return 1;
    }
    pthread_once(&once, init);
    if (pthread_rwlock_tryrdlock(&guard) != 0)
        return 0;
    depth = 1;
    return 1;
}

void hs_fork_guard_leave(void)
{
    if (--depth == 0)
        pthread_rwlock_unlock(&guard);
}
