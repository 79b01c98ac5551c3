/* The per-rank dataflow engine (see engine.h): access lists, window, ready
 * queues, the task-generation thread and the host worker threads.  One
 * mutex guards all engine state; kernels run outside it.  Idle threads
 * sleep on condition variables. */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "device/backends.h"
#include "include/hetscal.h"
#include "runtime/device_memory.h"
#include "runtime/engine_impl.h"
#include "runtime/trace.h"
#include "util/clock.h"
#include "util/fifo.h"
#include "util/mem.h"
#include "util/thread_name.h"

_Thread_local hs_engine *hs_engine_cur;

/* Every engine made so far; those not in_use are free for the next call.
 * Engines are never freed before the process ends (their threads wait
 * for the next call). */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static hs_engine *pool;

static hs_engine *engine_new(void)
{
    hs_engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    pthread_mutex_init(&e->lock, NULL);
    pthread_cond_init(&e->work_cv, NULL);
    pthread_cond_init(&e->park_cv, NULL);
    pthread_cond_init(&e->gen_cv, NULL);
    pthread_cond_init(&e->window_cv, NULL);
    pthread_cond_init(&e->comm_cv, NULL);
    pthread_cond_init(&e->copy_cv, NULL);
    for (int d = 0; d < HS_MAX_DEVICES; d++)
        pthread_cond_init(&e->dev[d].cv, NULL);
    return e;
}

/* A free engine of the pool for this thread's call, or a new one. */
static hs_engine *engine_acquire(void)
{
    pthread_mutex_lock(&pool_lock);
    hs_engine *e = pool;
    while (e && e->in_use)
        e = e->next;
    if (!e && (e = engine_new()) != NULL) {
        e->next = pool;
        pool = e;
    }
    if (e)
        e->in_use = 1;
    pthread_mutex_unlock(&pool_lock);
    return e;
}

/* This thread holds hs_engine_cur (from hs_engine_begin to
 * hs_engine_release): what a call does after its run (freeing the tiles
 * and copies) still uses its engine, which no other call may take
 * meanwhile. */
static _Thread_local int holding;

hs_engine_hold hs_engine_hold_swap(hs_engine_hold next)
{
    hs_engine_hold was = { hs_engine_cur, holding };
    hs_engine_cur = next.engine;
    holding = next.holding;
    return was;
}

void hs_engine_release(void)
{
    if (holding) {
        holding = 0;
        pthread_mutex_lock(&pool_lock);
        hs_engine_cur->in_use = 0;
        pthread_mutex_unlock(&pool_lock);
    }
}

/* ---- handles and access lists (engine lock held) ---------------------- */

static double handle_bytes(const hs_handle *h)
{
    return ((double)hs_handle_words(h) + 1) * sizeof(double);
}

static size_t device_bytes(int m, int n, int esize)
{
    return (size_t)m * n * (size_t)esize;
}

/* A host copy is one util/mem allocation (counted by its fault injection):
 * the handle, then its data on a cache line of their own. */
enum { HANDLE_ROOM = (sizeof(hs_handle) + 63) / 64 * 64 };

/* Fills a new host copy's handle and counts its bytes. */
static hs_handle *host_copy(hs_handle *h, void *data, hs_device *pinned_by, int m, int n,
                            int esize)
{
    h->data = data;
    h->m = m;
    h->n = n;
    h->esize = esize;
    h->pinned_by = pinned_by;
    h->owned = 1;
    pthread_mutex_lock(&E.lock);
    E.copy_bytes += handle_bytes(h);
    if (E.copy_bytes > E.stats.peak_copy_bytes)
        E.stats.peak_copy_bytes = E.copy_bytes;
    pthread_mutex_unlock(&E.lock);
    return h;
}

/* Bytes of a host copy's data: its values and status word. */
static size_t host_data_bytes(int m, int n, int esize)
{
    return (hs_value_words(m, n, esize) + 1) * sizeof(double);
}

hs_handle *hs_handle_new(int m, int n, int esize)
{
    /* A simulated copy has no data (nothing reads it), only its size. */
    size_t data = E.sim ? 0 : host_data_bytes(m, n, esize);
    hs_handle *h = hs_mem_alloc(HANDLE_ROOM + data);
    return h ? host_copy(h, E.sim ? NULL : (char *)h + HANDLE_ROOM, NULL, m, n, esize) : NULL;
}

hs_handle *hs_handle_new_pinned(hs_device *pin_dev, int m, int n, int esize)
{
    size_t bytes = host_data_bytes(m, n, esize);
    hs_handle *h = E.sim ? NULL : hs_mem_alloc(sizeof *h);
    void *data = h ? hs_pinned_get(pin_dev, bytes) : NULL;
    if (!data) {
        hs_mem_free(h);
        return NULL;
    }
    memset(data, 0, bytes);   /* zeroed like hs_handle_new's: a reused buffer holds
                                 an earlier tile */
    return host_copy(h, data, pin_dev, m, n, esize);
}

hs_handle *hs_handle_new_device(hs_device *dev, int m, int n, int esize, int *host_nomem)
{
    hs_handle *h = hs_mem_alloc(sizeof *h);
    if (!h) {
        *host_nomem = 1;
        return NULL;
    }
    /* A simulated device counts its memory itself (sim/sim.c); the
     * cache would only hold the many simulated devices' buffers. */
    /* A real call places its tiles before its engine begins: hs_engine_cur
     * is then this thread's last engine, which another thread's call may
     * hold now (and set E.sim for); only an engine this thread holds is
     * asked. */
    int sim = holding && E.sim;
    h->data = sim ? dev->ops->alloc(dev, device_bytes(m, n, esize))
                  : hs_devmem_get(dev, device_bytes(m, n, esize));
    if (!h->data) {
        hs_mem_free(h);
        return NULL;
    }
    h->m = m;
    h->n = n;
    h->esize = esize;
    h->dev = dev;
    h->owned = 1;
    return h;
}

void hs_handle_wrap(hs_handle *h, void *data, int m, int n, int esize)
{
    memset(h, 0, sizeof *h);
    h->data = data;
    h->m = m;
    h->n = n;
    h->esize = esize;
}

static void handle_release_if_done(hs_handle *h)
{
    if (h->owned && h->detached && h->refs == 0 && h->dev) {
        if (E.sim)
            (void)h->dev->ops->free(h->dev, h->data);
        else
            hs_devmem_put(h->dev, h->data, device_bytes(h->m, h->n, h->esize));
        hs_mem_free(h);
    } else if (h->owned && h->detached && h->refs == 0) {
        E.copy_bytes -= handle_bytes(h);
        pthread_cond_signal(&E.window_cv);
        if (h->pinned_by)
            hs_pinned_put(h->pinned_by, h->data, host_data_bytes(h->m, h->n, h->esize));
        hs_mem_free(h);   /* with the data, unless pinned (hs_handle_new) */
    }
}

void hs_handle_detach(hs_handle *h)
{
    pthread_mutex_lock(&E.lock);
    h->detached = 1;
    handle_release_if_done(h);
    pthread_mutex_unlock(&E.lock);
}

static void make_ready(hs_task *t)
{
    if (t->queue == HS_Q_HOST) {
        /* A push that finds no memory keeps the task (ready_heap.h): the
         * call fails, every task still runs and every message flows. */
        if (hs_heap_push(&E.host, t) != HETSCAL_SUCCESS)
            hs_engine_fail_locked(HETSCAL_ERR_NOMEM);
        if (E.workers > 0) {
            pthread_cond_signal(&E.work_cv);
        } else {
            /* The calling thread runs host tasks (run_inline_locked); it
             * waits on one of these when a device thread readies one. */
            pthread_cond_broadcast(&E.comm_cv);
            pthread_cond_broadcast(&E.window_cv);
        }
    } else if (t->queue == HS_Q_DEVICE || t->queue == HS_Q_COPY) {
        hs_engine_devices_ready(t);
    } else {
        HS_FIFO_APPEND(E.comm_head, E.comm_tail, t);
        pthread_cond_broadcast(&E.comm_cv);
    }
}

static void granted(hs_task *t)
{
    if (--t->pending == 0)
        make_ready(t);
}

/* The access conflicts with no holder of h. */
static int can_grant(const hs_handle *h, int mode)
{
    return mode == HS_R ? !h->writers : !h->writers && h->readers == 0;
}

/* Every holder of h is posted to a's device (at most one copy among them,
 * with its event known), and a is a device task of that device: it may go
 * behind them (engine.h). */
static int can_chain(const hs_handle *h, const hs_access *a)
{
    return a->task->queue == HS_Q_DEVICE && h->posted > 0 && h->posted_dev == a->task->device
           && h->posted == h->readers + h->writers
           && (h->posted_copies == 0 || (h->posted_copies == 1 && h->copy_event));
}

/* Grants a if it conflicts with no holder of its handle, or if it may go
 * behind them on their device (then marked chained, with the copy's event
 * to wait for); 0: it must wait. */
static int try_grant(hs_access *a)
{
    hs_handle *h = a->handle;
    if (!can_grant(h, a->mode)) {
        if (!can_chain(h, a))
            return 0;
        a->task->chained = 1;
        if (h->posted_copies)
            a->task->wait[a - a->task->acc] = h->copy_event;
    }
    if (a->mode == HS_R)
        h->readers++;
    else
        h->writers++;
    return 1;
}

/* APPEND: the access joins the handle's list in program order. */
static void append_access(hs_access *a)
{
    hs_handle *h = a->handle;
    h->refs++;
    if (!h->wait_head && try_grant(a))
        return;
    a->task->pending++;
    HS_FIFO_APPEND(h->wait_head, h->wait_tail, a);
}

/* Grants the waiting accesses of h that no longer conflict (readers up to
 * the next writer, or one writer). */
static void grant_waiting(hs_handle *h)
{
    while (h->wait_head && try_grant(h->wait_head)) {
        hs_access *w = h->wait_head;
        HS_FIFO_DROP_HEAD(h->wait_head, h->wait_tail);
        granted(w->task);
        if (w->mode != HS_R)
            break;
    }
}

/* FIRE for one access: release it and grant what may follow. */
static void release_access(hs_access *a)
{
    hs_handle *h = a->handle;
    if (a->mode == HS_R)
        h->readers--;
    else
        h->writers--;
    if (a->task->posted) {
        h->posted--;
        if (a->task->queue == HS_Q_COPY) {
            h->posted_copies--;
            h->copy_event = NULL;   /* no copy left, or one whose event is not known */
        }
    }
    grant_waiting(h);
    h->refs--;
    handle_release_if_done(h);
}

void hs_engine_posted_locked(hs_task *t, int device)
{
    int copy = t->queue == HS_Q_COPY;
    t->posted = 1;
    E.stats.chained += t->chained;
    for (int k = 0; k < t->nacc; k++) {
        hs_handle *h = t->acc[k].handle;
        if (h->posted == 0)
            h->posted_dev = device;
        else if (h->posted_dev != device)
            h->posted_dev = -1;   /* readers on two devices: no chaining */
        h->posted++;
        if (copy)
            h->copy_event = h->posted_copies++ == 0 ? t->event : NULL;
    }
    for (int k = 0; k < t->nacc; k++)
        grant_waiting(t->acc[k].handle);
}

/* ---- tasks: structs from a free list ------------------------------------
 * Task structs never come from a bare malloc: a rank that could not build
 * a task would skip its sends and receives and leave its peers waiting.
 * A reserve of HS_RESERVE_TASKS in the engine is always there (each engine
 * of a process has its own); beyond it a call
 * allocates chunks through util/mem (counted by its fault injection),
 * each doubling the tasks that exist, and frees them at hs_engine_end.
 * Finished tasks go back to the free list.  When the list is empty and no
 * chunk can be allocated, the call fails on this rank (HETSCAL_ERR_NOMEM,
 * once: no more chunks are tried) and the generator waits for a task to
 * finish, running tasks and polling MPI meanwhile exactly as the window
 * wait does (run_inline_locked).
 *
 * Why that wait ends.  It waits only with every struct in use, so with
 * at least HS_RESERVE_TASKS - BURST > 0 live tasks inserted before the
 * current global task, where BURST bounds what one global task (or one flush,
 * final or finish step, dist.c) inserts on a rank: its fills, itself and
 * up to two fetches per access, a copy back and a send per written access,
 * or a send, a receive and a fill per access elsewhere: at most
 * 1 + 5 * HS_MAX_ACCESSES = 31 (dist.c waits for the window before each
 * step).  Take the oldest global task p with an unfinished instance on
 * any rank.  Every rank has inserted all of p: one that had not would be
 * waiting at or before p, for the window (then all its live tasks are
 * older than p: none is unfinished, so it is not waiting) or for a struct
 * (then it has live tasks older than p, unfinished: contradiction).
 * The instances of p depend on older tasks (finished) and on each other
 * through the one global task's flow (homes send inputs, the executing
 * rank runs it and sends minor outputs home, copies in between): no
 * cycle, so one of them can finish.  Tasks and messages keep finishing,
 * and the waiting generator gets a struct back. */
_Static_assert(HS_RESERVE_TASKS > 1 + 5 * HS_MAX_ACCESSES,
               "the reserve must exceed what one generation step inserts");

typedef struct hs_task_chunk {
    struct hs_task_chunk *next;
    long n;
    hs_task task[];
} hs_task_chunk;

/* Begin of a call (lock held, nothing live): the reserve alone is free. */
static void tasks_reset_locked(void)
{
    E.free_tasks = NULL;
    for (int k = HS_RESERVE_TASKS - 1; k >= 0; k--) {
        E.reserve_tasks[k].next = E.free_tasks;
        E.free_tasks = &E.reserve_tasks[k];
    }
    E.ntasks = HS_RESERVE_TASKS;
}

/* End of a call (lock held, nothing live). */
static void tasks_free_chunks_locked(void)
{
    while (E.chunks) {
        hs_task_chunk *c = E.chunks;
        E.chunks = c->next;
        hs_mem_free(c);
    }
    E.free_tasks = NULL;
}

/* Doubles the tasks that exist; 0 when util/mem has no memory. */
static int tasks_grow_locked(void)
{
    long n = E.ntasks;
    hs_task_chunk *c = hs_mem_alloc(sizeof *c + (size_t)n * sizeof(hs_task));
    if (!c)
        return 0;
    c->n = n;
    c->next = E.chunks;
    E.chunks = c;
    for (long k = n - 1; k >= 0; k--) {
        c->task[k].next = E.free_tasks;
        E.free_tasks = &c->task[k];
    }
    E.ntasks += n;
    return 1;
}

static int run_inline_locked(void);

/* What a simulated generator waits for when it yields (hs_engine_sim_waits). */
enum { SIM_WAIT_NONE, SIM_WAIT_TASK, SIM_WAIT_WINDOW, SIM_WAIT_DRAIN, SIM_WAIT_FINISHED };

static int engine_finished(const hs_engine *e)
{
    return e->gen_done && e->live == 0;
}

static int window_full_locked(const hs_engine *e)
{
    return (e->live >= e->window || (e->copy_bytes > e->copy_budget && e->live > 0))
           && !e->shutdown;
}

int hs_engine_sim_waits(hs_engine *e)
{
    pthread_mutex_lock(&e->lock);
    int waits;
    switch (e->sim_wait) {
    case SIM_WAIT_TASK: waits = !e->free_tasks; break;
    case SIM_WAIT_WINDOW: waits = window_full_locked(e); break;
    case SIM_WAIT_DRAIN: waits = e->live > 0 && !e->shutdown; break;
    case SIM_WAIT_FINISHED: waits = !engine_finished(e); break;
    default: waits = 0; break;
    }
    pthread_mutex_unlock(&e->lock);
    return waits;
}

/* The free list, non-empty (see above). */
static hs_task *task_take_locked(void)
{
    while (!E.free_tasks) {
        if (E.failure != HETSCAL_ERR_NOMEM && tasks_grow_locked())
            break;
        hs_engine_fail_locked(HETSCAL_ERR_NOMEM);
        E.task_waiting = 1;
        E.sim_wait = SIM_WAIT_TASK;
        if (!run_inline_locked())
            pthread_cond_wait(&E.window_cv, &E.lock);
        E.task_waiting = 0;
    }
    hs_task *t = E.free_tasks;
    E.free_tasks = t->next;
    return t;
}

static void task_put_locked(hs_task *t)
{
    t->next = E.free_tasks;
    E.free_tasks = t;
    if (E.task_waiting)
        pthread_cond_signal(&E.window_cv);
}

/* Their cost is the cost model's to say (kernels/kernel_work.c knows them
 * by address): the runtime declares no work. */
const hs_task_kind hs_kind_fill = { "fill", 1, NULL };
const hs_task_kind hs_kind_write_back = { "write_back", 1, NULL };
const hs_task_kind hs_kind_copy = { "copy", 1, NULL };
const hs_task_kind hs_kind_send = { "send", 0, NULL };
const hs_task_kind hs_kind_recv = { "recv", 0, NULL };

hs_task *hs_task_new(int queue, hs_kernel kernel, const hs_task_kind *kind, int priority)
{
    pthread_mutex_lock(&E.lock);
    hs_task *t = task_take_locked();
    pthread_mutex_unlock(&E.lock);
    *t = (hs_task){ .engine = hs_engine_cur, .queue = queue, .kernel = kernel, .kind = kind,
                    .name = kind ? kind->name : "task", .priority = priority };   /* the rest zero */
    return t;
}

void hs_task_access(hs_task *t, hs_handle *h, int mode)
{
    /* Several copies of one task may be the one discard handle (dist.c's
     * sink): one access for them all, or the task would wait for itself.
     * The task is skipped, so its kernel never sees the missing operand. */
    for (int k = 0; h->discard && k < t->nacc; k++)
        if (t->acc[k].handle == h) {
            t->acc[k].mode |= mode;
            return;
        }
    hs_access *a = &t->acc[t->nacc++];
    a->handle = h;
    a->mode = mode;
    a->task = t;
}

void hs_task_submit(hs_task *t)
{
    pthread_mutex_lock(&E.lock);
    t->seq = E.seq++;
    t->pending = 1;
    for (int k = 0; k < t->nacc; k++)
        append_access(&t->acc[k]);
    E.live++;
    if (E.live > E.stats.max_live_tasks)
        E.stats.max_live_tasks = E.live;
    granted(t);
    pthread_mutex_unlock(&E.lock);
}

void hs_engine_window_wait(void)
{
    pthread_mutex_lock(&E.lock);
    E.sim_wait = SIM_WAIT_WINDOW;
    while (window_full_locked(hs_engine_cur))
        if (!run_inline_locked())
            pthread_cond_wait(&E.window_cv, &E.lock);
    pthread_mutex_unlock(&E.lock);
}

void hs_engine_drain_wait(void)
{
    pthread_mutex_lock(&E.lock);
    E.sim_wait = SIM_WAIT_DRAIN;
    while (E.live > 0 && !E.shutdown)
        if (!run_inline_locked())
            pthread_cond_wait(&E.window_cv, &E.lock);
    pthread_mutex_unlock(&E.lock);
}

void hs_engine_complete_locked(hs_task *t)
{
    for (int k = 0; k < t->nacc; k++)
        release_access(&t->acc[k]);
    E.live--;
    if (E.live < E.window || E.live == 0)
        pthread_cond_signal(&E.window_cv);
    if (E.live == 0 && E.gen_done)
        pthread_cond_broadcast(&E.comm_cv);
    task_put_locked(t);
}

void hs_engine_complete(hs_task *t)
{
    pthread_mutex_lock(&E.lock);
    hs_engine_complete_locked(t);
    pthread_mutex_unlock(&E.lock);
}

/* Status words are read and written atomically: a device copy whose
 * completion callback cannot be registered sets its output's status after
 * its successors were released to chain behind it on the device
 * (engine_devices.c, complete_after), so one of them may read the word as
 * it is written.  Either value is safe there (the failure also fails the
 * call); the access must not tear. */
int hs_task_input_status(const hs_task *t)
{
    int status = 0;
    for (int k = 0; k < t->nacc && !status; k++) {
        hs_handle *h = t->acc[k].handle;
        if (h->discard || (t->acc[k].mode & HS_R)) {
            double word;
            __atomic_load(hs_handle_status_word(h), &word, __ATOMIC_RELAXED);
            status = (int)word;
        }
    }
    return status;
}

void hs_task_set_output_status(hs_task *t, int status)
{
    double word = status;
    for (int k = 0; k < t->nacc; k++)
        if ((t->acc[k].mode & HS_W) && !t->acc[k].handle->discard)
            __atomic_store(hs_handle_status_word(t->acc[k].handle), &word, __ATOMIC_RELAXED);
}

/* Runs a host task: skipped when an input carries a status (unless the
 * task ignores statuses), which is then passed on to every written
 * handle. */
static void run_host_task(hs_task *t)
{
    int status = t->ignore_status ? 0 : hs_task_input_status(t);
    if (!status) {
        status = t->kernel(t, E.devs[0]);
        if (!status && t->finish)
            status = t->finish(t);
    } else {
        t->skipped = 1;
    }
    hs_task_set_output_status(t, status);
}

/* ---- threads ---------------------------------------------------------- */

/* Runs host task t popped by thread `track` (E.lock held on entry and
 * on return), with its busy time and trace span. */
static void run_popped_locked(hs_task *t, int track, int tracing)
{
    pthread_mutex_unlock(&E.lock);
    double t0 = hs_now();
    run_host_task(t);
    double t1 = hs_now(), busy = t1 - t0;
    if (tracing)
        hs_trace_span(track, t->name, t0, t1, t->tile, 0);
    pthread_mutex_lock(&E.lock);
    E.stats.busy_seconds += busy;
    E.stats.device_tasks[0] += !t->skipped;
    if (t->skipped)
        E.stats.tasks_skipped++;
    else
        E.stats.tasks_run++;
    hs_engine_complete_locked(t);
}

/* With no worker taking part (a call too small to share), the calling
 * thread runs the ready tasks itself wherever it would wait for them:
 * returns 1 when it ran one, or, driving the communication too, after a
 * pass of it (posting sends before the next task, so that they leave as
 * soon as their data is final; and waiting a little when nothing ran). */
static int run_inline_locked(void)
{
    if (E.sim && E.active) {
        /* Simulated: time moves only in the simulator. */
        pthread_mutex_unlock(&E.lock);
        E.sim->yield(E.sim->state);
        pthread_mutex_lock(&E.lock);
        return 1;
    }
    if (E.workers != 0 || !E.active)
        return 0;
    if (E.poll) {
        pthread_mutex_unlock(&E.lock);
        E.poll(E.poll_state, 0);
        pthread_mutex_lock(&E.lock);
    }
    hs_task *t = hs_heap_pop(&E.host);
    if (t) {
        run_popped_locked(t, HS_TRACE_CALLER_TRACK, E.tracing);
        return 1;
    }
    if (!E.poll)
        return 0;
    pthread_mutex_unlock(&E.lock);
    E.poll(E.poll_state, 1);
    pthread_mutex_lock(&E.lock);
    return 1;
}

static void *worker_main(void *arg)
{
    const hs_thread_slot *slot = arg;
    hs_engine_cur = slot->engine;
    hs_device_mark_runtime_thread();
    int index = slot->index, tracing = 0;
    hs_thread_name("worker", index);
    pthread_mutex_lock(&E.lock);
    while (!E.shutdown) {
        hs_task *t = NULL;
        if (index > E.workers) {
            /* Parked, so that a signal for work never wakes an idle one. */
            pthread_cond_wait(&E.park_cv, &E.lock);
            continue;
        }
        if (E.active) {
            t = hs_heap_pop(&E.host);
            tracing = E.tracing;
        }
        if (!t) {
            /* Idle: the communication loop may poll faster now (progress.c). */
            E.idle_workers++;
            pthread_cond_signal(&E.comm_cv);
            pthread_cond_wait(&E.work_cv, &E.lock);
            E.idle_workers--;
            continue;
        }
        run_popped_locked(t, index, tracing);
    }
    pthread_mutex_unlock(&E.lock);
    return NULL;
}

static void *generator_main(void *arg)
{
    hs_engine_cur = ((const hs_thread_slot *)arg)->engine;
    hs_device_mark_runtime_thread();
    hs_thread_name("generate", -1);
    pthread_mutex_lock(&E.lock);
    while (!E.shutdown) {
        if (!E.gen_pending) {
            pthread_cond_wait(&E.gen_cv, &E.lock);
            continue;
        }
        E.gen_pending = 0;
        pthread_mutex_unlock(&E.lock);
        E.gen_fn(E.gen_arg);
        pthread_mutex_lock(&E.lock);
        E.gen_done = 1;
        pthread_cond_broadcast(&E.comm_cv);
    }
    pthread_mutex_unlock(&E.lock);
    return NULL;
}

/* Starts the generator and enough workers; threads persist. */
static int start_threads(int workers)
{
    while (E.nthreads <= workers) {
        void *(*fn)(void *) = E.nthreads == 0 ? generator_main : worker_main;
        E.slot[E.nthreads] = (hs_thread_slot){ hs_engine_cur, E.nthreads };
        if (pthread_create(&E.thread[E.nthreads], NULL, fn, &E.slot[E.nthreads]) != 0)
            break;
        E.nthreads++;
    }
    return E.nthreads >= (workers > 0 ? 2 : 1) ? HETSCAL_SUCCESS : HETSCAL_ERR_NOMEM;
}

static hs_device *host_device;

static void open_host_device(void)
{
    host_device = hs_cpu_device_open();
}

int hs_engine_begin(const hs_engine_limits *limits)
{
    int err, workers = limits->workers, window = limits->window;
    if (workers < 0)
        workers = 0;
    if (workers > HS_MAX_WORKERS)
        workers = HS_MAX_WORKERS;
    if (!holding) {
        hs_engine_cur = engine_acquire();
        if (!hs_engine_cur)
            return HETSCAL_ERR_NOMEM;
        holding = 1;
    }
    pthread_mutex_lock(&E.lock);
    E.sim = limits->sim;
    if (E.sim)
        workers = 0;   /* the simulator's virtual workers run the tasks */
    err = E.sim ? HETSCAL_SUCCESS : start_threads(workers);
    int before = E.workers;
    E.workers = E.sim ? 0 : workers < E.nthreads - 1 ? workers : E.nthreads - 1;
    /* Fewer workers than last call: those beyond the new count still
     * waiting for work must park now, or a later signal for work could
     * wake one of them instead.  More: the parked ones that now take part
     * must wake.  The same count (the usual case) wakes nobody. */
    if (E.workers < before)
        pthread_cond_broadcast(&E.work_cv);
    if (E.workers > before)
        pthread_cond_broadcast(&E.park_cv);
    E.window = window < 2 ? 2 : window;
    E.copy_budget = limits->copy_budget;
    E.tracing = hs_trace_enabled();
    E.ndev = 1;
    if (limits->devs && limits->ndev > 1) {
        E.ndev = limits->ndev < HS_MAX_DEVICES ? limits->ndev : HS_MAX_DEVICES;
        for (int d = 0; d < E.ndev; d++)
            E.devs[d] = limits->devs[d];
    } else {
        /* The host alone: a device of our own for the host kernels
         * (stateless: every engine shares it). */
        static pthread_once_t once = PTHREAD_ONCE_INIT;
        pthread_once(&once, open_host_device);
        E.devs[0] = limits->devs ? limits->devs[0] : host_device;
        if (!E.devs[0])
            err = HETSCAL_ERR_NOMEM;
    }
    E.live = 0;
    E.seq = 0;
    E.gen_done = 0;
    E.gen_pending = 0;
    E.failure = 0;
    E.comm_head = E.comm_tail = NULL;
    memset(&E.stats, 0, sizeof E.stats);
    tasks_reset_locked();
    /* Nothing is allocated here: the ready queues grow as they fill
     * (ready_heap.h) and tasks from the free list, so that a rank short of
     * memory still takes part in every message its peers plan. */
    if (!err && E.ndev > 1 && !E.sim)
        err = hs_engine_devices_begin();
    E.active = !err;
    pthread_mutex_unlock(&E.lock);
    return err;
}

void hs_engine_generate(void (*generate)(void *arg), void *arg)
{
    pthread_mutex_lock(&E.lock);
    E.gen_fn = generate;
    E.gen_arg = arg;
    E.gen_pending = 1;
    pthread_cond_signal(&E.gen_cv);
    pthread_mutex_unlock(&E.lock);
}

void hs_engine_generate_here(void (*generate)(void *arg), void *arg)
{
    generate(arg);
    pthread_mutex_lock(&E.lock);
    E.gen_done = 1;
    pthread_cond_broadcast(&E.comm_cv);
    pthread_mutex_unlock(&E.lock);
}

static int finished_locked(void)
{
    return engine_finished(hs_engine_cur);
}

int hs_engine_finished(void)
{
    pthread_mutex_lock(&E.lock);
    int done = finished_locked();
    pthread_mutex_unlock(&E.lock);
    return done;
}

void hs_engine_wait_finished(void)
{
    pthread_mutex_lock(&E.lock);
    E.sim_wait = SIM_WAIT_FINISHED;
    while (!finished_locked())
        if (!run_inline_locked())
            pthread_cond_wait(&E.comm_cv, &E.lock);
    pthread_mutex_unlock(&E.lock);
}

void hs_engine_end(hs_engine_stats *stats)
{
    pthread_mutex_lock(&E.lock);
    E.active = 0;
    E.sim = NULL;
    E.poll = NULL;
    E.poll_state = NULL;
    if (stats)
        *stats = E.stats;
    hs_heap_free(&E.host);
    hs_engine_devices_end();
    tasks_free_chunks_locked();
    pthread_mutex_unlock(&E.lock);
}

hs_task *hs_engine_take_comm_tasks(void)
{
    pthread_mutex_lock(&E.lock);
    hs_task *list = E.comm_head;
    E.comm_head = E.comm_tail = NULL;
    pthread_mutex_unlock(&E.lock);
    return list;
}

void hs_engine_comm_sleep(int microseconds)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += (long)microseconds * 1000;
    ts.tv_sec += ts.tv_nsec / 1000000000;
    ts.tv_nsec %= 1000000000;
    pthread_mutex_lock(&E.lock);
    if (!E.comm_head && !finished_locked()) {
        if (microseconds > 0)
            pthread_cond_timedwait(&E.comm_cv, &E.lock, &ts);
        else
            pthread_cond_wait(&E.comm_cv, &E.lock);
    }
    pthread_mutex_unlock(&E.lock);
}

void hs_engine_set_poller(void (*poll)(void *state, int may_wait), void *state)
{
    pthread_mutex_lock(&E.lock);
    E.poll = poll;
    E.poll_state = state;
    pthread_mutex_unlock(&E.lock);
}

int hs_engine_idle_workers(void)
{
    pthread_mutex_lock(&E.lock);
    int idle = E.active ? E.idle_workers : 0;
    pthread_mutex_unlock(&E.lock);
    return idle;
}

void hs_engine_count_message(int sent, double bytes)
{
    pthread_mutex_lock(&E.lock);
    if (sent) {
        E.stats.messages_sent++;
        E.stats.bytes_sent += bytes;
    } else {
        E.stats.messages_received++;
    }
    pthread_mutex_unlock(&E.lock);
}

void hs_engine_fail_locked(int status)
{
    if (!E.failure)
        E.failure = status;
}

void hs_engine_fail(int status)
{
    pthread_mutex_lock(&E.lock);
    hs_engine_fail_locked(status);
    pthread_mutex_unlock(&E.lock);
}

int hs_engine_failure(void)
{
    return atomic_load(&E.failure);
}

static void engine_shutdown(void)
{
    pthread_mutex_lock(&E.lock);
    if (E.nthreads == 0 && !E.copy_started) {
        pthread_mutex_unlock(&E.lock);
        return;
    }
    E.shutdown = 1;
    pthread_cond_broadcast(&E.work_cv);
    pthread_cond_broadcast(&E.park_cv);
    pthread_cond_broadcast(&E.gen_cv);
    pthread_cond_broadcast(&E.window_cv);
    hs_engine_devices_wake_all();
    pthread_mutex_unlock(&E.lock);
    for (int k = 0; k < E.nthreads; k++)
        pthread_join(E.thread[k], NULL);
    hs_engine_devices_join();
    pthread_mutex_lock(&E.lock);
    E.nthreads = 0;
    E.shutdown = 0;
    pthread_mutex_unlock(&E.lock);
}

void hs_engine_shutdown(void)
{
    /* Engines other threads hold (their calls may be running) are left
     * alone; the free ones, and this thread's own outside a run, stop
     * their threads.  The pool itself stays. */
    hs_engine *mine = hs_engine_cur;
    pthread_mutex_lock(&pool_lock);
    for (hs_engine *e = pool; e; e = e->next) {
        int own = holding && e == mine && !e->active;
        if (e->in_use && !own)
            continue;
        e->in_use = 1;
        pthread_mutex_unlock(&pool_lock);
        hs_engine_cur = e;
        engine_shutdown();
        pthread_mutex_lock(&pool_lock);
        e->in_use = own;
    }
    pthread_mutex_unlock(&pool_lock);
    hs_engine_cur = mine;
}

void hs_engine_forget_threads(void)
{
    /* Without pool_lock either: the child is alone, the list consistent
     * (an engine is linked in after its next field is set). */
    for (hs_engine *e = pool; e; e = e->next) {
        e->nthreads = 0;
        e->copy_started = 0;
        for (int d = 0; d < HS_MAX_DEVICES; d++)
            e->dev[d].started = 0;
    }
}
