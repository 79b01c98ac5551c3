/* Predicting a call (see sim_call.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sim/sim_call.h"
#include "include/hetscal.h"
#include "layout/desc.h"
#include "layout/repartition.h"
#include "util/precision.h"

/* What each simulated rank's thread needs (sim/sim.h's arg). */
typedef struct sim_program {
    const hs_sim_call *c;
    hs_call *call;
    const hetscal_grid *grid;
    hs_redist rd;
    hs_call_pieces pieces;
} sim_program;

static void prepare(void *arg, int rank, hs_dist *dist)
{
    sim_program *p = arg;
    (void)rank;
    /* The same decision as the driver's (every rank's is the same). */
    if (p->call->rep.copy_pieces)
        hs_call_pieces_use(&p->pieces, dist);
    else if (!p->call->rep.tiles_in_place)
        hs_call_copy_as_tasks(p->grid, &p->c->cfg, &p->call->rep, dist, &p->rd);
}

static void generate(void *arg, hs_dist *dist)
{
    sim_program *p = arg;
    p->c->f->generate(p->call, dist);
}

/* Bytes of the repartition per rank: kept (copied locally) and sent /
 * received (crossing ranks), from the caller's nb x nb blocks that fall
 * in each tile. */
typedef struct moved {
    double kept, sent, received;
} moved;

static void repartition_bytes(const hs_sim_call *c, const hs_call *call,
                              const hs_tile_home *home, moved *per_rank)
{
    const hs_geometry *g = &call->geo;
    const hetscal_grid *grid = call->grid;
    double es = (double)hs_prec_bytes(c->prec);
    for (int pc = 0; pc < g->np; pc++) {
        int c0 = g->panel[pc].col0, c1 = c0 + g->panel[pc].width;
        for (int r = 0; r < g->mt; r++) {
            int t = hs_tile_id(g, r, pc);
            if (home[t].rank < 0)
                continue;
            int r0 = r * g->H, r1 = r0 + hs_tile_height(g, r);
            for (int j = c0; j < c1; j = (j / c->nb + 1) * c->nb) {
                int jw = ((j / c->nb + 1) * c->nb < c1 ? (j / c->nb + 1) * c->nb : c1) - j;
                int pcol = (j / c->nb) % grid->npcol;
                for (int i = r0; i < r1; i = (i / c->nb + 1) * c->nb) {
                    int ih = ((i / c->nb + 1) * c->nb < r1 ? (i / c->nb + 1) * c->nb : r1) - i;
                    int owner = grid->rank_of[((i / c->nb) % grid->nprow) * grid->npcol + pcol];
                    double bytes = (double)ih * jw * es;
                    if (owner == home[t].rank) {
                        per_rank[owner].kept += bytes;
                    } else {
                        per_rank[owner].sent += bytes;
                        per_rank[home[t].rank].received += bytes;
                    }
                }
            }
        }
    }
}

/* One way of the repartition (layout/repartition.c): rounds of column
 * slices, each rank copying what it keeps and packing what it sends
 * into a round's buffer, the round crossing the node's links (shared by
 * its ranks) or shared memory, and the rank unpacking what it received
 * (each copy reads and writes: copy_bandwidth counts both).  A round's
 * transfer overlaps the unpacking of the round before it and the copies
 * of the round after it, except where one thread does both: shared
 * memory's copies are made by the receiving rank's calling thread.
 * Rounds carry equal parts of each rank's bytes; out: the in
 * direction's roles swapped (sent and received). */
static double repartition_seconds(const hs_sim_call *c, const moved *per_rank, int nranks,
                                  int out)
{
    int rpn = c->ranks_per_node > 0 ? c->ranks_per_node : 1;
    int one_node = nranks <= rpn, overlap = !one_node || c->threads > 1;
    int slice = hs_redist_slice_width(c->m, c->n, nranks, hs_prec_bytes(c->prec));
    int rounds = c->n / slice + (c->n % slice != 0);
    double worst = 0;
    for (int k = 0; k < nranks; k++) {
        const moved *m = &per_rank[k];
        double sent = out ? m->received : m->sent, received = out ? m->sent : m->received;
        double crossing = sent > received ? sent : received;
        double pack = 2 * (m->kept + sent) / c->copy_bandwidth / rounds;
        double unpack = 2 * received / c->copy_bandwidth / rounds;
        double moving = 0;
        if (crossing > 0)
            moving = one_node ? crossing / c->costs.shm_bandwidth / rounds
                                    + c->costs.shm_latency * (nranks - 1)
                              : crossing * rpn / rounds
                                        / (c->costs.net_bandwidth
                                           * (c->costs.net_links > 0 ? c->costs.net_links : 1))
                                    + c->costs.net_latency * (nranks - 1);
        double t = pack + unpack;   /* round 0's packing, the last round's unpacking */
        for (int r = 0; r < rounds; r++) {
            double copies = (r > 0 ? unpack : 0) + (r + 1 < rounds ? pack : 0);
            t += !overlap ? moving + copies : moving > copies ? moving : copies;
        }
        worst = t > worst ? t : worst;
    }
    return worst;
}

/* With HETSCAL_KEEP_MEMORY=0 (a tile block above the kept bound is
 * otherwise kept lazily, and reused by the next call while the node's
 * memory does not run short) the tile block is mapped afresh at every
 * call, and its pages are faulted in as the repartition first writes
 * them: the slowest rank's tile bytes at the first-touch rate, before the
 * run (when the copies are tasks of the run they fault in the same pages
 * there). */
static double first_touch_seconds(const hs_sim_call *c, const moved *per_rank, int nranks)
{
    double worst = 0;
    for (int k = 0; k < nranks; k++) {
        double tiles = per_rank[k].kept + per_rank[k].received;
        if (c->cfg.keep_bytes <= 0 && c->first_touch_bandwidth > 0
            && tiles / c->first_touch_bandwidth > worst)
            worst = tiles / c->first_touch_bandwidth;
    }
    return worst;
}

int hs_sim_call_predict(const hs_sim_call *c, hs_sim_prediction *p)
{
    int nranks = c->nprow * c->npcol;
    memset(p, 0, sizeof *p);
    if (nranks < 1 || c->m < 1 || c->n < 1 || c->nb < 1 || c->threads < 1)
        return HETSCAL_ERR_INTERNAL;

    /* The grid as a real call sees it, without a communicator. */
    int *rank_of = malloc((size_t)nranks * sizeof *rank_of);
    hs_sim_rank_result *ranks = calloc((size_t)nranks, sizeof *ranks);
    moved *per_rank = calloc((size_t)nranks, sizeof *per_rank);
    if (!rank_of || !ranks || !per_rank) {
        free(rank_of);
        free(ranks);
        free(per_rank);
        return HETSCAL_ERR_NOMEM;
    }
    for (int k = 0; k < nranks; k++)
        rank_of[k] = k;
    int rpn = c->ranks_per_node > 0 ? c->ranks_per_node : 1;
    hetscal_grid grid = { .ctxt = -1, .nprow = c->nprow, .npcol = c->npcol, .size = nranks,
                          .comm = MPI_COMM_NULL, .sys_comm = MPI_COMM_NULL,
                          .rank_of = rank_of, .local_ranks = rpn < nranks ? rpn : nranks,
                          .node_cpus = c->node_cores, .gpu_count = -1 };
    hs_config cfg = c->cfg;
    cfg.num_threads = c->threads;
    /* as hs_config_agree sums them: each node's ranks, the last node's
     * maybe fewer */
    double thousandths = 0;
    for (int first = 0; first < nranks; first += rpn) {
        int here = nranks - first < rpn ? nranks - first : rpn;
        thousandths += here * hs_rank_workers(c->threads, here, c->node_cores);
    }
    cfg.grid_threads = hs_grid_workers(thousandths);
    cfg.grid_nodes = (nranks + rpn - 1) / rpn;
    cfg.verbose = 0;
    /* What hs_config_agree would agree: the ranks with accelerators, their
     * accelerators, their host rate and their accelerators' summed rate,
     * on average. */
    int *gpus = calloc((size_t)nranks, sizeof *gpus);
    if (!gpus) {
        free(rank_of);
        free(ranks);
        free(per_rank);
        return HETSCAL_ERR_NOMEM;
    }
    double accel_sum = 0;
    cfg.accel_ranks = cfg.accel_devices = 0;
    for (int r = 0; r < nranks; r++) {
        int local = r % rpn, g = c->gpus_per_node;
        gpus[r] = g / rpn + (local < g % rpn);
        if (gpus[r] > 0) {
            cfg.accel_ranks++;
            cfg.accel_devices += gpus[r];
            accel_sum += gpus[r] * c->gpu_rate;
        }
    }
    cfg.accel_host_rate = cfg.accel_ranks ? c->host_rate * c->threads : 0;
    cfg.accel_rate = cfg.accel_ranks ? accel_sum / cfg.accel_ranks : 0;
    int lld = hs_numroc(c->m, c->nb, 0, 0, c->nprow);
    int desca[9] = { 1, -1, c->m, c->n, c->nb, c->nb, 0, 0, lld > 1 ? lld : 1 };
    hs_call call = { .grid = &grid, .cfg = &cfg, .prec = c->prec, .m = c->m, .n = c->n,
                     .ia = 1, .ja = 1, .desca = desca, .uplo = "L" };
    call.tile_grid = &grid;
    call.ndev = 1;
    hs_call_name(c->f, &call);
    call.rep.routine = call.routine;
    call.rep.m = c->m;
    call.rep.n = c->n;
    call.rep.flops = c->f->flops(c->m, c->n) * (hs_prec_complex(c->prec) ? 4 : 1);
    call.rep.share_bytes = (double)c->m * c->n * (double)hs_prec_bytes(c->prec) / nranks;

    hs_tile_home *home = NULL;
    int status = c->f->layout(&call);
    if (!status)
        hs_call_report_layout(&call);
    if (!status && !hs_call_tile_ids_fit(&call.geo))   /* as the driver */
        status = HETSCAL_ERR_NOMEM;
    int ntiles = status ? 0 : c->f->tile_count(&call.geo);
    if (!status) {
        home = calloc((size_t)ntiles, sizeof *home);
        status = home ? HETSCAL_SUCCESS : HETSCAL_ERR_NOMEM;
    }
    if (!status) {
        c->f->tile_homes(&call.geo, call.tile_grid->rank_of, home);
        sim_program prog = { .c = c, .call = &call, .grid = &grid };
        prog.rd = (hs_redist){ .grid = hs_call_proc_grid(&grid), .geo = &call.geo,
                               .prec = c->prec, .desca = desca, .ia = 1, .ja = 1, .m = c->m,
                               .n = c->n, .transpose = call.transpose, .part = call.part };
        hs_call_keep_tiles(c->f, &call, &prog.rd, home, call.geo.mt * call.geo.np);
        int forward = hs_call_forward_copies(&cfg, nranks, c->f->broadcast, ntiles, home,
                                             (int)hs_prec_bytes(c->prec));
        int pieces = hs_call_pieces_plan(&cfg, c->f->gpu_pieces, &call.rep, &prog.rd,
                                         call.geo.mt * call.geo.np, &home, &ntiles,
                                         &prog.pieces);
        if (pieces < 0)
            status = pieces;
        int tiny = c->f->tiny_flops > 0 && call.rep.flops <= c->f->tiny_flops;
        int workers = hs_call_workers(&cfg, tiny, &call.rep);
        hs_sim_setup s = {
            .nranks = nranks, .ranks_per_node = rpn, .cpus = workers > 0 ? workers : 1,
            .node_cores = c->node_cores,
            .calling_thread = workers == 0 && nranks > 1 && call.rep.panel_gpu == 0,
            .gpus = call.rep.panel_gpu > 0 ? gpus : NULL, .gpu_capacity = c->gpu_capacity,
            .window = cfg.window,
            .copy_budget = hs_copy_budget(&cfg, call.rep.share_bytes, call.rep.tile),
            .memory_bound = hs_call_memory_bound(&call), .nmatrix = call.geo.mt * call.geo.np,
            .ntiles = ntiles, .prec = c->prec, .home = home,
            .tag_limit = 1 << 30,
            .send_window = hs_config_send_window(&cfg, nranks,
                                                 hs_call_report_largest_tile(&call.rep),
                                                 (int)hs_prec_bytes(c->prec)),
            .forward_copies = forward,
            .nprow = call.tile_grid->nprow, .npcol = call.tile_grid->npcol,
            .rank_of = call.tile_grid->rank_of,
            .prepare = prepare, .generate = generate, .arg = &prog,
            .costs = c->costs, .trace = c->trace, .path = c->path ? &p->path : NULL };
        if (!status)
            status = hs_sim_run(&s, &p->t_run, ranks);
        p->workers = s.cpus;
        p->forward = forward;
        if (!status)
            repartition_bytes(c, &call, home, per_rank);
        hs_call_pieces_free(&prog.pieces);
        /* Tiles in the caller's array: nothing moves, no tile block. */
        int kept = call.rep.tiles_in_place;
        if (!status && !kept && !call.rep.copy_tasks) {
            p->t_in = repartition_seconds(c, per_rank, nranks, 0);
            p->t_out = repartition_seconds(c, per_rank, nranks, 1);
            for (int k = 0; k < nranks; k++)
                p->repartition_bytes += per_rank[k].sent;
        }
        if (!status && !kept)
            p->t_in += first_touch_seconds(c, per_rank, nranks);
    }
    p->tile = call.rep.tile;
    p->layout = call.rep.layout;
    p->panel_gpu = call.rep.panel_gpu;
    p->top_width = call.geo.B;
    p->tall_rows = call.rep.tall_rows;
    p->rows_over_gpus = call.rep.rows_over_gpus;
    p->top_from = call.rep.top_from;
    p->host_panels = call.rep.host_panels;
    p->panels_from = call.rep.panels_from;
    p->copy_tasks = call.rep.copy_tasks;
    p->tiles_in_place = call.rep.tiles_in_place;
    p->caller_tiles = call.rep.caller_tiles;
    p->seconds = p->t_in + p->t_run + p->t_out;
    p->nranks = nranks;
    p->ranks = ranks;
    for (int k = 0; k < nranks; k++) {
        p->gpu_fallbacks += ranks[k].gpu_fallbacks;
        p->bytes_host_device += ranks[k].stats.bytes_h2d + ranks[k].stats.bytes_d2h;
        p->bytes_peer += ranks[k].stats.bytes_d2d;
        p->tasks += ranks[k].stats.tasks_run;
        p->messages += ranks[k].stats.messages_sent;
        p->bytes_sent += ranks[k].stats.bytes_sent;
    }
    hs_geometry_free(&call.geo);
    free(home);
    free(rank_of);
    free(per_rank);
    free(gpus);
    if (status) {
        free(ranks);
        p->ranks = NULL;
    }
    return status;
}

void hs_sim_prediction_free(hs_sim_prediction *p)
{
    free(p->ranks);
    p->ranks = NULL;
}
