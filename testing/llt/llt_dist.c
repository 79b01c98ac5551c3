/* Block-cyclic local arrays with guard zones, in the spirit of ScaLAPACK's
 * PDFILLPAD/PDCHEKPAD: anything written before, after, or in the rows
 * between LOCr and LLD is caught afterwards. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "llt_matrix.h"

/* The guard pattern, compared bitwise. */
static const double guard_value = -7.0e301;

static int is_guard(const double *x)
{
    return memcmp(x, &guard_value, sizeof guard_value) == 0;
}

int llt_dist_create(struct llt_dist *d, int context, int m, int n, int mb,
                    int nb, int rsrc, int csrc)
{
    int lld, info = 0;
    size_t total;

    memset(d, 0, sizeof *d);
    Cblacs_gridinfo(context, &d->nprow, &d->npcol, &d->myrow, &d->mycol);
    if (d->nprow < 1)
        return -1;
    d->locr = numroc_(&m, &mb, &d->myrow, &rsrc, &d->nprow);
    d->locc = numroc_(&n, &nb, &d->mycol, &csrc, &d->npcol);
    lld = (d->locr > 1 ? d->locr : 1) + LLT_LLD_PAD;
    descinit_(d->desc, &m, &n, &mb, &nb, &rsrc, &csrc, &context, &lld,
              &info);
    if (info != 0)
        return -1;
    d->len = (size_t)lld * (size_t)d->locc;
    total = d->len + 2 * (size_t)LLT_GUARD;
    d->storage = malloc(total * sizeof *d->storage);
    if (d->storage == NULL)
        return -1;
    for (size_t i = 0; i < total; i++)
        d->storage[i] = guard_value;
    d->a = d->storage + LLT_GUARD;
    return 0;
}

void llt_dist_destroy(struct llt_dist *d)
{
    free(d->storage);
    d->storage = NULL;
    d->a = NULL;
}

long llt_dist_damaged_guards(const struct llt_dist *d)
{
    long damaged = 0;
    size_t lld = (size_t)d->desc[LLD_];

    for (size_t i = 0; i < LLT_GUARD; i++) {
        damaged += !is_guard(&d->storage[i]);
        damaged += !is_guard(&d->a[d->len + i]);
    }
    for (size_t j = 0; j < (size_t)d->locc; j++)
        for (size_t i = (size_t)d->locr; i < lld; i++)
            damaged += !is_guard(&d->a[i + j * lld]);
    return damaged;
}

/* Local index L (0-based) -> global index (1-based) along one dimension. */
static int local_to_global(int l, int blk, int me, int src, int nprocs)
{
    int dist = (me - src + nprocs) % nprocs;
    return ((l / blk) * nprocs + dist) * blk + l % blk + 1;
}

int llt_dist_global_row(const struct llt_dist *d, int li)
{
    return local_to_global(li, d->desc[MB_], d->myrow, d->desc[RSRC_],
                           d->nprow);
}

int llt_dist_global_col(const struct llt_dist *d, int lj)
{
    return local_to_global(lj, d->desc[NB_], d->mycol, d->desc[CSRC_],
                           d->npcol);
}

size_t llt_dist_norm_work(const struct llt_dist *d)
{
    return (size_t)d->locr + (size_t)d->locc + 2 * (size_t)d->desc[MB_] +
           2 * (size_t)d->desc[NB_] + 16;
}
