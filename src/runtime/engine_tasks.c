/* Tasks (see engine.h): the pool their structs come from, their
 * submission and completion, the window, and the waits of the inserting
 * thread, which runs ready tasks itself while it waits when no worker
 * takes part.  Apart from the threads and the lifecycle (engine.c)
 * because the free list and what a simulated generator waits for are
 * touched here alone: engine.c only resets the pool at a call's begin and
 * end, and its workers run a popped task as the waiting thread does. */
#include "config.h"

#include <pthread.h>

#include "include/hetscal.h"
#include "runtime/engine_impl.h"
#include "runtime/trace.h"
#include "util/clock.h"
#include "util/fork_guard.h"
#include "util/mem.h"

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
 * 1 + 5 * HS_MAX_ACCESSES = 91 (dist.c waits for the window before each
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
void hs_engine_tasks_reset_locked(void)
{
    E.free_tasks = NULL;
    for (int k = HS_RESERVE_TASKS - 1; k >= 0; k--) {
        E.reserve_tasks[k].next = E.free_tasks;
        E.free_tasks = &E.reserve_tasks[k];
    }
    E.ntasks = HS_RESERVE_TASKS;
}

/* End of a call (lock held, nothing live). */
void hs_engine_tasks_free_chunks_locked(void)
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
    return (e->live >= e->window
            || (e->copy_bytes + e->copy_incoming > e->copy_budget && e->live > 0))
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
const hs_task_kind hs_kind_fill = { .name = "fill", .nacc = 1 };
const hs_task_kind hs_kind_write_back = { .name = "write_back", .nacc = 1 };
const hs_task_kind hs_kind_copy = { .name = "copy", .nacc = 1 };
const hs_task_kind hs_kind_send = { .name = "send", .nacc = 0 };
const hs_task_kind hs_kind_recv = { .name = "recv", .nacc = 0 };
const char *const hs_copy_dir_name[3] = { "h2d", "d2h", "d2d" };

hs_task *hs_task_new(int queue, hs_kernel kernel, const hs_task_kind *kind, int priority)
{
    pthread_mutex_lock(&E.lock);
    hs_task *t = task_take_locked();
    pthread_mutex_unlock(&E.lock);
    *t = (hs_task){ .queue = queue, .kernel = kernel, .kind = kind,
                    .name = kind ? kind->name : "task", .priority = priority,
                    .stream = HS_STREAM_COMPUTE };   /* the rest zero */
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
        hs_engine_append_access(&t->acc[k]);
    E.live++;
    if (E.live > E.stats.max_live_tasks)
        E.stats.max_live_tasks = E.live;
    hs_engine_granted(t);
    pthread_mutex_unlock(&E.lock);
}

void hs_engine_window_wait(double incoming_bytes)
{
    pthread_mutex_lock(&E.lock);
    E.sim_wait = SIM_WAIT_WINDOW;
    E.copy_incoming = incoming_bytes;
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

int hs_engine_finished_locked(void)
{
    return engine_finished(hs_engine_cur);
}

void hs_engine_wait_finished(void)
{
    pthread_mutex_lock(&E.lock);
    E.sim_wait = SIM_WAIT_FINISHED;
    while (!hs_engine_finished_locked())
        if (!run_inline_locked())
            pthread_cond_wait(&E.comm_cv, &E.lock);
    pthread_mutex_unlock(&E.lock);
}


void hs_engine_complete_locked(hs_task *t)
{
    for (int k = 0; k < t->nacc; k++)
        hs_engine_release_access(&t->acc[k]);
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
        hs_fork_guard_enter();
        status = t->kernel(t, E.devs[0]);
        if (!status && t->finish)
            status = t->finish(t);
        hs_fork_guard_leave();
    } else {
        t->skipped = 1;
    }
    hs_task_set_output_status(t, status);
}

/* ---- host tasks popped by a worker or the waiting thread -------------- */

/* Runs host task t popped by thread `track` (E.lock held on entry and
 * on return), with its busy time and trace span. */
void hs_engine_run_popped_locked(hs_task *t, int track, int tracing)
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
        hs_engine_run_popped_locked(t, HS_TRACE_CALLER_TRACK, E.tracing);
        return 1;
    }
    if (!E.poll)
        return 0;
    pthread_mutex_unlock(&E.lock);
    E.poll(E.poll_state, 1);
    pthread_mutex_lock(&E.lock);
    return 1;
}
