/* The repartition as tasks across ranks (see call_pieces.h). */
#include "config.h"

#include <limits.h>
#include <stdlib.h>

#include "api/call_pieces.h"
#include "include/hetscal.h"
#include "layout/desc.h"
#include "util/precision.h"

void hs_call_pieces_free(hs_call_pieces *pc)
{
    free(pc->first);
    free(pc->merge);
    free(pc->piece);
    *pc = (hs_call_pieces){ 0 };
}

/* Where the factorization runs on the GPUs (columns on accelerators,
 * their panels too) and its kind asks for them (hs_factorization's
 * gpu_pieces), or when asked for (HETSCAL_OVERLAP_COPIES=2).
 * There the pieces' copies take host cores and links that the run
 * leaves idle, and the model has them ahead of the rounds on 4 to 64
 * H100 nodes (doc/PERFORMANCE.md, session 81).  Where the host works
 * they take its cores: 100 Keeneland nodes' PDGEQRF, panels on the
 * host, 723 s with the pieces and 693 with the rounds; a 2 x 2 PDPOTRF of
 * one-thread ranks on 2 cores, 0.37 s and 0.32.  So do ranks of one
 * thread (on average over the grid), which drive their GPUs and
 * messages with it: 1 x 2 such ranks with an emulated GPU each, PDPOTRF
 * N = 4000, 0.27 s with the pieces and 0.23 with the rounds. */
static int wanted(const hs_config *cfg, int gpu_pieces, const hs_call_report *rep,
                  const hs_redist *rd)
{
    int spare_workers = cfg->grid_threads >= 2 * rd->grid.size;
    int on_gpus = gpu_pieces && rep->panel_gpu > 0 && !rep->host_panels && spare_workers;
    int asked = cfg->overlap_copies == 2 || (cfg->overlap_copies == 1 && on_gpus);
    return asked && rd->grid.size > 1 && !rep->tiles_in_place && !rep->caller_tiles;
}

/* Every tile's pieces into pc (count, first, piece, merge); 0, 1 when a
 * piece's columns are not whole doubles or the ids would pass INT_MAX,
 * or HETSCAL_ERR_NOMEM. */
static int enumerate(hs_call_pieces *pc, const hs_tile_home *home, int ntiles)
{
    const hs_redist *rd = &pc->rd;
    size_t es = hs_prec_bytes(rd->prec);
    long total = 0;
    pc->first = malloc(((size_t)pc->nmatrix + 1) * sizeof *pc->first);
    if (!pc->first)
        return HETSCAL_ERR_NOMEM;
    for (int t = 0; t < pc->nmatrix; t++)
        if (home[t].rank >= 0)
            total += hs_redist_tile_pieces(rd, t, NULL, 0);
    if (total > INT_MAX - (long)ntiles)
        return 1;
    pc->piece = malloc((size_t)(total ? total : 1) * sizeof *pc->piece);
    pc->merge = malloc((size_t)(total ? total : 1));
    if (!pc->piece || !pc->merge)
        return HETSCAL_ERR_NOMEM;
    int n = 0;
    for (int t = 0; t < pc->nmatrix; t++) {
        pc->first[t] = ntiles + n;
        if (home[t].rank >= 0)
            n += hs_redist_tile_pieces(rd, t, pc->piece + n, (int)(total - n));
    }
    pc->first[pc->nmatrix] = ntiles + n;
    pc->count = n;
    pc->first_id = ntiles;
    for (int k = 0; k < n; k++) {
        pc->merge[k] = (unsigned char)pc->piece[k].merge;
        if ((size_t)pc->piece[k].rows * es % sizeof(double))
            return 1;
    }
    return HETSCAL_SUCCESS;
}

int hs_call_pieces_plan(const hs_config *cfg, int gpu_pieces, hs_call_report *rep,
                        const hs_redist *rd, int nmatrix, hs_tile_home **home, int *ntiles,
                        hs_call_pieces *pc)
{
    *pc = (hs_call_pieces){ .rd = *rd, .nmatrix = nmatrix };
    pc->rd.tiles = NULL;
    if (!wanted(cfg, gpu_pieces, rep, rd))
        return 0;
    int status = enumerate(pc, *home, *ntiles);
    hs_tile_home *grown = status ? NULL
                                 : realloc(*home, ((size_t)*ntiles + (size_t)pc->count)
                                                      * sizeof **home);
    if (!status && !grown)
        status = HETSCAL_ERR_NOMEM;
    if (status) {
        hs_call_pieces_free(pc);
        return status == 1 ? 0 : status;
    }
    *home = grown;
    for (int k = 0; k < pc->count; k++) {
        const hs_piece *p = &pc->piece[k];
        grown[*ntiles + k] = (hs_tile_home){
            .rank = hs_proc_grid_rank(&pc->rd.grid, p->prow, p->pcol),
            .m = p->rows, .n = p->cols };
    }
    *ntiles += pc->count;
    pc->program = (hs_piece_program){ .rd = &pc->rd, .piece = pc->piece };
    rep->copy_tasks = 1;
    rep->copy_pieces = 1;
    return 1;
}

void *hs_call_piece_in_caller(const hs_call_pieces *pc, int tile, int *ld)
{
    if (!pc || !pc->count || tile < pc->first_id || tile >= pc->first_id + pc->count)
        return NULL;
    const hs_piece *p = &pc->piece[tile - pc->first_id];
    const hs_proc_grid *g = &pc->rd.grid;
    if (p->prow != g->myrow || p->pcol != g->mycol)
        return NULL;
    *ld = pc->rd.desca[HS_LLD];
    return (char *)pc->rd.a
           + ((size_t)p->lrow + (size_t)p->lcol * pc->rd.desca[HS_LLD])
                 * hs_prec_bytes(pc->rd.prec);
}

void hs_call_pieces_use(hs_call_pieces *pc, hs_dist *dist)
{
    if (!pc->count)
        return;
    hs_dist_pieces p = { .nmatrix = pc->nmatrix, .first = pc->first, .merge = pc->merge,
                         .gather = &hs_kind_piece_gather, .scatter = &hs_kind_piece_scatter,
                         .ctx = &pc->program };
    hs_dist_use_pieces(dist, &p);
}
