/* Communication loop (see progress.h). */
#include "config.h"

#include <limits.h>
#include <sched.h>
#include <string.h>

#include "comm/messages.h"
#include "include/hetscal.h"
#include "runtime/engine.h"
#include "runtime/exchange.h"
#include "runtime/progress.h"
#include "runtime/trace.h"
#include "util/clock.h"
#include "util/mem.h"

/* While requests are in flight the loop polls MPI with a growing pause
 * (MPI cannot wake us); with none in flight it sleeps until the engine
 * hands it new sends or receives.  The cap trades message latency for
 * the workers' cores: while every worker computes, a wake-up preempts one
 * (so the cap is 1 ms); while a worker waits for work, it is likely
 * waiting for a message and its core is free, so the loop polls every few
 * tens of microseconds (a worker that goes idle also wakes the loop at
 * once).  A send in flight needs this side's polls too (MPICH over UCX
 * takes several polls per large message), so while one is, the cap is
 * 100 us.
 * Right after a message has arrived or a request was posted, while a
 * worker is idle (so the rank waits on communication, as ScaLAPACK's
 * blocking calls do), the loop polls without sleeping for up to
 * HOT_POLL_US, yielding the core between polls: a sleeping thread wakes
 * 50-60 us late (timer slack, and an idle virtual CPU is slow to wake),
 * which is the whole budget of a small call. */
enum {
    SLEEP_MIN_US = 2,
    SLEEP_MAX_US = 1000,
    SLEEP_MAX_SENDING_US = 100,
    SLEEP_MAX_IDLE_US = 30,
    HOT_POLL_US = 300
};


/* What a sender whose message failed sends instead (see progress.h). */
static const double mpi_error_status = HETSCAL_ERR_MPI;
/* What a GPU's tile goes as when no host memory was left to stage it. */
static const double nomem_status = HETSCAL_ERR_NOMEM;

/* Records a runtime error of this call on this rank. */
static void fail(hs_comm *c, int err)
{
    if (!c->err)
        c->err = err;
    hs_engine_fail(err);
}

/* Doubles the arrays (util/mem, so that the fault injection reaches them). */
static int inflight_grow(hs_comm_inflight *f)
{
    int cap = f->cap ? 2 * f->cap : 64;
    MPI_Request *req = hs_mem_alloc((size_t)cap * sizeof *req);
    hs_task **task = hs_mem_alloc((size_t)cap * sizeof *task);
    int *index = hs_mem_alloc((size_t)cap * sizeof *index);
    MPI_Status *status = hs_mem_alloc((size_t)cap * sizeof *status);
    if (!req || !task || !index || !status) {
        hs_mem_free(req);
        hs_mem_free(task);
        hs_mem_free(index);
        hs_mem_free(status);
        return HETSCAL_ERR_NOMEM;
    }
    if (f->n) {
        memcpy(req, f->req, (size_t)f->n * sizeof *req);
        memcpy(task, f->task, (size_t)f->n * sizeof *task);
    }
    hs_mem_free(f->req);
    hs_mem_free(f->task);
    hs_mem_free(f->index);
    hs_mem_free(f->status);
    f->req = req;
    f->task = task;
    f->index = index;
    f->status = status;
    f->cap = cap;
    return HETSCAL_SUCCESS;
}

/* Room for a staged copy of h's values and status word, within the
 * call's cap on the copies in flight unless uncapped; NULL past it or out
 * of memory. */
static double *stage_buffer(hs_comm *c, const hs_handle *h, int uncapped)
{
    double bytes = (double)hs_host_copy_bytes(h->m, h->n, h->esize);
    if (!uncapped && c->staged_bytes + bytes > c->stage_cap)
        return NULL;
    double *buf = hs_mem_alloc((size_t)bytes);
    if (buf)
        c->staged_bytes += bytes;
    return buf;
}

/* A contiguous copy of a tile in the caller's array and its status word,
 * as a contiguous tile's message holds them; NULL when out of memory, or
 * when the copies in flight would pass the call's cap on them. */
static double *stage(hs_comm *c, hs_handle *h)
{
    size_t col = (size_t)h->m * (size_t)h->esize;
    double *buf = stage_buffer(c, h, 0);
    if (!buf)
        return NULL;
    for (int j = 0; j < h->n; j++)
        memcpy((char *)buf + (size_t)j * col, (char *)h->data + (size_t)j * h->ld * h->esize,
               col);
    buf[hs_handle_words(h)] = *hs_handle_status_word(h);
    return buf;
}

/* m x n values of esize bytes at src, memory of dev, copied to the host
 * at dst and waited for: what the loop reads of a tile on a GPU itself
 * (a status word, or a tile whose message carries one), only where the
 * call has failed or a tile is one value.  Through pinned memory, as
 * every copy from a GPU. */
static int device_read(hs_device *dev, const void *src, int m, int n, int esize, void *dst)
{
    size_t bytes = (size_t)m * (size_t)n * (size_t)esize;
    void *pinned = dev->ops->host_alloc(dev, bytes ? bytes : 1);
    hs_event *ev = NULL;
    if (!pinned)
        return HETSCAL_ERR_NOMEM;
    int err = dev->ops->copy(dev, HS_STREAM_OUT, HS_COPY_D2H, m, n, esize, src, m, pinned, m);
    if (!err)
        err = dev->ops->event_record(dev, HS_STREAM_OUT, &ev);
    if (!err)
        err = dev->ops->event_wait(dev, ev);
    if (ev)
        dev->ops->event_free(dev, ev);
    if (!err)
        memcpy(dst, pinned, bytes);
    dev->ops->host_free(dev, pinned);
    return err;
}

/* A tile on a GPU whose message carries its status word (a failed
 * call's, or a tile of one value), copied to the host with the word
 * (beyond the cap: no other way keeps the values); NULL when that fails. */
static double *stage_device(hs_comm *c, hs_handle *h)
{
    double *buf = stage_buffer(c, h, 1);
    if (buf && device_read(h->dev, h->data, h->m, h->n, h->esize, buf) != 0) {
        c->staged_bytes -= (double)hs_host_copy_bytes(h->m, h->n, h->esize);
        hs_mem_free(buf);
        return NULL;
    }
    if (buf)
        buf[hs_handle_words(h)] = h->status_apart;
    return buf;
}

/* A whole handle's message (hs_message_words: the values, and the status
 * word unless it is 0), sent, or received into room for both.  A tile in
 * the caller's array is sent from a contiguous copy: its columns and
 * separate status word as one derived-type element would need the
 * sender's MPI to pack them as the message goes (MPICH's shared memory
 * does, in pieces, each at the sender's next test), and a one-thread rank
 * tests only between its tasks (PDGETRF's 8 MB panels on two such ranks
 * took twice as long); received, or where no memory is left for the copy,
 * it goes as that derived type (its columns are whole doubles:
 * hs_dist_create_in_place).  A tile on a GPU (dist.h: only where MPI takes
 * device memory) goes from there, unless it carries a status. */
static int post_handle(int send, hs_comm *c, hs_task *t, hs_handle *h, MPI_Request *req,
                       size_t *count)
{
    size_t words = hs_handle_words(h);
    int with_status = !send || hs_message_words(h) > words;
    *count = words + (size_t)with_status;
    if (send && hs_handle_sends_prefix(h)) {
        /* A variable tile's prefix (engine.h), from wherever it is. */
        *count = hs_prefix_message_words(words, h->prefix_words);
        return hs_msg_isend(h->data, *count, t->peer, t->tag, c->comm, req);
    }
    if (send && h->dev && with_status) {
        if ((t->staged = stage_device(c, h)) != NULL)
            return hs_msg_isend(t->staged, *count, t->peer, t->tag, c->comm, req);
        /* The status alone, never 0 (a message of one double is a status:
         * received_status). */
        fail(c, HETSCAL_ERR_NOMEM);
        *count = 1;
        return hs_msg_isend(h->status_apart ? &h->status_apart : (void *)&nomem_status, 1,
                            t->peer, t->tag, c->comm, req);
    }
    if (h->in_place && send && (t->staged = stage(c, h)) != NULL)
        return hs_msg_isend(t->staged, *count, t->peer, t->tag, c->comm, req);
    if (h->in_place)
        return hs_msg_post_columns(send, h->data, hs_value_words(h->m, 1, h->esize), h->n,
                                   (size_t)h->ld * (size_t)h->esize,
                                   with_status ? hs_handle_status_word(h) : NULL,
                                   t->peer, t->tag, c->comm, req);
    return send ? hs_msg_isend(h->data, *count, t->peer, t->tag, c->comm, req)
                : hs_msg_irecv(h->data, *count, t->peer, t->tag, c->comm, req);
}

/* The staged copy goes once its send is over. */
static void unstage(hs_comm *c, hs_task *t)
{
    if (t->staged) {
        const hs_handle *h = t->acc[0].handle;
        c->staged_bytes -= (double)hs_host_copy_bytes(h->m, h->n, h->esize);
    }
    hs_mem_free(t->staged);
    t->staged = NULL;
}

/* Posts a ready send or receive of a whole handle (data + status) into
 * *req; on an MPI error, what progress.h says.  0: in flight; 1: done
 * (nothing could be posted: MPI refuses). */
static int post_request(hs_comm *c, hs_task *t, MPI_Request *req)
{
    hs_handle *h = t->acc[0].handle;
    size_t count;
    int rc;
    if (t->queue == HS_Q_SEND && h->discard) {
        /* No memory held the tile here: its status alone tells the
         * receiver (a short message, see complete_request). */
        rc = hs_msg_isend(hs_handle_status_word(h), 1, t->peer, t->tag, c->comm, req);
    } else if (t->queue == HS_Q_SEND) {
        int prefix = hs_handle_sends_prefix(h);
        rc = post_handle(1, c, t, h, req, &count);
        if (rc == MPI_SUCCESS)
            hs_engine_count_message(1, (double)count * sizeof(double),
                                    h->dev && !t->staged && count > 1, prefix);
    } else {
        rc = post_handle(0, c, t, h, req, &count);
    }
    if (rc != MPI_SUCCESS) {
        unstage(c, t);
        fail(c, HETSCAL_ERR_MPI);
        t->comm_error = 1;
        /* The peer still expects a message, or a sender still waits for
         * this receive: try the other way once. */
        if (t->queue == HS_Q_SEND)
            rc = hs_msg_isend((void *)&mpi_error_status, 1, t->peer, t->tag, c->comm, req);
        else
            rc = post_handle(0, c, t, h, req, &count);
    }
    if (rc != MPI_SUCCESS) {
        if (t->queue == HS_Q_RECV && !h->discard)
            *hs_handle_status_word(h) = HETSCAL_ERR_MPI;
        return 1;
    }
    t->t_posted = hs_now();
    return 0;
}

/* Posts a ready send or receive; its request joins the arrays, or, when
 * they cannot grow, the task's own (the call has failed then). */
static void post(hs_comm *c, hs_task *t)
{
    hs_comm_inflight *f = t->queue == HS_Q_SEND ? &c->sending : &c->receiving;
    int spill = 0;
    if (f->n == f->cap && inflight_grow(f) != HETSCAL_SUCCESS) {
        fail(c, HETSCAL_ERR_NOMEM);
        spill = 1;
    }
    if (post_request(c, t, spill ? &t->request : &f->req[f->n])) {
        if (t->queue == HS_Q_SEND)
            hs_send_window_done(&c->sends, t);
        hs_engine_complete(t);
        return;
    }
    if (spill) {
        t->next = f->spill;
        f->spill = t;
    } else {
        f->task[f->n++] = t;
    }
    if (f == &c->receiving && f->n > c->receives_at_once)
        c->receives_at_once = f->n;
}

/* The status word a completed receive into h brought (status: its
 * MPI_Status, or NULL when the request failed), by the message's length
 * (hs_message_words): the values alone (their status is 0), values and
 * word, or the word alone (the sender had no memory for the tile, or MPI
 * failed it there: post_request); for a variable tile also a prefix of
 * the values (status 0, hs_prefix_message_words), which becomes h's.
 * On a GPU the word is read from there (a failed call's path, or a tile
 * of one value). */
static double received_status(hs_handle *h, MPI_Status *status, int comm_error)
{
    size_t words = hs_handle_words(h);
    double count = hs_msg_received_doubles(status), word = HETSCAL_ERR_MPI;
    if (!status || comm_error || count < 0)
        return HETSCAL_ERR_MPI;
    if (count == (double)words + 1 || count == 1) {
        /* (A tile of no value: its message is its word, whatever it is.) */
        int alone = count == 1 && words > 0;
        double *at = alone ? (double *)h->data : hs_handle_status_word(h);
        if (h->dev && device_read(h->dev, (double *)h->data + (alone ? 0 : words), 1, 1,
                                  sizeof(double), &word) != 0)
            return HETSCAL_ERR_MPI;
        if (!h->dev)
            word = *at;
        return alone && word == 0 ? HETSCAL_ERR_MPI : word;
    }
    if (hs_handle_prefix_shaped(h) && count < (double)words) {
        hs_handle_set_prefix(h, (size_t)count);
        return 0;
    }
    if (h->variable)
        hs_handle_set_prefix(h, words);
    return count == (double)words ? 0 : HETSCAL_ERR_MPI;
}

/* A request has completed (status: its MPI_Status, or NULL when the
 * request itself failed): counts it, gives a failed receive's tile its
 * status, and completes the task. */
static void complete_request(hs_comm *c, hs_task *t, MPI_Status *status)
{
    hs_handle *h = t->acc[0].handle;
    if (!status)
        fail(c, HETSCAL_ERR_MPI);
    if (t->queue == HS_Q_RECV) {
        hs_engine_count_message(0, 0, h->dev != NULL, 0);
        if (!h->discard)
            *hs_handle_status_word(h) = received_status(h, status, t->comm_error);
    } else {
        unstage(c, t);
        hs_send_window_done(&c->sends, t);
    }
    hs_trace_span(HS_TRACE_COMM_TRACK, t->queue == HS_Q_SEND ? "send" : "recv",
                  t->t_posted, hs_now(), t->peer,
                  ((long)hs_handle_words(h) + 1) * (long)sizeof(double));
    hs_engine_complete(t);
}

/* Tests one request; 1 when it has completed (or failed). */
static int test_one(hs_comm *c, hs_task *t, MPI_Request *req)
{
    int flag = 0;
    MPI_Status status;
    if (hs_msg_test(req, &flag, &status) != MPI_SUCCESS) {
        complete_request(c, t, NULL);
        return 1;
    }
    if (flag)
        complete_request(c, t, &status);
    return flag;
}

/* How many of f's requests, the oldest first, a pass tests.  A rank
 * posts each receive as its generation reaches it, so with a large task
 * window thousands wait at once, most for tiles that tasks far ahead will
 * read; MPI_Testsome costs each request it is given, and testing them
 * all at every pass took a third of a one-thread rank's time
 * (doc/PERFORMANCE.md, session 69).  So while many are in flight a pass
 * tests the oldest, which the next tasks wait for, and every
 * n / TESTED_OLDEST passes all of them: the cost of a pass stays about
 * that of 2 * TESTED_OLDEST requests, and a young receive is seen
 * complete a few passes late, long before its readers' turn.  Sends are
 * few (the send window) and each completed one lets the next go: they
 * are all tested at every pass (whole). */
enum { TESTED_OLDEST = 64 };

static int tested_now(hs_comm_inflight *f, int whole)
{
    if (whole || f->n <= 2 * TESTED_OLDEST || ++f->passes >= f->n / TESTED_OLDEST) {
        f->passes = 0;
        return f->n;
    }
    return TESTED_OLDEST;
}

/* Tests f's requests in flight (tested_now); completes and removes the
 * finished ones, keeping the others in the order they were posted. */
static void test_inflight(hs_comm *c, hs_comm_inflight *f, int whole, int *progressed)
{
    int done = 0;
    for (hs_task **p = &f->spill; *p;) {
        hs_task *t = *p, *next = t->next;   /* completed, t is reused */
        if (test_one(c, t, &t->request)) {
            *p = next;
            *progressed = 1;
        } else {
            p = &t->next;
        }
    }
    if (f->n == 0)
        return;
    int tested = tested_now(f, whole), first = f->n;   /* the first removed */
    int rc = hs_msg_testsome(tested, f->req, &done, f->index, f->status);
    if (rc != MPI_SUCCESS && rc != MPI_ERR_IN_STATUS) {
        /* Nothing known of any request: ask each. */
        fail(c, HETSCAL_ERR_MPI);
        for (int k = 0; k < tested; k++)
            if (test_one(c, f->task[k], &f->req[k])) {
                f->task[k] = NULL;
                first = k < first ? k : first;
                *progressed = 1;
            }
    } else if (done != MPI_UNDEFINED && done > 0) {
        *progressed = 1;
        for (int k = 0; k < done; k++) {
            int i = f->index[k];
            int ok = rc == MPI_SUCCESS || f->status[k].MPI_ERROR == MPI_SUCCESS;
            complete_request(c, f->task[i], ok ? &f->status[k] : NULL);
            f->task[i] = NULL;
            first = i < first ? i : first;
        }
    }
    int kept = first;
    for (int k = first; k < f->n; k++) {
        if (!f->task[k])
            continue;
        f->req[kept] = f->req[k];
        f->task[kept++] = f->task[k];
    }
    f->n = kept;
}

/* Whether any request is in flight. */
static int in_flight(const hs_comm *c)
{
    return c->sending.n > 0 || c->sending.spill || c->receiving.n > 0 || c->receiving.spill
           || c->exchanging;
}

/* Posts the exchanges the parts of spread tasks ask for and completes
 * the finished ones (runtime/exchange.h): a part waits on each. */
static void exchanges(hs_comm *c, int *progressed)
{
    hs_exchange *x = hs_engine_take_exchanges();
    while (x) {
        hs_exchange *next = x->next;
        hs_exchange_post(x, c->comm, c->exchange_tag);
        if (x->post_failed)
            fail(c, HETSCAL_ERR_MPI);
        x->next = c->exchanging;
        c->exchanging = x;
        *progressed = 1;
        x = next;
    }
    for (hs_exchange **p = &c->exchanging; *p;) {
        x = *p;
        if (hs_exchange_test(x)) {
            *p = x->next;
            if (x->err)
                fail(c, x->err);
            hs_engine_exchange_done(x);   /* x belongs to its part again */
            *progressed = 1;
        } else {
            p = &x->next;
        }
    }
}

/* Tests the sends and the receives in flight (whole: every receive). */
static void test_requests(hs_comm *c, int whole, int *progressed)
{
    test_inflight(c, &c->sending, 1, progressed);
    test_inflight(c, &c->receiving, whole, progressed);
}

void hs_comm_init(hs_comm *c, MPI_Comm comm, double stage_cap, double send_window)
{
    memset(c, 0, sizeof *c);
    c->comm = comm;
    c->stage_cap = stage_cap;
    int *tag_ub, flag = 0;
    if (comm == MPI_COMM_NULL
        || MPI_Comm_get_attr(comm, MPI_TAG_UB, &tag_ub, &flag) != MPI_SUCCESS || !flag)
        tag_ub = NULL;
    c->exchange_tag = tag_ub ? *tag_ub : 32767;
    hs_send_window_init(&c->sends, send_window);
    c->last_progress = hs_now();
}

int hs_comm_finish(hs_comm *c)
{
    hs_comm_inflight *sets[] = { &c->sending, &c->receiving };
    for (int k = 0; k < 2; k++) {
        hs_mem_free(sets[k]->req);
        hs_mem_free(sets[k]->task);
        hs_mem_free(sets[k]->index);
        hs_mem_free(sets[k]->status);
    }
    hs_engine_count_sends_reordered(c->sends.reordered);
    hs_engine_count_receives_at_once(c->receives_at_once);
    hs_send_window_free(&c->sends);
    return c->err;
}

/* MPICH over UCX moves a large message between ranks of a node a part at
 * a time, 512 KiB per test, which the receiver copies inside the test
 * (timing/time_mpi_progress): a rank whose only thread tests between its
 * tasks would receive a tile over several tasks.  A test that used much
 * CPU time has copied a part, so such a rank tests again at once while
 * they do (an empty test takes well under a microsecond, a part's copy
 * some 100; CPU time, not elapsed, so that a test preempted on a shared
 * core does not count).  The MPI loop of ranks with workers does not:
 * there the repeated copies would take the core a worker computes on
 * (doc/PERFORMANCE.md has both measurements). */
enum { PART_COPIED_US = 20, MAX_PARTS = 256 };

static void test_all_parts(hs_comm *c, int whole, int *progressed)
{
    for (int k = 0; k < MAX_PARTS && in_flight(c); k++) {
        double t0 = hs_thread_cpu_seconds();
        /* Only the first test may take every receive: one of thousands
         * takes longer than a part's copy by itself. */
        test_requests(c, whole && k == 0, progressed);
        if (hs_thread_cpu_seconds() - t0 < PART_COPIED_US * 1e-6)
            break;
    }
}

/* Posts the sends the window lets go now. */
static void post_window(hs_comm *c, int *progressed)
{
    hs_task *t;
    while ((t = hs_send_window_next(&c->sends)) != NULL) {
        post(c, t);
        *progressed = 1;
    }
}

/* Posts what the engine made ready and tests what is in flight (all_parts:
 * see test_all_parts; whole: every receive, else tested_now's); returns 1
 * when something progressed. */
static int step(hs_comm *c, int all_parts, int whole)
{
    int progressed = 0;
    hs_task *list = hs_engine_take_comm_tasks();
    while (list) {
        hs_task *t = list;
        list = t->next;
        progressed = 1;
        /* after an error too: the peers expect every message */
        if (t->queue != HS_Q_SEND || hs_send_window_add(&c->sends, t))
            post(c, t);
    }
    post_window(c, &progressed);
    exchanges(c, &progressed);
    if (all_parts)
        test_all_parts(c, whole, &progressed);
    else
        test_requests(c, whole, &progressed);
    post_window(c, &progressed);   /* room the completed sends made */
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
    /* Between tasks a pass tests the oldest receives; a rank with nothing
     * to run waits for some message, maybe a young one: it tests all. */
    if (step(c, 1, may_wait) || !may_wait)
        return;
    /* Nothing to run and nothing arrived: this rank waits on a message, as
     * ScaLAPACK's blocking calls do (the rank's only thread, so nothing
     * else wakes it sooner). */
    if (polling_hot(c))
        sched_yield();
    else
        back_off(c, SLEEP_MAX_IDLE_US);
}

int hs_comm_run(MPI_Comm comm, double stage_cap, double send_window)
{
    hs_comm state, *c = &state;
    hs_comm_init(c, comm, stage_cap, send_window);
    for (;;) {
        /* This thread tests between pauses, not between tasks: each pass
         * may as well test every request. */
        int progressed = step(c, 0, 1);
        if (!in_flight(c) && hs_engine_finished())
            break;
        if (progressed)
            continue;
        /* a part of a spread task waits on its exchange as an idle
         * worker does on a message */
        int waiting = hs_engine_idle_workers() || c->exchanging;
        if (in_flight(c) && waiting && polling_hot(c)) {
            sched_yield();
            continue;
        }
        if (!in_flight(c)) {
            hs_engine_comm_sleep(0);
            continue;
        }
        int sending = c->sending.n > 0 || c->sending.spill;
        back_off(c, waiting                  ? SLEEP_MAX_IDLE_US
                    : sending                ? SLEEP_MAX_SENDING_US
                                             : SLEEP_MAX_US);
    }
    return hs_comm_finish(c);
}
