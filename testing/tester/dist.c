/* Block-cyclic local arrays with guard zones, in the spirit of ScaLAPACK's
 * PDFILLPAD/PDCHEKPAD: anything written before, after, or in the rows
 * between LOCr and LLD is caught afterwards (see dist.h). */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dist.h"

int tester_descinit(int *desc, int context, int m, int n, int mb, int nb,
                    int rsrc, int csrc, int locr)
{
    int lld = (locr > 1 ? locr : 1) + TESTER_LLD_PAD, info = 0;
    descinit_(desc, &m, &n, &mb, &nb, &rsrc, &csrc, &context, &lld, &info);
    return info == 0 ? lld : -1;
}

int tester_dist_create(struct tester_dist *d, int context, int m, int n,
                       int mb, int nb, int rsrc, int csrc, size_t elem,
                       const void *guard)
{
    int lld;

    memset(d, 0, sizeof *d);
    if (elem > TESTER_MAX_ELEM)
        return -1;
    Cblacs_gridinfo(context, &d->nprow, &d->npcol, &d->myrow, &d->mycol);
    if (d->nprow < 1)
        return -1;
    d->locr = numroc_(&m, &mb, &d->myrow, &rsrc, &d->nprow);
    d->locc = numroc_(&n, &nb, &d->mycol, &csrc, &d->npcol);
    lld = tester_descinit(d->desc, context, m, n, mb, nb, rsrc, csrc, d->locr);
    if (lld < 0)
        return -1;
    d->elem = elem;
    memcpy(d->guard, guard, elem);
    d->len = (size_t)lld * (size_t)d->locc;
    /* A column of readable memory past the trailing guard: the
     * reference's P?GELS on a wide matrix (P?GELQF, P?UNMLQ: P?LARF and
     * P?LARFT through OpenBLAS 0.3.21's ?GEMV) reads past a local array
     * (valgrind, xqr's complex case 457 x 600 on 2 x 3 with 5 x 3
     * blocks: 16-24 bytes past the 64 guard elements, silent with this
     * tail).  Only reads, but an array that malloc placed at the end of
     * its own mapping then ends the process with SIGSEGV, depending on
     * what the allocator did before (the threads of the library under
     * test): a rare crash. */
    d->a = tester_guarded(d->len, (size_t)lld, elem, guard, &d->storage);
    return d->a == NULL ? -1 : 0;
}

int tester_dist_like(struct tester_dist *d, const struct tester_dist *model)
{
    const int *desc = model->desc;
    return tester_dist_create(d, desc[CTXT_], desc[M_], desc[N_], desc[MB_],
                              desc[NB_], desc[RSRC_], desc[CSRC_],
                              model->elem, model->guard);
}

void tester_dist_destroy(struct tester_dist *d)
{
    free(d->storage);
    d->storage = NULL;
    d->a = NULL;
}

void tester_dists_destroy(struct tester_dist *d, ...)
{
    va_list ap;
    va_start(ap, d);
    for (; d; d = va_arg(ap, struct tester_dist *))
        tester_dist_destroy(d);
    va_end(ap);
}

long tester_dist_damaged_guards(const struct tester_dist *d)
{
    long damaged =
        tester_guards_damaged(d->storage, d->len, d->elem, d->guard);
    size_t lld = (size_t)d->desc[LLD_];
    const char *a = d->a;

    for (size_t j = 0; j < (size_t)d->locc; j++)
        for (size_t i = (size_t)d->locr; i < lld; i++)
            damaged += !tester_is_guard(a + (i + j * lld) * d->elem,
                                        d->elem, d->guard);
    return damaged;
}

/* Local index L (0-based) -> global index (1-based) along one dimension. */
static int local_to_global(int l, int blk, int me, int src, int nprocs)
{
    int dist = (me - src + nprocs) % nprocs;
    return ((l / blk) * nprocs + dist) * blk + l % blk + 1;
}

int tester_dist_global_row(const struct tester_dist *d, int li)
{
    return local_to_global(li, d->desc[MB_], d->myrow, d->desc[RSRC_],
                           d->nprow);
}

int tester_dist_global_col(const struct tester_dist *d, int lj)
{
    return local_to_global(lj, d->desc[NB_], d->mycol, d->desc[CSRC_],
                           d->npcol);
}

size_t tester_dist_norm_work(const struct tester_dist *d)
{
    return (size_t)d->locr + (size_t)d->locc + 2 * (size_t)d->desc[MB_] +
           2 * (size_t)d->desc[NB_] + 16;
}
