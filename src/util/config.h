/* Run-time configuration from HETSCAL_* environment variables, read at
 * every call (so a program can change them between calls). */
#ifndef HETSCAL_UTIL_CONFIG_H
#define HETSCAL_UTIL_CONFIG_H

#include "blacs_shim/grid.h"

typedef struct hs_config {
    int nb_small;      /* host tile size b (0: choose from N) */
    int nb;            /* top-level tile size B (GPU columns; 0: default) */
    int nb_gpu;        /* accelerator panel width Bg (0: from DGEMM rates) */
    int num_threads;   /* host worker threads of this rank */
    int window;        /* task window (live task instances per rank) */
    double copy_fraction;  /* received copies, as a fraction of the share */
    int overlap_copies;   /* repartition as tasks: 0 no, 1 large, 2 always */
    int verbose;
    int keep_memory;   /* keep the tile block for the next call */
    int disable;       /* forward calls to the next ScaLAPACK */
} hs_config;

void hs_config_read(hs_config *c, const hetscal_grid *grid);

/* Host tile size for an n x n problem when HETSCAL_NB_SMALL is not set. */
int hs_default_tile_size(int n, int nranks, int threads);

/* HETSCAL_DISABLE alone, read before anything else. */
int hs_config_disabled(void);

#endif
