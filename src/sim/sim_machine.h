/* The cost model of a machine for the simulation (sim/sim_call.h): it
 * turns a task into seconds (sim/sim.h's hs_sim_costs) from the task's
 * work (kernels/kernel_work.h) and the machine's rates
 * (util/machine_file.h, the machine description, included here for the
 * simulation's users). */
#ifndef HETSCAL_SIM_SIM_MACHINE_H
#define HETSCAL_SIM_SIM_MACHINE_H

#include "kernels/kernel_work.h"
#include "sim/sim.h"
#include "util/machine_file.h"

/* The cost model of m for precision prec: costs->task_seconds and its
 * arg (model, which must outlive the simulation), the network. */
typedef struct hs_sim_model {
    const hs_sim_machine *m;
    int prec;
    long unknown_tasks;              /* tasks hs_kernel_work did not know */
    /* Kernels priced below the smallest size their rates give (at that
     * size's rate, hs_sim_rate_at), by location (0 host, 1 GPU) and the
     * class whose rates priced them: where a kernel's rate grows with its
     * size, an optimistic price the prediction should say it used. */
    long below_rated[2][HS_NWORK];
} hs_sim_model;

void hs_sim_model_costs(hs_sim_model *model, hs_sim_costs *costs);

#endif
