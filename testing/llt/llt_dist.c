/* Block-cyclic local arrays with guard zones, in the spirit of ScaLAPACK's
 * PDFILLPAD/PDCHEKPAD: anything written before, after, or in the rows
 * between LOCr and LLD is caught afterwards. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "llt_matrix.h"

/* The guard pattern, compared bitwise. */
static const double guard_value = -7.0e301;

int llt_dist_create(struct llt_dist *d, int context, int m, int n, int mb,
                    int nb, int rsrc, int csrc)
{
    int lld, info = 0;

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
    d->a = tester_guarded(d->len, guard_value, &d->storage);
    return d->a == NULL ? -1 : 0;
}

void llt_dist_destroy(struct llt_dist *d)
{
    free(d->storage);
    d->storage = NULL;
    d->a = NULL;
}

long llt_dist_damaged_guards(const struct llt_dist *d)
{
    long damaged = tester_guards_damaged(d->storage, d->len, guard_value);
    size_t lld = (size_t)d->desc[LLD_];

    for (size_t j = 0; j < (size_t)d->locc; j++)
        for (size_t i = (size_t)d->locr; i < lld; i++)
            damaged += !tester_is_guard(&d->a[i + j * lld], guard_value);
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

void llt_dist_fill(struct llt_dist *d, llt_entry_fn *entry, const void *pb)
{
    size_t lld = (size_t)d->desc[LLD_];
    for (int lj = 0; lj < d->locc; lj++) {
        int gj = llt_dist_global_col(d, lj);
        for (int li = 0; li < d->locr; li++)
            d->a[li + lj * lld] = entry(pb, llt_dist_global_row(d, li), gj);
    }
}

long llt_dist_changed(const struct llt_dist *d,
                      int (*skip)(const void *pb, int gi, int gj),
                      llt_entry_fn *entry, const void *pb)
{
    size_t lld = (size_t)d->desc[LLD_];
    long changed = 0;
    for (int lj = 0; lj < d->locc; lj++) {
        int gj = llt_dist_global_col(d, lj);
        for (int li = 0; li < d->locr; li++) {
            int gi = llt_dist_global_row(d, li);
            double want;
            if (skip(pb, gi, gj))
                continue;
            want = entry(pb, gi, gj);
            changed += memcmp(&d->a[li + lj * lld], &want, sizeof want) != 0;
        }
    }
    return changed;
}
