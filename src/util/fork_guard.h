/* hetscal's threads inside the host BLAS, against a fork by another
 * thread of the application.  OpenBLAS takes a lock of its own at the
 * start and end of every level-3 call (its buffer allocator) and again in
 * its exit handler: a child forked while one of our workers held it hung
 * in exit(), waiting for a thread that does not exist there (testing/
 * t_fork caught it under CI's load).  So hetscal's threads run their host
 * kernels inside this guard, and a fork (pthread_atfork's prepare
 * handler) waits until none is inside and lets none enter until it is
 * done: a kernel's few milliseconds at most.  Nested entries on one thread
 * count as one.  A thread inside must never wait for one that has yet to
 * enter (that one waits behind the fork, the fork behind it).  What the application's own threads do in BLAS at a fork
 * is the application's, as it would be without hetscal. */
#ifndef HETSCAL_UTIL_FORK_GUARD_H
#define HETSCAL_UTIL_FORK_GUARD_H

/* Enters, waiting while a fork is under way. */
void hs_fork_guard_enter(void);
/* Enters unless a fork is under way or waiting: 1 when it entered (then
 * leave as after hs_fork_guard_enter), 0 when not.  For a thread that
 * someone already inside waits for: waiting to enter there would wait on
 * the fork, which waits on that one. */
int hs_fork_guard_try_enter(void);
void hs_fork_guard_leave(void);

#endif
