/* timing/predict: what a call will take, simulated (src/sim/sim_call.h)
 * on a machine described by a file or measured here (predict_local.c). */
#ifndef TIMING_PREDICT_H
#define TIMING_PREDICT_H

#include "sim/sim_machine.h"

/* This host as a machine: `cores` cores of which `busy` run kernels at
 * once (the job's ranks x threads on the node): the kernel rates from the
 * granularity probe (util/kernel_rates.h) with that many threads, the
 * panel rates (?GEQRF, ?GETRF) and the copy bandwidth measured now.
 * Prints what it measured to `log` (may be NULL).  Returns 0 or -1. */
int predict_local_machine(int busy, hs_sim_machine *m, FILE *log);

#endif
