/* Events: a record is a marker in its stream's FIFO; the event is done
 * when the marker of its latest record has run (re-recording replaces the
 * pending record).  Waits on a stream hold a reference, so an event may be
 * destroyed while pending. */
#include <stdlib.h>

#include "standin.h"

static void check_event(const char *call, cudaEvent_t e)
{
    if (!standin_set_has(&standin_events, e))
        standin_die("unknown or destroyed event", "%s on event %p", call, (void *)e);
}

/* standin_enter_locked, then e checked. */
static cudaError_t enter_with_event(const char *call, cudaEvent_t e)
{
    cudaError_t err = standin_enter_locked(call);
    if (err == cudaSuccess)
        check_event(call, e);
    return err;
}

void standin_event_release(cudaEvent_t e)
{
    if (--e->refs == 0)
        free(e);
}

static int event_done(cudaEvent_t e)
{
    return e->completed >= e->recorded;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
    cudaError_t err = standin_enter("cudaEventCreateWithFlags");
    if (err || (err = standin_context("cudaEventCreateWithFlags")))
        return err;
    if (!event || (flags & ~(unsigned)(cudaEventBlockingSync | cudaEventDisableTiming)))
        return standin_error(cudaErrorInvalidValue, "invalid argument",
                             "cudaEventCreateWithFlags: event %p, flags %#x", (void *)event,
                             flags);
    cudaEvent_t e = calloc(1, sizeof *e);
    if (!e)
        return standin_result(cudaErrorMemoryAllocation);
    e->device = standin_current();
    e->flags = flags;
    e->refs = 1;
    pthread_mutex_lock(&standin_lock);
    standin_set_add(&standin_events, e);
    pthread_mutex_unlock(&standin_lock);
    *event = e;
    return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *event)
{
    return cudaEventCreateWithFlags(event, cudaEventDefault);
}

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    cudaError_t err = standin_enter("cudaEventDestroy");
    pthread_mutex_lock(&standin_lock);
    check_event("cudaEventDestroy", event);
    standin_set_remove(&standin_events, event);
    event->destroyed = 1;
    standin_event_release(event);
    pthread_mutex_unlock(&standin_lock);
    return err;
}

static void finish_record(standin_op *op)
{
    cudaEvent_t e = op->u.event.event;
    if (op->u.event.generation > e->completed) {
        e->completed = op->u.event.generation;
        e->when_ms = standin_now_ms();
    }
}

/* A stream waiting for an event of a failed device goes on (the stand-in
 * must not hang; CUDA leaves this case undefined). */
static int wait_ready(standin_op *op)
{
    cudaEvent_t e = op->u.event.event;
    return e->completed >= op->u.event.generation || standin_dev[e->device].sticky != cudaSuccess;
}

static void release_event(standin_op *op)
{
    standin_event_release(op->u.event.event);
}

/* Queues on stream, without delay, an operation about record `generation`
 * of event: a record (finish) or a wait for it (ready).  It holds a
 * reference, so the event may be destroyed meanwhile. */
static void enqueue_event_op(cudaStream_t stream, cudaEvent_t event, unsigned long generation,
                             void (*finish)(standin_op *), int (*ready)(standin_op *))
{
    standin_op *op = standin_op_new();
    op->delay_us = 0;
    op->finish = finish;
    op->ready = ready;
    op->release = release_event;
    op->u.event.event = event;
    op->u.event.generation = generation;
    event->refs++;
    standin_enqueue(stream, op);
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
    cudaError_t err = enter_with_event("cudaEventRecord", event);
    if (err)
        return err;
    standin_check_stream("cudaEventRecord", stream);
    if (event->device != stream->device)
        standin_die("event and stream of different devices",
                    "cudaEventRecord: event of device %d, stream of device %d", event->device,
                    stream->device);
    enqueue_event_op(stream, event, ++event->recorded, finish_record, NULL);
    return standin_leave(cudaSuccess);
}

cudaError_t cudaEventQuery(cudaEvent_t event)
{
    cudaError_t err = enter_with_event("cudaEventQuery", event);
    if (err)
        return err;
    return standin_leave(standin_query(event->device, !event_done(event)));
}

cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
    cudaError_t err = enter_with_event("cudaEventSynchronize", event);
    if (err)
        return err;
    while (!event_done(event) && standin_dev[event->device].sticky == cudaSuccess &&
           !standin_exiting)
        standin_wait();
    err = standin_dev[event->device].sticky;
    if (err == cudaSuccess && !event_done(event))
        err = cudaErrorCudartUnloading;
    return standin_leave(err);
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    cudaError_t err = enter_with_event("cudaEventElapsedTime", start);
    if (err)
        return err;
    check_event("cudaEventElapsedTime", end);
    if (!ms)
        err = cudaErrorInvalidValue;
    else if ((start->flags | end->flags) & cudaEventDisableTiming || !start->recorded ||
             !end->recorded)
        err = cudaErrorInvalidResourceHandle;
    else if (standin_dev[start->device].sticky || standin_dev[end->device].sticky)
        err = cudaErrorIllegalAddress;
    else if (!event_done(start) || !event_done(end))
        err = cudaErrorNotReady;
    else
        *ms = (float)(end->when_ms - start->when_ms);
    return standin_leave(err);
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags)
{
    cudaError_t err = standin_enter("cudaStreamWaitEvent");
    if (err)
        return err;
    if (flags != 0)
        return standin_error(cudaErrorInvalidValue, "invalid argument",
                             "cudaStreamWaitEvent: flags %#x (0 expected)", flags);
    pthread_mutex_lock(&standin_lock);
    check_event("cudaStreamWaitEvent", event);
    standin_check_stream("cudaStreamWaitEvent", stream);
    if (event->recorded > event->completed)   /* nothing to wait for otherwise */
        enqueue_event_op(stream, event, event->recorded, NULL, wait_ready);
    pthread_mutex_unlock(&standin_lock);
    return cudaSuccess;
}
