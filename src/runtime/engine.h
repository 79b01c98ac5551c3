/* The per-rank dataflow engine: data handles with per-handle access lists,
 * tasks with typed accesses, a bounded task window, priority-ordered ready
 * queues and the threads that run them (doc/ARCHITECTURE.md section 5).
 *
 * A handle is one local piece of data (a home tile or a received copy) of
 * m x n values of any precision, column-major with ld = m, padded to whole
 * doubles and followed by one status word (a double) that
 * travels with the data (in a message only when it is not 0,
 * hs_message_words): 0 = valid, otherwise the reason the data is not
 * valid (INFO > 0 of a failed factorization, or a negative hetscal_status).
 * A task whose inputs carry a status skips its kernel and passes the status
 * on, so a failure stops the computation downstream on every rank while
 * every message still flows: nothing waits forever.  (The values of a
 * write-only output of a skipped task are unspecified.)
 *
 * Accesses of a handle are granted in program (insertion) order: readers
 * together, writers alone.  That respects RAW, WAR and WAW hazards.  One
 * exception chains work on an accelerator: while every holder of a handle
 * is already posted to one device (device tasks on one of its compute
 * streams, at most one copy on a copy stream), the next access is granted
 * to a device task of that device and stream as if they had finished
 * (hs_engine_posted_locked): the stream runs the tasks in order, and the
 * task waits on the device for the copy's event before its kernels.  It
 * is enqueued without waiting for their completion callbacks. */
#ifndef HETSCAL_RUNTIME_ENGINE_H
#define HETSCAL_RUNTIME_ENGINE_H

#include <stddef.h>

#include <string.h>

#include <mpi.h>

#include "device/device.h"
#include "util/precision.h"

/* HS_ON_HOST (in a task_spec's access, runtime/dist.h): a device task
 * reads (HS_R) or writes (HS_W) the tile's host copy, not a copy on its
 * device: its kernel reads the small data that decides which device
 * calls to make, such as which rows move, or writes what it decided on
 * the host, such as a spread panel's pivots. */
enum hs_mode { HS_R = 1, HS_W = 2, HS_RW = 3, HS_ON_HOST = 4 };

/* Where a ready task goes: host workers, the communication loop, the
 * management thread of accelerator t->device, or the device-copy thread
 * (acc 0: source, read; acc 1: destination, written; one of the two on
 * the host, the other on an accelerator). */
enum hs_queue { HS_Q_HOST = 0, HS_Q_SEND, HS_Q_RECV, HS_Q_DEVICE, HS_Q_COPY };

/* HS_MAX_ACCESSES: a task's tiles, as many as a strip update lists (a
 * rank's run of adjacent tiles in the caller's array and the panel's
 * tiles beside them, algo/qr.c).  HS_GROUP_ACCESSES: the tasks whose
 * kernels find each tile's place in iparam (the panel's packs, LU's
 * interchanges, the repartition's pieces) take at most this many, which
 * HS_MAX_IPARAMS bounds. */
enum { HS_MAX_ACCESSES = 18, HS_GROUP_ACCESSES = 6, HS_MAX_IPARAMS = 9, HS_MAX_DEVICES = 17 };

typedef struct hs_task hs_task;
typedef struct hs_handle hs_handle;

typedef struct hs_access {
    hs_handle *handle;
    int mode;
    hs_task *task;
    struct hs_access *next;   /* in the handle's waiting list */
} hs_access;

struct hs_handle {
    void *data;               /* m*n values, padded to whole doubles, then
                                 the status word (a double; host), or m*n
                                 values on device `dev`; or, in_place, an
                                 m x n piece of the caller's matrix */
    int m, n;
    int ld;                   /* values from one column to the next: m,
                                 except in_place */
    int in_place;             /* a home tile in the caller's array
                                 (hs_handle_wrap_in_place) */
    int esize;                /* bytes of a value (util/precision.h) */
    hs_device *dev;           /* NULL: host memory */
    hs_device *pinned_by;     /* host data from hs_pinned_get(pinned_by) */
    double status_apart;      /* the status word of a device, discard or
                                 in-place handle, whose data cannot hold it */
    int discard;              /* a stand-in for a copy there was no memory
                                 for: its data is a sink for receives, no
                                 kernel touches it, its tasks are skipped
                                 and its sends carry only the status */
    int owned;                /* engine frees data and handle when released */
    int detached;             /* no new accesses will come */
    int refs;                 /* unfinished tasks accessing it */
    int readers, writers;     /* granted, unfinished accesses (writers > 1
                                 only when chained on a device stream) */
    int posted;               /* of those, already posted to device
                                 posted_dev (-1: to several devices) */
    int posted_dev;
    int posted_stream;        /* the compute stream of those that are
                                 device tasks (-1: both; HS_NSTREAMS: none) */
    int posted_copies;        /* of those, copies (on a copy stream) */
    hs_event *copy_event;     /* completes after the posted copy, when
                                 posted_copies is 1 and it is known */
    int variable;             /* a tile of variable length (dist.h,
                                 hs_tile_home.variable): its message
                                 carries prefix_words values */
    long prefix_words;        /* of a variable tile's current version: the
                                 words its writer filled from the start
                                 (hs_handle_set_prefix), a copy's or a
                                 receive's as their source's */
    hs_access *wait_head, *wait_tail;
};

/* Doubles that hold an m x n tile of esize-byte values: a host copy is
 * that many doubles and its status word, and so is its message (one
 * MPI type whatever the precision). */
static inline size_t hs_value_words(int m, int n, int esize)
{
    return ((size_t)m * (size_t)n * (size_t)esize + sizeof(double) - 1) / sizeof(double);
}

/* Bytes of a host copy of such a tile: its values and status word (what
 * the copy budget counts). */
static inline size_t hs_host_copy_bytes(int m, int n, int esize)
{
    return (hs_value_words(m, n, esize) + 1) * sizeof(double);
}

static inline size_t hs_handle_words(const hs_handle *h)
{
    return hs_value_words(h->m, h->n, h->esize);
}

static inline double *hs_handle_status_word(hs_handle *h)
{
    return h->discard || h->dev || h->in_place ? &h->status_apart
                                               : (double *)h->data + hs_handle_words(h);
}

/* Doubles of h's message (runtime/progress.c): its values, then its
 * status word unless that is 0; a tile of one double (or none) keeps the
 * word, so that a message of one double is a status alone (what a sender
 * with no memory for the tile, or whose MPI failed, sends) or a tile of
 * no value's word.  Receives
 * have room for values and word: an accelerator's memory too
 * (hs_handle_new_device), so that a tile travels there whole when MPI
 * takes device memory (dist.h, hs_dist_use_devices). */
static inline size_t hs_message_words_of(size_t words, double status)
{
    return words + (words <= 1 || status != 0);
}

static inline size_t hs_message_words(hs_handle *h)
{
    return hs_message_words_of(hs_handle_words(h), *hs_handle_status_word(h));
}

/* A variable tile's message (runtime/progress.c): while its status is 0,
 * only the prefix its writer filled, never exactly one double (that is a
 * status alone: one word more, which the tile has room for), at most the
 * values; with a status, as any tile's.  A receive then takes a message
 * shorter than the values, and not of one double, as that prefix with
 * status 0.  Tiles of one value or none are sent whole. */
static inline size_t hs_prefix_message_words(size_t words, long prefix)
{
    size_t w = prefix < 0 ? words : (size_t)prefix;
    if (w == 1)
        w = 2;
    return w < words ? w : words;
}

/* Whether h's messages may be prefixes (above): a variable tile of two
 * values or more, held here and not in the caller's array. */
static inline int hs_handle_prefix_shaped(const hs_handle *h)
{
    return h->variable && !h->discard && !h->in_place && hs_handle_words(h) >= 2;
}

/* Whether h's message is its prefix (above): while its status is 0. */
static inline int hs_handle_sends_prefix(hs_handle *h)
{
    return hs_handle_prefix_shaped(h) && *hs_handle_status_word(h) == 0;
}

/* A writer of a variable tile: the new version's values that matter are
 * its first `words` doubles (hs_value_words of the rows it filled). */
static inline void hs_handle_set_prefix(hs_handle *h, size_t words)
{
    h->prefix_words = (long)words;
}

/* A kernel gets the task (accesses in insertion order, iparam) and the
 * device it runs on, and returns 0 or a status to record on every handle
 * the task writes.  A kernel that may run on an accelerator touches its
 * data only through dev->ops->kernel on HS_STREAM_COMPUTE (the handles'
 * data are then device pointers, ld = m, and pointer offsets are fine);
 * on the host dev is the cpu device, whose kernels run at once; a host
 * tile in the caller's array has ld >= m (hs_task_ld).  Kernels
 * that need LAPACK are inserted host-only. */
typedef int (*hs_kernel)(hs_task *task, hs_device *dev);

/* A kernel whose status is only known once its device work has run (a
 * factorization's info, which a device kernel writes to the task's
 * kernel_info when it has run) has a finish function: called once the
 * task's work is done (on the host right after the kernel; on an
 * accelerator from its completion callback, where no device operation may
 * be called), it returns 0 or the status to record on every handle the
 * task writes.  Such a task's successors are not chained behind it on its
 * device: they wait for its completion, so that they see its status. */
typedef int (*hs_finish)(hs_task *task);

/* Where a kernel has its device work write the task's status word, which
 * the finish function then reads in kernel_info: on an accelerator a
 * word of the post's record (runtime/engine_devices.c), which outlives
 * the task should a failed device's health check finish it before that
 * work has run; on the host the task's own kernel_info. */
int *hs_task_info_slot(hs_task *t);

/* The declaration of one kind of task, made once, next to its kernels
 * (src/kernels/NAME_kernels.c) or, for the runtime's own tasks, here:
 * its name (traces, reports); what the cost model counts of it
 * (kernels/kernel_work.h): `work` reads the task's accesses' shapes and
 * iparam as its kernel does and fills the flops of each rate class, and
 * `nacc` is how many accesses it reads; its kernel for each precision
 * (enum hs_precision), which runs on the host or, through the device
 * interface, on an accelerator, unless `host_only` says it needs LAPACK
 * routines no device has; and its finish function, if its status is only
 * known once its device work has run.  An algorithm names the kind and
 * fills the kind's typed arguments (HS_KERNEL_ARGS below); the runtime
 * takes the kernel of the call's precision from here.  Tasks are told
 * apart by the address of their kind, never by its name.  The runtime's
 * own kinds have no kernels here: it creates their tasks itself. */
struct hs_work_parts;
typedef struct hs_task_kind {
    const char *name;
    int nacc;
    int (*work)(const hs_task *t, int esize, struct hs_work_parts *parts);
    hs_kernel kernel[HS_NPRECS];
    hs_finish finish;
    int host_only;
    /* Simulation (sim/sim.h), whose kernels do not run: what the kernel
     * would leave that messages depend on (the expected prefix of a
     * variable tile it writes, hs_handle_set_prefix); NULL: nothing. */
    void (*simulated)(hs_task *t);
    /* Simulation: for a part of a task spread over ranks whose parts
     * wait in their exchanges for each other (kernels/lu_spread_part.h),
     * how many parts there are, and in *key what tells its group from
     * the call's others (the same on every part); 0: not such a part. */
    int (*gang)(const hs_task *t, long *key);
    /* On an accelerator, its kernel issues its device work on the driver
     * stream (t->stream, HS_STREAM_DRIVER) and waits for it itself before
     * returning, maybe for other ranks in between: the task runs on the
     * device's driver thread, not its management thread
     * (runtime/engine_drivers.c). */
    int drives_device;
} hs_task_kind;

/* The runtime's own kinds: a home tile filled from or written back to the
 * caller's matrix (runtime/dist.c), a copy between host and accelerator
 * (runtime/dist_devices.c), a message sent or received. */
extern const hs_task_kind hs_kind_fill, hs_kind_write_back, hs_kind_copy, hs_kind_send,
    hs_kind_recv;

/* A kernel's arguments travel in its task's iparam: a struct of ints,
 * declared once beside the kernel (HS_KERNEL_ARGS(name, fields) in its
 * family's header), which the algorithm stores (name_put) and the kernel
 * and the cost model read (name_of), so that no side counts positions. */
#define HS_KERNEL_ARGS_ACCESS(name)                                                    \
    _Static_assert(sizeof(name) <= sizeof(int) * HS_MAX_IPARAMS &&                     \
                       sizeof(name) % sizeof(int) == 0,                                \
                   #name " fits a task's iparam");                                     \
    static inline name name##_of(const hs_task *t)                                     \
    {                                                                                  \
        name a;                                                                        \
        memcpy(&a, t->iparam, sizeof a);                                               \
        return a;                                                                      \
    }                                                                                  \
    static inline void name##_put(int *iparam, name a)                                 \
    {                                                                                  \
        memcpy(iparam, &a, sizeof a);                                                  \
    }
#define HS_KERNEL_ARGS(name, ...)                                                      \
    typedef struct name {                                                              \
        int __VA_ARGS__;                                                               \
    } name;                                                                            \
    HS_KERNEL_ARGS_ACCESS(name)

struct hs_task {
    hs_kernel kernel;         /* HS_Q_HOST tasks */
    hs_finish finish;         /* NULL: the kernel's status is final */
    int kernel_info;          /* written by the device work (hs_finish) */
    const hs_task_kind *kind;
    const char *name;         /* its kind's */
    int queue;
    int device;               /* HS_Q_DEVICE: index of the accelerator */
    int stream;               /* HS_Q_DEVICE: the stream its kernels go on
                                 (HS_STREAM_COMPUTE or _URGENT; _DRIVER for
                                 a kind that drives_device) */
    int priority;             /* larger runs first */
    long seq;                 /* insertion order: ties and trace names */
    int nacc;
    hs_access acc[HS_MAX_ACCESSES];
    int iparam[HS_MAX_IPARAMS];
    int peer, tag;            /* HS_Q_SEND / HS_Q_RECV */
    int background;           /* HS_Q_SEND of a piece of the repartition
                                 (runtime/dist.h hs_dist_use_pieces): held
                                 to a small part of the send window */
    int window_slot[2];       /* runtime/send_heap.h: its places in the send
                                 window's queues while it waits there */
    int comm_error;           /* runtime/progress.c: MPI failed this message */
    double *staged;           /* runtime/progress.c: a contiguous copy being
                                 sent of a tile in the caller's array */
    MPI_Request request;      /* runtime/progress.c: in flight off its arrays */
    int tile;                 /* global id of the main tile (traces) */
    double t_posted;          /* when the message was posted (traces) */
    double t_ready;           /* simulation: when it became ready, and */
    long cause;               /* the step that made it so (sim/sim_path.h;
                                 -1: its insertion) */
    int pending;              /* accesses not yet granted (+1 while built) */
    int skipped;              /* an input carried a status: kernel not run */
    int ignore_status;        /* run the kernel whatever the inputs carry */
    void *ctx;                /* for the kernel, when iparam is not enough */
    int inflight_dev;         /* runtime/engine_devices.c: the accelerator
                                 whose callback will finish it, 0 if none */
    struct hs_device_post *post;   /* and the post that callback carries */
    int posted;               /* its kernels or its copy are on their
                                 device's stream (hs_engine_posted_locked) */
    int chained;              /* granted an access behind a posted task */
    hs_event *event;          /* a posted copy: recorded after it */
    hs_event *wait[HS_MAX_ACCESSES];   /* a chained device task: copies'
                                 events its compute stream waits for */
    hs_task *next;            /* queue link */
};

/* Whether a runs before b in a priority order of tasks (the ready heap's,
 * the send window's): higher priority, then inserted earlier. */
static inline int hs_task_before(const hs_task *a, const hs_task *b)
{
    return a->priority != b->priority ? a->priority > b->priority : a->seq < b->seq;
}

/* A copy task's direction (enum hs_copy_dir): host to accelerator,
 * accelerator to host, or accelerator to accelerator (a peer copy,
 * device.h); and its name in traces ("h2d", "d2h", "d2d"). */
static inline int hs_copy_task_dir(const hs_task *t)
{
    const hs_handle *src = t->acc[0].handle, *dst = t->acc[1].handle;
    return !src->dev ? HS_COPY_H2D : !dst->dev ? HS_COPY_D2H : HS_COPY_D2D;
}
extern const char *const hs_copy_dir_name[3];

/* A copy's destination holds its source's version: a variable tile's
 * prefix too, taken as the copy starts (engine_devices.c, the
 * simulator's start_copy).  Not at its end: by then a device task
 * chained behind the copy may have set its source's prefix for the next
 * version (hs_engine_posted_locked, engine_handles.c). */
static inline void hs_copy_prefix(hs_task *t)
{
    t->acc[1].handle->prefix_words = t->acc[0].handle->prefix_words;
}

static inline void *hs_task_data(const hs_task *t, int k)
{
    return t->acc[k].handle->data;
}

/* The leading dimension of access k's data (its rows: t->acc[k].handle->m). */
static inline int hs_task_ld(const hs_task *t, int k)
{
    return t->acc[k].handle->ld;
}

/* Counters of one call on this rank. */
typedef struct hs_engine_stats {
    long tasks_run, tasks_skipped;
    long messages_sent, messages_received;
    double bytes_sent;
    long max_live_tasks;
    double peak_copy_bytes;   /* received copies alive at once */
    double busy_seconds;      /* summed over workers */
    long device_tasks[HS_MAX_DEVICES];  /* tasks run per device (0: host) */
    double device_busy_seconds;         /* summed over accelerators */
    long copies_h2d, copies_d2h;        /* device copies */
    double bytes_h2d, bytes_d2h;
    long copies_d2d;                    /* accelerator to accelerator, */
    double bytes_d2d;                   /* without the host (device.h peer) */
    long device_messages;               /* sent from or received into an
                                           accelerator's memory */
    long chained;                       /* device tasks posted behind a
                                           predecessor still on the stream */
    long urgent;                        /* device tasks run on the urgent
                                           stream (device.h) */
    long sends_reordered;               /* sends posted before an older one
                                           (runtime/send_window.h) */
    long prefix_messages;               /* sent as a variable tile's prefix
                                           (hs_handle_sends_prefix) */
    long receives_at_once;              /* most receives in flight at once
                                           (runtime/progress.c) */
    long team_pieces_helped;            /* pieces of host kernels' teams run
                                           by workers that joined them
                                           (runtime/team.h) */
} hs_engine_stats;

/* Limits of one call.  The generation thread waits at a task boundary
 * while `window` task instances are live, or while received copies, with
 * those the next task brings, would take more than copy_budget bytes and
 * some task is still live (it will free them): memory stays bounded and
 * the oldest task can always run. */
/* Simulation mode (sim/sim.h): the engine starts no thread and runs no
 * kernel; the simulator serves its ready queues against a virtual clock.
 * Wherever the generator would wait (window, drain, task pool) it calls
 * yield(state) instead, which returns once the simulator has moved on.
 * Received copies are counted against the copy budget but have no data. */
typedef struct hs_engine_sim {
    void (*yield)(void *state);
    void (*ready)(void *state, hs_task *t);   /* t is ready to run (may be NULL) */
    void *state;
} hs_engine_sim;

/* The task window of a rank with `workers` host workers and
 * `accelerators` GPUs when none was asked for (asked <= 0): at least
 * 1024 instances, and 64 for each worker and GPU, so that a wide rank's
 * lookahead still reaches the next panel while a step's updates are
 * live (a rank of 64 workers and 4 GPUs ran one node's PDPOTRF 4%
 * faster with 4096 in the model; ranks of up to 15 workers and GPUs keep
 * 1024, doc/PERFORMANCE.md). */
enum { HS_TASK_WINDOW_MIN = 1024, HS_TASK_WINDOW_PER_UNIT = 64 };
static inline int hs_task_window(int asked, int workers, int accelerators)
{
    if (asked > 0)
        return asked;
    int units = (workers > 1 ? workers : 1) + (accelerators > 0 ? accelerators : 0);
    return units > HS_TASK_WINDOW_MIN / HS_TASK_WINDOW_PER_UNIT
               ? units * HS_TASK_WINDOW_PER_UNIT
               : HS_TASK_WINDOW_MIN;
}

typedef struct hs_engine_limits {
    int workers;          /* host worker threads; 0: the calling thread runs
                             every task (hs_session_run) */
    int window;           /* live task instances */
    double copy_budget;   /* bytes of received copies */
    hs_device **devs;     /* devs[0] the host, [1..ndev-1] accelerators, */
    int ndev;             /* each served by a management thread; NULL: host */
    const hs_engine_sim *sim;   /* NULL: a real run */
    double team_wait;     /* (tests) seconds a host kernel's team waits, when
                             idle workers were invited, for one to join
                             before its first round (runtime/team.h);
                             0: it starts at once */
    double send_window;   /* hs_session_run: bytes of sends in flight, the
                             rest waiting in priority order (runtime/
                             send_window.h); 0: every send posted at once */
    int prior_status;     /* hs_session_run: this rank's status from its own
                             steps since the grid last agreed (0: none
                             failed); the run's start agreement carries it,
                             so a failure there stops every rank */
} hs_engine_limits;

/* Lifecycle of one call: begin; run `generate(arg)` on the task-generation
 * thread (on one rank, in the calling thread); hs_engine_wait_finished()
 * (or the communication loop, see runtime/progress.h) returns when it has
 * finished and every task has run. */
int hs_engine_begin(const hs_engine_limits *limits);
void hs_engine_generate(void (*generate)(void *arg), void *arg);
/* The same in the calling thread, returning when generation is done (one
 * rank: the caller has nothing else to do, and handing the job to the
 * generator thread costs a thread wake-up per call). */
void hs_engine_generate_here(void (*generate)(void *arg), void *arg);
int hs_engine_finished(void);
void hs_engine_wait_finished(void);
void hs_engine_end(hs_engine_stats *stats);
/* Gives this thread's engine back to the pool once its call is over (the
 * tiles and copies freed): another thread's call may take it then.  A
 * thread that never releases keeps its engine for its next run. */
void hs_engine_release(void);

/* What a thread knows of its engine (hs_engine_cur, and whether it holds
 * it): the simulator's ranks take turns on one thread (sim/sim_fiber.h),
 * each with its own, which it swaps in when a rank's turn begins and out
 * when it ends.  Installs `next` and returns what was there. */
typedef struct hs_engine_hold {
    struct hs_engine *engine;
    int holding;
} hs_engine_hold;
hs_engine_hold hs_engine_hold_swap(hs_engine_hold next);

/* Handles. */
hs_handle *hs_handle_new(int m, int n, int esize);                   /* owned, zeroed */
/* The same in pinned host memory for copies with pin_dev's kind; NULL
 * when there is none: hs_handle_new then. */
hs_handle *hs_handle_new_pinned(hs_device *pin_dev, int m, int n, int esize);
void hs_handle_wrap(hs_handle *h, void *data, int m, int n, int esize); /* not owned */
/* Not owned either: m x n values at data, ld apart, in the caller's
 * array (a home tile in place); its status word is in the handle. */
void hs_handle_wrap_in_place(hs_handle *h, void *data, int m, int n, int ld, int esize);
void hs_handle_detach(hs_handle *h);  /* free once its accesses are done */
/* An owned handle in the memory of accelerator dev (contents undefined);
 * NULL when the device is out of memory, or, setting *host_nomem, when
 * the host has no memory for the handle itself. */
hs_handle *hs_handle_new_device(hs_device *dev, int m, int n, int esize, int *host_nomem);

/* Task construction on the generation thread: new, add accesses, submit.
 * hs_task_new never fails: when no task struct is free and none can be
 * allocated, it fails the call (HETSCAL_ERR_NOMEM) and waits for a task
 * to finish (engine_tasks.c, "task pool").  Generators call hs_engine_window_wait
 * between global tasks, which bounds what one insertion adds. */
hs_task *hs_task_new(int queue, hs_kernel kernel, const hs_task_kind *kind, int priority);
void hs_task_access(hs_task *t, hs_handle *h, int mode);
void hs_task_submit(hs_task *t);
/* Blocks the generator while the window is full (called between global
 * tasks, see runtime/dist.c); incoming_bytes: the received copies the
 * next task's insertion will allocate, which count against copy_budget
 * as the copies held do (hs_engine_limits). */
void hs_engine_window_wait(double incoming_bytes);
/* Blocks the generator until every task inserted so far has run. */
void hs_engine_drain_wait(void);

/* Communication hooks, called only by the communication loop. */
hs_task *hs_engine_take_comm_tasks(void);       /* ready sends and receives */
void hs_engine_complete(hs_task *t);            /* any thread */
/* Sleeps until new comm tasks, the end of the call, or the timeout
 * (0: no timeout). */
void hs_engine_comm_sleep(int microseconds);
/* A message sent (bytes) or received; device: from or into an
 * accelerator's memory (MPI takes it, runtime/dist.h); prefix: a sent
 * variable tile's prefix (hs_handle_sends_prefix). */
/* The status a task's inputs carry, or a discard handle's among any of its
 * accesses (0: run its kernel); a kernel that runs whatever they carry
 * (ignore_status) reads it itself. */
int hs_task_input_status(const hs_task *t);
/* Spread tasks' exchanges (runtime/exchange.h): a kernel's part posts x
 * and waits until the loop has completed it (driving the loop itself
 * where the calling thread runs the tasks); the loop takes the posted
 * ones and says when each is done. */
struct hs_exchange;
void hs_engine_exchange(struct hs_exchange *x);
struct hs_exchange *hs_engine_take_exchanges(void);
void hs_engine_exchange_done(struct hs_exchange *x);
void hs_engine_count_message(int sent, double bytes, int device, int prefix);
void hs_engine_count_sends_reordered(long n);
/* The most receives one communication loop had in flight at once. */
void hs_engine_count_receives_at_once(long n);
int hs_engine_idle_workers(void);   /* workers of the call waiting for work */
/* With no workers on several ranks, the calling thread also drives the
 * communication: wherever it would wait, it calls poll(state, may_wait)
 * (runtime/progress.h, hs_comm_poll) besides running ready host tasks.  Set
 * after hs_engine_begin; cleared by hs_engine_end. */
void hs_engine_set_poller(void (*poll)(void *state, int may_wait), void *state);
void hs_engine_fail(int status);                /* runtime error on this rank */
int hs_engine_failure(void);

/* Threads persist across calls; stopped at MPI_Finalize or exit. */
void hs_engine_shutdown(void);
/* In the child of a fork (runtime/session.c): the threads of every
 * engine are the parent's, so forget them without joining and without
 * taking the pool's or an engine's lock (a parent's thread may have held
 * one at the fork). */
void hs_engine_forget_threads(void);

#endif
