/* How wide the accelerator panel of each top-level tile column is
 * (DESIGN.md section 2): the host and the accelerators get shares of the
 * column in proportion to their DGEMM rates, measured once per process. */
#ifndef HETSCAL_API_DEVICE_SPLIT_H
#define HETSCAL_API_DEVICE_SPLIT_H

#include "blacs_shim/grid.h"
#include "device/device.h"
#include "util/config.h"

/* Width Bg of the accelerator panel of a B-wide column whose host part is
 * cut into b-wide panels, the same on every rank of the grid: 0 when no
 * rank has an accelerator.  Collective at the first call on a grid with
 * these devices (hs_session_device_generation; the rates are measured
 * and agreed once), local afterwards.  HETSCAL_NB_GPU (the same on
 * every rank) overrides the measurement. */
int hs_accelerator_panel_width(const hetscal_grid *grid, const hs_config *cfg,
                               hs_device **devs, int ndev, int B, int b);

#endif
