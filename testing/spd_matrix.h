/* A diagonally dominant SPD test matrix for the C tests that call PDPOTRF
 * directly, and their grid and descriptor: A(i, j) = 1 / (1 + i + j) off the diagonal, N on it, filled
 * into one process's block-cyclic part (blocks nb x nb from process
 * (0, 0)). */
#ifndef TESTING_SPD_MATRIX_H
#define TESTING_SPD_MATRIX_H

#include <stddef.h>
#include <stdlib.h>

#include "testing/blacs_tools.h"

static inline void spd_matrix_fill(double *a, int lld, int nloc_r, int nloc_c, int n, int nb,
                                   int myrow, int mycol, int nprow, int npcol)
{
    for (int jl = 0; jl < nloc_c; jl++)
        for (int il = 0; il < nloc_r; il++) {
            int i = (il / nb * nprow + myrow) * nb + il % nb;
            int j = (jl / nb * npcol + mycol) * nb + jl % nb;
            a[il + (size_t)jl * lld] = i == j ? n : 1.0 / (1.0 + i + j);
        }
}

/* The usual set-up of those tests: a 1 x nprocs BLACS grid, the
 * descriptor of an n x n matrix in nb x nb blocks from process (0, 0), and
 * this process's part of it (count values, leading dimension lld). */
typedef struct spd_problem {
    int me, nprocs, ctxt, nprow, npcol, myrow, mycol;
    int n, nb, nloc_r, nloc_c, lld;
    int desc[9];
    size_t count;
} spd_problem;

static inline void spd_problem_init(spd_problem *p, int n, int nb)
{
    int zero = 0, info;
    Cblacs_pinfo(&p->me, &p->nprocs);
    Cblacs_get(-1, 0, &p->ctxt);
    Cblacs_gridinit(&p->ctxt, "R", 1, p->nprocs);
    Cblacs_gridinfo(p->ctxt, &p->nprow, &p->npcol, &p->myrow, &p->mycol);
    p->n = n;
    p->nb = nb;
    p->nloc_r = numroc_(&n, &nb, &p->myrow, &zero, &p->nprow);
    p->nloc_c = numroc_(&n, &nb, &p->mycol, &zero, &p->npcol);
    p->lld = p->nloc_r > 1 ? p->nloc_r : 1;
    descinit_(p->desc, &n, &n, &nb, &nb, &zero, &zero, &p->ctxt, &p->lld, &info);
    p->count = (size_t)p->lld * (size_t)(p->nloc_c > 0 ? p->nloc_c : 1);
}

/* This process's part of the SPD matrix, into a, or into a new array
 * (NULL: no memory). */
static inline void spd_problem_fill(const spd_problem *p, double *a)
{
    spd_matrix_fill(a, p->lld, p->nloc_r, p->nloc_c, p->n, p->nb, p->myrow, p->mycol, p->nprow,
                    p->npcol);
}

static inline double *spd_problem_matrix(const spd_problem *p)
{
    double *a = malloc(p->count * sizeof(double));
    if (a)
        spd_problem_fill(p, a);
    return a;
}

#endif
