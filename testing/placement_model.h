/* A model of where the runtime must copy tiles between host and
 * accelerators (the rules of runtime/dist.h, written out again, simply):
 * fed the algorithm's calls in order (hs_dist_observe), it counts the
 * host-to-device and device-to-host copies and the tasks per device that
 * one rank must make.  Tests compare it with the engine's counters. */
#ifndef HETSCAL_TESTING_PLACEMENT_MODEL_H
#define HETSCAL_TESTING_PLACEMENT_MODEL_H

#include "runtime/dist.h"
#include "runtime/engine.h"

typedef struct placement_model {
    int ntiles, me, gpus;
    const hs_tile_home *home;   /* device = accelerator slot, as given */
    unsigned *valid;            /* locations of the current version here */
    unsigned *holders;          /* home side: ranks holding it (< 32) */
    long h2d, d2h, d2d;
    int peer;                   /* every pair of accelerators copies directly
                                   (placement_model_peers) */
    int gpu_messages;           /* messages go from and to the accelerators'
                                   memory (HETSCAL_GPU_MESSAGES=on) */
    long tasks[HS_MAX_DEVICES]; /* tasks this rank runs, per device */
} placement_model;

/* 0, or -1 out of memory. */
int placement_model_init(placement_model *m, int ntiles, const hs_tile_home *home,
                         int me, int gpus);
void placement_model_free(placement_model *m);
/* Whether the rank's accelerators copy from each other directly: the
 * devices say so and HETSCAL_PEER_COPIES is not "off" (sets m->peer); and
 * whether messages go from and to their memory (emulated GPUs: with
 * HETSCAL_GPU_MESSAGES=on; sets m->gpu_messages). */
void placement_model_peers(placement_model *m, hs_device **devs, int ndev);
/* An hs_dist_observer: arg is the model. */
void placement_model_observe(void *arg, int event, const hs_task_spec *spec, int tile);

#endif
