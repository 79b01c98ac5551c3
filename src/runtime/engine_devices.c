/* Accelerators in the engine: one management thread per accelerator runs
 * its ready tasks (HS_Q_DEVICE) by enqueueing their kernels on the
 * device's compute stream, or its urgent one for the panels' chain
 * (t->stream, device.h), and one device-copy thread moves tiles between
 * host and accelerators (HS_Q_COPY) on the devices' in- and out-streams.
 * Neither waits for the device: a completion callback finishes the task,
 * so a thread keeps feeding its streams while earlier work runs, and
 * sleeps when it has nothing to enqueue, or when its compute streams hold
 * enough already (hs_device_queue_depth, engine_impl.h; each stream its
 * own count, so an urgent task never waits for room behind the compute
 * stream's queue).  A task is enqueued once every earlier task that reads
 * or writes its handles has completed, or is on the same stream already,
 * or is a copy to or from the same device already on its copy stream
 * (chained, engine.h): the stream orders the first, and the task's
 * stream waits for the copy's event (recorded after each copy, kept until
 * the call ends).
 *
 * A device that fails for good (a sticky CUDA error) never runs the
 * callbacks queued on it: while tasks wait for one, the management thread
 * wakes up every HEALTH_CHECK_MS to ask the device, and if it is broken
 * fails the call and finishes those tasks itself, their outputs carrying
 * the error, so that every rank learns of it and nothing waits forever. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "include/hetscal.h"
#include "runtime/engine_impl.h"
#include "runtime/trace.h"
#include "util/clock.h"
#include "util/thread_name.h"

void hs_engine_devices_ready(hs_task *t)
{
    /* A push that finds no memory keeps the task (ready_heap.h) and fails
     * the call. */
    if (t->queue == HS_Q_COPY) {
        if (hs_heap_push(&E.copies, t) != HETSCAL_SUCCESS)
            hs_engine_fail_locked(HETSCAL_ERR_NOMEM);
        pthread_cond_signal(&E.copy_cv);
    } else if (t->stream == HS_STREAM_DRIVER) {
        hs_engine_driven_ready_locked(t);
    } else {
        hs_engine_device *ed = &E.dev[t->device];
        if (hs_heap_push(&ed->ready[hs_stream_lane(t->stream)], t) != HETSCAL_SUCCESS)
            hs_engine_fail_locked(HETSCAL_ERR_NOMEM);
        pthread_cond_signal(&ed->cv);
    }
}

/* ---- completion ------------------------------------------------------- */

static void finish_locked(hs_task *t, double t_done)
{
    if (t->queue == HS_Q_COPY) {
        hs_handle *src = t->acc[0].handle;
        int dir = hs_copy_task_dir(t);
        double bytes = (double)src->m * src->n * src->esize;
        if (!t->skipped) {
            *(dir == HS_COPY_H2D ? &E.stats.copies_h2d
              : dir == HS_COPY_D2H ? &E.stats.copies_d2h : &E.stats.copies_d2d) += 1;
            *(dir == HS_COPY_H2D ? &E.stats.bytes_h2d
              : dir == HS_COPY_D2H ? &E.stats.bytes_d2h : &E.stats.bytes_d2d) += bytes;
        }
        if (E.tracing)
            hs_trace_span(HS_TRACE_COPY_TRACK, hs_copy_dir_name[dir], t->t_posted, t_done,
                          t->tile, (long)bytes);
    } else {
        hs_engine_device *ed = &E.dev[t->device];
        /* Kernels of one stream run in order: a task's run starts when it
         * was enqueued or when the previous one finished, whichever is later. */
        double *last = &ed->last_done[hs_stream_lane(t->stream)];
        double start = t->t_posted > *last ? t->t_posted : *last;
        E.stats.device_busy_seconds += t_done - start;
        ed->task_seconds = hs_device_task_average(ed->task_seconds, t_done - start);
        *last = t_done;
        if (t->skipped)
            E.stats.tasks_skipped++;
        else
            E.stats.tasks_run++, E.stats.device_tasks[t->device]++,
            E.stats.urgent += t->stream == HS_STREAM_URGENT;
        if (E.tracing)
            hs_trace_span(HS_TRACE_DEVICE_TRACK + t->device, t->name, start, t_done, t->tile, 0);
    }
    hs_engine_complete_locked(t);
}

enum { HEALTH_CHECK_MS = 20 };

/* What a completion callback is handed: not the task, which the health
 * check may have finished (and the pool handed out again) before a
 * callback already running on the failing device gets the lock, but a
 * record of this one post that outlives the task: its engine, the task
 * while it is still listed, and whether the callback can no longer come
 * (it returned, or was never registered). */
typedef struct hs_device_post {
    hs_engine *engine;
    hs_task *task;               /* under E.lock; NULL once unlisted */
    int over;                    /* under E.lock */
    int kernel_info;             /* the device work's status word
                                    (hs_task_info_slot) */
    struct hs_device_post *next_free;   /* over: E.free_posts' link */
} hs_device_post;

enum { POSTS_PER_CHUNK = 128 };

struct hs_post_chunk {
    struct hs_post_chunk *next;
    int used;
    hs_device_post post[POSTS_PER_CHUNK];
};

/* A record for t's post; NULL if there is no memory for one.  A record
 * whose callback returned (or was never registered) is reused: nothing
 * reads it any more, so the records stay as many as the posts in flight. */
static hs_device_post *new_post_locked(hs_task *t)
{
    hs_device_post *post = E.free_posts;
    if (post) {
        E.free_posts = post->next_free;
        *post = (hs_device_post){ hs_engine_cur, t, 0, 0, NULL };
        return post;
    }
    struct hs_post_chunk *c = E.posts;
    if (!c || c->used == POSTS_PER_CHUNK) {
        c = malloc(sizeof *c);
        if (!c)
            return NULL;
        c->next = E.posts;
        c->used = 0;
        E.posts = c;
    }
    post = &c->post[c->used++];
    *post = (hs_device_post){ hs_engine_cur, t, 0, 0, NULL };
    return post;
}

int *hs_task_info_slot(hs_task *t)
{
    return t->post ? &t->post->kernel_info : &t->kernel_info;
}

/* No callback will read post any more. */
static void post_over_locked(hs_device_post *post)
{
    post->over = 1;
    post->next_free = E.free_posts;
    E.free_posts = post;
}

/* At the end of a call: the records are freed, except the chunks holding
 * one whose callback may yet read it (a device that failed for good may
 * still run a callback it had started; the health check finished its
 * task).  Those stay, reachable, for as long as the engine. */
static void release_posts_locked(void)
{
    E.free_posts = NULL;
    while (E.posts) {
        struct hs_post_chunk *c = E.posts;
        E.posts = c->next;
        int pending = 0;
        for (int k = 0; k < c->used && !pending; k++)
            pending = !c->post[k].over;
        if (pending) {
            c->next = E.orphan_posts;
            E.orphan_posts = c;
        } else {
            free(c);
        }
    }
}

/* Takes t off its device's in-flight list; 0 if it was not there (the
 * health check finished it already). */
static int unlist_locked(hs_task *t)
{
    if (!t->inflight_dev)
        return 0;
    hs_task **link = &E.dev[t->inflight_dev].inflight;
    while (*link && *link != t)
        link = &(*link)->next;
    if (*link)
        *link = t->next;
    if (t->queue != HS_Q_COPY) {
        /* Room on its compute stream: the management thread may go on. */
        E.dev[t->inflight_dev].queued[hs_stream_lane(t->stream)]--;
        pthread_cond_signal(&E.dev[t->inflight_dev].cv);
    }
    t->next = NULL;
    t->inflight_dev = 0;
    t->post->task = NULL;
    t->post = NULL;
    return 1;
}

/* Device completion callback: runs on a device-owned thread, calls no
 * device operation.  The post's engine never changes after it was made. */
static void done_callback(void *arg)
{
    hs_device_post *post = arg;
    double t_done = hs_now();
    hs_engine_cur = post->engine;   /* a thread of the device */
    pthread_mutex_lock(&E.lock);
    hs_task *t = post->task;
    if (t) {
        if (t->finish)
            t->kernel_info = post->kernel_info;
        unlist_locked(t);
        int status = t->finish && !t->skipped ? t->finish(t) : 0;
        if (status)
            hs_task_set_output_status(t, status);
        finish_locked(t, t_done);
    }
    post_over_locked(post);
    pthread_mutex_unlock(&E.lock);
}

/* Keeps a copy's event until the call ends (hs_engine_devices_end frees
 * them): chained tasks may wait on it after the copy has finished.  0 if
 * there is no room (then nothing chains behind the copy). */
static int keep_event_locked(hs_device *dev, hs_event *ev)
{
    if (E.nevents == E.cap_events) {
        int cap = E.cap_events ? 2 * E.cap_events : 256;
        struct hs_kept_event *events = realloc(E.events, (size_t)cap * sizeof *events);
        if (!events)
            return 0;
        E.events = events;
        E.cap_events = cap;
    }
    E.events[E.nevents++] = (struct hs_kept_event){ dev, ev };
    return 1;
}

/* After enqueueing t's work on `stream` of dev: completion through a
 * callback, or, if that cannot be registered or the work failed to
 * enqueue, once the device is idle (nothing may still use t's data). */
static void complete_after(hs_task *t, hs_device *dev, int stream, int status)
{
    int made_before = t->post != NULL;   /* for a finish function's status word */
    /* A copy: an event after it, for the tasks that chain behind it. */
    hs_event *ev = NULL;
    if (!status && !t->skipped && !hs_stream_computes(stream) &&
        dev->ops->event_record(dev, stream, &ev))
        ev = NULL;
    if (!status && !t->skipped) {
        pthread_mutex_lock(&E.lock);
        /* A task with a finish function without its record (no memory for
         * one before its kernel, which then wrote into the task) is
         * finished once the device is idle, below. */
        hs_device_post *post = made_before ? t->post : t->finish ? NULL : new_post_locked(t);
        if (post) {
            t->inflight_dev = dev->index;
            t->post = post;
            t->next = E.dev[dev->index].inflight;
            E.dev[dev->index].inflight = t;
            if (t->queue != HS_Q_COPY)
                E.dev[dev->index].queued[hs_stream_lane(stream)]++;
        }
        if (ev && keep_event_locked(dev, ev)) {
            t->event = ev;
            ev = NULL;
        }
        /* Successors here may follow at once, unless t's status is only
         * known at its completion (hs_finish). */
        if ((hs_stream_computes(stream) || t->event) && !t->finish)
            hs_engine_posted_locked(t, dev->index);
        /* The management thread may sleep untimed (nothing was in flight
         * there, a copy thread's task now is): it must watch this one. */
        pthread_cond_signal(&E.dev[dev->index].cv);
        pthread_mutex_unlock(&E.lock);
        if (ev)
            dev->ops->event_free(dev, ev);   /* not kept: nothing chains behind t */
        if (post) {
            status = dev->ops->callback(dev, stream, done_callback, post);
            if (!status)
                return;
            pthread_mutex_lock(&E.lock);
            /* Unless the health check finished t (and t may be another
             * task by now). */
            int listed = post->task != NULL;
            if (listed)
                unlist_locked(t);
            /* Never registered; but the device work may still write the
             * status word of a record made before it (left to the end). */
            if (!made_before)
                post_over_locked(post);
            pthread_mutex_unlock(&E.lock);
            if (!listed)
                return;   /* the health check finished it meanwhile */
            hs_task_set_output_status(t, status);
        } else {
            /* No record for a callback: finished once the device is idle,
             * its status word read then. */
            status = dev->ops->synchronize(dev);
            if (!status && t->finish)
                status = t->finish(t);
            if (status)
                hs_task_set_output_status(t, status);
        }
    }
    if (status && !t->skipped) {
        (void)dev->ops->synchronize(dev);
        if (status < 0)
            hs_engine_fail(status);
    }
    double t_done = hs_now();
    pthread_mutex_lock(&E.lock);
    finish_locked(t, t_done);
    pthread_mutex_unlock(&E.lock);
}

/* Management thread of accelerator d, E.lock held, tasks in flight there:
 * asks the device (lock released meanwhile); if it failed for good, fails
 * the call and finishes its in-flight tasks with the error. */
static void check_health_locked(int d)
{
    hs_device *dev = E.devs[d];
    if (!dev->ops->health || E.dev[d].broken)
        return;
    pthread_mutex_unlock(&E.lock);
    int status = dev->ops->health(dev);
    pthread_mutex_lock(&E.lock);
    if (!status)
        return;
    E.dev[d].broken = 1;
    hs_engine_fail_locked(status);
    /* Work the device had started before it failed may still be running
     * (a kernel, a host function): wait for what the device lets us wait
     * for before its tasks' data can be released (lock released: a
     * callback already running needs it). */
    pthread_mutex_unlock(&E.lock);
    (void)dev->ops->synchronize(dev);
    pthread_mutex_lock(&E.lock);
    double t_done = hs_now();
    while (E.dev[d].inflight) {
        hs_task *t = E.dev[d].inflight;
        unlist_locked(t);
        hs_task_set_output_status(t, status);
        finish_locked(t, t_done);
    }
}

/* Waits on the device's condition variable, for at most HEALTH_CHECK_MS
 * while tasks are in flight there (then checks the device). */
static void device_wait_locked(int d)
{
    hs_engine_device *ed = &E.dev[d];
    if (!ed->inflight) {
        pthread_cond_wait(&ed->cv, &E.lock);
        return;
    }
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += HEALTH_CHECK_MS * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    if (pthread_cond_timedwait(&ed->cv, &E.lock, &until) == ETIMEDOUT && ed->inflight)
        check_health_locked(d);
}

/* ---- threads ---------------------------------------------------------- */

static void run_device_task(hs_task *t, hs_device *dev)
{
    int status = hs_task_input_status(t);
    t->t_posted = hs_now();
    if (status) {
        t->skipped = 1;
    } else {
        /* Chained behind copies still on their streams: the compute
         * stream waits for them on the device. */
        for (int k = 0; k < t->nacc && !status; k++)
            if (t->wait[k])
                status = dev->ops->stream_wait(dev, t->stream, t->wait[k]);
        if (!status && t->finish) {
            /* The kernel's device work writes its status word into the
             * post's record, which outlives t should the health check
             * finish t before that work has run (hs_task_info_slot). */
            pthread_mutex_lock(&E.lock);
            t->post = new_post_locked(t);
            pthread_mutex_unlock(&E.lock);
        }
        if (!status)
            status = t->kernel(t, dev);
    }
    if (status && t->post) {
        /* Not listed: its record stays unreused (the work that failed to
         * enqueue may have enqueued a write of its status word). */
        pthread_mutex_lock(&E.lock);
        t->post->task = NULL;
        t->post = NULL;
        pthread_mutex_unlock(&E.lock);
    }
    hs_task_set_output_status(t, status);
    complete_after(t, dev, t->stream, t->skipped ? 0 : status);
}

/* The next task to enqueue: the urgent stream's first, then the compute
 * stream's, each while its stream has room (hs_device_queue_depth). */
static hs_task *next_device_task_locked(hs_engine_device *ed)
{
    int depth = hs_device_queue_depth(ed->task_seconds);
    for (int l = HS_LANES - 1; l >= 0; l--)
        if (ed->queued[l] < depth) {
            hs_task *t = hs_heap_pop(&ed->ready[l]);
            if (t)
                return t;
        }
    return NULL;
}

void hs_engine_device_loop(const hs_thread_slot *slot, const char *name,
                           hs_task *(*pop_locked)(int d), void (*wait_locked)(int d),
                           void (*run)(hs_task *t, hs_device *dev))
{
    hs_engine_cur = slot->engine;
    hs_device_mark_runtime_thread();
    int d = slot->index;
    hs_thread_name(name, d);
    pthread_mutex_lock(&E.lock);
    while (!E.shutdown) {
        hs_task *t = E.active && d < E.ndev ? pop_locked(d) : NULL;
        if (!t) {
            wait_locked(d);
            continue;
        }
        hs_device *dev = E.devs[d];
        pthread_mutex_unlock(&E.lock);
        run(t, dev);
        pthread_mutex_lock(&E.lock);
    }
    pthread_mutex_unlock(&E.lock);
}

static hs_task *pop_device_task_locked(int d)
{
    return next_device_task_locked(&E.dev[d]);
}

static void *device_main(void *arg)
{
    hs_engine_device_loop(arg, "gpu", pop_device_task_locked, device_wait_locked,
                          run_device_task);
    return NULL;
}

/* One copy: acc 0 the source, acc 1 the destination; between the host
 * and an accelerator on the accelerator's in- or out-stream, or from one
 * accelerator to another (peer) on the destination's in-stream. */
static void run_copy(hs_task *t)
{
    hs_handle *src = t->acc[0].handle, *dst = t->acc[1].handle;
    int dir = hs_copy_task_dir(t);
    hs_device *dev = dir == HS_COPY_D2H ? src->dev : dst->dev;
    int stream = dir == HS_COPY_D2H ? HS_STREAM_OUT : HS_STREAM_IN;
    int status = hs_task_input_status(t);

    t->t_posted = hs_now();
    hs_copy_prefix(t);
    if (status)
        t->skipped = 1;
    else if (dir == HS_COPY_D2D)
        status = dev->ops->peer_copy(dev, stream, src->dev, src->data, dst->data,
                                     (size_t)src->m * (size_t)src->n * (size_t)src->esize);
    else
        status = dev->ops->copy(dev, stream, dir, src->m, src->n, src->esize, src->data, src->ld,
                                dst->data, dst->ld);
    hs_task_set_output_status(t, status);
    complete_after(t, dev, stream, t->skipped ? 0 : status);
}

static void *copy_main(void *arg)
{
    hs_engine_cur = arg;
    hs_device_mark_runtime_thread();
    hs_thread_name("copy", -1);
    pthread_mutex_lock(&E.lock);
    while (!E.shutdown) {
        hs_task *t = E.active ? hs_heap_pop(&E.copies) : NULL;
        if (!t) {
            pthread_cond_wait(&E.copy_cv, &E.lock);
            continue;
        }
        pthread_mutex_unlock(&E.lock);
        run_copy(t);
        pthread_mutex_lock(&E.lock);
    }
    pthread_mutex_unlock(&E.lock);
    return NULL;
}

int hs_engine_devices_begin(void)
{
    int err = HETSCAL_SUCCESS;
    if (!E.copy_started) {
        if (pthread_create(&E.copy_thread, NULL, copy_main, hs_engine_cur) == 0)
            E.copy_started = 1;
        else
            err = HETSCAL_ERR_NOMEM;
    }
    for (int d = 1; d < E.ndev && !err; d++) {
        hs_engine_device *ed = &E.dev[d];
        ed->last_done[0] = ed->last_done[1] = 0;
        ed->task_seconds = 0;
        ed->broken = 0;
        if (ed->started)
            continue;
        E.dev_slot[d] = (hs_thread_slot){ hs_engine_cur, d };
        if (pthread_create(&ed->thread, NULL, device_main, &E.dev_slot[d]) == 0)
            ed->started = 1;
        else
            err = HETSCAL_ERR_NOMEM;
    }
    return err ? err : hs_engine_drivers_begin();
}

void hs_engine_devices_end(void)
{
    /* Every task has finished: no stream waits for these any more. */
    for (int k = 0; k < E.nevents; k++)
        E.events[k].dev->ops->event_free(E.events[k].dev, E.events[k].ev);
    free(E.events);
    E.events = NULL;
    E.nevents = E.cap_events = 0;
    release_posts_locked();
    hs_heap_free(&E.copies);
    hs_engine_drivers_end();
    for (int d = 1; d < HS_MAX_DEVICES; d++)
        for (int l = 0; l < HS_LANES; l++)
            hs_heap_free(&E.dev[d].ready[l]);
}

void hs_engine_devices_wake_all(void)
{
    hs_engine_drivers_wake_all();
    pthread_cond_broadcast(&E.copy_cv);
    for (int d = 1; d < HS_MAX_DEVICES; d++)
        if (E.dev[d].started)
            pthread_cond_broadcast(&E.dev[d].cv);
}

void hs_engine_devices_join(void)
{
    hs_engine_drivers_join();
    if (E.copy_started) {
        pthread_join(E.copy_thread, NULL);
        E.copy_started = 0;
    }
    hs_heap_free(&E.copies);
    for (int d = 1; d < HS_MAX_DEVICES; d++) {
        hs_engine_device *ed = &E.dev[d];
        if (!ed->started)
            continue;
        pthread_join(ed->thread, NULL);
        pthread_cond_destroy(&ed->cv);
        for (int l = 0; l < HS_LANES; l++)
            hs_heap_free(&ed->ready[l]);
        ed->started = 0;
    }
}
