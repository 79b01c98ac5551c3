/* The communication loop: the only code that calls MPI while the runtime
 * runs.  It runs on the calling thread (MPI may be initialized at
 * MPI_THREAD_SINGLE by blacs_pinfo), posts the sends and receives that the
 * engine made ready, tests them and completes their tasks, and sleeps with
 * a growing timeout when there is nothing to do. */
#ifndef HETSCAL_COMM_PROGRESS_H
#define HETSCAL_COMM_PROGRESS_H

#include <mpi.h>

/* Returns when the engine has finished; HETSCAL_SUCCESS or an error. */
int hs_comm_run(MPI_Comm comm);

#endif
