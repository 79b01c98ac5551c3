/* Descriptor arithmetic and local arrays for args_pdgeqrf: the base call
 * every case starts from, LLD and LWMIN from the grid, and a general
 * (nonsymmetric, well conditioned) test matrix written block-cyclically
 * into the local array. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "args_qr.h"

static int valid_desc(const struct qr_call *c, const struct args_grid *g)
{
    const int *d = c->desc;
    return d[D_MB] > 0 && d[D_NB] > 0 && d[D_RSRC] >= 0 && d[D_RSRC] < g->nprow
           && d[D_CSRC] >= 0 && d[D_CSRC] < g->npcol && c->ia > 0 && c->ja > 0
           && c->m >= 0 && c->n >= 0;
}

int qr_lwmin(const struct qr_call *c, const struct args_grid *g)
{
    const int *d = c->desc;
    int iroff, icoff, iarow, iacol, mp0, nq0;

    if (!g->in || !valid_desc(c, g))
        return ARGS_CAP / 2;
    iroff = (c->ia - 1) % d[D_MB];
    icoff = (c->ja - 1) % d[D_NB];
    iarow = (d[D_RSRC] + (c->ia - 1) / d[D_MB]) % g->nprow;
    iacol = (d[D_CSRC] + (c->ja - 1) / d[D_NB]) % g->npcol;
    mp0 = args_numroc(c->m + iroff, d[D_MB], g->myrow, iarow, g->nprow);
    nq0 = args_numroc(c->n + icoff, d[D_NB], g->mycol, iacol, g->npcol);
    return d[D_NB] * (mp0 + nq0 + d[D_NB]);
}

void qr_set_lld(struct qr_call *c, const struct args_grid *g)
{
    int *d = c->desc;
    int locr = 0;

    if (g->in && d[D_M] > 0 && d[D_MB] > 0 && d[D_RSRC] >= 0
        && d[D_RSRC] < g->nprow)
        locr = args_numroc(d[D_M], d[D_MB], g->myrow, d[D_RSRC], g->nprow);
    d[D_LLD] = locr > 1 ? locr : 1;
}

/* 13 x 11 matrix in 2 x 2 blocks, sub(A) = A(4:11, 2:7) (8 x 6, neither
 * corner on a block boundary), LWORK = LWMIN exactly. */
void qr_base(struct qr_call *c, const struct args_grid *g)
{
    c->m = 8;
    c->n = 6;
    c->ia = 4;
    c->ja = 2;
    c->desc[D_DTYPE] = 1;
    c->desc[D_CTXT] = g->ctxt;
    c->desc[D_M] = 13;
    c->desc[D_N] = 11;
    c->desc[D_MB] = 2;
    c->desc[D_NB] = 2;
    c->desc[D_RSRC] = 0;
    c->desc[D_CSRC] = 0;
    c->fill = 1;
    qr_set_lld(c, g);
    c->lwork = qr_lwmin(c, g);
}

/* Diagonally heavy, nonsymmetric. */
static double matrix_entry(int i, int j)
{
    double v = sin(1.0 + 0.37 * i + 0.91 * j * j);
    return i == j ? v + 4.0 : v;
}

static int local_to_global(int l, int nb, int iproc, int isrc, int nprocs)
{
    int mydist = (nprocs + iproc - isrc) % nprocs;
    return (l / nb) * nb * nprocs + mydist * nb + l % nb;
}

void qr_fill(double *a, const struct qr_call *c, const struct args_grid *g)
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
    if (locc == 0 || d[D_LLD] < locr || (long)d[D_LLD] * locc > ARGS_CAP)
        return;
    for (j = 0; j < locc; j++) {
        int gj = local_to_global(j, d[D_NB], g->mycol, d[D_CSRC], g->npcol);
        for (i = 0; i < locr; i++) {
            int gi = local_to_global(i, d[D_MB], g->myrow, d[D_RSRC], g->nprow);
            a[i + (size_t)j * d[D_LLD]] =
                matrix_entry(gi - (c->ia - 1), gj - (c->ja - 1));
        }
    }
}
