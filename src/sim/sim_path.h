/* The critical path of a simulated call: the chain of steps that ended
 * last, each a task, copy or message that the one before it made ready,
 * and where its time went.  Walking back from the step that ended last,
 * each step adds its own run (a kernel on a CPU worker or a GPU, a copy
 * on its lane, a message on the network) and the time it was ready but
 * waited for its worker, stream or lane; a step nothing made ready
 * (inserted ready by its rank's generation) adds the time before its
 * insertion.  The largest part is the bottleneck the model names: a
 * kernel whose runs make up the path (the panels, say), or waiting for a
 * busy resource (the GPUs' streams: the GPUs are what bounds the run). */
#ifndef HETSCAL_SIM_SIM_PATH_H
#define HETSCAL_SIM_SIM_PATH_H

/* Where a step ran. */
enum hs_sim_where {
    HS_SIM_AT_CPU = 0, HS_SIM_AT_GPU, HS_SIM_AT_H2D, HS_SIM_AT_D2H, HS_SIM_AT_D2D,
    HS_SIM_AT_NET, HS_SIM_NWHERE
};

enum { HS_SIM_PATH_PARTS = 6 };

typedef struct hs_sim_path {
    double seconds;              /* the path: the run's simulated time */
    long steps;                  /* steps on it */
    int nparts;
    struct {
        char what[48];           /* "potrf on a GPU", "waiting for a GPU",
                                    "generation" */
        double seconds;
    } part[HS_SIM_PATH_PARTS];   /* the largest first */
} hs_sim_path;

#endif
