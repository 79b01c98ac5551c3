/* timing/predict: the time of hetscal's P?POTRF, P?GEQRF or P?GETRF on a
 * machine, simulated from the real task stream (src/sim/sim_call.h): one
 * line per case with predicted_s= and gflops=, then the details.  Runs
 * as one process, without mpiexec, whatever the number of ranks. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/cholesky_call.h"
#include "api/lu_call.h"
#include "api/qr_call.h"
#include "layout/repartition.h"
#include "sim/sim_call.h"
#include "util/cache_probe.h"
#include "int_list.h"
#include "predict.h"
#include "util/blas_threads.h"
#include "util/config.h"
#include "util/kernel_rates.h"
#include "util/precision.h"
#include "util/work_class.h"

enum { MAX_VALUES = 32 };

typedef struct options {
    const hs_factorization *routine[MAX_VALUES];
    int nroutines;
    int prec[MAX_VALUES];
    int nprecs;
    int n[MAX_VALUES], nn;
    int m[MAX_VALUES], nm;
    int nb[MAX_VALUES], nnb;
    int p, q, threads, nodes, gpus;
    const char *machine, *gpu_machine;
    const char *trace;
    int verbose, counts;
} options;

/* The bottleneck: the largest part of the run's critical path. */
static void print_path(const hs_sim_call *c, const hs_sim_prediction *p)
{
    const hs_sim_path *path = &p->path;
    if (!c->path || path->nparts == 0 || path->seconds <= 0)
        return;
    printf("  bottleneck: %s, %.0f%% of the critical path (%.6f s, %ld steps):", path->part[0].what,
           100 * path->part[0].seconds / path->seconds, path->seconds, path->steps);
    for (int k = 1; k < path->nparts; k++)
        printf("%s %s %.0f%%", k > 1 ? "," : " then", path->part[k].what,
               100 * path->part[k].seconds / path->seconds);
    printf("\n");
}

static void usage(const char *prog)
{
    printf("usage: %s [options]\n"
           "  -routine R[,R]    potrf, geqrf, getrf (default potrf)\n"
           "  -precision P[,P]  s, d, c, z (default d)\n"
           "  -n N[,N...]       matrix orders (columns for geqrf, getrf)\n"
           "  -m M[,M...]       rows for geqrf, getrf, one per N (default M = N)\n"
           "  -nb NB[,NB...]    block size of the caller's layout (default 64)\n"
           "  -p P -q Q         the process grid (default 1 x 1)\n"
           "  -threads T        threads per rank (default: the node's cores / its ranks)\n"
           "  -nodes K          nodes the P x Q ranks are spread over, in order\n"
           "                    (default: 1 for -machine local, else one rank per node)\n"
"  -gpus G           GPUs per node (default: the machine's; local has none)\n"
           "  -machine FILE     a machine file (timing/machines/*.machine), or local:\n"
           "                    this host, its kernels measured at start (default)\n"
           "  -gpu-machine FILE the GPUs (gpus, gpu.* but gpu.task_us, link.*, peer.*) of\n"
           "                    FILE, the rest of -machine: local CPUs with GPUs of\n"
           "                    known speed, as the emulated GPUs of\n"
           "                    HETSCAL_EMU_TIMING=FILE\n"
           "  -trace FILE       write the simulated run as FILE.RANK.json (HETSCAL_TRACE's\n"
           "                    format: timing/trace_gantt.py FILE draws it)\n"
           "  -quiet            the predicted_s= lines only\n"

           "  -counts           also each rank's tasks and messages, as HETSCAL_VERBOSE\n"
           "                    prints a real call's\n",
           prog);
}

static int parse_routines(const char *text, options *o)
{
    static const struct { const char *name; const hs_factorization *f; } known[] = {
        { "potrf", &hs_pdpotrf }, { "geqrf", &hs_pdgeqrf }, { "getrf", &hs_pdgetrf } };
    o->nroutines = 0;
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, ",");
        int found = 0;
        for (size_t k = 0; k < 3 && !found; k++)
            if (len == strlen(known[k].name) && !strncmp(p, known[k].name, len)) {
                if (o->nroutines == MAX_VALUES)
                    return -1;
                o->routine[o->nroutines++] = known[k].f;
                found = 1;
            }
        if (!found)
            return -1;
        p += len + (p[len] == ',');
    }
    return o->nroutines;
}

static int parse_precisions(const char *text, options *o)
{
    o->nprecs = 0;
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, ",");
        const char *letters = "dscz";
        const char *at = len == 1 ? strchr(letters, *p) : NULL;
        if (!at || !*at || o->nprecs == MAX_VALUES)
            return -1;
        o->prec[o->nprecs++] = (int)(at - letters);   /* d s c z = enum hs_precision */
        p += len + (p[len] == ',');
    }
    return o->nprecs;
}

static int parse(int argc, char **argv, options *o)
{
    *o = (options){ .routine = { &hs_pdpotrf }, .nroutines = 1, .prec = { HS_PREC_D },
                    .nprecs = 1, .n = { 4000 }, .nn = 1, .nb = { 64 }, .nnb = 1, .p = 1,
                    .q = 1, .gpus = -1, .machine = "local", .verbose = 1 };
    for (int k = 1; k < argc; k++) {
        const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : NULL;
        int ok = 1, used = 1;
        if (!strcmp(a, "-quiet"))
            o->verbose = 0, used = 0;
        else if (!strcmp(a, "-counts"))
            o->counts = 1, used = 0;

        else if (!strcmp(a, "-h") || !strcmp(a, "-help"))
            return 1;
        else if (!v)
            ok = 0;
        else if (!strcmp(a, "-routine"))
            ok = parse_routines(v, o) > 0;
        else if (!strcmp(a, "-precision"))
            ok = parse_precisions(v, o) > 0;
        else if (!strcmp(a, "-n"))
            ok = (o->nn = time_parse_ints(v, o->n, MAX_VALUES, 1)) > 0;
        else if (!strcmp(a, "-m"))
            ok = (o->nm = time_parse_ints(v, o->m, MAX_VALUES, 1)) > 0;
        else if (!strcmp(a, "-nb"))
            ok = (o->nnb = time_parse_ints(v, o->nb, MAX_VALUES, 1)) > 0;
        else if (!strcmp(a, "-p"))
            ok = time_parse_ints(v, &o->p, 1, 1) == 1;
        else if (!strcmp(a, "-q"))
            ok = time_parse_ints(v, &o->q, 1, 1) == 1;
        else if (!strcmp(a, "-threads"))
            ok = time_parse_ints(v, &o->threads, 1, 1) == 1;
        else if (!strcmp(a, "-gpus"))
            ok = time_parse_ints(v, &o->gpus, 1, 0) == 1;
        else if (!strcmp(a, "-nodes"))
            ok = time_parse_ints(v, &o->nodes, 1, 1) == 1;
        else if (!strcmp(a, "-machine"))
            o->machine = v;
        else if (!strcmp(a, "-gpu-machine"))
            o->gpu_machine = v;
        else if (!strcmp(a, "-trace"))
            o->trace = v;
        else
            ok = 0;
        if (!ok) {
            fprintf(stderr, "predict: bad option %s%s%s\n", a, v ? " " : "", v ? v : "");
            return -1;
        }
        k += used;
    }
    if (o->nm && o->nm != o->nn) {
        fprintf(stderr, "predict: -m needs one value per -n value\n");
        return -1;
    }
    return 0;
}

/* Which kernels the machine file priced below the smallest size it rates
 * them at (at that size's rate: optimistic where the rate grows with the
 * size, as a GPU's does), so that a prediction resting on them says so. */
static void print_below_rated(const hs_sim_model *model)
{
    static const char *const where[2] = { "cpu", "gpu" };
    int any = 0;
    for (int x = 0; x < 2; x++)
        for (int c = 0; c < HS_NWORK; c++) {
            if (!model->below_rated[x][c])
                continue;
            const hs_sim_rates *r = x ? &model->m->gpu[c] : &model->m->cpu[c];
            printf("%s %s.%s %ld below %d", any ? "," : "  warning: kernels priced at the rate "
                   "of the smallest size rated (optimistic where the rate grows with the size):",
                   where[x], hs_work_class_name[c], model->below_rated[x][c], r->size[0]);
            any = 1;
        }
    if (any)
        printf("\n");
}

/* The rates of the machine's CPU as HETSCAL_KERNEL_RATES, so that the
 * simulated call chooses its tile from them (plan/granularity.c). */
static void force_kernel_rates(const hs_sim_machine *m)
{
    char text[1024];
    size_t len = 0;
    for (int s = 0; s < HS_RATE_SIZES; s++) {
        int b = hs_rate_size[s];
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%d:%.3f/%.3f/%.3f/%.3f",
                                s ? "," : "", b, hs_sim_class_rate(m->cpu, HS_WORK_GEMM, b),
                                hs_sim_class_rate(m->cpu, HS_WORK_SYRK, b),
                                hs_sim_class_rate(m->cpu, HS_WORK_TRSM, b),
                                hs_sim_class_rate(m->cpu, HS_WORK_POTRF, b));
        if (len >= sizeof text)
            return;
    }
    setenv("HETSCAL_KERNEL_RATES", text, 1);
}

static double best_rate(const hs_sim_rates *r)
{
    double best = 0;
    for (int k = 0; k < r->count; k++)
        best = r->gflops[k] > best ? r->gflops[k] : best;
    return best;
}

static void print_case(const options *o, const hs_sim_machine *mach, const hs_sim_call *c,
                       const hs_sim_prediction *p, const hs_sim_model *model)
{
    double flops = c->f->flops(c->m, c->n) * (hs_prec_complex(c->prec) ? 4 : 1);
    int nranks = c->nprow * c->npcol;
    int nodes = (nranks + c->ranks_per_node - 1) / c->ranks_per_node;
    double top = mach->cpu[HS_WORK_GEMM].gflops[mach->cpu[HS_WORK_GEMM].count - 1];
    if (c->prec == HS_PREC_S || c->prec == HS_PREC_C)
        top *= mach->single_speedup;
    double gpu_top = best_rate(&mach->gpu[HS_WORK_GEMM]);
    if (c->prec == HS_PREC_S || c->prec == HS_PREC_C)
        gpu_top *= mach->single_speedup;
    double ceiling = top * c->threads * nranks + gpu_top * c->gpus_per_node * nodes;
    double gflops = flops / p->seconds * 1e-9;
    printf("predicted_s=%.6f gflops=%.2f routine=p%c%s m=%d n=%d nb=%d grid=%dx%d threads=%d "
           "nodes=%d gpus=%d machine=%s\n",
           p->seconds, gflops, hs_prec_letter(c->prec), c->f->routine, c->m, c->n, c->nb,
           c->nprow, c->npcol, c->threads, nodes, c->gpus_per_node, mach->name);
    if (!o->verbose && !o->counts)
        return;
    printf("  layout: %s, tile %d, %d worker(s) per rank, repartition %s%s",
           p->layout ? p->layout : "none", p->tile, p->workers,
           p->tiles_in_place ? "none (tiles in the caller's array)"
           : p->copy_tasks   ? "as tasks of the run"
                             : "before and after the run",
           p->caller_tiles ? " (the caller's blocks are the tiles)" : "");
    if (p->forward != HS_FORWARD_NONE)
        printf(", copies forwarded along %s", p->forward == HS_FORWARD_CHAIN ? "chains" : "trees");
    if (p->tall_rows > 0)
        printf(", tile rows %d high%s", p->tall_rows,
               p->rows_over_gpus ? " over each rank's GPUs in turn" : "");
    if (p->panel_gpu > 0)
        printf(", GPU panel %d of every %d columns (%s)%s, its factorizations on the %s (%s)",
               p->panel_gpu, p->top_width, p->top_from ? p->top_from : "none",
               p->gpu_fallbacks ? " (some GPU tiles kept on the host: GPU memory)" : "",
               p->host_panels ? "host" : "GPUs",
               mach->host_panels ? "the machine's panels = host"
               : p->panels_from  ? p->panels_from
                                 : "none");
    printf("\n");
    printf("  time: %.9f s = in %.9f + run %.9f + out %.9f; %.2f GFLOP/s = %.3f of the "
           "DGEMM ceiling (%d x %d threads x %.1f GF/s + %d x %d GPUs x %.0f GF/s)\n",
           p->seconds, p->t_in, p->t_run, p->t_out, gflops, gflops / ceiling, nranks,
           c->threads, top, nodes, c->gpus_per_node, gpu_top);
    double busy_min = 1, busy_max = 0, net_max = 0, gpu_busy = 0;
    long gpus = 0;
    for (int r = 0; r < nranks; r++) {
        for (int x = 1; x < HS_MAX_DEVICES; x++)
            gpus += p->ranks[r].stats.device_tasks[x] > 0;
        gpu_busy += p->ranks[r].stats.device_busy_seconds;
        double busy = p->t_run > 0 ? p->ranks[r].stats.busy_seconds / (p->t_run * p->workers)
                                   : 0;
        double net = p->t_run > 0 ? p->ranks[r].message_seconds / p->t_run : 0;
        busy_min = busy < busy_min ? busy : busy_min;
        busy_max = busy > busy_max ? busy : busy_max;
        net_max = net > net_max ? net : net_max;
    }
    printf("  busy during the run: cpu workers %.2f to %.2f (least and most busy rank), "
           "links up to %.2f", busy_min, busy_max, net_max);
    if (gpus > 0 && p->t_run > 0)
        printf(", GPUs %.2f on average", gpu_busy / (gpus * p->t_run));
    printf("\n");
    printf("  moved: %ld tasks, %ld messages, %.3f GB between ranks in the run, %.3f GB in "
           "the repartition, %.3f GB host-device",
           p->tasks, p->messages, p->bytes_sent * 1e-9, 2 * p->repartition_bytes * 1e-9,
           p->bytes_host_device * 1e-9);
    if (p->bytes_peer > 0)
        printf(", %.3f GB GPU to GPU", p->bytes_peer * 1e-9);
    printf("\n");
    printf("  per node: %.2f GFLOP/s, %.1f messages, %.3f GB sent\n", gflops / nodes,
           (double)p->messages / nodes, p->bytes_sent * 1e-9 / nodes);
    print_path(c, p);
    for (int r = 0; o->counts && r < nranks; r++) {
        const hs_engine_stats *s = &p->ranks[r].stats;
        printf("  rank %d tile=%d tasks=%ld msgs_sent=%ld msgs_recv=%ld bytes_sent=%.0f\n", r,
               p->tile, s->tasks_run, s->messages_sent, s->messages_received, s->bytes_sent);
        if (c->gpus_per_node > 0) {
            long accel = 0;
            for (int x = 1; x < HS_MAX_DEVICES; x++)
                accel += s->device_tasks[x];
            printf("  rank %d host_tasks=%ld gpu_tasks=%ld urgent=%ld h2d=%ld d2h=%ld d2d=%ld\n",
                   r, s->device_tasks[0], accel, s->urgent, s->copies_h2d, s->copies_d2h,
                   s->copies_d2d);
        }
    }
    if (model->unknown_tasks)
        printf("  warning: %ld tasks of unknown cost (counted as free)\n", model->unknown_tasks);
    print_below_rated(model);
    fflush(stdout);
}

/* The panel rates a real call would agree on (plan/panel_placement.h,
 * plan/top_tile.h), from the machine: its cores' and GPUs' POTRF, GETRF,
 * GEQRF and GEMM as the model charges them (a class the machine does not
 * rate at its fallback's rate; a GPU's panels by their height too, which
 * the probe's square panels have as rows: runtime/panel_probe.c) and the
 * link to its GPUs. */
static void machine_panel_rates(const hs_sim_machine *m, hs_config *cfg)
{
    static const int cls[HS_NPANEL_KERNELS] = { HS_WORK_POTRF, HS_WORK_GETRF, HS_WORK_GEQRF,
                                                HS_WORK_GEMM };
    for (int k = 0; k < HS_NPANEL_KERNELS; k++)
        for (int s = 0; s < HS_PANEL_SIZES; s++) {
            cfg->panel_host.rate[k][s] = hs_sim_class_rate(m->cpu, cls[k], hs_panel_size[s]);
            cfg->panel_accel.rate[k][s] = hs_sim_class_rate(m->gpu, cls[k], hs_panel_size[s])
                                          * hs_sim_gpu_rows_factor(m, cls[k], hs_panel_size[s]);
        }
    cfg->panel_accel.link_gbs = m->link_gbs;
}

int main(int argc, char **argv)
{
    options o;
    int status = parse(argc, argv, &o);
    if (status) {
        usage(argv[0]);
        return status > 0 ? 0 : 2;
    }
    int nranks = o.p * o.q;
    int local = !strcmp(o.machine, "local");
    int nodes = o.nodes ? o.nodes : local ? 1 : nranks;
    if (nodes > nranks)
        nodes = nranks;
    int rpn = (nranks + nodes - 1) / nodes;

    hs_sim_machine mach;
    char err[512];
    int blas = hs_blas_threads_enter();   /* one BLAS thread per kernel, as in a call */
    if (local) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        int threads = o.threads ? o.threads : (int)(cores > rpn ? cores / rpn : 1);
        /* Rates per core: threads beyond the cores share them in the
         * simulation, not in the rates. */
        int busy = threads * rpn < cores ? threads * rpn : (int)cores;
        if (predict_local_machine(busy, &mach, o.verbose ? stdout : NULL)) {
            fprintf(stderr, "predict: could not measure this host's kernels\n");
            return 1;
        }
    } else if (hs_sim_machine_read(o.machine, &mach, err, sizeof err)) {
        fprintf(stderr, "predict: %s\n", err);
        return 2;
    }
    if (o.gpu_machine) {
        hs_sim_machine g;
        if (hs_sim_machine_read_gpus(o.gpu_machine, &g, err, sizeof err)) {
            fprintf(stderr, "predict: %s\n", err);
            return 2;
        }
        mach.gpus = g.gpus;
        memcpy(mach.gpu, g.gpu, sizeof mach.gpu);
        memcpy(mach.gpu_rows, g.gpu_rows, sizeof mach.gpu_rows);
        mach.gpu_memory_gib = g.gpu_memory_gib;
        mach.link_gbs = g.link_gbs;
        mach.link_latency_us = g.link_latency_us;
        mach.peer_gbs = g.peer_gbs;   /* as the emulated GPUs timed by it */
        mach.peer_latency_us = g.peer_latency_us;
        mach.stream_priorities = g.stream_priorities;
    }
    if (o.gpus >= 0) {
        if (o.gpus > 0 && mach.gpu[HS_WORK_GEMM].count == 0) {
            fprintf(stderr, "predict: the %s machine has no GPU rates (give -machine or -gpu-machine FILE)\n",
                    mach.name);
            return 2;
        }
        mach.gpus = o.gpus;
    }
    /* More ranks than cores: they share the cores (sim/sim.h). */
    int threads = o.threads ? o.threads : mach.cores > rpn ? mach.cores / rpn : 1;
    /* Here the call reads this host's rates as a real one does (and so
     * chooses the same tile); elsewhere, the machine's. */
    if (!local)
        force_kernel_rates(&mach);

    hs_config cfg;
    hs_config_read(&cfg, rpn);
    /* A machine file without cache_mib has no share fit in a cache: never
     * this host's, measured by timing and so varying with its load, which
     * made predictions for another machine change from run to run. */
    if (mach.cache_mib > 0)
        cfg.cache_kb = (int)(mach.cache_mib * 1024);
    else if (cfg.cache_kb <= 0 && local)   /* this host's, as a real call measures it */
        cfg.cache_kb = hs_measured_cache_kb();
    /* Placed by cost, a real call measures the panel rates (which also
     * size its GPU columns); a machine whose panels run on the host
     * (panels = host) is one where that cost puts them there. */
    if (cfg.panels == HS_PANELS_COST)
        machine_panel_rates(&mach, &cfg);
    if (mach.host_panels)
        cfg.panels = HS_PANELS_HOST;
    for (int r = 0; r < o.nroutines; r++)
        for (int pr = 0; pr < o.nprecs; pr++)
            for (int i = 0; i < o.nn; i++)
                for (int b = 0; b < o.nnb; b++) {
                    hs_sim_model model = { .m = &mach, .prec = o.prec[pr] };
                    hs_sim_call c = { .f = o.routine[r], .prec = o.prec[pr],
                                      .m = o.routine[r] == &hs_pdpotrf || !o.nm ? o.n[i]
                                                                               : o.m[i],
                                      .n = o.n[i], .nb = o.nb[b], .nprow = o.p, .npcol = o.q,
                                      .threads = threads, .ranks_per_node = rpn,
                                      .node_cores = mach.cores, .cfg = cfg,
                                      .gpus_per_node = mach.gpus,
                                      .gpu_capacity = mach.gpu_memory_gib * 1073741824.0,
                                      .host_rate = hs_sim_rate_at(&mach.cpu[HS_WORK_GEMM], 256),
                                      .gpu_rate = best_rate(&mach.gpu[HS_WORK_GEMM]),
                                      .copy_bandwidth = mach.cpu_memory_gbs * 1e9
                                                        * (threads < HS_REDIST_MAX_COPY_THREADS
                                                               ? threads
                                                               : HS_REDIST_MAX_COPY_THREADS),
                                      .first_touch_bandwidth = mach.first_touch_gbs * 1e9,
                                      .trace = o.trace,
                                      .path = o.verbose };
                    hs_sim_model_costs(&model, &c.costs);
                    hs_sim_prediction p;
                    status = hs_sim_call_predict(&c, &p);
                    if (status) {
                        fprintf(stderr, "predict: the simulation failed (%d)\n", status);
                        hs_blas_threads_leave(blas);
                        return 1;
                    }
                    print_case(&o, &mach, &c, &p, &model);
                    hs_sim_prediction_free(&p);
                }
    hs_blas_threads_leave(blas);
    return 0;
}
