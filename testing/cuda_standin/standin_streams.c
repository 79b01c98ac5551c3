/* Streams: each one a FIFO run in order by its own thread, after a random
 * delay, so that work on different streams interleaves differently from
 * run to run; a device with a sticky error runs nothing more.  Idle
 * threads sleep on the one condition variable. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "standin.h"

void standin_check_stream(const char *call, cudaStream_t s)
{
    if (s == NULL || s == cudaStreamLegacy || s == cudaStreamPerThread)
        standin_die("the NULL (legacy) stream is not supported by the stand-in",
                    "%s on stream %p", call, (void *)s);
    if (!standin_set_has(&standin_streams, s))
        standin_die("unknown or destroyed stream", "%s on stream %p", call, (void *)s);
}

standin_op *standin_op_new(void)
{
    standin_op *op = calloc(1, sizeof *op);
    if (!op)
        standin_die("out of host memory", "a queued operation");
    op->delay_us = standin_random_delay();
    return op;
}

static void op_free(standin_op *op)
{
    if (op->release)
        op->release(op);
    free(op);
}

void standin_enqueue(cudaStream_t s, standin_op *op)
{
    op->next = NULL;
    if (s->tail)
        s->tail->next = op;
    else
        s->head = op;
    s->tail = op;
    pthread_cond_broadcast(&standin_changed);
}

static standin_op *pop(cudaStream_t s)
{
    standin_op *op = s->head;
    s->head = op->next;
    if (!s->head)
        s->tail = NULL;
    return op;
}

int standin_count_operation(int dev)
{
    standin_device *d = &standin_dev[dev];
    d->executed++;
    for (int i = 0; i < d->nfaults; i++)
        if (d->fault_at[i] == d->executed) {
            char why[96];
            snprintf(why, sizeof why, "CUDA_STANDIN_FAIL: its kernel or copy number %lu",
                     d->executed);
            standin_fail_device(dev, why);
            return 1;
        }
    return 0;
}

static void finished(cudaStream_t s, standin_op *op, int done)
{
    if (op->finish && done > 0)
        op->finish(op);
    op->done = done;
    if (!op->keep)
        op_free(op);
    pthread_cond_broadcast(&standin_changed);
    (void)s;
}

static void *stream_thread(void *arg)
{
    cudaStream_t s = arg;
    pthread_mutex_lock(&standin_lock);
    for (;;) {
        standin_op *op = s->head;
        int failed = standin_dev[s->device].sticky != cudaSuccess;
        if (standin_exiting || (!op && !s->stopping) ||
            (op && !failed && op->ready && !op->ready(op))) {
            standin_wait();
            continue;
        }
        if (!op)
            break;   /* stopping and idle */
        if (failed) {   /* as on hardware: nothing more runs, host functions neither */
            finished(s, pop(s), -1);
            continue;
        }
        s->running = 1;
        pthread_mutex_unlock(&standin_lock);
        if (op->delay_us)
            usleep(op->delay_us);
        pthread_mutex_lock(&standin_lock);
        if (standin_dev[s->device].sticky != cudaSuccess || (op->counted && standin_count_operation(s->device))) {
            s->running = 0;
            finished(s, pop(s), -1);
            continue;
        }
        pthread_mutex_unlock(&standin_lock);
        if (op->run) {
            standin_host_function_running(op->host_function);
            op->run(op);
            standin_host_function_running(0);
        }
        pthread_mutex_lock(&standin_lock);
        s->running = 0;
        finished(s, pop(s), 1);
    }
    pthread_mutex_unlock(&standin_lock);
    return NULL;
}

int standin_stream_idle(cudaStream_t s)
{
    return !s->head && !s->running;
}

cudaError_t standin_stream_drain(cudaStream_t s)
{
    while (!standin_stream_idle(s) && standin_dev[s->device].sticky == cudaSuccess &&
           !standin_exiting)
        standin_wait();
    return standin_exiting && !standin_stream_idle(s) ? cudaErrorCudartUnloading
                                                       : standin_dev[s->device].sticky;
}

cudaError_t standin_device_drain(int dev)
{
    /* Another thread may destroy a stream of the device while this one
     * waits (the lock is released then): the busy stream is looked up
     * again after every wait, never kept across one. */
    while (standin_dev[dev].sticky == cudaSuccess && !standin_exiting) {
        cudaStream_t busy = NULL;
        for (size_t i = 0; i < standin_streams.cap && !busy; i++) {
            cudaStream_t s = standin_set_at(&standin_streams, i);
            if (s && s->device == dev && !standin_stream_idle(s))
                busy = s;
        }
        if (!busy)
            break;
        standin_wait();
    }
    return standin_dev[dev].sticky;
}

void standin_check_untouched(const char *call, const char *rule, const void *p, size_t size,
                             int except_dev)
{
    const char *lo = p, *hi = lo + size;
    for (size_t i = 0; i < standin_streams.cap; i++) {
        cudaStream_t s = standin_set_at(&standin_streams, i);
        if (s && s->device == except_dev)
            continue;
        for (standin_op *op = s ? s->head : NULL; op; op = op->next)
            for (int t = 0; t < STANDIN_TOUCHES; t++)
                if (op->touch_len[t] && op->touch[t] < hi && lo < op->touch[t] + op->touch_len[t])
                    standin_die(rule, "%s(%p): a pending operation on device %d uses %p..+%zu",
                                call, p, s->device, (const void *)op->touch[t],
                                op->touch_len[t]);
    }
}

void standin_check_unwritten(const char *call, const char *rule, const void *p, size_t size)
{
    const char *lo = p, *hi = lo + size;
    for (size_t i = 0; i < standin_streams.cap; i++) {
        cudaStream_t s = standin_set_at(&standin_streams, i);
        for (standin_op *op = s ? s->head : NULL; op; op = op->next)
            for (int t = 0; t < STANDIN_TOUCHES; t++)
                if (op->touch_len[t] && !(op->reads_only & (1u << t)) && op->touch[t] < hi
                    && lo < op->touch[t] + op->touch_len[t])
                    standin_die(rule, "%s(%p): a pending operation on device %d may write "
                                "%p..+%zu", call, p, s->device, (const void *)op->touch[t],
                                op->touch_len[t]);
    }
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority)
{
    cudaError_t err = standin_enter("cudaStreamCreateWithPriority");
    if (err || (err = standin_context("cudaStreamCreateWithPriority")))
        return err;
    if (!pStream || (flags & ~(unsigned)cudaStreamNonBlocking))
        return standin_error(cudaErrorInvalidValue, "invalid argument",
                             "cudaStreamCreate: pStream %p, flags %#x", (void *)pStream, flags);
    cudaStream_t s = calloc(1, sizeof *s);
    if (!s)
        return standin_result(cudaErrorMemoryAllocation);
    s->device = standin_current();
    s->flags = flags;
    s->priority = priority > 0 ? 0 : priority < -1 ? -1 : priority;   /* clamped, as CUDA does */
    /* Signals belong to the application's threads. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pthread_mutex_lock(&standin_lock);
    int rc = pthread_create(&s->thread, NULL, stream_thread, s);
    if (rc == 0)
        standin_set_add(&standin_streams, s);
    pthread_mutex_unlock(&standin_lock);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        free(s);
        return standin_result(cudaErrorMemoryAllocation);
    }
    *pStream = s;
    return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags)
{
    return cudaStreamCreateWithPriority(pStream, flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t *pStream)
{
    return cudaStreamCreateWithPriority(pStream, cudaStreamDefault, 0);
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority)
{
    cudaError_t err = standin_enter("cudaDeviceGetStreamPriorityRange");
    if (err)
        return err;
    if (leastPriority)
        *leastPriority = 0;
    if (greatestPriority)
        *greatestPriority = -1;
    return cudaSuccess;
}

/* CUDA returns at once and releases the stream when its work is done;
 * the stand-in waits for that work (or for a sticky error) here. */
cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
    cudaError_t err = standin_enter("cudaStreamDestroy");
    pthread_mutex_lock(&standin_lock);
    standin_check_stream("cudaStreamDestroy", stream);
    standin_stream_drain(stream);
    standin_set_remove(&standin_streams, stream);
    standin_forget_stream_in_handles(stream);
    stream->stopping = 1;
    pthread_cond_broadcast(&standin_changed);
    int exiting = standin_exiting;   /* then its thread never ends: leave it */
    pthread_mutex_unlock(&standin_lock);
    if (!exiting) {
        pthread_join(stream->thread, NULL);
        free(stream);
    }
    return err;
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
    cudaError_t err = standin_enter_locked("cudaStreamSynchronize");
    if (err)
        return err;
    standin_check_stream("cudaStreamSynchronize", stream);
    return standin_leave(standin_stream_drain(stream));
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
    cudaError_t err = standin_enter_locked("cudaStreamQuery");
    if (err)
        return err;
    standin_check_stream("cudaStreamQuery", stream);
    return standin_leave(standin_query(stream->device, !standin_stream_idle(stream)));
}

cudaError_t cudaDeviceSynchronize(void)
{
    cudaError_t err = standin_enter_locked("cudaDeviceSynchronize");
    if (err)
        return err;
    return standin_leave(standin_device_drain(standin_current()));
}

static void run_host_function(standin_op *op)
{
    op->u.host.fn(op->u.host.arg);
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
    cudaError_t err = standin_enter("cudaLaunchHostFunc");
    if (err)
        return err;
    if (!fn)
        return standin_null_argument("cudaLaunchHostFunc", "fn");
    pthread_mutex_lock(&standin_lock);
    standin_check_stream("cudaLaunchHostFunc", stream);
    standin_op *op = standin_op_new();
    op->run = run_host_function;
    op->host_function = 1;
    op->u.host.fn = fn;
    op->u.host.arg = userData;
    standin_enqueue(stream, op);
    pthread_mutex_unlock(&standin_lock);
    return cudaSuccess;
}
