/* PDPOTRF's table for the call entry and driver (see cholesky_call.h):
 * ScaLAPACK's checks of UPLO and of the block alignment, then the
 * Cholesky layout and task program.  Upper is factored as the lower factor
 * of the transpose: the repartition transposes the blocks. */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>

#include "algo/cholesky.h"
#include "api/call_entry.h"
#include "api/cholesky_call.h"
#include "api/granularity.h"
#include "include/hetscal.h"
#include "layout/desc.h"

/* Up to this many flops (N = 228) the calling thread runs the tasks
 * (hs_call_workers): waking a worker costs more than sharing the work. */
enum { TINY_FLOPS = 4000000 };

static double cholesky_flops(int m, int n)
{
    (void)m;
    return (double)n * n * n / 3.0;
}

/* Accelerators anywhere: the multi-level layout; HETSCAL_NB > tile: host
 * panels in B-high tile rows; otherwise square tiles, the caller's blocks
 * when they fit.  Lower only: the upper factor's tiles are transposed
 * blocks, which the caller's layout puts on transposed grid positions. */
static int cholesky_layout(hs_call *c)
{
    const hs_config *cfg = c->cfg;
    c->rep.tile = hs_granularity_cholesky_tile(c->grid, cfg, c->n);
    if (c->rep.tile > c->n)
        c->rep.tile = c->n;
    hs_caller_tiles caller = { 0, 0, 0 };
    if (!c->upper)
        caller = hs_call_caller_tiles(c->grid, cfg, c->rep.tile, c->ia, c->ja, c->desca);
    c->transpose = c->upper;
    c->part = c->upper ? HS_PART_UPPER : HS_PART_LOWER;
    return hs_call_layout(c->grid, cfg, c->n, c->n, 0, &caller, &c->rep, &c->geo, &c->devs,
                          &c->ndev);
}

static int cholesky_tile_count(const hs_geometry *geo)
{
    return geo->mt * geo->np;
}

static void cholesky_generate(const hs_geometry *geo, hs_dist *dist)
{
    hs_cholesky ch = { .geo = geo, .dist = dist };
    hs_cholesky_generate(&ch);
}

/* PDPOTRF's checks after CHK1MAT: UPLO, then sub(A) starting on a block
 * boundary with square blocks (ScaLAPACK's PDPOTRF needs both). */
static int cholesky_check(hs_call *c, int nprow, int npcol, int myrow, int mycol)
{
    (void)nprow, (void)npcol, (void)myrow, (void)mycol;
    const int *desca = c->desca;
    if (!c->upper && !hs_is_letter(c->uplo[0], 'L'))
        return 100;
    if ((c->ia - 1) % desca[HS_MB] != 0)
        return 400;
    if ((c->ja - 1) % desca[HS_NB] != 0)
        return 500;
    if (desca[HS_MB] != desca[HS_NB])
        return 600 + HS_NB + 1;
    return 0;
}

/* UPLO is compared over the grid; a mismatch is code 1 (INFO = -1). */
static int cholesky_global_value(const hs_call *c, int *mismatch_code)
{
    *mismatch_code = 1;
    return c->upper ? 'U' : 'L';
}

static int cholesky_nothing_to_do(const hs_call *c)
{
    return c->n == 0;
}

typedef void (*pdpotrf_fn)(const char *, const int *, double *, const int *, const int *,
                           const int *, int *, size_t);

static void cholesky_forward(hs_call *c, int *info)
{
    pdpotrf_fn next = (pdpotrf_fn)dlsym(RTLD_NEXT, "pdpotrf_");
    if (!next) {
        fprintf(stderr, "hetscal: HETSCAL_DISABLE is set but no other PDPOTRF is linked\n");
        *info = HETSCAL_ERR_INTERNAL;
        return;
    }
    next(c->uplo, &c->n, c->a, &c->ia, &c->ja, c->desca, info, 1);
}

const hs_factorization hs_pdpotrf = {
    .routine = "pdpotrf",
    .name = "PDPOTRF",
    .m_arg = 2,
    .n_arg = 2,
    .desc_arg = 6,
    .check = cholesky_check,
    .global_value = cholesky_global_value,
    .nothing_to_do = cholesky_nothing_to_do,
    .forward = cholesky_forward,
    .flops = cholesky_flops,
    .tiny_flops = TINY_FLOPS,
    .layout = cholesky_layout,
    .tile_count = cholesky_tile_count,
    .tile_homes = hs_cholesky_tile_homes,
    .generate = cholesky_generate,
};
