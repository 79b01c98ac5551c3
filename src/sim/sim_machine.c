/* The cost model (see sim_machine.h). */
#include "config.h"

#include "sim/sim_machine.h"
#include "util/precision.h"

/* The classes of a team kernel's work that its members share: the team
 * panels' own, the tree kernels' block reflectors (?TPMQRT, ?TPRFB:
 * kernels/qr_tree_team_body.h) and the reconstruction's but its LU's
 * panels (ORHR, counted so only over a team); the rest of such a task (a
 * tree_up's ?TPQRT2, the reconstruction's LU panels) runs on its leader
 * alone. */
static int team_shared(int c)
{
    return c == HS_WORK_GETRF_TEAM || c == HS_WORK_POTRF_TEAM || c == HS_WORK_GEQRF_TEAM
           || c == HS_WORK_TPMQRT || c == HS_WORK_ORHR;
}

/* Task t on location x with `members` cores of its rank: a team kernel's
 * leader and helpers (runtime/team.h), 1 for any other task. */
static double seconds_with(hs_sim_model *model, const hs_task *t, int x, int members)
{
    const hs_sim_machine *m = model->m;
    hs_work w;
    if (hs_kernel_work(t, model->prec, &w))
        model->unknown_tasks++;
    if (w.cls == HS_WORK_MEMORY)   /* on a GPU not costed, as below */
        return x ? 0 : w.bytes / (m->cpu_memory_gbs * 1e9);
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
        const hs_sim_rates *rated = hs_sim_class_rates(table, c);
        int size = w.part_size[c];
        /* QR's sums on a machine that does not rate them: a GEMM of the
         * same work, sized as one. */
        if (c == HS_WORK_GEMM_SUM && rated && rated != &table[c])
            size = hs_work_gemm_size(w.part_flops[c] / (hs_prec_complex(model->prec) ? 4 : 1));
        double rate = rated ? hs_sim_rate_at(rated, size) : 0;
        if (x)   /* a GPU's panel kernels by their height too */
            rate *= hs_sim_gpu_rows_factor(m, c, w.rows);
        if (rated && size < rated->size[0])
            model->below_rated[x ? 1 : 0][rated - table]++;
        double part = w.part_flops[c] / (rate * speedup * 1e9);
        if (team_shared(c) && !x && members > 1 && w.team_pieces > 0) {
            /* every round waits for its busiest member's pieces, then
             * for the round's own synchronization */
            int busiest = (w.team_pieces + members - 1) / members;
            part = part * busiest / w.team_pieces
                   + w.team_rounds * (m->team_round_us + m->team_member_us * (members - 2)) * 1e-6;
        }
        seconds += part;
    }
    /* A spread task's part exchanges a record with every other part per
     * column (runtime/exchange.h), each exchange waiting for the last
     * record: the network's latency and the records through this node's
     * link, as between nodes (the parts of a process column are on
     * different nodes unless few ranks share a node). */
    if (w.exchanges > 0 && w.exchange_members > 1)
        seconds += w.exchanges
                   * (m->net_latency_us * 1e-6
                      + (w.exchange_members - 1) * w.exchange_bytes / (m->net_gbs * 1e9));
    /* A task that drives its device through the host (a spread part on
     * a GPU: kernels/lu_spread_device.h) pays each transfer's latency
     * and bytes over the link, as the emulated GPU times them; what a
     * real GPU adds between (launches, synchronizations) is not in the
     * machine files until one measures a column (time_spread_panel). */
    if (x && w.device_copies > 0)
        seconds += w.device_copies * m->link_latency_us * 1e-6
                   + (m->link_gbs > 0 ? w.device_bytes / (m->link_gbs * 1e9) : 0);
    return seconds;
}

static double task_seconds(void *arg, const hs_task *t, int x)
{
    return seconds_with(arg, t, x, 1);
}

static double team_seconds(void *arg, const hs_task *t, int members)
{
    return seconds_with(arg, t, 0, members);
}

/* A host task's team pieces, when the machine rates a team's rounds (a
 * machine that does not: its teams get no helpers). */
static int team_pieces(void *arg, const hs_task *t)
{
    hs_sim_model *model = arg;
    hs_work w;
    if (model->m->team_round_us <= 0 || hs_kernel_work(t, model->prec, &w))
        return 0;
    return w.team_pieces;
}

void hs_sim_model_costs(hs_sim_model *model, hs_sim_costs *costs)
{
    const hs_sim_machine *m = model->m;
    *costs = (hs_sim_costs){
        .task_seconds = task_seconds, .team_pieces = team_pieces,
        .team_seconds = team_seconds, .arg = model,
        .task_overhead = m->task_overhead_us * 1e-6,
        .gpu_task_overhead = (m->gpu_task_us > 0 ? m->gpu_task_us : m->task_overhead_us) * 1e-6,
        .net_latency = m->net_latency_us * 1e-6, .net_bandwidth = m->net_gbs * 1e9,
        .net_links = m->net_links > 0 ? m->net_links : 1,
        .shm_latency = m->shm_latency_us * 1e-6, .shm_bandwidth = m->shm_gbs * 1e9,
        .link_latency = m->link_latency_us * 1e-6,
        .link_bandwidth = m->link_gbs > 0 ? m->link_gbs * 1e9 : 1e30,
        .peer_latency = m->peer_latency_us * 1e-6, .peer_bandwidth = m->peer_gbs * 1e9,
        .mpi_gpu_memory = m->mpi_gpu_memory, .stream_priorities = m->stream_priorities };
}
