/* Which GPUs each rank of a node opens, agreed when a grid is built. */
#ifndef HETSCAL_API_GPU_PLACEMENT_H
#define HETSCAL_API_GPU_PLACEMENT_H

#include "blacs_shim/grid.h"
#include "device/device.h"

/* Installs the grid build hook (blacs_shim/grid.h) that exchanges the
 * UUIDs of the GPUs each of the grid's ranks on a node sees and shares
 * them out (hs_devices_assign): ranks that see different GPUs (one
 * CUDA_VISIBLE_DEVICES per rank) each keep their own, ranks that see the
 * same GPUs take turns.  Once per process, before the first grid. */
void hs_gpu_placement_install(void);

/* The grid's agreed placement in buf, or NULL when none was agreed. */
const hs_gpu_placement *hs_grid_gpus(const hetscal_grid *g, hs_gpu_placement *buf);

#endif
