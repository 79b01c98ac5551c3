/* The cost model (see sim_machine.h). */
#include "config.h"

#include "sim/sim_machine.h"
#include "util/precision.h"

static double task_seconds(void *arg, const hs_task *t, int x)
{
    hs_sim_model *model = arg;
    const hs_sim_machine *m = model->m;
    hs_work w;
    if (hs_kernel_work(t, model->prec, &w))
        model->unknown_tasks++;
    if (w.cls == HS_WORK_MEMORY)
        return w.bytes / (m->cpu_memory_gbs * 1e9);
    /* Each kernel of the task at its class's rate (a class the machine
     * does not rate at its fallback's, else at GEMM's), and on the host
     * the row interchanges of an lu_column at the memory's (a GPU's
     * memory, some 20 times faster, is not in the machine file: its
     * interchanges are not costed). */
    const hs_sim_rates *table = x ? m->gpu : m->cpu;
    double speedup = model->prec == HS_PREC_S || model->prec == HS_PREC_C ? m->single_speedup : 1;
    double seconds = x ? 0 : w.bytes / (m->cpu_memory_gbs * 1e9);
    for (int c = 0; c < HS_NWORK; c++) {
        if (w.part_flops[c] <= 0)
            continue;
        double rate = hs_sim_class_rate(table, c, w.part_size[c]);
        seconds += w.part_flops[c] / (rate * speedup * 1e9);
    }
    return seconds;
}

void hs_sim_model_costs(hs_sim_model *model, hs_sim_costs *costs)
{
    const hs_sim_machine *m = model->m;
    *costs = (hs_sim_costs){
        .task_seconds = task_seconds, .arg = model,
        .task_overhead = m->task_overhead_us * 1e-6,
        .net_latency = m->net_latency_us * 1e-6, .net_bandwidth = m->net_gbs * 1e9,
        .net_links = m->net_links > 0 ? m->net_links : 1,
        .shm_latency = m->shm_latency_us * 1e-6, .shm_bandwidth = m->shm_gbs * 1e9,
        .link_latency = m->link_latency_us * 1e-6,
        .link_bandwidth = m->link_gbs > 0 ? m->link_gbs * 1e9 : 1e30 };
}
