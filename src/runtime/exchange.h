/* Exchanges among the parts of one task spread over several ranks (the
 * spread LU panel, kernels/lu_spread_panel.h): while its kernel runs, each
 * part gives every other part a record and takes theirs, once per column.
 * The kernel asks from its own thread and waits; the messages go through
 * the communication loop (runtime/progress.c), the only code that calls
 * MPI during a run, which posts them at once and polls them hot while
 * any is in flight (a part waits on each).  On a rank whose calling
 * thread runs the tasks, that thread drives the loop itself meanwhile.
 *
 * Every message of an exchange has the tag MPI_TAG_UB of the run's
 * communicator, which the tiles' never reach (runtime/dist.c), and the
 * parts of a team exchange in the same order, so MPI's ordering of one
 * source's messages of one tag matches them.  A send that cannot be
 * posted goes as a one-double message instead, which its receivers
 * take for the sender's failure: every part then learns of it at the
 * same exchange (kernels/lu_spread_panel.h relies on that).  A receive
 * that cannot be posted is posted again, so that its sender goes on, and
 * the call fails (post_failed: the loop records it as a tile's). */
#ifndef HETSCAL_RUNTIME_EXCHANGE_H
#define HETSCAL_RUNTIME_EXCHANGE_H

#include <mpi.h>
#include <stddef.h>

/* The most parts: their requests live on the waiting part's stack. */
enum { HS_EXCHANGE_MAX_MEMBERS = 1024 };

typedef struct hs_exchange {
    const int *ranks;      /* the parts' ranks in the run's communicator */
    int members, me;
    const void *mine;
    void *all;             /* members x bytes: every part's, in order */
    size_t bytes;          /* a whole number of doubles */
    MPI_Request *req;      /* receives, then sends; 2 (members - 1) */
    double failed_send;    /* what a send that could not be posted sends */
    int err;               /* 0, or HETSCAL_ERR_MPI */
    int post_failed;       /* a post failed, even if posting again worked */
    int done;              /* set by the loop (under the engine's lock) */
    struct hs_exchange *next;
} hs_exchange;

/* From a task's kernel on this rank: all receives every part's mine;
 * returns 0 or HETSCAL_ERR_MPI / HETSCAL_ERR_NOMEM.  One member: a copy. */
int hs_exchange_allgather(const int *ranks, int members, int me, const void *mine, void *all,
                          size_t bytes);

/* The communication loop's side: posts x's messages (tag as above), and
 * tests them (1 once all have completed; x->err then says how). */
void hs_exchange_post(hs_exchange *x, MPI_Comm comm, int tag);
int hs_exchange_test(hs_exchange *x);

#endif
