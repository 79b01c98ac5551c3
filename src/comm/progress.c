/* Communication loop (see progress.h). */
#include "config.h"

#include <sched.h>
#include <stdlib.h>

#include "comm/progress.h"
#include "include/hetscal.h"
#include "runtime/engine.h"
#include "runtime/trace.h"
#include "util/clock.h"

/* While requests are in flight the loop polls MPI with a growing pause
 * (MPI cannot wake us); with none in flight it sleeps until the engine
 * hands it new sends or receives.  The cap trades message latency for
 * the workers' cores: while every worker computes, a wake-up preempts one
 * (1 ms measured best for 2 ranks on 2 cores, N = 500 to 8000); while a
 * worker waits for work, it is likely waiting for a message and its core
 * is free, so the loop polls every few tens of microseconds (a worker
 * that goes idle also wakes the loop at once).  A send in flight needs
 * this side's polls too (MPICH over UCX: 3-4 polls per 1.2 MB message;
 * ping-pong 3.1 ms per message polling every 1 ms, 0.44 ms every 30 us),
 * so while one is, the cap is 100 us (1x2 grid, N = 4000, 5 runs each:
 * median 0.32 s against 0.38 s with 1 ms).
 * Right after a message has arrived or a request was posted, while a
 * worker is idle (so the rank waits on communication, as ScaLAPACK's
 * blocking calls do), the loop polls without sleeping for up to
 * HOT_POLL_US, yielding the core between polls: a sleeping thread wakes
 * 50-60 us late (timer slack, and an idle virtual CPU is slow to wake),
 * which is the whole budget of a small call.  1x2 grid, 1 thread per
 * rank, N = 100: PDPOTRF 0.09-0.13 ms against 0.16-0.26 ms. */
enum {
    SLEEP_MIN_US = 2,
    SLEEP_MAX_US = 1000,
    SLEEP_MAX_SENDING_US = 100,
    SLEEP_MAX_IDLE_US = 30,
    HOT_POLL_US = 300
};

typedef struct inflight {
    MPI_Request *req;
    hs_task **task;
    int *index;
    MPI_Status *status;   /* MPI_STATUSES_IGNORE trips GCC's bounds checks */
    int n, cap;
    int sends;            /* of the n, how many are sends */
} inflight;

static int inflight_grow(inflight *f)
{
    int cap = f->cap ? 2 * f->cap : 64;
    MPI_Request *req = realloc(f->req, (size_t)cap * sizeof *req);
    if (req)
        f->req = req;
    hs_task **task = realloc(f->task, (size_t)cap * sizeof *task);
    if (task)
        f->task = task;
    int *index = realloc(f->index, (size_t)cap * sizeof *index);
    if (index)
        f->index = index;
    MPI_Status *status = realloc(f->status, (size_t)cap * sizeof *status);
    if (status)
        f->status = status;
    if (!req || !task || !index || !status)
        return HETSCAL_ERR_NOMEM;
    f->cap = cap;
    return HETSCAL_SUCCESS;
}

/* Posts one ready send or receive of a whole handle (data + status). */
static int post(inflight *f, hs_task *t, MPI_Comm comm)
{
    hs_handle *h = t->acc[0].handle;
    int count = h->m * h->n + 1, rc;
    if (f->n == f->cap && inflight_grow(f) != HETSCAL_SUCCESS)
        return HETSCAL_ERR_NOMEM;
    if (t->queue == HS_Q_SEND) {
        rc = MPI_Isend(h->data, count, MPI_DOUBLE, t->peer, t->tag, comm, &f->req[f->n]);
        hs_engine_count_message(1, (double)count * sizeof(double));
    } else {
        rc = MPI_Irecv(h->data, count, MPI_DOUBLE, t->peer, t->tag, comm, &f->req[f->n]);
    }
    if (rc != MPI_SUCCESS)
        return HETSCAL_ERR_MPI;
    t->t_posted = hs_now();
    f->sends += t->queue == HS_Q_SEND;
    f->task[f->n++] = t;
    return HETSCAL_SUCCESS;
}

/* Tests the requests in flight; completes and removes the finished ones. */
static int test_inflight(inflight *f, int *progressed)
{
    int done = 0;
    if (f->n == 0)
        return HETSCAL_SUCCESS;
    if (MPI_Testsome(f->n, f->req, &done, f->index, f->status) != MPI_SUCCESS)
        return HETSCAL_ERR_MPI;
    if (done == MPI_UNDEFINED || done == 0)
        return HETSCAL_SUCCESS;
    *progressed = 1;
    for (int k = 0; k < done; k++) {
        hs_task *t = f->task[f->index[k]];
        hs_handle *h = t->acc[0].handle;
        if (t->queue == HS_Q_RECV)
            hs_engine_count_message(0, 0);
        else
            f->sends--;
        hs_trace_span(HS_TRACE_COMM_TRACK, t->queue == HS_Q_SEND ? "send" : "recv",
                      t->t_posted, hs_now(), t->peer,
                      ((long)h->m * h->n + 1) * (long)sizeof(double));
        hs_engine_complete(t);
        f->task[f->index[k]] = NULL;
    }
    int kept = 0;
    for (int k = 0; k < f->n; k++) {
        if (!f->task[k])
            continue;
        f->req[kept] = f->req[k];
        f->task[kept++] = f->task[k];
    }
    f->n = kept;
    return HETSCAL_SUCCESS;
}

int hs_comm_run(MPI_Comm comm)
{
    inflight f = { 0 };
    int err = HETSCAL_SUCCESS, sleep_us = 0;
    double last_progress = hs_now();

    for (;;) {
        int progressed = 0;
        hs_task *list = hs_engine_take_comm_tasks();
        while (list) {
            hs_task *t = list;
            list = t->next;
            progressed = 1;
            if (!err)
                err = post(&f, t, comm);
            if (err) {
                /* Cannot communicate: complete the task so the engine drains;
                 * the error poisons the result on this rank. */
                *hs_handle_status_word(t->acc[0].handle) = err;
                hs_engine_fail(err);
                hs_engine_complete(t);
            }
        }
        int terr = test_inflight(&f, &progressed);
        if (terr && !err) {
            err = terr;
            hs_engine_fail(err);
        }
        if (f.n == 0 && hs_engine_finished())
            break;
        if (progressed) {
            sleep_us = 0;
            last_progress = hs_now();
            continue;
        }
        if (f.n > 0 && hs_engine_idle_workers()
            && hs_now() - last_progress < HOT_POLL_US * 1e-6) {
            sched_yield();
            continue;
        }
        if (f.n == 0) {
            hs_engine_comm_sleep(0);
            continue;
        }
        int cap = hs_engine_idle_workers() ? SLEEP_MAX_IDLE_US
                  : f.sends > 0            ? SLEEP_MAX_SENDING_US
                                           : SLEEP_MAX_US;
        sleep_us = sleep_us ? 2 * sleep_us : SLEEP_MIN_US;
        if (sleep_us > cap)
            sleep_us = cap;
        hs_engine_comm_sleep(sleep_us);
    }
    free(f.req);
    free(f.task);
    free(f.index);
    free(f.status);
    return err;
}
