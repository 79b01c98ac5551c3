/* The stand-in's shared machinery: its one lock, the per-thread current
 * device and last error, loud failures, the sticky-error rule at every
 * entry point, and a quiet exit (stream threads stop between operations
 * before the libraries they call are torn down). */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "standin.h"

pthread_mutex_t standin_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t standin_changed;
standin_config standin_cfg;
standin_device standin_dev[STANDIN_MAX_DEVICES];
int standin_exiting;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int forked_child;
static __thread int current_ordinal;
static __thread cudaError_t last_error;
static __thread int in_host_function;

static void vsay(const char *rule, const char *fmt, va_list ap)
{
    char line[512];
    int n = snprintf(line, sizeof line, "cuda-standin: %s: ", rule);
    if (n > 0 && (size_t)n < sizeof line)
        vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
    fprintf(stderr, "%s\n", line);
    fflush(stderr);
}

void standin_die(const char *rule, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay(rule, fmt, ap);
    va_end(ap);
    abort();
}

cudaError_t standin_error(cudaError_t err, const char *rule, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay(rule, fmt, ap);
    va_end(ap);
    return standin_result(err);
}

void standin_say(const char *rule, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay(rule, fmt, ap);
    va_end(ap);
}

cudaError_t standin_result(cudaError_t err)
{
    if (err != cudaSuccess && err != cudaErrorNotReady)
        last_error = err;
    return err;
}

cudaError_t standin_last_error(int clear)
{
    cudaError_t sticky = cudaSuccess, err = last_error;
    if (standin_cfg.visible > 0) {
        pthread_mutex_lock(&standin_lock);
        sticky = standin_dev[standin_current()].sticky;
        pthread_mutex_unlock(&standin_lock);
    }
    if (sticky != cudaSuccess)
        return sticky;   /* sticky errors are never cleared */
    if (clear)
        last_error = cudaSuccess;
    return err;
}

/* exit(): atexit handlers run before the libraries' destructors, so no
 * operation may be half-way through BLAS when OpenBLAS is torn down. */
static void stop_at_exit(void)
{
    struct timespec limit;
    clock_gettime(CLOCK_REALTIME, &limit);
    limit.tv_sec += 5;
    pthread_mutex_lock(&standin_lock);
    standin_exiting = 1;
    pthread_cond_broadcast(&standin_changed);
    for (;;) {
        int busy = 0;
        for (size_t i = 0; i < standin_streams.cap; i++) {
            struct CUstream_st *s = standin_set_at(&standin_streams, i);
            if (s && s->running)
                busy = 1;
        }
        if (!busy || in_host_function ||
            pthread_cond_timedwait(&standin_changed, &standin_lock, &limit) != 0)
            break;
    }
    pthread_mutex_unlock(&standin_lock);
}

static void before_fork(void)
{
    pthread_mutex_lock(&standin_lock);
}

static void after_fork_parent(void)
{
    pthread_mutex_unlock(&standin_lock);
}

/* The child has none of the stream threads: CUDA is unusable there, as
 * with the real runtime; it must still exit quietly. */
static void after_fork_child(void)
{
    pthread_mutex_init(&standin_lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&standin_changed, &attr);
    forked_child = 1;
    standin_exiting = 1;
    for (size_t i = 0; i < standin_streams.cap; i++) {
        struct CUstream_st *s = standin_set_at(&standin_streams, i);
        if (s)
            s->running = 0;
    }
}

static void init_once(void)
{
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&standin_changed, &attr);
    standin_read_config();
    atexit(stop_at_exit);
    pthread_atfork(before_fork, after_fork_parent, after_fork_child);
}

cudaError_t standin_enter(const char *call)
{
    pthread_once(&once, init_once);
    if (in_host_function)
        standin_die("no CUDA call from inside a host function",
                    "%s called from a function given to cudaLaunchHostFunc", call);
    if (forked_child)
        standin_die("no CUDA in a forked child", "%s called after fork()", call);
    if (standin_cfg.visible == 0)
        return standin_result(cudaErrorNoDevice);
    pthread_mutex_lock(&standin_lock);
    cudaError_t sticky = standin_dev[standin_current()].sticky;
    pthread_mutex_unlock(&standin_lock);
    return standin_result(sticky);
}

cudaError_t standin_enter_locked(const char *call)
{
    cudaError_t err = standin_enter(call);
    if (err == cudaSuccess)
        pthread_mutex_lock(&standin_lock);
    return err;
}

cudaError_t standin_leave(cudaError_t err)
{
    pthread_mutex_unlock(&standin_lock);
    return standin_result(err);
}

cudaError_t standin_null_argument(const char *call, const char *what)
{
    return standin_error(cudaErrorInvalidValue, "invalid argument", "%s: %s is NULL", call, what);
}

cudaError_t standin_query(int dev, int pending)
{
    cudaError_t err = standin_dev[dev].sticky;
    return err == cudaSuccess && pending ? cudaErrorNotReady : err;
}

int standin_current_ordinal(void)
{
    return current_ordinal;
}

int standin_current(void)
{
    return standin_cfg.ordinal_to_physical[current_ordinal];
}

void standin_set_current(int ordinal)
{
    current_ordinal = ordinal;
}

void standin_host_function_running(int yes)
{
    in_host_function = yes;
}

void standin_wait(void)
{
    pthread_cond_wait(&standin_changed, &standin_lock);
}

unsigned standin_random_delay(void)
{
    if (standin_cfg.delay_us == 0)
        return 0;
    unsigned long long x = standin_cfg.rng;   /* xorshift64 */
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    standin_cfg.rng = x;
    return (unsigned)(x % (standin_cfg.delay_us + 1ULL));
}

double standin_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

void standin_fail_device(int dev, const char *why)
{
    if (standin_dev[dev].sticky != cudaSuccess)
        return;
    standin_dev[dev].sticky = cudaErrorIllegalAddress;
    fprintf(stderr, "cuda-standin: device %d has a sticky error (cudaErrorIllegalAddress): %s\n",
            dev, why);
    pthread_cond_broadcast(&standin_changed);
}
