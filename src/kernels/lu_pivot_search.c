/* The caller's row distribution for ScaLAPACK's pivot search (see
 * lu_pivot_search.h). */
#include "config.h"

#include "kernels/lu_pivot_search.h"
#include "layout/desc.h"

/* Global row indices are 64-bit here: the first row of a block a few
 * process rows on can pass INT_MAX where sub(A) ends just below it. */
int hs_lu_rows_first(const hs_lu_rows *d, int p, int r, int m)
{
    long long g0 = (long long)d->ia - 1 + r, b0 = g0 / d->mb;
    /* the first block at or after b0 whose owner (RSRC + b) mod P is p */
    long long skip = ((p - d->rsrc - b0) % d->nprow + d->nprow) % d->nprow;
    long long g = skip == 0 ? g0 : (b0 + skip) * d->mb;
    long long i = g - (d->ia - 1);
    return i < m ? (int)i : -1;
}

int hs_lu_rows_next(const hs_lu_rows *d, int i, int m)
{
    long long g = (long long)d->ia - 1 + i + 1;
    long long next = g % d->mb != 0 ? i + 1LL : i + 1LL + (long long)(d->nprow - 1) * d->mb;
    return next < m ? (int)next : -1;
}

int hs_lu_rows_phase(const hs_lu_rows *d, const hs_lu_caller *c, int i, int j, int esize)
{
    int g = d->ia - 1 + i, p = hs_g2p(g, d->mb, d->rsrc, d->nprow);
    long long lrow = hs_g2l(g, d->mb, d->nprow), lcol = hs_g2l(d->ja - 1 + j, d->mb, d->npcol);
    long long base = 0, lld = hs_numroc(d->m_a, d->mb, p, d->rsrc, d->nprow);
    if (c) {
        int q = hs_g2p(d->ja - 1 + j, d->mb, c->csrc, d->npcol);
        base = c->proc[2 * (p * d->npcol + q)];
        lld = c->proc[2 * (p * d->npcol + q) + 1];
    }
    long long bytes = base + (lrow + lcol * (lld > 1 ? lld : 1)) * esize;
    return (int)(bytes % HS_LU_ALIGN / esize);
}
