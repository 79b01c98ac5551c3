/* The n x n double matrix that a rate probe (device_rates.h, panel_probe.h)
 * runs its kernels on: written on the host, copied to the device's
 * buffers before the timing starts. */
#ifndef HETSCAL_RUNTIME_PROBE_MATRIX_H
#define HETSCAL_RUNTIME_PROBE_MATRIX_H

#include "device/device.h"

/* Fills a host buffer of dev's (pinned on a GPU: no pageable copy) with
 * fill(host, n), copies it on the compute stream to each of the ndst
 * device buffers dst (n x n, leading dimension n) and waits for the
 * copies, which read the host buffer, before freeing it.  0, or nonzero
 * when the host buffer cannot be had or a copy fails. */
int hs_probe_matrix_upload(hs_device *dev, int n, void (*fill)(double *host, int n),
                           double *const *dst, int ndst);

#endif
