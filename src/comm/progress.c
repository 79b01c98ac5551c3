/* Communication loop (see progress.h). */
#include "config.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

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


static int inflight_grow(hs_comm_inflight *f)
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
static int post(hs_comm_inflight *f, hs_task *t, MPI_Comm comm)
{
    hs_handle *h = t->acc[0].handle;
    int count = h->m * h->n + 1, rc;
    if (f->n == f->cap && inflight_grow(f) != HETSCAL_SUCCESS)
        return HETSCAL_ERR_NOMEM;
    if (t->queue == HS_Q_SEND && h->discard) {
        /* No memory held the tile here: its status alone tells the
         * receiver (a short message, see test_inflight). */
        rc = MPI_Isend(hs_handle_status_word(h), 1, MPI_DOUBLE, t->peer, t->tag, comm,
                       &f->req[f->n]);
    } else if (t->queue == HS_Q_SEND) {
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

/* A receive got less than a whole tile: its sender had no memory for it
 * and sent its status alone (post). */
static int short_message(MPI_Status *status, const hs_handle *h)
{
    int count = 0;
    MPI_Get_count(status, MPI_DOUBLE, &count);
    return count != h->m * h->n + 1;
}

/* Tests the requests in flight; completes and removes the finished ones. */
static int test_inflight(hs_comm_inflight *f, int *progressed)
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
        if (t->queue == HS_Q_RECV) {
            hs_engine_count_message(0, 0);
            if (!h->discard && short_message(&f->status[k], h))
                *hs_handle_status_word(h) = HETSCAL_ERR_NOMEM;
        } else {
            f->sends--;
        }
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

void hs_comm_init(hs_comm *c, MPI_Comm comm)
{
    memset(c, 0, sizeof *c);
    c->comm = comm;
    c->last_progress = hs_now();
}

int hs_comm_finish(hs_comm *c)
{
    free(c->f.req);
    free(c->f.task);
    free(c->f.index);
    free(c->f.status);
    return c->err;
}

/* Posts what the engine made ready and tests what is in flight; returns 1
 * when something progressed. */
static int step(hs_comm *c)
{
    int progressed = 0;
    hs_task *list = hs_engine_take_comm_tasks();
    while (list) {
        hs_task *t = list;
        list = t->next;
        progressed = 1;
        if (!c->err)
            c->err = post(&c->f, t, c->comm);
        if (c->err) {
            /* Cannot communicate: complete the task so the engine drains;
             * the error poisons the result on this rank. */
            *hs_handle_status_word(t->acc[0].handle) = c->err;
            hs_engine_fail(c->err);
            hs_engine_complete(t);
        }
    }
    int terr = test_inflight(&c->f, &progressed);
    if (terr && !c->err) {
        c->err = terr;
        hs_engine_fail(terr);
    }
    if (progressed) {
        c->sleep_us = 0;
        c->last_progress = hs_now();
    }
    return progressed;
}

/* Right after progress, while this rank waits on a message: poll hot. */
static int polling_hot(const hs_comm *c)
{
    return hs_now() - c->last_progress < HOT_POLL_US * 1e-6;
}

/* Sleeps for the next pause of the backoff, at most cap_us. */
static void back_off(hs_comm *c, int cap_us)
{
    c->sleep_us = c->sleep_us ? 2 * c->sleep_us : SLEEP_MIN_US;
    if (c->sleep_us > cap_us)
        c->sleep_us = cap_us;
    hs_engine_comm_sleep(c->sleep_us);
}

void hs_comm_poll(void *comm_state, int may_wait)
{
    hs_comm *c = comm_state;
    if (step(c) || !may_wait)
        return;
    /* Nothing to run and nothing arrived: this rank waits on a message, as
     * ScaLAPACK's blocking calls do (the rank's only thread, so nothing
     * else wakes it sooner). */
    if (polling_hot(c))
        sched_yield();
    else
        back_off(c, SLEEP_MAX_IDLE_US);
}

int hs_comm_run(MPI_Comm comm)
{
    hs_comm state, *c = &state;
    hs_comm_init(c, comm);
    for (;;) {
        int progressed = step(c);
        hs_comm_inflight *f = &c->f;
        if (f->n == 0 && hs_engine_finished())
            break;
        if (progressed)
            continue;
        if (f->n > 0 && hs_engine_idle_workers() && polling_hot(c)) {
            sched_yield();
            continue;
        }
        if (f->n == 0) {
            hs_engine_comm_sleep(0);
            continue;
        }
        back_off(c, hs_engine_idle_workers() ? SLEEP_MAX_IDLE_US
                    : f->sends > 0           ? SLEEP_MAX_SENDING_US
                                             : SLEEP_MAX_US);
    }
    return hs_comm_finish(c);
}
