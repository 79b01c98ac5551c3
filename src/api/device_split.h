/* How wide the accelerator panel of each top-level tile column is
 * (doc/ARCHITECTURE.md section 4): the host and the accelerators get
 * shares of the column in proportion to their DGEMM rates, measured once
 * per process and agreed over the grid at each call. */
#ifndef HETSCAL_API_DEVICE_SPLIT_H
#define HETSCAL_API_DEVICE_SPLIT_H

#include "blacs_shim/grid.h"
#include "device/device.h"
#include "util/config.h"

/* This process's host DGEMM rate per thread and its accelerators' summed
 * rate (GFLOP/s), measured once per opening of the devices
 * (hs_session_device_generation).  Local. */
void hs_device_rates(hs_device **devs, int ndev, double *host_per_thread, double *accel);

/* Width Bg of the accelerator panel of a B-wide column whose host part is
 * cut into b-wide panels, from the rates agreed over the grid
 * (hs_config_agree), so the same on every rank: 0 when no rank has an
 * accelerator.  HETSCAL_NB_GPU (rank (0,0)'s) overrides the rates. */
int hs_accelerator_panel_width(const hs_config *cfg, int B, int b);

#endif
