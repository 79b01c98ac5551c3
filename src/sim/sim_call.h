/* Predicting a call (doc/ARCHITECTURE.md section 13): the layout a real
 * call would choose on a simulated grid of nprow x npcol ranks (the same
 * layout functions, on a grid without a communicator whose ranks are
 * alike, so that every agreement is each rank's own value), then the task
 * program run by the simulator (sim/sim.h) with the caller's cost
 * model.  The repartition between the caller's layout and the tiles,
 * when it is not done by tasks of the run, is estimated from the bytes
 * each rank keeps and exchanges. */
#ifndef HETSCAL_SIM_SIM_CALL_H
#define HETSCAL_SIM_SIM_CALL_H

#include "api/call_driver.h"
#include "sim/sim.h"
#include "sim/sim_path.h"

typedef struct hs_sim_call {
    const hs_factorization *f;   /* hs_pdpotrf, hs_pdgeqrf, hs_pdgetrf */
    int prec;                    /* enum hs_precision */
    int m, n, nb;                /* sub(A) = A (IA = JA = 1), MB = NB = nb */
    int nprow, npcol;            /* the caller's grid, row-major ranks */
    int threads;                 /* per rank (HETSCAL_NUM_THREADS) */
    int ranks_per_node;
    int node_cores;              /* cores of a node, which its ranks' workers
                                    share when they outnumber them (0: a
                                    core each; sim/sim.h) */
    /* Accelerators of a node, shared by its ranks as the real placement
     * shares them (the first ranks of a node get one more when they do
     * not divide evenly), each of gpu_capacity bytes.  host_rate and
     * gpu_rate (DGEMM GF/s of one thread at a tile's size, of one
     * accelerator at its best) split the tile columns as a real call's
     * probe does (api/device_split.h). */
    int gpus_per_node;
    double gpu_capacity, host_rate, gpu_rate;
    /* The environment's HETSCAL_* values (hs_config_read); the grid's
     * agreed part is set here. */
    hs_config cfg;
    hs_sim_costs costs;
    double copy_bandwidth;       /* bytes/s read plus written by one rank's
                                    repartition copies (its copying
                                    threads together: repartition.h) */
    double first_touch_bandwidth;   /* bytes/s of fresh memory one thread
                                       faults in (0: not counted): with
                                       HETSCAL_KEEP_MEMORY=0 a tile block
                                       larger than the kept bound is
                                       mapped and touched again at every
                                       call */
    const char *trace;           /* sim/sim.h */
    int path;                    /* record the run's critical path */
} hs_sim_call;

typedef struct hs_sim_prediction {
    double seconds;              /* the whole call: in + run + out */
    double t_in, t_run, t_out;
    int tile, panel_gpu, copy_tasks, caller_tiles, tiles_in_place, workers;
    const char *layout;          /* hs_call_report's: grid, gathered or one_row */
    int forward;                 /* how copies reach their readers (HS_FORWARD_*) */
    int top_width;               /* B: the width of a top-level tile column */
    int tall_rows;               /* hs_call_report's: tile rows taller than B */
    int rows_over_gpus;          /* and whether they go over the GPUs by row */
    const char *top_from;        /* what decided it (hs_call_report's top_from) */
    int host_panels;             /* the GPU columns' panels on the host */
    const char *panels_from;     /* what decided (api/panel_placement.h) */
    long tasks;                  /* summed over the ranks */
    long messages;
    double bytes_sent;           /* by the run's messages, all ranks */
    double repartition_bytes;    /* crossing ranks in the repartition, each way */
    double bytes_host_device;    /* device copies, both ways, all ranks */
    double bytes_peer;           /* copies from accelerator to accelerator */
    hs_sim_path path;            /* the run's critical path, when c->path */
    int gpu_fallbacks;           /* GPU tiles kept on the host (memory) */
    int nranks;
    hs_sim_rank_result *ranks;   /* nranks entries (hs_sim_prediction_free) */
} hs_sim_prediction;

/* Returns 0 or a negative hetscal_status. */
int hs_sim_call_predict(const hs_sim_call *c, hs_sim_prediction *p);
void hs_sim_prediction_free(hs_sim_prediction *p);

#endif
