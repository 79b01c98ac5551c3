/* The DGEMM rates that split a tile column between host and accelerators
 * (plan/device_split.h).  The host's is the kernel rates' (util/
 * kernel_rates.h: measured with every thread busy, kept in the rates
 * file); an accelerator's is a short DGEMM probe, measured once per kind
 * of accelerator and machine and kept in the same file ("device" lines
 * under the device's model and the host's signature), so that later runs
 * read the same rates, split the columns the same way and give bitwise
 * identical results. */
#ifndef HETSCAL_RUNTIME_DEVICE_RATES_H
#define HETSCAL_RUNTIME_DEVICE_RATES_H

#include "device/device.h"

/* What a process keeps its devices' rates under: the models of
 * devs[1..ndev-1], the threads and the ranks of the node.  The rates stay
 * while these do: devices opened again after a failure keep them, and
 * the same call gives the same bits. */
enum { HS_DEVICE_MODELS_BYTES = 1024 };
typedef struct hs_devices_key {
    char models[HS_DEVICE_MODELS_BYTES];   /* each model followed by ';' */
    int threads, local_ranks, known;
} hs_devices_key;
/* Whether the rates kept under *kept are to be measured (the first time,
 * or other devices or setup): *kept then becomes these.  The caller holds
 * the lock of what it keeps. */
int hs_devices_key_renew(hs_devices_key *kept, hs_device **devs, int ndev, int threads,
                         int local_ranks);

/* Where an accelerator rate came from (the weakest of the devices'). */
enum hs_device_rates_source { HS_DEVICE_RATES_MEASURED, HS_DEVICE_RATES_FILE };

/* This process's host DGEMM rate per thread, with `threads` threads per
 * rank and `local_ranks` ranks on the node, and its accelerators' summed
 * rate (GFLOP/s): from the rates file, else measured and written there,
 * once per process while the devices' models, the threads and the ranks
 * stay the same (devices opened again keep them).  Returns the
 * accelerators' source.  Local. */
int hs_device_rates(hs_device **devs, int ndev, int threads, int local_ranks,
                    double *host_per_thread, double *accel);
/* The probe of one device: its DGEMM GFLOP/s (per thread for the host);
 * 0 if it cannot be measured. */
double hs_device_dgemm_rate(hs_device *dev);

#endif
