/* Completion callbacks by events and waiter threads (cuda_completions.h). */
#include "config.h"

#ifdef HETSCAL_HAVE_CUDA
#include <pthread.h>
#include <stdlib.h>

#include "device/cuda/cuda_completions.h"

typedef struct record {
    struct record *next;
    cudaEvent_t event;
    void (*fn)(void *);
    void *arg;
} record;

/* One stream's queue, in the order of its callbacks, and its waiter. */
typedef struct waiter {
    hs_cuda_completions *owner;
    record *head, *tail;
    pthread_cond_t cv;
    pthread_t thread;
    int started;
} waiter;

struct hs_cuda_completions {
    int ordinal;
    pthread_mutex_t lock;
    waiter w[HS_NSTREAMS];
    record *spare;        /* records whose events have completed */
    pthread_cond_t idle;  /* a queue became empty */
    cudaError_t error;    /* the first failed synchronization */
    int stop;
};

static void *wait_loop(void *arg)
{
    waiter *w = arg;
    hs_cuda_completions *c = w->owner;
    /* A thread of the device's own: it keeps this GPU selected. */
    hs_device_mark_runtime_thread();
    cudaError_t selected = cudaSetDevice(c->ordinal);
    pthread_mutex_lock(&c->lock);
    if (selected != cudaSuccess && c->error == cudaSuccess)
        c->error = selected;
    for (;;) {
        while (!w->head && !c->stop)
            pthread_cond_wait(&w->cv, &c->lock);
        if (!w->head)
            break;
        record *r = w->head;
        int failed = c->error != cudaSuccess;
        pthread_mutex_unlock(&c->lock);
        cudaError_t st = failed ? cudaSuccess : cudaEventSynchronize(r->event);
        if (!failed && st == cudaSuccess)
            r->fn(r->arg);
        pthread_mutex_lock(&c->lock);
        if (st != cudaSuccess && c->error == cudaSuccess)
            c->error = st;
        w->head = r->next;
        if (!w->head) {
            w->tail = NULL;
            pthread_cond_broadcast(&c->idle);
        }
        r->next = c->spare;
        c->spare = r;
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

hs_cuda_completions *hs_cuda_completions_new(int ordinal)
{
    hs_cuda_completions *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->ordinal = ordinal;
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->idle, NULL);
    for (int s = 0; s < HS_NSTREAMS; s++) {
        c->w[s].owner = c;
        pthread_cond_init(&c->w[s].cv, NULL);
    }
    return c;
}

/* A record with an event, from the spare ones or new (lock held: the
 * event is created with it released). */
static record *take_record(hs_cuda_completions *c, cudaError_t *err)
{
    record *r = c->spare;
    if (r) {
        c->spare = r->next;
        return r;
    }
    pthread_mutex_unlock(&c->lock);
    r = calloc(1, sizeof *r);
    *err = r ? cudaEventCreateWithFlags(&r->event, cudaEventDisableTiming |
                                                       cudaEventBlockingSync)
             : cudaErrorMemoryAllocation;
    if (r && *err != cudaSuccess) {
        free(r);
        r = NULL;
    }
    pthread_mutex_lock(&c->lock);
    return r;
}

cudaError_t hs_cuda_completion_add(hs_cuda_completions *c, int s, cudaStream_t stream,
                                   void (*fn)(void *), void *arg)
{
    if (!c || !fn || s < 0 || s >= HS_NSTREAMS)
        return cudaErrorInvalidValue;
    cudaError_t err = cudaSuccess;
    waiter *w = &c->w[s];
    pthread_mutex_lock(&c->lock);
    if (!w->started) {
        if (pthread_create(&w->thread, NULL, wait_loop, w)) {
            pthread_mutex_unlock(&c->lock);
            return cudaErrorMemoryAllocation;
        }
        w->started = 1;
    }
    record *r = take_record(c, &err);
    if (r && (err = cudaEventRecord(r->event, stream)) != cudaSuccess) {
        r->next = c->spare;
        c->spare = r;
        r = NULL;
    }
    if (r) {
        r->fn = fn;
        r->arg = arg;
        r->next = NULL;
        if (w->tail)
            w->tail->next = r;
        else
            w->head = r;
        w->tail = r;
        pthread_cond_signal(&w->cv);
    }
    pthread_mutex_unlock(&c->lock);
    return err;
}

void hs_cuda_completions_drain(hs_cuda_completions *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&c->lock);
    for (int s = 0; s < HS_NSTREAMS; s++)
        while (c->w[s].head)
            pthread_cond_wait(&c->idle, &c->lock);
    pthread_mutex_unlock(&c->lock);
}

cudaError_t hs_cuda_completions_error(hs_cuda_completions *c)
{
    if (!c)
        return cudaSuccess;
    pthread_mutex_lock(&c->lock);
    cudaError_t err = c->error;
    pthread_mutex_unlock(&c->lock);
    return err;
}

void hs_cuda_completions_free(hs_cuda_completions *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&c->lock);
    c->stop = 1;
    for (int s = 0; s < HS_NSTREAMS; s++)
        pthread_cond_signal(&c->w[s].cv);
    pthread_mutex_unlock(&c->lock);
    for (int s = 0; s < HS_NSTREAMS; s++) {
        if (c->w[s].started)
            pthread_join(c->w[s].thread, NULL);
        pthread_cond_destroy(&c->w[s].cv);
    }
    while (c->spare) {
        record *r = c->spare;
        c->spare = r->next;
        (void)cudaEventDestroy(r->event);
        free(r);
    }
    pthread_cond_destroy(&c->idle);
    pthread_mutex_destroy(&c->lock);
    free(c);
}
#endif
