/* hetscal's threads against a fork by another thread of the
 * application.  A child forked while one of our threads held some
 * library's lock hangs in exit(), waiting for a thread that does not
 * exist there (testing/t_fork caught both under CI's load): OpenBLAS
 * takes a lock of its own at the start and end of every level-3 call (its
 * buffer allocator) and again in its exit handler; UCX, under MPICH and
 * Open MPI, takes one in its hook on every munmap (its registration
 * cache) and in MPI calls that register memory, and the child's exit
 * unmaps (OpenBLAS's buffers).  So hetscal runs inside this guard its
 * host kernels and LAPACK calls, its frees and unmaps (util/mem.c) and
 * its nonblocking MPI calls (comm/messages.h, layout/repartition.c); a
 * fork (pthread_atfork's prepare handler) waits until none is inside and
 * lets none enter until it is done: a kernel's few milliseconds at most.
 * Nested entries on one thread count as one.  A thread inside must never
 * wait for one that has yet to enter (that one waits behind the fork, the
 * fork behind it): so nothing that waits on another thread or process (a
 * blocking MPI call, a lock another thread may hold while it enters) runs
 * inside.  What the application's own threads do at a fork is the
 * application's, as it would be without hetscal; so is a blocking MPI
 * call of hetscal's (a collective's agreement), which holds such a lock
 * only if it unmaps or registers memory. */
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
