/* One layout for the whole grid: the values that shape the tiles, the
 * task stream or a collective are agreed once per call, so ranks launched
 * with different environments, thread counts or devices still build the
 * same tiles and plan the same messages. */
#ifndef HETSCAL_API_CONFIG_AGREE_H
#define HETSCAL_API_CONFIG_AGREE_H

#include "blacs_shim/grid.h"
#include "util/config.h"

/* Collective over the grid (one small MPI_Allreduce): the fields of *cfg
 * marked "grid" (util/config.h) take rank (0,0)'s values, grid_threads
 * becomes the sum of every rank's task-running threads (no more on a
 * node than its CPUs), and the
 * accelerator fields the grid's averages (this rank's devices are opened
 * for that, hs_session_devices).  With cfg->verbose, a rank whose own
 * value was overridden says so on stderr.  Returns 0, or HETSCAL_ERR_MPI
 * on every rank. */
int hs_config_agree(hs_config *cfg, const hetscal_grid *grid);

/* The values rank (0,0) decides, so that a report (tools/hetscal-info)
 * lists exactly those: their count, the k-th one's variable name and its
 * value in cfg. */
int hs_config_common_count(void);
const char *hs_config_common_name(int k);
int hs_config_common_value(const hs_config *cfg, int k);

#endif
