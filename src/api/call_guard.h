/* What surrounds every entry point: calls from several application
 * threads at once, and the end of a call's hold on the devices. */
#ifndef HETSCAL_API_CALL_GUARD_H
#define HETSCAL_API_CALL_GUARD_H

/* The MPI thread level is queried at the first call.  With
 * MPI_THREAD_MULTIPLE calls on different BLACS contexts run at once,
 * each on its own engine; below it the MPI library allows one thread in
 * MPI at a time, so calls made at once by several threads of a process
 * run one after the other (the application must then make them in the
 * same order on every process, as that MPI level already requires of
 * its own collectives). */
void hs_call_guard_enter(void);

/* Whether calls may run at once (MPI_THREAD_MULTIPLE; after the first
 * hs_call_guard_enter). */
int hs_call_guard_concurrent(void);

/* Gives the engine and the devices back (runtime/engine.h, session.h) and
 * lets the next call in. */
void hs_call_guard_leave(void);

#endif
