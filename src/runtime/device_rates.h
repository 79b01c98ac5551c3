/* The DGEMM rates that split a tile column between host and accelerators
 * (api/device_split.h): a short probe on each opened device, once per
 * opening of the devices. */
#ifndef HETSCAL_RUNTIME_DEVICE_RATES_H
#define HETSCAL_RUNTIME_DEVICE_RATES_H

#include "device/device.h"

/* This process's host DGEMM rate per thread and its accelerators' summed
 * rate (GFLOP/s), measured once per opening of the devices
 * (hs_session_device_generation).  Local. */
void hs_device_rates(hs_device **devs, int ndev, double *host_per_thread, double *accel);
/* The probe of one device: its DGEMM GFLOP/s (per thread for the host);
 * 0 if it cannot be measured. */
double hs_device_dgemm_rate(hs_device *dev);

#endif
