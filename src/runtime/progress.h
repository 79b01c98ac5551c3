/* The communication loop: the only code that calls MPI while the runtime
 * runs.  It runs on the calling thread (MPI may be initialized at
 * MPI_THREAD_SINGLE by blacs_pinfo), posts the sends and receives that the
 * engine made ready, tests them and completes their tasks, and sleeps with
 * a growing timeout when there is nothing to do.  On a rank of one thread
 * the same work is done a pass at a time between that thread's tasks
 * (hs_comm_poll).
 *
 * An MPI error returned to us (the runtime's communicator inherits the
 * application's error handler: MPI_ERRORS_RETURN makes errors reach us)
 * fails the call on this rank (HETSCAL_ERR_MPI) and the loop goes on, so
 * that the peers are not left waiting where MPI still works: a send that
 * cannot be posted is replaced by a one-double message carrying the error
 * (the receiver's tile fails, as for a sender out of memory), a receive
 * that cannot be posted is posted again and its tile fails when it
 * arrives, a request that completes in error fails its tile.  Every rank
 * then agrees on the error after the run (the API's status reduction).
 * The messages themselves are comm/messages.h's. */
#ifndef HETSCAL_RUNTIME_PROGRESS_H
#define HETSCAL_RUNTIME_PROGRESS_H

#include <mpi.h>

#include "runtime/send_window.h"

/* Returns when the engine has finished; HETSCAL_SUCCESS or an error.
 * stage_cap: bytes of contiguous copies of tiles in the caller's array
 * that sends may hold at once (beyond it such a tile goes as a derived
 * type from where it lies, slower but without memory); send_window: bytes
 * of sends in flight, the others posted in priority order as they
 * complete (runtime/send_window.h; 0: all at once). */
int hs_comm_run(MPI_Comm comm, double stage_cap, double send_window);

/* The same loop taken one pass at a time, for a call whose calling thread
 * runs every task itself (hs_engine_set_poller): no thread of its own.
 * The state is public so that it lives on the caller's stack: nothing to
 * allocate (and fail) before the messages every rank planned. */
typedef struct hs_comm_inflight {
    MPI_Request *req;     /* in the order they were posted */
    struct hs_task **task;
    int *index;
    MPI_Status *status;   /* MPI_STATUSES_IGNORE trips GCC's bounds checks */
    int n, cap;
    int passes;           /* tests of the oldest alone since the last of all */
    /* Posted while the arrays could not grow: each task holds its own
     * request (hs_task.request), tested one by one. */
    struct hs_task *spill;
} hs_comm_inflight;

typedef struct hs_comm {
    MPI_Comm comm;
    hs_comm_inflight sending, receiving;
    int receives_at_once;   /* the most receives in flight so far */
    int err;                /* the first error */
    int sleep_us;           /* the current pause */
    double last_progress;
    double staged_bytes;    /* sends' copies of tiles in the caller's array */
    double stage_cap;       /* ... at most this many at once */
    hs_send_window sends;   /* ready sends not yet posted */
    struct hs_exchange *exchanging;   /* spread tasks' exchanges in flight
                                         (runtime/exchange.h) */
    int exchange_tag;       /* theirs: the communicator's MPI_TAG_UB */
} hs_comm;

void hs_comm_init(hs_comm *c, MPI_Comm comm, double stage_cap, double send_window);
/* One pass: posts the ready sends and receives, completes the finished
 * ones.  With may_wait and nothing progressed, waits a little (polling hot
 * right after progress, then sleeping a few microseconds). */
void hs_comm_poll(void *comm_state, int may_wait);
/* Frees the state (nothing may be in flight); returns the first error. */
int hs_comm_finish(hs_comm *c);

#endif
