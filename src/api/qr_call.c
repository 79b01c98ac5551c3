/* PDGEQRF's table for the call driver (see qr_call.h): the QR layout and
 * task program, and a finishing step that writes TAU: each panel's tau lies at the home of its
 * top tile; one MPI_Allreduce of the min(M, N) values over the grid gives
 * every rank the whole vector, and each writes the entries of its process
 * column (on every process row, as PDORMQR expects). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "algo/qr.h"
#include "api/call_driver.h"
#include "plan/panel_placement.h"
#include "api/qr_call.h"
#include "include/hetscal.h"
#include "layout/desc.h"
#include "util/precision.h"

/* Real flops of the real factorization (LAPACK's count; complex: 4 times
 * as many, hs_call_run scales them). */
static double qr_flops(int rows, int cols)
{
    double m = rows, n = cols;
    return m >= n ? 2.0 * m * n * n - 2.0 * n * n * n / 3.0
                  : 2.0 * n * m * m - 2.0 * m * m * m / 3.0;
}

/* The tau of the panels whose top tile lives here, in tau_all (k values
 * of es bytes, zero elsewhere); then summed over the grid (as reals: a
 * complex value is two, and the sum of zeros and one value is exact). */
static void gather_tau(const hetscal_grid *grid, const hs_geometry *geo, const hs_dist *dist,
                       int prec, char *tau_all, int k)
{
    size_t es = hs_prec_bytes(prec);
    int single = es == 4 || (es == 8 && hs_prec_complex(prec));
    int parts = hs_prec_complex(prec) ? 2 : 1;
    memset(tau_all, 0, (size_t)k * es);
    for (int c = 0; c < geo->np; c++) {
        int id = hs_qr_tau_tile(geo, c);
        const char *t = id >= 0 ? hs_dist_tile_data(dist, id) : NULL;
        if (t)
            memcpy(tau_all + (size_t)geo->panel[c].col0 * es, t,
                   (size_t)hs_qr_reflectors(geo, c) * es);
    }
    MPI_Allreduce(MPI_IN_PLACE, tau_all, k * parts, single ? MPI_FLOAT : MPI_DOUBLE, MPI_SUM,
                  grid->comm);
}

/* TAU(JA + i) for every i < k whose column this process column holds. */
static void write_tau(const hetscal_grid *grid, int ja, const int *desca, size_t es,
                      const char *tau_all, int k, char *tau)
{
    int nb = desca[HS_NB], csrc = desca[HS_CSRC];
    for (int i = 0; i < k; i++) {
        int g = ja - 1 + i;
        if (hs_g2p(g, nb, csrc, grid->npcol) == grid->mycol)
            memcpy(tau + (size_t)hs_g2l(g, nb, grid->npcol) * es, tau_all + (size_t)i * es, es);
    }
}

/* Up to this many processes a grid of several process rows is factored
 * as one process row of all of them (columns cyclic over the processes):
 * each panel is then one DGEQRF on its process instead of TSQR with
 * reconstruction across the process rows, which costs several times the
 * panel's flops.  The panel goes to every other process, point to point,
 * so on large grids the 2-D layout stays. */
enum { QR_ONE_ROW_MAX_RANKS = 4 };

/* With GPUs on one process row and the panels kept on the host, each
 * panel (rows x b, one ?GEQRF on one core) is on the critical path while
 * the GPUs wait: its time grows with b, the GPUs' updates hardly do.
 * 128 columns still give the updates' tall GEMMs most of a GPU's rate
 * (doc/PERFORMANCE.md). */
enum { HOST_PANEL_WITH_GPUS = 128 };

/* Panels b = half the Cholesky tile of the square of the same area (the
 * panel's TSQR and reconstruction cost about 3.5 times the Householder
 * panel, so panels are narrower than update tiles) in tile rows of B = 4b
 * by default: the updates' GEMMs are b x b x B and B x b x b, and the
 * tasks about as many as Cholesky's.  On one process row (one tile row,
 * below) the panel is a plain Householder QR and wider panels pay: 5/6 of
 * the Cholesky tile, but without accelerators no wider than LU's rule for
 * a tile row of whole columns (hs_column_panel_width), since each panel
 * is then one ?GEQRF on one core on the critical path, as LU's ?GETRF is:
 * on a wide node the square rule's width would leave most cores waiting
 * on it.  With GPUs that factor the panels, LU's GPU panel width
 * (hs_call_device_panel_width) where the matrix has room for it.  Not
 * below 64: narrower panels make many more tasks for the same work. */
static int panel_width(const hs_call *c, int row_grid, int host_panels)
{
    const hs_config *cfg = c->cfg;
    int size = (int)sqrt((double)c->m * c->n), big = c->m > c->n ? c->m : c->n;
    int cholesky_tile = hs_default_tile_size(size, cfg->grid_threads);
    int b = cfg->nb_small ? cfg->nb_small : row_grid ? cholesky_tile * 5 / 6 : cholesky_tile / 2;
    if (!cfg->nb_small && row_grid && cfg->accel_ranks == 0) {
        int columns = hs_column_panel_width(c->n, cfg->grid_threads);
        b = columns < b ? columns : b;
    }
    if (!cfg->nb_small && row_grid && cfg->accel_ranks > 0 && host_panels
        && b > HOST_PANEL_WITH_GPUS)
        b = HOST_PANEL_WITH_GPUS;
    int device = !cfg->nb_small && row_grid && cfg->accel_ranks > 0 && !host_panels
                     ? hs_call_device_panel_width(cfg, c->n) : 0;
    if (device)
        b = device;
    if (!cfg->nb_small && b < 64)
        b = 64;
    if (b > big)
        b = big;
    return b < 1 ? 1 : b;
}

/* One tile row with accelerators, as LU's (api/lu_call.c): each top-level
 * column of width B keeps its first B - Bg columns on the host and gives
 * the rest to one of its rank's GPUs, cut into b-wide columns there, so
 * that each panel is one ?GEQRF on the device of its column and the next
 * panel is mostly on the GPU that factored the last one: the panel
 * crosses to the other GPUs beside the critical path, not on it. */
static int gpu_one_row_layout(hs_call *c)
{
    const hetscal_grid *grid = c->grid;
    int B = c->geo.B, b = c->rep.tile, bg = c->rep.panel_gpu;
    hs_geometry_free(&c->geo);
    if (grid->nprow > 1) {
        c->one_row = hs_call_one_process_row(grid);
        c->tile_grid = &c->one_row;
    }
    int status = hs_geometry_init_hybrid(&c->geo, c->m, c->n, B, b, bg, 1,
                                         c->tile_grid->npcol);
    if (!status && (status = hs_geometry_cut_panels(&c->geo, b)))
        hs_geometry_free(&c->geo);
    if (!status)
        hs_geometry_single_tile_row(&c->geo);
    return status;
}

/* Whether the tiles are square on the caller's grid with gathered panels
 * (algo/qr.h): only with several process rows and no accelerators; then
 * as HETSCAL_QR_GRID says, by default on the grids that would otherwise
 * put all processes on one process row (QR_ONE_ROW_MAX_RANKS) when the
 * average share passes HS_GRID_SHARE_BYTES and the caller's blocks can
 * be the tiles, in place (GATHERED_IN_PLACE).  Each panel is then the
 * same one ?GEQRF on one rank as on the process row, but the caller's
 * blocks stay in place where the process row copies whole columns (1.8
 * to 1.9 times the share at its peak on 2x2).  With copied tiles the
 * gathered layout saves about a tenth of that and runs 1.05 to 1.08
 * times slower (2 x 1 and 2 x 2, N = 8000, doc/PERFORMANCE.md): the
 * process row then.  The caller's blocks are the tiles from
 * HS_SMALL_BLOCKS_FROM up, below half the default tile too (as
 * P?GETRF's): on one process column a panel's reflectors are read where
 * they lie, and on others from one buffer a rank and panel (the strips'
 * packs, algo/strip_tasks.h), and such blocks stay ahead of the reference
 * with 0.1 to 0.4 times the share extra (2 x 2, N = 8000, 128-blocks:
 * within 5% of the process row's time, which takes 1.87 times;
 * doc/PERFORMANCE.md, sessions 66, 68 and 73).  On
 * larger grids TSQR spreads the panel, which one rank's ?GEQRF of the
 * whole panel would serialize. */
enum { GATHERED_NO = 0, GATHERED = 1, GATHERED_IN_PLACE = 2 };

static int gathered_layout(const hs_call *c)
{
    const hetscal_grid *g = c->grid;
    if (g->nprow < 2 || c->cfg->accel_ranks > 0 || c->cfg->qr_grid == 0)
        return GATHERED_NO;
    if (c->cfg->qr_grid > 0)
        return GATHERED;
    return g->size <= QR_ONE_ROW_MAX_RANKS && hs_call_average_share(c) > HS_GRID_SHARE_BYTES
               ? GATHERED_IN_PLACE
               : GATHERED_NO;
}

/* Whether a grid of several process rows goes on one process row of all
 * its processes.  Without GPUs, up to QR_ONE_ROW_MAX_RANKS.  With GPUs,
 * as HETSCAL_QR_GRID says (0: always, 1: never, TSQR on the caller's grid
 * then), by default unless it has more than QR_ONE_ROW_MAX_GPU_RANKS
 * processes, or the GPUs factor the panels (device_panels) and the grid
 * matches a row of gpu_tsqr.  On one process row each panel is one
 * ?GEQRF where its column lives, over all its rows, and goes whole to
 * every process; TSQR factors each process's piece of it on its GPU, as
 * it does the explicit Q's way down the tree, runs the tree's reduction
 * and the reconstruction on the host cores, and sends each process only
 * its process row's part of the updates' operands.  What TSQR saves is
 * traffic between nodes (the processes of one node exchange GPU tiles
 * over the links between their GPUs); what it costs is its tree's chain
 * and its larger GPU work, which large shares a node on a few nodes do
 * not repay.  The rows are the model's crossovers on H100 nodes, with
 * one, two and four processes a node (doc/PERFORMANCE.md, session 82;
 * TSQR's tile rows GPU_TILE_ROW_PANELS high): from 8 nodes TSQR ahead
 * at every share tried with up to two processes a node (1.09 to 1.74
 * times faster, from 0.09 GiB a node), with four behind at 0.75 GiB a
 * node (0.83 on 8 nodes, 0.94 on 16) and ahead from 1.5; on 4 nodes
 * ahead with one process a node from 0.19 to 24 GiB a node (1.03 to
 * 1.34) and behind at 48 (0.88), behind with two or four (0.78 to 0.98);
 * on 2 nodes behind from 24 GiB (0.81 and 0.70; 1.04 at 6); on one node
 * of several processes behind (2 x 2 at 48 GiB: 6.77 s against 8.56,
 * session 51).  Below the smallest shares tried the rows keep one
 * process row, as before these crossovers were known.  Where the panels
 * go to the host cores (Keeneland), one process row stays ahead up to 64
 * processes (session 39). */
enum { QR_ONE_ROW_MAX_GPU_RANKS = 64 };
static const struct {
    int nodes;          /* the grid spans this many nodes or more */
    int per_node;       /* with at most this many processes a node (0: any) */
    double gib_from, gib_below;   /* and a node's share in [from, below) GiB */
} gpu_tsqr[] = { { 8, 2, 0.08, INFINITY }, { 8, 0, 1, INFINITY }, { 4, 1, 0.15, 32 } };

static int one_process_row(const hs_call *c, int device_panels)
{
    const hs_config *cfg = c->cfg;
    int size = c->grid->size;
    if (c->grid->nprow == 1)
        return 1;
    if (cfg->accel_ranks == 0)
        return size <= QR_ONE_ROW_MAX_RANKS;
    if (cfg->qr_grid >= 0)
        return cfg->qr_grid == 0;
    if (size > QR_ONE_ROW_MAX_GPU_RANKS)
        return 0;
    if (!device_panels)
        return 1;
    int nodes = cfg->grid_nodes > 0 ? cfg->grid_nodes : 1;
    int per_node = (size + nodes - 1) / nodes;
    double gib = hs_call_node_share(c) / (1024.0 * 1024 * 1024);
    for (size_t k = 0; k < sizeof gpu_tsqr / sizeof gpu_tsqr[0]; k++)
        if (nodes >= gpu_tsqr[k].nodes
            && (gpu_tsqr[k].per_node == 0 || per_node <= gpu_tsqr[k].per_node)
            && gib >= gpu_tsqr[k].gib_from && gib < gpu_tsqr[k].gib_below)
            return 0;
    return 1;
}

/* TSQR's tile rows with GPU columns: this many of the columns high.  A
 * GPU column is one panel (Bg = B wide), so square B-high rows made every
 * leaf a square ?GEQRF, every update a B x B x B product (the model's
 * H100 GPUs run that size at 0.6 of their largest GEMMs' rate) and the
 * host's tree one ?TPQRT per tile row below the panel: 24% of PDGEQRF's
 * critical path on 16 H100 nodes.  Four panels high, as the host tiles'
 * rows are four host panels high (B = 4b), the leaves are tall, the
 * products 4B x B x B and the tree a quarter as deep (doc/PERFORMANCE.md,
 * session 58).  Not where the host factors the panels (Keeneland): its
 * cores would then run the taller leaves on the critical path. */
enum { GPU_TILE_ROW_PANELS = 4 };
/* And those rows go over the rank's GPUs in turn (hs_tile_slot), not the
 * columns: a panel's leaves are ?GEQRFs of its tile rows, which cuSOLVER
 * runs at a few TFLOP/s, and with its column on one GPU they ran one
 * after another there, 65% of the critical path on 4 h100 nodes; by row
 * each GPU of the rank takes its share of every panel's leaves
 * (doc/PERFORMANCE.md, session 59). */

/* On one process row the caller's column blocks are the panels from
 * HS_SMALL_BLOCKS_FROM up to the routine's own width: their updates join
 * up to HS_STRIP_COLUMNS of a rank's columns (algo/qr.c), and 128-blocks
 * in place ran as fast as 426-wide copied columns on 1 x 2 at N = 8000
 * and 1.07 times faster at N = 4000, without the copy of the share
 * (doc/PERFORMANCE.md, session 75; 64-blocks ran 1.14 times slower).
 * As for Cholesky, but b-wide panels in B-high tile rows (B = 4b) unless
 * HETSCAL_NB <= b asks for square b x b tiles.  On one process row,
 * without accelerators, a single tile row instead: each panel is one tile
 * and one LAPACK DGEQRF on its home rank, the b-wide columns cyclic over
 * the process columns as ScaLAPACK's on a 1 x Q grid (B-high tile rows
 * there would all live on the panel's rank and pay TSQR and
 * reconstruction for nothing).  With a few process rows
 * (QR_ONE_ROW_MAX_RANKS), or with GPUs as one_process_row says, the
 * tiles go on one process row of all the processes. */
static int qr_layout(hs_call *c)
{
    const hetscal_grid *grid = c->grid;
    const hs_config *cfg = c->cfg;
    int gathered = gathered_layout(c);
    if (gathered != GATHERED_NO) {
        int status = hs_call_square_tiles(c, gathered == GATHERED_IN_PLACE
                                                 ? HS_SQUARE_IN_PLACE_ONLY
                                                       | HS_SQUARE_SMALL_BLOCKS
                                                 : 0, 0);
        if (status <= 0) {
            c->geo.gathered = status == 0;
            return status;
        }
    }
    /* Where the panels go is decided on the width they would have on the
     * accelerators; on the host they take the host's.  Whether TSQR is
     * worth it with GPUs asks where one process row's panels would go. */
    int accel = cfg->accel_ranks > 0;
    int one_row_host_panels = accel && hs_panels_on_host(cfg, HS_PANEL_GEQRF, c->m, c->n,
                                                          panel_width(c, 1, 0), c->prec);
    int row_grid = one_process_row(c, !one_row_host_panels);
    c->rep.host_panels = row_grid ? one_row_host_panels
                                  : accel && hs_panels_on_host(cfg, HS_PANEL_GEQRF, c->m, c->n,
                                                               panel_width(c, 0, 0), c->prec);
    c->rep.panels_from = hs_panels_source(cfg);
    int width = hs_call_caller_panel_width(grid, cfg, c->ja, c->desca,
                                           panel_width(c, row_grid, c->rep.host_panels),
                                           HS_SMALL_BLOCKS_FROM);
    int whole = hs_call_one_column_block(grid, cfg, c->n, c->ja, c->desca, width);
    c->rep.tile = whole ? whole : width;
    c->part = HS_PART_ALL;
    int one_row = row_grid && (cfg->nb == 0 || cfg->nb > c->rep.tile);
    int host_B = grid->nprow == 1 ? 0 : 4 * c->rep.tile;
    int status = hs_call_layout(grid, cfg, c->m, c->n, host_B, 0, NULL, &c->rep, &c->geo,
                                &c->devs, &c->ndev);
    if (!status)
        c->geo.device_panels = !c->rep.host_panels;
    if (!status && !one_row && c->rep.panel_gpu > 0 && !c->rep.host_panels) {
        hs_geometry_tall_rows(&c->geo, GPU_TILE_ROW_PANELS);
        c->geo.rows_over_devices = 1;
    }
    if (status || !one_row)
        return status;
    if (c->rep.panel_gpu > 0)
        return gpu_one_row_layout(c);
    if (grid->nprow > 1) {
        c->one_row = hs_call_one_process_row(grid);
        c->tile_grid = &c->one_row;
        hs_geometry_free(&c->geo);
        status = cfg->nb > c->rep.tile
                     ? hs_geometry_init_split(&c->geo, c->m, c->n, cfg->nb, c->rep.tile, 1,
                                              c->one_row.npcol)
                     : hs_geometry_init_host(&c->geo, c->m, c->n, c->rep.tile, 1,
                                             c->one_row.npcol);
    }
    if (!status) {
        hs_geometry_single_tile_row(&c->geo);
        hs_call_columns_in_place(grid, c->ja, c->desca, &c->geo, &c->rep);
    }
    return status;
}

static void qr_generate(const hs_call *c, hs_dist *dist)
{
    hs_qr qr = { .geo = &c->geo, .dist = dist, .host_panels = c->rep.host_panels,
                 .team = hs_config_panel_team(c->cfg, c->grid->nprow * c->grid->npcol),
                 .strips = c->rep.tiles_in_place };
    hs_qr_generate(&qr);
}

/* TAU on every rank from the panels' tau tiles (collective); a rank
 * without memory for the vector fails the call everywhere. */
static int qr_finish(hs_call *c)
{
    int k = c->m < c->n ? c->m : c->n;
    size_t es = hs_prec_bytes(c->prec);
    char *tau_all = malloc((size_t)k * es);
    int status = hs_agree_status(c->grid, tau_all ? HETSCAL_SUCCESS : HETSCAL_ERR_NOMEM);
    if (!status) {
        gather_tau(c->grid, &c->geo, c->dist, c->prec, tau_all, k);
        write_tau(c->grid, c->ja, c->desca, es, tau_all, k, c->tau);
    }
    free(tau_all);
    return status;
}

const hs_factorization hs_pdgeqrf = {
    .routine = "geqrf",
    .flops = qr_flops,
    .tiny_flops = 0,   /* the calling thread running the tasks measured no better */
    .layout = qr_layout,
    .tile_count = hs_qr_tile_count,
    .tile_homes = hs_qr_tile_homes,
    .generate = qr_generate,
    .tiles_in_place = 1,
    .broadcast = HS_FORWARD_TREE,   /* as LU's (the model, session 52) */
    .finish = qr_finish,
};

int hs_qr_call(const hetscal_grid *grid, const hs_config *cfg, int m, int n,
               double *a, int ia, int ja, const int *desca, double *tau)
{
    hs_call call = { .grid = grid, .cfg = cfg, .prec = HS_PREC_D, .m = m, .n = n, .a = a,
                     .ia = ia, .ja = ja, .desca = desca, .tau = tau };
    return hs_call_run(&hs_pdgeqrf, &call);
}
