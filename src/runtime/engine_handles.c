/* Handle memory and access grants (see engine.h): a handle's host,
 * pinned or device copy and its list of accesses in program order, which
 * grants them (readers together, writers alone, or chained behind work
 * posted to one GPU) and makes their tasks ready.  Apart from the task
 * pool and the threads because it works on the handles alone: the tasks
 * (engine_tasks.c) append and release their accesses through it.  The
 * engine lock is held unless a function takes it. */
#include "config.h"

#include <pthread.h>
#include <string.h>

#include "include/hetscal.h"
#include "runtime/device_memory.h"
#include "runtime/engine_impl.h"
#include "util/fifo.h"
#include "util/mem.h"

static double handle_bytes(const hs_handle *h)
{
    return (double)hs_host_copy_bytes(h->m, h->n, h->esize);
}

/* The values, whole doubles, and room for a received message's status
 * word (hs_message_words). */
static size_t device_bytes(int m, int n, int esize)
{
    return (hs_value_words(m, n, esize) + 1) * sizeof(double);
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
    h->ld = m;
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

hs_handle *hs_handle_new(int m, int n, int esize)
{
    /* A simulated copy has no data (nothing reads it), only its size. */
    size_t data = E.sim ? 0 : hs_host_copy_bytes(m, n, esize);
    hs_handle *h = hs_mem_alloc(HANDLE_ROOM + data);
    return h ? host_copy(h, E.sim ? NULL : (char *)h + HANDLE_ROOM, NULL, m, n, esize) : NULL;
}

hs_handle *hs_handle_new_pinned(hs_device *pin_dev, int m, int n, int esize)
{
    size_t bytes = hs_host_copy_bytes(m, n, esize);
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
    int sim = hs_engine_holding && E.sim;
    h->data = sim ? dev->ops->alloc(dev, device_bytes(m, n, esize))
                  : hs_devmem_get(dev, device_bytes(m, n, esize));
    if (!h->data) {
        hs_mem_free(h);
        return NULL;
    }
    h->m = m;
    h->ld = m;
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
    h->ld = m;
    h->n = n;
    h->esize = esize;
}

void hs_handle_wrap_in_place(hs_handle *h, void *data, int m, int n, int ld, int esize)
{
    hs_handle_wrap(h, data, m, n, esize);
    h->ld = ld;
    h->in_place = 1;
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
            hs_pinned_put(h->pinned_by, h->data, hs_host_copy_bytes(h->m, h->n, h->esize));
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
    if (E.sim && E.sim->ready)
        E.sim->ready(E.sim->state, t);
    if (t->queue == HS_Q_HOST) {
        /* A push that finds no memory keeps the task (ready_heap.h): the
         * call fails, every task still runs and every message flows. */
        if (hs_heap_push(&E.host, t) != HETSCAL_SUCCESS)
            hs_engine_fail_locked(HETSCAL_ERR_NOMEM);
        if (E.workers > 0) {
            pthread_cond_signal(&E.work_cv);
        } else {
            /* The calling thread runs host tasks (run_inline_locked,
             * engine_tasks.c); it waits on one of these when a device
             * thread readies one. */
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

void hs_engine_granted(hs_task *t)
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
 * with its event known, and device tasks only on a's stream), and a is a
 * device task of that device: it may go behind them (engine.h). */
static int can_chain(const hs_handle *h, const hs_access *a)
{
    return a->task->queue == HS_Q_DEVICE && h->posted > 0 && h->posted_dev == a->task->device
           && (h->posted_stream == HS_NSTREAMS || h->posted_stream == a->task->stream)
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
void hs_engine_append_access(hs_access *a)
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
        hs_engine_granted(w->task);
        if (w->mode != HS_R)
            break;
    }
}

/* FIRE for one access: release it and grant what may follow. */
void hs_engine_release_access(hs_access *a)
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
        if (h->posted == 0) {
            h->posted_dev = device;
            h->posted_stream = HS_NSTREAMS;
        } else if (h->posted_dev != device) {
            h->posted_dev = -1;   /* readers on two devices: no chaining */
        }
        if (!copy)   /* readers on both compute streams: no chaining */
            h->posted_stream = h->posted_stream == HS_NSTREAMS || h->posted_stream == t->stream
                                   ? t->stream : -1;
        h->posted++;
        if (copy)
            h->copy_event = h->posted_copies++ == 0 ? t->event : NULL;
    }
    for (int k = 0; k < t->nacc; k++)
        grant_waiting(t->acc[k].handle);
}
