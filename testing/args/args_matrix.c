/* Descriptor arithmetic and local arrays for args_pdpotrf: the base call
 * every case starts from, LLD from the grid, and a symmetric, diagonally
 * dominant test matrix written block-cyclically into the local array. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "args.h"

/* NUMROC as SCALAPACK_CONTRACT.md states it. */
int args_numroc(int n, int nb, int iproc, int isrc, int nprocs)
{
    int mydist = (nprocs + iproc - isrc) % nprocs;
    int nblocks = n / nb;
    int num = (nblocks / nprocs) * nb;
    int extra = nblocks % nprocs;

    if (mydist < extra)
        num += nb;
    else if (mydist == extra)
        num += n % nb;
    return num;
}

/* LLD = max(1, LOCr(M_)) where that can be computed. */
void args_set_lld(struct args_call *c, const struct args_grid *g)
{
    int *d = c->desc;
    int locr = 0;

    if (g->in && d[D_M] > 0 && d[D_MB] > 0 && d[D_RSRC] >= 0
        && d[D_RSRC] < g->nprow)
        locr = args_numroc(d[D_M], d[D_MB], g->myrow, d[D_RSRC], g->nprow);
    d[D_LLD] = locr > 1 ? locr : 1;
}

/* 11 x 11 matrix in 2 x 2 blocks, sub(A) = A(3:10, 3:10), lower. */
void args_base(struct args_call *c, const struct args_grid *g)
{
    c->uplo = 'L';
    c->n = 8;
    c->ia = 3;
    c->ja = 3;
    c->desc[D_DTYPE] = 1;
    c->desc[D_CTXT] = g->ctxt;
    c->desc[D_M] = 11;
    c->desc[D_N] = 11;
    c->desc[D_MB] = 2;
    c->desc[D_NB] = 2;
    c->desc[D_RSRC] = 0;
    c->desc[D_CSRC] = 0;
    c->fill = 1;
    c->spd_fail = 0;
    args_set_lld(c, g);
}

static double matrix_entry(int i, int j)
{
    if (i == j)
        return 20.0 + i % 3;
    return (1.0 + 0.1 * ((i + j) % 5)) / (2.0 + abs(i - j));
}

/* Local row (or column) l, 0-based, to its global index, 0-based. */
static int local_to_global(int l, int nb, int iproc, int isrc, int nprocs)
{
    int mydist = (nprocs + iproc - isrc) % nprocs;
    return (l / nb) * nb * nprocs + mydist * nb + l % nb;
}

/* Junk everywhere (so that any write shows), then the matrix on the local
 * part of A when the descriptor makes sense on this process. */
void args_fill(double *a, const struct args_call *c, const struct args_grid *g)
{
    const int *d = c->desc;
    int locr, locc, i, j;

    for (i = 0; i < ARGS_CAP; i++)
        a[i] = -9923.0 - 0.001 * i;
    if (!c->fill || !g->in || d[D_MB] < 1 || d[D_NB] < 1 || d[D_M] < 1
        || d[D_N] < 1 || d[D_RSRC] < 0 || d[D_RSRC] >= g->nprow
        || d[D_CSRC] < 0 || d[D_CSRC] >= g->npcol)
        return;
    locr = args_numroc(d[D_M], d[D_MB], g->myrow, d[D_RSRC], g->nprow);
    locc = args_numroc(d[D_N], d[D_NB], g->mycol, d[D_CSRC], g->npcol);
    if (locc == 0)
        return;
    if (d[D_LLD] < locr || (long)d[D_LLD] * locc > ARGS_CAP)
        return;
    for (j = 0; j < locc; j++) {
        int gj = local_to_global(j, d[D_NB], g->mycol, d[D_CSRC], g->npcol);
        for (i = 0; i < locr; i++) {
            int gi = local_to_global(i, d[D_MB], g->myrow, d[D_RSRC],
                                     g->nprow);
            double v = matrix_entry(gi, gj);
            if (c->spd_fail > 0 && gi == gj
                && gi == c->ia - 1 + c->spd_fail - 1)
                v = -1.0;
            a[i + (size_t)j * d[D_LLD]] = v;
        }
    }
}
