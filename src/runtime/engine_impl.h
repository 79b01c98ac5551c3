/* Engine internals shared by engine.c (engine pool, host workers,
 * generation thread, lifecycle), engine_handles.c (handle memory, access
 * lists and grants), engine_tasks.c (task pool, window, submission and
 * completion) and engine_devices.c (accelerator management threads and
 * the device-copy thread), and by the simulator (sim/sim.c), which runs
 * the engine in simulation mode and stands in for its workers.  Not for
 * other layers. */
#ifndef HETSCAL_RUNTIME_ENGINE_IMPL_H
#define HETSCAL_RUNTIME_ENGINE_IMPL_H

#include <pthread.h>
#include <stdatomic.h>

#include "runtime/engine.h"
#include "runtime/ready_heap.h"

enum { HS_MAX_WORKERS = 256, HS_RESERVE_TASKS = 128 };

/* How many tasks an accelerator's management thread keeps enqueued on
 * its compute stream.  The stream runs them in order, so a task that
 * becomes ready later (the next panel, once its column is updated) waits
 * behind what is queued, not behind every update that was ready before
 * it: at least HS_DEVICE_QUEUE_MIN tasks (the next kernel queued while
 * one runs), and as many as the device's recent tasks take
 * HS_DEVICE_QUEUE_SECONDS to run, so that short kernels do not drain the
 * stream while the thread waits to be woken (up to HS_DEVICE_QUEUE_MAX).
 * avg_seconds: the device's running average time per task (0: none yet). */
#define HS_DEVICE_QUEUE_SECONDS 2e-3
enum { HS_DEVICE_QUEUE_MIN = 3, HS_DEVICE_QUEUE_MAX = 64 };
static inline int hs_device_queue_depth(double avg_seconds)
{
    if (!(avg_seconds > 0))
        return HS_DEVICE_QUEUE_MIN;
    double n = HS_DEVICE_QUEUE_SECONDS / avg_seconds + 1;
    return n < HS_DEVICE_QUEUE_MIN ? HS_DEVICE_QUEUE_MIN
           : n > HS_DEVICE_QUEUE_MAX ? HS_DEVICE_QUEUE_MAX
                                      : (int)n;
}

/* The running average of a device's task times: each new task weighs
 * 1/8. */
static inline double hs_device_task_average(double avg, double seconds)
{
    return avg > 0 ? avg + (seconds - avg) / 8 : seconds;
}

/* A device's compute streams as lanes: 0 the compute stream, 1 the
 * urgent one (device.h).  Each lane has its ready tasks and its own
 * hs_device_queue_depth, so that an urgent task never waits for room
 * behind the compute stream's queue. */
enum { HS_LANES = 2 };
static inline int hs_stream_lane(int stream)
{
    return stream == HS_STREAM_URGENT;
}

/* One accelerator's queues and management thread. */
typedef struct hs_engine_device {
    hs_ready_heap ready[HS_LANES];
    pthread_cond_t cv;
    pthread_t thread;
    int started;
    double last_done[HS_LANES];  /* completion time of the lane's previous task */
    hs_task *inflight;           /* enqueued on the device, callback pending
                                    (linked through next) */
    int queued[HS_LANES];        /* of those, tasks on each compute stream */
    double task_seconds;         /* running average per task (hs_device_task_average) */
    int broken;                  /* the device failed for good this call */
    /* Driven tasks (engine_drivers.c): ready ones, and the thread that
     * runs them on the driver stream. */
    hs_ready_heap driven;
    pthread_cond_t driver_cv;
    pthread_t driver;
    int driver_started;
} hs_engine_device;

struct hs_engine;

/* What an engine thread is started with: its engine and its index. */
typedef struct hs_thread_slot {
    struct hs_engine *engine;
    int index;
} hs_thread_slot;

/* One engine runs one call at a time; a process has as many as calls run
 * at once (threads of the application calling on different grids), each
 * with its own threads, kept between calls in a pool. */
typedef struct hs_engine {
    pthread_mutex_t lock;
    pthread_cond_t work_cv;      /* host workers taking part in the call */
    pthread_cond_t park_cv;      /* workers beyond this call's count */
    pthread_cond_t gen_cv;       /* generation thread: a new job */
    pthread_cond_t window_cv;    /* generation thread: room in the window */
    pthread_cond_t comm_cv;      /* communication loop / caller */

    pthread_t thread[HS_MAX_WORKERS + 1];
    int nthreads;                /* started: [0] generator, then workers */
    int shutdown;

    int active;                  /* a call is in progress */
    int workers;                 /* workers taking part in this call */
    int idle_workers;            /* of those, waiting for work */
    struct hs_team *team;        /* a host kernel's team idle workers join
                                    (runtime/team.h), or NULL */
    double team_wait;            /* hs_engine_limits.team_wait */
    long window, live, seq;
    /* Task structs (engine_tasks.c, "task pool"): free ones, the chunks this
     * call allocated beyond the static reserve, how many exist. */
    hs_task *free_tasks;
    hs_task reserve_tasks[HS_RESERVE_TASKS];
    struct hs_task_chunk *chunks;
    long ntasks;
    int task_waiting;            /* the generator waits for a free task */
    double copy_bytes, copy_budget;
    double copy_incoming;        /* the next task's new copies (window wait) */
    hs_ready_heap host;
    hs_task *comm_head, *comm_tail;
    /* Exchanges of spread tasks' parts for the loop to post, and the
     * condition their parts wait on (runtime/exchange.h). */
    struct hs_exchange *xchg_head, *xchg_tail;
    pthread_cond_t xchg_cv;

    /* Accelerators of this call: devs[1..ndev-1]; devs[0] is the host. */
    hs_device *devs[HS_MAX_DEVICES];
    int ndev;
    hs_engine_device dev[HS_MAX_DEVICES];
    hs_ready_heap copies;
    struct hs_kept_event {
        hs_device *dev;
        hs_event *ev;
    } *events;                   /* copies' events of this call */
    int nevents, cap_events;
    struct hs_post_chunk *posts; /* device tasks' posts of this call */
    struct hs_device_post *free_posts;    /* of those, ones no callback reads */
    struct hs_post_chunk *orphan_posts;   /* of past calls whose callbacks
                                    may yet run (engine_devices.c) */
    pthread_cond_t copy_cv;
    pthread_t copy_thread;
    int copy_started;

    void (*gen_fn)(void *);
    void *gen_arg;
    int gen_pending, gen_done;
    void (*poll)(void *state, int may_wait);   /* hs_engine_set_poller */
    void *poll_state;
    pthread_t poll_thread;       /* the thread that set it: it alone polls */
    atomic_int failure;          /* the call's first runtime error: set under
                                    lock, read alone by hs_engine_failure */
    int tracing;
    const hs_engine_sim *sim;    /* simulation mode (engine.h), or NULL */
    int sim_wait;                /* simulated: what the generator waits for
                                    while it has yielded (enum in engine_tasks.c) */
    hs_engine_stats stats;

    hs_thread_slot slot[HS_MAX_WORKERS + 1];   /* [0] generator, workers */
    hs_thread_slot dev_slot[HS_MAX_DEVICES];   /* management threads */
    int in_use;                  /* held by a thread (begin .. release) */
    struct hs_engine *next;      /* in the pool */
} hs_engine;

/* The engine of this thread: set by hs_engine_begin on the thread that
 * makes the call, at start on the engine's own threads, and from the
 * task in a device's completion callback. */
extern _Thread_local hs_engine *hs_engine_cur;
#define E (*hs_engine_cur)
/* This thread holds hs_engine_cur (engine.c, hs_engine_begin to
 * hs_engine_release). */
extern _Thread_local int hs_engine_holding;

/* Simulation: whether e's generator, which has yielded, would still wait
 * (the simulator resumes it only when not: most events leave it waiting). */
int hs_engine_sim_waits(hs_engine *e);

/* Engine lock held. */
void hs_engine_complete_locked(hs_task *t);
/* A device task's kernels are on the compute stream of accelerator
 * `device`, or a copy is on one of its copy streams with t->event recorded
 * after it: waiting device tasks of that accelerator may be granted its
 * handles (engine.h). */
void hs_engine_posted_locked(hs_task *t, int device);
void hs_engine_fail_locked(int status);        /* runtime error on this rank */
void hs_engine_devices_ready(hs_task *t);      /* HS_Q_DEVICE / HS_Q_COPY */
int hs_engine_devices_begin(void);            /* starts missing threads */
void hs_engine_devices_end(void);              /* frees the queues' storage */
void hs_engine_devices_wake_all(void);         /* shutdown */
/* The loop of an accelerator's thread (index slot->index, named `name`):
 * takes the next task (pop_locked; none: wait_locked) and runs it with
 * the lock released, until the engine shuts down. */
void hs_engine_device_loop(const hs_thread_slot *slot, const char *name,
                           hs_task *(*pop_locked)(int d), void (*wait_locked)(int d),
                           void (*run)(hs_task *t, hs_device *dev));
/* engine_drivers.c, the same for driven tasks (t->stream ==
 * HS_STREAM_DRIVER): */
void hs_engine_driven_ready_locked(hs_task *t);
int hs_engine_drivers_begin(void);
void hs_engine_drivers_end(void);
void hs_engine_drivers_wake_all(void);
/* engine_handles.c, for submission and completion (engine_tasks.c): */
void hs_engine_append_access(hs_access *a);    /* joins its handle's list in order */
void hs_engine_granted(hs_task *t);            /* one grant less pending: ready at 0 */
void hs_engine_release_access(hs_access *a);   /* done: grants what may follow */
/* engine_tasks.c, for the lifecycle and the workers (engine.c): */
void hs_engine_tasks_reset_locked(void);       /* a call begins: the reserve alone */
void hs_engine_tasks_free_chunks_locked(void); /* a call ends, nothing live */
int hs_engine_finished_locked(void);           /* all generated, nothing live */
/* Runs host task t popped by thread `track`, unlocked meanwhile. */
void hs_engine_run_popped_locked(hs_task *t, int track, int tracing);

/* No lock needed. */
void hs_engine_devices_join(void);             /* after wake_all */
void hs_engine_drivers_join(void);
/* Records status on every handle the task writes. */
void hs_task_set_output_status(hs_task *t, int status);

#endif
