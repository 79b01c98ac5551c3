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

/* Registers the shutdown of the thread pool and the grid cache at
 * MPI_Finalize and at exit (once; calling thread). */
void hs_session_register_shutdown(void);

#endif
