/* Simulation of one call's run on any number of ranks, in one process and
 * without MPI (doc/ARCHITECTURE.md section 13).  Each simulated rank runs
 * the real runtime: its own engine (runtime/engine.h, in simulation mode:
 * access lists, window, copy budget, task pool and ready heaps as in a
 * real run) and its own distributed assignment (runtime/dist.h: every
 * instance, send and receive a real rank would insert, device placement
 * and copies included), fed by the real algorithm on its own generation
 * fiber.  What is replaced: the threads that serve the ready queues
 * (virtual CPU workers, GPU streams and copy engines that take tasks from
 * those very heaps, highest priority first), the kernels (a cost model
 * gives each task's duration) and MPI (a virtual network matches the n-th
 * message between two ranks by its tag, as MPI does).  Time is a virtual
 * clock; nothing depends on the host's speed, so a simulation gives the
 * same answer every time.
 *
 * An accelerator is a compute stream and two copy lanes (in, out): work
 * enqueued there runs in order, as on a GPU's streams, whose management
 * and copy threads enqueue without waiting.
 *
 * Only one runs at a time (the simulator or one rank's generator, each
 * rank's a fiber on the calling thread, sim_fiber.h, handing control back
 * and forth), so the order of events is fixed. */
#ifndef HETSCAL_SIM_SIM_H
#define HETSCAL_SIM_SIM_H

#include "runtime/dist.h"

/* How long things take.  Bandwidths in bytes per second, times in
 * seconds. */
typedef struct hs_sim_costs {
    /* Seconds of task t's kernel on location x of its rank (0: one CPU
     * core, x >= 1: accelerator x). */
    double (*task_seconds)(void *arg, const hs_task *t, int x);
    /* A host task that runs over a team of its rank's idle workers
     * (runtime/team.h): its pieces a round (0: not such a task), and its
     * seconds with `members` cores, itself included.  NULL: no teams. */
    int (*team_pieces)(void *arg, const hs_task *t);
    double (*team_seconds)(void *arg, const hs_task *t, int members);
    void *arg;
    double task_overhead;        /* runtime cost each task adds to its worker */
    double gpu_task_overhead;    /* the same for a GPU task, on its device */
    double net_latency, net_bandwidth;   /* between nodes, per link */
    int net_links;               /* links of a node (NICs), each direction */
    double shm_latency, shm_bandwidth;   /* between ranks of one node */
    double link_latency, link_bandwidth; /* host <-> accelerator, each way,
                                            per accelerator */
    double peer_latency, peer_bandwidth; /* accelerator to accelerator of one
                                            rank, each way (bandwidth 0: no
                                            such link, copies between them
                                            go through the host) */
    int mpi_gpu_memory;          /* MPI takes the accelerators' memory (the
                                    machine's mpi.gpu_memory): a GPU tile's
                                    message costs the network alone */
    int stream_priorities;       /* the accelerators have the urgent stream
                                    (the machine's gpu.stream_priorities) */
} hs_sim_costs;

/* One simulated call. */
typedef struct hs_sim_setup {
    int nranks;
    int ranks_per_node;          /* ranks r and s share a node when
                                    r / ranks_per_node == s / ranks_per_node */
    int cpus;                    /* CPU workers of each rank (>= 1) */
    int node_cores;              /* cores of a node (0: as many as its
                                    ranks' workers).  When more of its
                                    ranks' threads compute at once than it
                                    has cores, they share them evenly:
                                    while B > node_cores compute, each
                                    goes on at node_cores / B of a core,
                                    re-timed whenever B changes (ranks
                                    that wait in MPI sleep and take no
                                    core) */
    int calling_thread;          /* no workers: the calling thread runs the
                                    tasks (cpus 1) and makes MPI progress
                                    only between them; it copies what it
                                    receives from its node, and its sends
                                    complete at its next poll */
    int window;                  /* live task instances per rank; 0:
                                    each rank's hs_task_window */
    double copy_budget;          /* bytes of received copies per rank, less
                                    the tiles that stay on it */
    double memory_bound;         /* hs_call_memory_bound (the ranks' shares
                                    taken as equal); 0: none */
    int nmatrix;                 /* the matrix's tiles, the first ones */
    int ntiles, prec;            /* tiles, their precision (enum hs_precision) */
    const hs_tile_home *home;
    int tag_limit;               /* MPI_TAG_UB of the simulated MPI */
    double send_window;          /* bytes of sends in flight per rank
                                    (runtime/send_window.h; 0: none) */
    int forward_copies;          /* hs_dist_forward_copies on every rank
                                    (HS_FORWARD_*, util/config.h), */
    int nprow, npcol;            /* over this grid of the tiles' homes */
    const int *rank_of;
    /* Accelerators of each rank (NULL: none), each of gpu_capacity bytes:
     * simulated devices whose memory is only counted; the rank places its
     * tiles on them (hs_dist_use_devices) and its engine serves them, as
     * a real rank does with its GPUs. */
    const int *gpus;
    double gpu_capacity;
    /* Before generation, on rank r's thread with its dist (may be NULL):
     * what a real call does there (hs_dist_copy_home ...). */
    void (*prepare)(void *arg, int rank, hs_dist *dist);
    /* The algorithm: inserts the task program into dist. */
    void (*generate)(void *arg, hs_dist *dist);
    void *arg;
    hs_sim_costs costs;
    const char *trace;           /* write TRACE.RANK.json (runtime/trace.h's
                                    format), or NULL */
    struct hs_sim_path *path;    /* gets the run's critical path (sim_path.h),
                                    or NULL */
} hs_sim_setup;

/* What one rank did. */
typedef struct hs_sim_rank_result {
    hs_engine_stats stats;       /* as a real run counts them (busy times
                                    virtual; device copies and their bytes) */
    int gpu_fallbacks;           /* tiles hs_dist_use_devices kept on the
                                    host */
    double finish;               /* when its last task ended */
    double message_seconds;      /* its sends' time on the links */
} hs_sim_rank_result;

/* Runs the simulation: *seconds is the simulated time of the run (from
 * the first insertion to the last task's end), ranks[r] (nranks entries,
 * may be NULL) each rank's counters.  Returns 0, or a negative
 * hetscal_status (no memory; HETSCAL_ERR_INTERNAL when the run could not
 * finish, which a correct task program never does). */
int hs_sim_run(const hs_sim_setup *setup, double *seconds, hs_sim_rank_result *ranks);

#endif
