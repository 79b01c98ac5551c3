/* One run of the runtime inside a call: start the engine with the
 * configured threads and window, generate the tasks on the generation
 * thread, drive communication on the calling thread until every task has
 * run, and collect the counters. */
#ifndef HETSCAL_RUNTIME_SESSION_H
#define HETSCAL_RUNTIME_SESSION_H

#include <mpi.h>

#include "runtime/engine.h"

int hs_session_run(MPI_Comm comm, const hs_engine_limits *limits,
                   void (*generate)(void *arg), void *arg, hs_engine_stats *stats);

/* This rank's devices ([0] the host), opened with HETSCAL_DEVICES at the
 * first call and kept until MPI_Finalize or until the variable changes
 * (then reopened); msg says what was opened, or why not what was asked
 * (then the host only); local_index of local_ranks: this rank among the
 * ranks sharing its node's GPUs; place (may be NULL): the GPUs agreed for
 * it (device.h).  Calling thread.  While another thread's
 * call holds the devices, this call gets the host only. */
int hs_session_devices(int local_index, int local_ranks, const hs_gpu_placement *place,
                       hs_device ***devs, int *ndev, const char **msg);
/* The end of a call that asked for devices: another thread's call may
 * use them now. */
void hs_session_devices_release(void);
/* Whether this thread's call holds the devices: only that call may give
 * device buffers back (another thread's call may close a device it
 * drives).  Outside a call, hs_session_lock_devices waits until no call
 * holds them (hetscal_release_memory). */
int hs_session_holds_devices(void);
void hs_session_lock_devices(void);
void hs_session_unlock_devices(void);

/* Counts the openings so far: what was measured on the devices is valid
 * while it stays the same. */
int hs_session_device_generation(void);

/* Registers the shutdown of the thread pool at MPI_Finalize (with
 * at_finalize_too, the layer above's own, such as its communicators) and
 * at exit, and the fork handler that keeps a forked child's exit away
 * from the parent's threads and from MPI (once, from any thread). */
void hs_session_register_shutdown(void (*at_finalize_too)(void));

#endif
