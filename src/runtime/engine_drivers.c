/* Driven device tasks (engine.h, hs_task_kind.drives_device): a kind
 * whose kernel issues its device work itself and waits for it, possibly
 * for other ranks in between (a spread LU panel's part, which waits on its
 * peers' records between its kernels), runs on the accelerator's driver
 * thread, on the driver stream (device.h), never on the management
 * thread: that thread only enqueues, and a kernel waiting there would
 * stall every other kernel of the device, which the part's peers may be
 * waiting for.  The thread takes its device's ready driven tasks in
 * priority order, one at a time; the copies a task was chained behind
 * are waited for on the host before its kernel runs, and the task is
 * complete when its kernel returns (its outputs are then on the device):
 * no callback, no stream to chain behind. */
#include "config.h"

#include "include/hetscal.h"
#include "runtime/engine_impl.h"
#include "runtime/trace.h"
#include "util/clock.h"

void hs_engine_driven_ready_locked(hs_task *t)
{
    hs_engine_device *ed = &E.dev[t->device];
    if (hs_heap_push(&ed->driven, t) != HETSCAL_SUCCESS)
        hs_engine_fail_locked(HETSCAL_ERR_NOMEM);   /* the task is kept */
    pthread_cond_signal(&ed->driver_cv);
}

static void run_driven(hs_task *t, hs_device *dev)
{
    int status = t->ignore_status ? 0 : hs_task_input_status(t);
    t->t_posted = hs_now();
    if (status) {
        t->skipped = 1;
    } else {
        for (int k = 0; k < t->nacc && !status; k++)
            if (t->wait[k])
                status = dev->ops->event_wait(dev, t->wait[k]);
        if (!status)
            status = t->kernel(t, dev);
        /* A kernel that failed may have left work queued on its data. */
        if (status)
            (void)dev->ops->synchronize(dev);
        if (status < 0)
            hs_engine_fail(status);
    }
    hs_task_set_output_status(t, status);
    double t_done = hs_now();
    pthread_mutex_lock(&E.lock);
    if (t->skipped)
        E.stats.tasks_skipped++;
    else
        E.stats.tasks_run++, E.stats.device_tasks[t->device]++;
    if (E.tracing)
        hs_trace_span(HS_TRACE_DEVICE_TRACK + t->device, t->name, t->t_posted, t_done, t->tile,
                      0);
    hs_engine_complete_locked(t);
    pthread_mutex_unlock(&E.lock);
}

static hs_task *pop_driven_locked(int d)
{
    return hs_heap_pop(&E.dev[d].driven);
}

static void wait_driven_locked(int d)
{
    pthread_cond_wait(&E.dev[d].driver_cv, &E.lock);
}

static void *driver_main(void *arg)
{
    hs_engine_device_loop(arg, "gpudrv", pop_driven_locked, wait_driven_locked, run_driven);
    return NULL;
}

int hs_engine_drivers_begin(void)
{
    for (int d = 1; d < E.ndev; d++) {
        hs_engine_device *ed = &E.dev[d];
        if (ed->driver_started)
            continue;
        /* E.dev_slot[d] is the management thread's, set before it started */
        if (pthread_create(&ed->driver, NULL, driver_main, &E.dev_slot[d]) != 0)
            return HETSCAL_ERR_NOMEM;
        ed->driver_started = 1;
    }
    return 0;
}

void hs_engine_drivers_end(void)
{
    for (int d = 1; d < HS_MAX_DEVICES; d++)
        hs_heap_free(&E.dev[d].driven);
}

void hs_engine_drivers_wake_all(void)
{
    for (int d = 1; d < HS_MAX_DEVICES; d++)
        if (E.dev[d].driver_started)
            pthread_cond_broadcast(&E.dev[d].driver_cv);
}

void hs_engine_drivers_join(void)
{
    for (int d = 1; d < HS_MAX_DEVICES; d++) {
        hs_engine_device *ed = &E.dev[d];
        if (!ed->driver_started)
            continue;
        pthread_join(ed->driver, NULL);
        pthread_cond_destroy(&ed->driver_cv);
        hs_heap_free(&ed->driven);
        ed->driver_started = 0;
    }
}
