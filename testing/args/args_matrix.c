/* Descriptor arithmetic and local arrays shared by the bad-argument
 * testers: NUMROC (the reference ScaLAPACK's), the base calls'
 * descriptor, LLD from the grid, and a test matrix written
 * block-cyclically into the local array in the precision under test (the
 * entries come from the routine). */
#include "config.h"

#include <stdlib.h>

#include "args.h"
#include "testing/blacs_tools.h"

int args_numroc(int n, int nb, int iproc, int isrc, int nprocs)
{
    return numroc_(&n, &nb, &iproc, &isrc, &nprocs);
}

void args_set_lld(struct args_call *c, const struct args_grid *g)
{
    int *d = c->desc;
    int locr = 0;

    if (g->in && d[D_M] > 0 && d[D_MB] > 0 && d[D_RSRC] >= 0
        && d[D_RSRC] < g->nprow)
        locr = args_numroc(d[D_M], d[D_MB], g->myrow, d[D_RSRC], g->nprow);
    d[D_LLD] = locr > 1 ? locr : 1;
}

void args_base_desc(struct args_call *c, const struct args_grid *g,
                    int m_a, int n_a)
{
    c->desc[D_DTYPE] = 1;
    c->desc[D_CTXT] = g->ctxt;
    c->desc[D_M] = m_a;
    c->desc[D_N] = n_a;
    c->desc[D_MB] = 2;
    c->desc[D_NB] = 2;
    c->desc[D_RSRC] = 0;
    c->desc[D_CSRC] = 0;
    c->fill = 1;
    args_set_lld(c, g);
}

/* Local row (or column) l, 0-based, to its global index, 0-based. */
static int local_to_global(int l, int nb, int iproc, int isrc, int nprocs)
{
    int mydist = (nprocs + iproc - isrc) % nprocs;
    return (l / nb) * nb * nprocs + mydist * nb + l % nb;
}

int args_global_of(const struct args_call *c, const struct args_grid *g,
                   size_t e, int *gi, int *gj)
{
    const int *d = c->desc;
    int locr, locc;
    size_t li, lj;

    if (!g->in || d[D_MB] < 1 || d[D_NB] < 1 || d[D_M] < 1 || d[D_N] < 1
        || d[D_RSRC] < 0 || d[D_RSRC] >= g->nprow || d[D_CSRC] < 0
        || d[D_CSRC] >= g->npcol || d[D_LLD] < 1)
        return 0;
    locr = args_numroc(d[D_M], d[D_MB], g->myrow, d[D_RSRC], g->nprow);
    locc = args_numroc(d[D_N], d[D_NB], g->mycol, d[D_CSRC], g->npcol);
    li = e % (size_t)d[D_LLD];
    lj = e / (size_t)d[D_LLD];
    if (li >= (size_t)locr || lj >= (size_t)locc)
        return 0;
    *gi = local_to_global((int)li, d[D_MB], g->myrow, d[D_RSRC], g->nprow);
    *gj = local_to_global((int)lj, d[D_NB], g->mycol, d[D_CSRC], g->npcol);
    return 1;
}

int args_special_inside(const struct args_call *c)
{
    for (int k = 0; k < c->nspecial; k++) {
        int i = c->special[k].i, j = c->special[k].j;
        if (j >= 1 && j <= c->n && c->m > 0 && i >= 0 && i <= c->m)
            return 1;
    }
    return 0;
}

/* The special value c->special places at global (gi, gj), 0-based, in
 * *value; 0 when there is none. */
static int special_at(const struct args_call *c, int gi, int gj,
                      double *value)
{
    int i = gi - (c->ia - 1), j = gj - (c->ja - 1);

    for (int k = 0; k < c->nspecial; k++)
        if (j == c->special[k].j - 1
            && (c->special[k].i == 0 ? i >= 0 && i < c->m
                                     : i == c->special[k].i - 1)) {
            *value = c->special[k].value;
            return 1;
        }
    return 0;
}

void args_fill(void *a, const struct args_call *c, const struct args_grid *g,
               double (*entry)(const struct args_call *c, int i, int j,
                               int part))
{
    const int *d = c->desc, parts = args_prec->parts;
    int locr, locc, i, j, part;
    size_t k;

    for (k = 0; k < (size_t)ARGS_CAP * (size_t)parts; k++)
        args_set_real(a, k, -9923.0 - 0.001 * (double)k);
    if (!c->fill || !g->in || d[D_MB] < 1 || d[D_NB] < 1 || d[D_M] < 1
        || d[D_N] < 1 || d[D_RSRC] < 0 || d[D_RSRC] >= g->nprow
        || d[D_CSRC] < 0 || d[D_CSRC] >= g->npcol)
        return;
    locr = args_numroc(d[D_M], d[D_MB], g->myrow, d[D_RSRC], g->nprow);
    locc = args_numroc(d[D_N], d[D_NB], g->mycol, d[D_CSRC], g->npcol);
    if (locc == 0 || d[D_LLD] < locr || (long)d[D_LLD] * locc > ARGS_CAP)
        return;
    for (j = 0; j < locc; j++) {
        int gj = local_to_global(j, d[D_NB], g->mycol, d[D_CSRC], g->npcol);
        for (i = 0; i < locr; i++) {
            int gi = local_to_global(i, d[D_MB], g->myrow, d[D_RSRC],
                                     g->nprow);
            double special = 0.0;
            int is_special = special_at(c, gi, gj, &special);
            for (part = 0; part < parts; part++)
                args_set_real(a, (i + (size_t)j * d[D_LLD]) * parts + part,
                              part == 0 && is_special
                                  ? special : entry(c, gi, gj, part));
        }
    }
}
