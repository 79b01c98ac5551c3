/* The simulator's state, shared by sim.c (the turns, the events, the
 * cores of a node, the ready queues, the run) and sim_messages.c (the
 * messages between ranks).  The simulator's thread only. */
#ifndef HETSCAL_SIM_SIM_IMPL_H
#define HETSCAL_SIM_SIM_IMPL_H

#include "runtime/engine_impl.h"
#include "sim/sim_links.h"
#include "runtime/send_window.h"
#include "sim/sim.h"
#include "sim/sim_fiber.h"
#include "sim/sim_path.h"

enum { EV_TASK, EV_DEVICE, EV_DRIVEN, EV_COPY, EV_MESSAGE };

/* Something that ends at `time`: a task on a worker (slot), on
 * accelerator `slot` or driving it (EV_DRIVEN, engine.h's driven device
 * tasks), a device copy, or a message (task: the send on rank,
 * peer_task: the receive on peer_rank). */
typedef struct event {
    double time, start;
    long seq;                   /* ties: the order events were made */
    long version;               /* a task's end: stale when the slot's
                                   version has moved on (sim/sim.h:
                                   node_cores) */
    int kind, rank, slot, peer_rank;
    hs_task *task, *peer_task;
} event;

/* A step of the run for its critical path (sim_path.c): a task, copy or
 * message that ended. */
typedef struct path_step {
    double ready, start, end;
    long cause;                 /* the step that made it ready; -1: none */
    const char *name;           /* its kind's */
    int where;                  /* enum hs_sim_where */
} path_step;

typedef struct span {
    const char *name;
    int track, arg;
    long bytes;
    double t0, t1;
} span;

/* A simulated accelerator: memory counted, never touched. */
typedef struct sim_device {
    hs_device dev;
    size_t used;
    double in_free, out_free;
    /* Its kernels, one at a time: the running task's end is an event;
     * the tasks on each compute stream not yet started wait in order,
     * and the urgent stream's first starts next (device.h). */
    int running;
    hs_task *waiting[HS_LANES][HS_DEVICE_QUEUE_MAX];
    int first[HS_LANES], nwaiting[HS_LANES];
    int queued[HS_LANES];  /* tasks on each compute stream, running or not */
    double task_seconds;   /* running average per task, as the engine's */
    int driving;           /* a driven task runs (its driver thread's) */
} sim_device;

/* A message to a calling-thread rank, waiting for that thread's poll. */
typedef struct pending_receive {
    int src;
    hs_task *send, *recv;
} pending_receive;

/* A calling-thread rank's send whose data has arrived: MPI tells the
 * sender at its next poll. */
typedef struct arrived_send {
    hs_task *send;
    double began;               /* when its transfer started */
} arrived_send;

struct sim;

typedef struct sim_rank {
    struct sim *sim;
    int index;
    hs_fiber *fiber;            /* its generation's turns */
    hs_engine_hold hold;        /* its engine while it is not running */
    hs_engine_sim hook;
    hs_engine *engine;          /* set by its thread after hs_engine_begin */
    hs_dist *dist;
    int err;
    hs_engine_stats stats;      /* the engine's counters, at its end */
    int blocked;                /* its generator yielded (waits to resume) */
    int done;                   /* its generation has finished */
    unsigned char *cpu_busy;    /* cpus entries: worker k runs a task */
    int cpu_free;
    /* Per worker: the slot + 1 of the team task it helps (runtime/team.h;
     * 0: none), and for a team task's own worker, its members, its
     * pieces a round (kept: join_teams looks at every dispatch), its task,
     * the part of it done as of team_since, its time with its present
     * members (workers that come free join it, sim.c), and the core-seconds
     * its members had as of team_since. */
    int *team_of, *members, *team_pieces;
    hs_task **team_task;
    double *team_done, *team_since, *team_seconds, *team_busy;
    int teams_running;
    /* Per worker, while it runs a host task on cores its node's ranks
     * share: the task, its work left (seconds on a core of its own) as of
     * `since`, its start, and the version of its pending end event. */
    hs_task **running;
    double *left, *since, *began;
    long *version;
    pending_receive *pending;   /* calling thread: receives it has to poll */
    size_t npending, pending_head, cappending;
    arrived_send *arrived;      /* calling thread: sends it has to poll */
    size_t narrived, caparrived;
    hs_send_window sends;       /* the order its sends go in, as a real
                                   rank's (runtime/progress.c) */
    /* Accelerators: devs[0] the host, [1..ndev-1] simulated devices;
     * when each one's compute stream and copy lanes are free. */
    hs_device **devs;
    int ndev, gpu_fallbacks;
    sim_device *dev;
    /* Inside its node: the lanes of its messages through shared memory
     * and, apart, of those between its GPUs and another rank's (CUDA IPC
     * copies by the GPUs' copy engines over their links, which no host
     * copy holds up), each booked as the network's links (sim_links.h). */
    hs_sim_link shm_out, shm_in, peer_out, peer_in;
    long tasks_run, sent, received, device_tasks[HS_MAX_DEVICES];
    long urgent;                /* device tasks run on an urgent stream */
    long copies_h2d, copies_d2h, copies_d2d;
    double busy, device_busy, bytes_sent, message_seconds, finish, bytes_h2d, bytes_d2h,
        bytes_d2d;
    span *spans;
    size_t nspans, capspans;
} sim_rank;

/* A message posted on one side, waiting for the other. */
typedef struct posted {
    unsigned long long key;     /* 0: free slot */
    int rank;
    hs_task *task;
} posted;

typedef struct hs_sim_gang hs_sim_gang;

typedef struct sim {
    const hs_sim_setup *s;
    hs_fiber *thread;           /* the simulator's: the calling thread */
    double now;
    long seq;
    event *ev;                  /* min-heap on (time, seq) */
    size_t nev, capev;
    posted *table;              /* open addressing on key */
    size_t ntable, captable;
    int nnodes;
    hs_sim_link *out_link, *in_link;   /* [node * links + k]: each network
                                          link's bookings (sim_links.h) */
    int *node_busy;             /* [node]: its threads computing now */
    int share;                  /* a node's ranks have more workers than
                                   it has cores */
    sim_rank *rank;
    hs_dist_shared *shared;     /* what every rank's dist computes alike */
    path_step *steps;           /* when setup->path: every step, in the */
    size_t nsteps, capsteps;    /* order they ended */
    hs_sim_gang *gangs;         /* groups of spread parts not all started */
    size_t ngangs, capgangs;    /* (sim_gang.c) */
    long completing;            /* the last step that ended (-1: none yet):
                                   what a task made ready now waited for.
                                   Generation takes no simulated time, so a
                                   task inserted ready, or granted behind a
                                   task posted to a stream, waited for the
                                   event the simulator has just handled */
    int err;
} sim;

/* sim.c */
/* Room for one more of an array's n items (*cap of them allocated,
 * doubled from `first`); 0, or -1 (nothing changed) without memory. */
int hs_sim_room_for_one(void **items, size_t n, size_t *cap, size_t first, size_t size);
int hs_sim_push_event(sim *S, event e);
int hs_sim_node_of(const sim *S, int rank);
/* The share of a core each computing thread of the node gets. */
double hs_sim_node_rate(const sim *S, int node);
/* delta more threads of rank's node compute from now on (sim.c). */
int hs_sim_node_change(sim *S, int rank, int delta);
/* sim_gang.c: whether task t, about to start for `seconds` on r's worker
 * `slot` (kind EV_TASK) or driving r's accelerator `slot` (EV_DRIVEN),
 * is a part of a spread task (then started as one, its end scheduled
 * once all its group's parts have started); its group's memory is freed
 * by hs_sim_gangs_free. */
int hs_sim_gang_start(sim *S, sim_rank *r, hs_task *t, int kind, int slot, double seconds);
void hs_sim_gangs_free(sim *S);
/* A span of the trace, when one is written. */
void hs_sim_record(sim_rank *r, int track, const char *name, double t0, double t1, int arg,
                   long bytes);
/* Task t of rank r has ended: it ran from `start` at `where` (enum
 * hs_sim_where). */
void hs_sim_complete(sim *S, sim_rank *r, hs_task *t, double start, int where);

/* sim_path.c */
/* The engine's hook (hs_engine_sim.ready; state: the rank): t is ready. */
void hs_sim_path_ready(void *state, hs_task *t);
/* Records t's step when the path is asked for (setup->path) and makes it
 * the cause of what its end makes ready. */
void hs_sim_path_step(sim *S, const hs_task *t, double start, int where);
/* The path's parts into setup->path, once the run is over. */
void hs_sim_path_walk(const sim *S, hs_sim_path *path);

/* sim_messages.c */
/* Room in the table of posted messages (more of it): 0 or
 * HETSCAL_ERR_NOMEM. */
int hs_sim_table_grow(sim *S);
/* Bytes of a send's message: the tile and its status word. */
double hs_sim_message_bytes(const hs_task *send);
/* Rank's send or receive t is posted: when the other side is too, its
 * transfer starts. */
void hs_sim_post(sim *S, int rank, hs_task *t);
/* A calling-thread rank's poll of MPI (see sim_messages.c). */
void hs_sim_poll_messages(sim *S, sim_rank *r);

#endif
