/* The panel-kernel rates of the host and the accelerators (util/
 * panel_rates.h) that place a call's panel factorizations (api/
 * panel_placement.h).  Measured once per kind of processor and machine
 * (the host: one thread, as a host panel runs; an accelerator: on its
 * compute stream, and its link by a copy each way) and kept in the rates
 * file ("panel" lines under the processor's model and the host's
 * signature), so that later runs read the same rates, place the panels
 * the same way and give bitwise identical results. */
#ifndef HETSCAL_RUNTIME_PANEL_PROBE_H
#define HETSCAL_RUNTIME_PANEL_PROBE_H

#include "device/device.h"
#include "util/panel_rates.h"

/* The host's rates into *host and the mean of the accelerators'
 * (devs[1..ndev-1]) into *accel, from the rates file, else measured (once
 * per process for the same kinds of devices, threads and ranks) and
 * written there.  Returns HS_DEVICE_RATES_FILE when every one came from
 * the file (runtime/device_rates.h), else HS_DEVICE_RATES_MEASURED.
 * Local. */
int hs_device_panel_rates(hs_device **devs, int ndev, int threads, int local_ranks,
                          hs_panel_rates *host, hs_panel_rates *accel);

/* The probe of one processor (dev->index 0: the host); 0 when every
 * kernel's smallest size ran, else -1. */
int hs_panel_rates_measure(hs_device *dev, hs_panel_rates *rates);

#endif
