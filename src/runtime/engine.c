/* The per-rank dataflow engine (see engine.h): the pool of engines a
 * process keeps, the task-generation thread and the host worker threads,
 * and a call's lifecycle (begin, generate, finish, end, failure,
 * shutdown).  Handles and their access grants are in engine_handles.c,
 * the task pool, window and completion in engine_tasks.c, the
 * accelerators' threads in engine_devices.c.  One mutex guards all engine
 * state; kernels run outside it.  Idle threads sleep on condition
 * variables. */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "device/backends.h"
#include "include/hetscal.h"
#include "runtime/engine_impl.h"
#include "runtime/exchange.h"
#include "runtime/team.h"
#include "util/fifo.h"
#include "runtime/trace.h"
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
    pthread_cond_init(&e->xchg_cv, NULL);
    pthread_cond_init(&e->copy_cv, NULL);
    for (int d = 0; d < HS_MAX_DEVICES; d++)
        pthread_cond_init(&e->dev[d].cv, NULL), pthread_cond_init(&e->dev[d].driver_cv, NULL);
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
_Thread_local int hs_engine_holding;

hs_engine_hold hs_engine_hold_swap(hs_engine_hold next)
{
    hs_engine_hold was = { hs_engine_cur, hs_engine_holding };
    hs_engine_cur = next.engine;
    hs_engine_holding = next.holding;
    return was;
}

void hs_engine_release(void)
{
    if (hs_engine_holding) {
        hs_engine_holding = 0;
        pthread_mutex_lock(&pool_lock);
        hs_engine_cur->in_use = 0;
        pthread_mutex_unlock(&pool_lock);
    }
}

/* ---- threads ---------------------------------------------------------- */

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
        if (!t && E.team && !atomic_load(&E.team->closed)) {
            /* A kernel on the critical path shares its pieces
             * (runtime/team.h): help until it closes. */
            hs_team *team = E.team;
            atomic_fetch_add(&team->members, 1);
            pthread_mutex_unlock(&E.lock);
            hs_team_help(team);
            pthread_mutex_lock(&E.lock);
            continue;
        }
        if (!t) {
            /* Idle: the communication loop may poll faster now (progress.c). */
            E.idle_workers++;
            pthread_cond_signal(&E.comm_cv);
            pthread_cond_wait(&E.work_cv, &E.lock);
            E.idle_workers--;
            continue;
        }
        hs_engine_run_popped_locked(t, index, tracing);
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
    if (!hs_engine_holding) {
        hs_engine_cur = engine_acquire();
        if (!hs_engine_cur)
            return HETSCAL_ERR_NOMEM;
        hs_engine_holding = 1;
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
    E.copy_incoming = 0;
    E.team_wait = limits->team_wait;
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
    E.xchg_head = E.xchg_tail = NULL;
    memset(&E.stats, 0, sizeof E.stats);
    hs_engine_tasks_reset_locked();
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

int hs_engine_finished(void)
{
    pthread_mutex_lock(&E.lock);
    int done = hs_engine_finished_locked();
    pthread_mutex_unlock(&E.lock);
    return done;
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
    hs_engine_tasks_free_chunks_locked();
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
    if (!E.comm_head && !E.xchg_head && !hs_engine_finished_locked()) {
        if (microseconds > 0)
            pthread_cond_timedwait(&E.comm_cv, &E.lock, &ts);
        else
            pthread_cond_wait(&E.comm_cv, &E.lock);
    }
    pthread_mutex_unlock(&E.lock);
}

void hs_engine_exchange(hs_exchange *x)
{
    pthread_mutex_lock(&E.lock);
    HS_FIFO_APPEND(E.xchg_head, E.xchg_tail, x);
    pthread_cond_broadcast(&E.comm_cv);
    if (E.poll && pthread_equal(E.poll_thread, pthread_self())) {
        /* This thread runs the loop too (no workers); a device's driver
         * thread waits for it to. */
        void (*poll)(void *, int) = E.poll;
        void *state = E.poll_state;
        while (!x->done) {
            pthread_mutex_unlock(&E.lock);
            poll(state, 1);
            pthread_mutex_lock(&E.lock);
        }
    } else {
        while (!x->done)
            pthread_cond_wait(&E.xchg_cv, &E.lock);
    }
    pthread_mutex_unlock(&E.lock);
}

hs_exchange *hs_engine_take_exchanges(void)
{
    pthread_mutex_lock(&E.lock);
    hs_exchange *list = E.xchg_head;
    E.xchg_head = E.xchg_tail = NULL;
    pthread_mutex_unlock(&E.lock);
    return list;
}

void hs_engine_exchange_done(hs_exchange *x)
{
    pthread_mutex_lock(&E.lock);
    x->done = 1;
    pthread_cond_broadcast(&E.xchg_cv);
    pthread_mutex_unlock(&E.lock);
}

void hs_engine_set_poller(void (*poll)(void *state, int may_wait), void *state)
{
    pthread_mutex_lock(&E.lock);
    E.poll = poll;
    E.poll_state = state;
    E.poll_thread = pthread_self();
    pthread_mutex_unlock(&E.lock);
}

int hs_engine_idle_workers(void)
{
    pthread_mutex_lock(&E.lock);
    int idle = E.active ? E.idle_workers : 0;
    pthread_mutex_unlock(&E.lock);
    return idle;
}

void hs_engine_count_message(int sent, double bytes, int device, int prefix)
{
    pthread_mutex_lock(&E.lock);
    E.stats.device_messages += device != 0;
    if (sent) {
        E.stats.messages_sent++;
        E.stats.bytes_sent += bytes;
        E.stats.prefix_messages += prefix != 0;
    } else {
        E.stats.messages_received++;
    }
    pthread_mutex_unlock(&E.lock);
}

void hs_engine_count_receives_at_once(long n)
{
    pthread_mutex_lock(&E.lock);
    if (n > E.stats.receives_at_once)
        E.stats.receives_at_once = n;
    pthread_mutex_unlock(&E.lock);
}

void hs_engine_count_sends_reordered(long n)
{
    pthread_mutex_lock(&E.lock);
    E.stats.sends_reordered += n;
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
        int own = hs_engine_holding && e == mine && !e->active;
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
