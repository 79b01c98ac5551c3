/* An emulated GPU: memory from its own poisoned arena, and per stream a
 * FIFO run by the stream's own thread, each operation after a random delay,
 * so completions come late and in varying orders, but in stream order.
 * It can fail for good as a GPU with a sticky error does (hs_emu_device_fail_at):
 * from then on nothing runs, queued callbacks never run, events never
 * complete, and every operation returns an error.  Timed (emu_timing.h):
 * copies and kernels take the cost model's time instead of running. */
#define _POSIX_C_SOURCE 200809L   /* nanosleep */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "device/backends.h"
#include "device/emu/emu_arena.h"
#include "device/emu/emu_timing.h"
#include "include/hetscal.h"
#include "util/clock.h"
#include "util/fifo.h"
#include "util/precision.h"
#include "util/thread_name.h"

enum { OP_COPY, OP_KERNEL, OP_RECORD, OP_WAIT, OP_CALLBACK };

typedef struct emu_event {
    int done;   /* under emu_lock, like refs and t_done */
    int refs;   /* the caller's, + one per queued record or wait */
    double t_done;   /* timed: when it completed on the emulated clock */
} emu_event;

typedef struct emu_op {
    int type;
    struct {
        int m, n, esize, lds, ldd;
        const void *src;
        void *dst;
    } copy;
    hs_kernel_call call;
    emu_event *ev;
    const void *pin[HS_MAX_OPERANDS];   /* device buffers in use until it has run */
    size_t pin_bytes[HS_MAX_OPERANDS];
    hs_arena *pin_arena[HS_MAX_OPERANDS];   /* whose: a peer copy's source is
                                               another device's */
    int npin;
    /* HS_K_ROWS: the call's from[] then to[] (owned: the caller may reuse
     * its arrays), the first nrows_pinned of them pinned in rows_arena. */
    void **rows;
    int nrows_pinned;
    hs_arena *rows_arena;
    int peer;                 /* a copy from another emulated GPU */
    int within;               /* a copy within this one's memory */
    void (*fn)(void *);
    void *arg;
    double t_enqueued;        /* hs_now() when queued (timed emulation) */
    struct emu_op *next;
} emu_op;

typedef struct emu_stream {
    pthread_t thread;
    pthread_cond_t work;      /* an operation came, or stop */
    emu_op *head, *tail;      /* head: running or next to run */
    unsigned long rng;        /* the stream thread's alone */
    double timed_end;         /* timed: when the stream's last operation
                                 ended on the emulated clock (the stream
                                 thread's alone) */
    struct emu *emu;
} emu_stream;

typedef struct emu {
    hs_device dev;
    hs_arena *arena;
    unsigned delay_us;
    int stop;
    long fail_at;       /* the copy or kernel that breaks it (1 = first); 0 never */
    long executed;      /* copies and kernels run so far */
    int broken;         /* under emu_lock */
    int timed;          /* copies and kernels take the model's time */
    double compute_end; /* timed: when the last kernel of either compute
                           stream ends on the emulated clock (under emu_lock) */
    emu_stream s[HS_NSTREAMS];
} emu;

/* One lock for every emu device, so events work across devices; one
 * condition for every completion. */
static pthread_mutex_t emu_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t emu_done = PTHREAD_COND_INITIALIZER;

static emu_event *as_emu(hs_event *ev)
{
    return (emu_event *)(void *)ev;
}

static void event_unref(emu_event *ev)   /* under emu_lock */
{
    if (--ev->refs == 0)
        free(ev);
}

static void late(emu_stream *s, unsigned max_us)
{
    s->rng = s->rng * 6364136223846793005UL + 1442695040888963407UL;
    unsigned long long us = max_us ? (s->rng >> 33) % ((unsigned long long)max_us + 1) : 0;
    if (us) {
        struct timespec t = { (time_t)(us / 1000000), (long)(us % 1000000) * 1000 };
        nanosleep(&t, NULL);
    }
}

/* 0, or an error of a kernel (its host workspace), which breaks the
 * device as a failed launch breaks a GPU. */
static int run(emu_op *op)
{
    switch (op->type) {
    case OP_COPY:
        hs_copy_host(op->copy.m, op->copy.n, op->copy.esize, op->copy.src, op->copy.lds,
                     op->copy.dst, op->copy.ldd);
        break;
    case OP_KERNEL:
        return hs_kernel_call_host(&op->call);
    case OP_CALLBACK:
        op->fn(op->arg);
        break;
    default:
        break;
    }
    return 0;
}

/* Timed emulation, under emu_lock: when op (a copy or a kernel, which
 * then does nothing) ends on the emulated clock.  As on a GPU, queued
 * operations run back to back: op starts when it was queued or when the
 * stream's previous operation ended (an event it waited for, a callback),
 * whichever is later, so that the host's late wake-ups (timer slack,
 * scheduling: 50-100 us each on this project's hosts, more on busy cores)
 * do not add up along a stream.  A kernel also waits for the kernel that
 * runs on the other compute stream: the two share the GPU's arithmetic,
 * as the model's one compute lane does.  A stream's thread takes its next
 * kernel's time only once its previous one has ended, and the urgent
 * stream's takes it as soon as the kernel comes: so the urgent kernel
 * goes before the compute stream's next, not before the one running, as
 * with CUDA's stream priorities. */
static double timed_op_end(emu *e, emu_stream *s, const emu_op *op)
{
    /* A copy within one GPU's memory is not timed, as the model does not
     * cost a GPU's memory work (sim/sim_machine.c). */
    double seconds = op->type == OP_KERNEL ? hs_emu_kernel_seconds(&op->call)
                     : op->peer   ? hs_emu_peer_seconds((size_t)op->copy.m)
                     : op->within ? 0
                                  : hs_emu_copy_seconds(op->copy.m, op->copy.n, op->copy.esize);
    double start = op->t_enqueued > s->timed_end ? op->t_enqueued : s->timed_end;
    if (op->type == OP_KERNEL && e->compute_end > start)
        start = e->compute_end;
    double end = start + seconds;
    s->timed_end = end;
    if (op->type == OP_KERNEL)
        e->compute_end = end;
    return end;
}

/* The thread sleeps until `end` (timed_op_end). */
static void take_time(double end)
{
    struct timespec t;
    t.tv_sec = (time_t)end;
    t.tv_nsec = (long)((end - (double)t.tv_sec) * 1e9);
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR)
        ;   /* interrupted: sleep on to the same end */
}

/* Bytes of HS_K_ROWS's row k of op->rows (a source row below m). */
static size_t row_bytes(const emu_op *op, int k)
{
    const hs_kernel_call *c = &op->call;
    return hs_matrix_bytes(1, c->n, k < c->m ? c->lda : c->ldc, (int)hs_prec_bytes(c->prec));
}

/* Also frees what op owns besides itself. */
static void unpin(emu_op *op)
{
    for (int i = 0; i < op->npin; i++)
        hs_arena_pin(op->pin_arena[i], op->pin[i], op->pin_bytes[i], -1);
    op->npin = 0;
    for (int k = 0; k < op->nrows_pinned; k++)
        hs_arena_pin(op->rows_arena, op->rows[k], row_bytes(op, k), -1);
    op->nrows_pinned = 0;
    free(op->rows);
    op->rows = NULL;
}

static void *stream_main(void *arg)
{
    emu_stream *s = arg;
    emu *e = s->emu;
    hs_thread_name("emu-stream", -1);
#if defined(__linux__) && defined(PR_SET_TIMERSLACK)
    /* A timed stream's sleeps end when the GPU's operations would: without
     * the default 50 us of timer slack per wake-up. */
    if (e->timed)
        (void)prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
#endif
    pthread_mutex_lock(&emu_lock);
    for (;;) {
        while (!s->head && !e->stop)
            pthread_cond_wait(&s->work, &emu_lock);
        emu_op *op = s->head;
        if (!op)
            break;
        if (op->type == OP_WAIT) {
            while (!op->ev->done && !e->broken)
                pthread_cond_wait(&emu_done, &emu_lock);
            /* What follows starts after the event on the emulated clock,
             * however late this thread came to the wait. */
            if (op->ev->done && op->ev->t_done > s->timed_end)
                s->timed_end = op->ev->t_done;
        }
        if ((op->type == OP_COPY || op->type == OP_KERNEL) && ++e->executed == e->fail_at)
            e->broken = 1;
        int dead = e->broken;
        int timed = !dead && e->timed && (op->type == OP_COPY || op->type == OP_KERNEL);
        double end = timed ? timed_op_end(e, s, op) : 0;
        pthread_mutex_unlock(&emu_lock);
        if (!e->timed)
            late(s, e->delay_us);
        if (timed) {
            take_time(end);
            if (op->type == OP_KERNEL)
                hs_kernel_call_skipped(&op->call);
        }
        else if (!dead && run(op))
            dead = 1;
        unpin(op);
        pthread_mutex_lock(&emu_lock);
        if (dead)
            e->broken = 1;
        HS_FIFO_DROP_HEAD(s->head, s->tail);
        if (op->type == OP_RECORD && !dead) {
            op->ev->done = 1;
            op->ev->t_done = op->t_enqueued > s->timed_end ? op->t_enqueued : s->timed_end;
        }
        if (op->type == OP_CALLBACK && !dead) {
            /* A host callback holds the stream up for as long as it runs. */
            double now = hs_now();
            if (now > s->timed_end)
                s->timed_end = now;
        }
        if (op->ev)
            event_unref(op->ev);
        free(op);
        pthread_cond_broadcast(&emu_done);
    }
    pthread_mutex_unlock(&emu_lock);
    return NULL;
}

static int enqueue(hs_device *dev, int stream, emu_op *op)
{
    emu *e = dev->impl;
    if (!op)
        return HETSCAL_ERR_NOMEM;
    pthread_mutex_lock(&emu_lock);
    if (e->broken) {
        pthread_mutex_unlock(&emu_lock);
        unpin(op);
        free(op);
        return HETSCAL_ERR_DEVICE;
    }
    emu_stream *s = &e->s[stream];
    op->t_enqueued = hs_now();
    if (op->ev)
        op->ev->refs++;
    HS_FIFO_APPEND(s->head, s->tail, op);
    pthread_cond_signal(&s->work);
    pthread_mutex_unlock(&emu_lock);
    return 0;
}

static emu_op *new_op(int type)
{
    emu_op *op = calloc(1, sizeof *op);
    if (op)
        op->type = type;
    return op;
}

static int bad_stream(hs_device *dev, int stream)
{
    return stream < 0 || stream >= dev->nstreams;
}

/* Where an operand lies: a device operand in one live buffer, which stays
 * pinned until op has run (freeing it before is an error); a host operand
 * off the arena. */
static int misplaced(hs_device *dev, emu_op *op, const void *p, int rows, int cols, int ld,
                     int esize, int on_dev, const char *what)
{
    emu *e = dev->impl;
    size_t bytes = hs_matrix_bytes(rows, cols, ld, esize);
    if (bytes == 0)
        return 0;
    int where = hs_arena_pin(e->arena, p, bytes, on_dev);
    if (where == 1 && on_dev) {
        op->pin_arena[op->npin] = e->arena;
        op->pin[op->npin] = p;
        op->pin_bytes[op->npin++] = bytes;
        return 0;
    }
    if (where == 0 && !on_dev)
        return 0;
    fprintf(stderr, "hetscal %s: %s %p (%zu bytes) is %s\n", dev->name, what, (const void *)p,
            bytes, on_dev ? "not inside one buffer of this device" : "device memory");
    return 1;
}

static int emu_copy(hs_device *dev, int stream, int dir, int m, int n, int esize,
                    const void *src, int lds, void *dst, int ldd)
{
    emu_op *op;
    if (bad_stream(dev, stream) || hs_copy_check(dir, m, n, esize, src, lds, dst, ldd))
        return HETSCAL_ERR_DEVICE;
    if (!(op = new_op(OP_COPY)))
        return HETSCAL_ERR_NOMEM;
    if (misplaced(dev, op, src, m, n, lds, esize, dir != HS_COPY_H2D, "copy source")
        || misplaced(dev, op, dst, m, n, ldd, esize, dir != HS_COPY_D2H, "copy destination")) {
        unpin(op);
        free(op);
        return HETSCAL_ERR_DEVICE;
    }
    op->copy.m = m;
    op->copy.n = n;
    op->copy.esize = esize;
    op->copy.src = src;
    op->copy.lds = lds;
    op->copy.dst = dst;
    op->copy.ldd = ldd;
    op->within = dir == HS_COPY_D2D;
    return enqueue(dev, stream, op);
}

static int emu_peer(hs_device *dst, hs_device *src)
{
    return dst != src && dst->ops == src->ops && hs_emu_peer_link();
}

/* A copy of `bytes` from emulated GPU src to dst: one column of bytes,
 * its source pinned in src's arena until it has run. */
static int emu_peer_copy(hs_device *dst, int stream, hs_device *src, const void *srcp,
                         void *dstp, size_t bytes)
{
    emu_op *op;
    if (bad_stream(dst, stream) || !emu_peer(dst, src) || bytes > (size_t)INT_MAX
        || (bytes && (!srcp || !dstp)))
        return HETSCAL_ERR_DEVICE;
    if (!(op = new_op(OP_COPY)))
        return HETSCAL_ERR_NOMEM;
    int m = (int)bytes;
    if (misplaced(src, op, srcp, m, 1, m, 1, 1, "peer copy source")
        || misplaced(dst, op, dstp, m, 1, m, 1, 1, "peer copy destination")) {
        unpin(op);
        free(op);
        return HETSCAL_ERR_DEVICE;
    }
    op->peer = 1;
    op->copy.m = m;
    op->copy.n = 1;
    op->copy.esize = 1;
    op->copy.src = srcp;
    op->copy.lds = m;
    op->copy.dst = dstp;
    op->copy.ldd = m;
    return enqueue(dst, stream, op);
}

/* HS_K_ROWS: op's own copy of the row lists, every row inside one
 * buffer of the device and pinned there until op has run; 0, or
 * HETSCAL_ERR_NOMEM / HETSCAL_ERR_DEVICE (said on stderr). */
static int own_rows(hs_device *dev, emu_op *op)
{
    hs_kernel_call *c = &op->call;
    emu *e = dev->impl;
    if (c->m <= 0 || c->n <= 0)
        return 0;
    if (!(op->rows = malloc(2 * (size_t)c->m * sizeof *op->rows)))
        return HETSCAL_ERR_NOMEM;
    memcpy(op->rows, c->from, (size_t)c->m * sizeof *op->rows);
    memcpy(op->rows + c->m, c->to, (size_t)c->m * sizeof *op->rows);
    c->from = (const void *const *)op->rows;
    c->to = op->rows + c->m;
    op->rows_arena = e->arena;
    for (int k = 0; k < 2 * c->m; k++) {
        if (hs_arena_pin(e->arena, op->rows[k], row_bytes(op, k), 1) != 1) {
            fprintf(stderr, "hetscal %s: kernel row %p (%zu bytes) is not inside one buffer "
                            "of this device\n", dev->name, op->rows[k], row_bytes(op, k));
            return HETSCAL_ERR_DEVICE;
        }
        op->nrows_pinned = k + 1;
    }
    return 0;
}

static int emu_kernel(hs_device *dev, int stream, const hs_kernel_call *call)
{
    hs_operand opd[HS_MAX_OPERANDS];
    emu_op *op;
    if (bad_stream(dev, stream) || hs_kernel_call_check(call))
        return HETSCAL_ERR_DEVICE;
    if (!(op = new_op(OP_KERNEL)))
        return HETSCAL_ERR_NOMEM;
    int nop = hs_kernel_call_operands(call, opd);
    for (int i = 0; i < nop; i++)
        if (misplaced(dev, op, opd[i].p, opd[i].rows, opd[i].cols, opd[i].ld,
                      opd[i].esize ? opd[i].esize : (int)hs_prec_bytes(call->prec), 1,
                      "kernel operand")) {
            unpin(op);
            free(op);
            return HETSCAL_ERR_DEVICE;
        }
    op->call = *call;
    if (call->op == HS_K_ROWS && own_rows(dev, op)) {
        unpin(op);
        free(op);
        return HETSCAL_ERR_DEVICE;
    }
    return enqueue(dev, stream, op);
}

static int emu_event_record(hs_device *dev, int stream, hs_event **out)
{
    if (bad_stream(dev, stream))
        return HETSCAL_ERR_DEVICE;
    emu_event *ev = calloc(1, sizeof *ev);
    emu_op *op = new_op(OP_RECORD);
    if (!ev || !op) {
        free(ev);
        free(op);
        return HETSCAL_ERR_NOMEM;
    }
    ev->refs = 1;
    op->ev = ev;
    *out = (hs_event *)(void *)ev;
    return enqueue(dev, stream, op);
}

static int emu_event_query(hs_device *dev, hs_event *ev)
{
    emu *e = dev->impl;
    if (!ev)
        return HETSCAL_ERR_DEVICE;
    pthread_mutex_lock(&emu_lock);
    int done = e->broken ? HETSCAL_ERR_DEVICE : as_emu(ev)->done;
    pthread_mutex_unlock(&emu_lock);
    return done;
}

static int emu_event_wait(hs_device *dev, hs_event *ev)
{
    emu *e = dev->impl;
    if (!ev)
        return HETSCAL_ERR_DEVICE;
    pthread_mutex_lock(&emu_lock);
    while (!as_emu(ev)->done && !e->broken)
        pthread_cond_wait(&emu_done, &emu_lock);
    int err = as_emu(ev)->done ? 0 : HETSCAL_ERR_DEVICE;
    pthread_mutex_unlock(&emu_lock);
    return err;
}

static void emu_event_free(hs_device *dev, hs_event *ev)
{
    (void)dev;
    if (!ev)
        return;
    pthread_mutex_lock(&emu_lock);
    event_unref(as_emu(ev));
    pthread_mutex_unlock(&emu_lock);
}

static int emu_stream_wait(hs_device *dev, int stream, hs_event *ev)
{
    if (bad_stream(dev, stream) || !ev)
        return HETSCAL_ERR_DEVICE;
    emu_op *op = new_op(OP_WAIT);
    if (op)
        op->ev = as_emu(ev);
    return enqueue(dev, stream, op);
}

static int emu_callback(hs_device *dev, int stream, void (*fn)(void *), void *arg)
{
    if (bad_stream(dev, stream) || !fn)
        return HETSCAL_ERR_DEVICE;
    emu_op *op = new_op(OP_CALLBACK);
    if (op) {
        op->fn = fn;
        op->arg = arg;
    }
    return enqueue(dev, stream, op);
}

static int emu_synchronize(hs_device *dev)
{
    emu *e = dev->impl;
    pthread_mutex_lock(&emu_lock);
    for (int i = 0; i < dev->nstreams; i++)
        while (e->s[i].head)
            pthread_cond_wait(&emu_done, &emu_lock);
    int err = e->broken ? HETSCAL_ERR_DEVICE : 0;
    pthread_mutex_unlock(&emu_lock);
    return err;
}

static int emu_health(hs_device *dev)
{
    emu *e = dev->impl;
    pthread_mutex_lock(&emu_lock);
    int err = e->broken ? HETSCAL_ERR_DEVICE : 0;
    pthread_mutex_unlock(&emu_lock);
    return err;
}

long hs_emu_device_executed(hs_device *dev)
{
    emu *e = dev->impl;
    pthread_mutex_lock(&emu_lock);
    long n = e->executed;
    pthread_mutex_unlock(&emu_lock);
    return n;
}

void hs_emu_device_fail_at(hs_device *dev, long k)
{
    emu *e = dev->impl;
    pthread_mutex_lock(&emu_lock);
    e->fail_at = k;
    pthread_mutex_unlock(&emu_lock);
}

static void emu_close(hs_device *dev)
{
    emu *e = dev->impl;
    emu_synchronize(dev);
    pthread_mutex_lock(&emu_lock);
    e->stop = 1;
    for (int i = 0; i < dev->nstreams; i++)
        pthread_cond_signal(&e->s[i].work);
    pthread_mutex_unlock(&emu_lock);
    for (int i = 0; i < dev->nstreams; i++) {
        pthread_join(e->s[i].thread, NULL);
        pthread_cond_destroy(&e->s[i].work);
    }
    hs_arena_delete(e->arena);
    free(e);
}

static void *emu_alloc(hs_device *dev, size_t bytes)
{
    return hs_arena_alloc(((emu *)dev->impl)->arena, bytes);
}

static int emu_free(hs_device *dev, void *ptr)
{
    /* Failed for good: queued operations are dropped, not run; let them
     * go before the buffers they name. */
    if (emu_health(dev))
        (void)emu_synchronize(dev);
    int rc = ptr ? hs_arena_free(((emu *)dev->impl)->arena, ptr) : 0;
    if (rc == 0)
        return 0;
    fprintf(stderr, "hetscal %s: free(%p): %s\n", dev->name, ptr,
            rc == -2 ? "a pending operation still uses it" : "not a buffer of this device");
    return HETSCAL_ERR_DEVICE;
}

static const hs_device_ops emu_ops = {
    HS_DEVICE_OPS_NAMED(emu),
    HS_DEVICE_OPS_PLAIN_HOST_BUFFERS,
    .alloc = emu_alloc,
    .free = emu_free,
    .health = emu_health,
    .peer = emu_peer,
    .peer_copy = emu_peer_copy,
};

hs_device *hs_emu_device_open(int index, size_t capacity, unsigned delay_us,
                              unsigned long seed)
{
    emu *e = calloc(1, sizeof *e);
    int started = 0;
    if (!e || !(e->arena = hs_arena_new(capacity))) {
        free(e);
        return NULL;
    }
    e->dev.ops = &emu_ops;
    e->dev.kind = HS_DEV_EMU;
    e->dev.index = index;
    e->dev.nstreams = hs_urgent_stream_allowed() && hs_emu_stream_priorities()
                          ? HS_NSTREAMS : HS_STREAM_URGENT;
    e->dev.capacity = hs_arena_capacity(e->arena);
    e->dev.impl = e;
    snprintf(e->dev.name, sizeof e->dev.name, "emu:%d", index);
    e->delay_us = delay_us;
    e->timed = hs_emu_timed();
    e->dev.mpi_memory = hs_emu_mpi_memory();
    /* Timed, it runs at the machine file's rates, not the host's; its
     * memory bounds the probe's size (runtime/device_rates.c), and with it
     * the rate measured. */
    const char *file = e->timed ? getenv("HETSCAL_EMU_TIMING") : NULL;
    const char *base = file ? strrchr(file, '/') : NULL;
    unsigned long mib = (unsigned long)(e->dev.capacity >> 20);
    if (file)
        snprintf(e->dev.model, sizeof e->dev.model, "emu-timed-%luMiB:%s", mib,
                 base ? base + 1 : file);
    else
        snprintf(e->dev.model, sizeof e->dev.model, "emu-%luMiB", mib);
    for (; started < e->dev.nstreams; started++) {
        emu_stream *s = &e->s[started];
        s->emu = e;
        s->rng = seed * 2654435761UL + (unsigned long)started * 40503UL + 1;
        pthread_cond_init(&s->work, NULL);
        if (pthread_create(&s->thread, NULL, stream_main, s) != 0) {
            pthread_cond_destroy(&s->work);
            break;
        }
    }
    if (started < e->dev.nstreams) {   /* stop the threads that did start */
        e->dev.nstreams = started;
        emu_close(&e->dev);
        return NULL;
    }
    return &e->dev;
}
