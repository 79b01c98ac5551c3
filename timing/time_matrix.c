/* The timer's distributed matrices, in any precision: the local array of
 * a block-cyclic M-by-N matrix (first block on process (0,0), the
 * testers' LLD: tester_descinit) and its fill from a function of the
 * global indices, so that every rank writes its own part without
 * communication. */
#include "config.h"

#include <stdlib.h>

#include "testing/tester/dist.h"
#include "time_scalapack.h"

int indxl2g_(const int *indxloc, const int *nb, const int *iproc,
             const int *isrcproc, const int *nprocs);

int time_matrix_create(struct time_matrix *x,
                       const struct time_precision *p, int context, int m,
                       int n, int nb)
{
    const int zero = 0;
    int lld;

    x->prec = p;
    x->a = NULL;
    Cblacs_gridinfo(context, &x->nprow, &x->npcol, &x->myrow, &x->mycol);
    x->locr = numroc_(&m, &nb, &x->myrow, &zero, &x->nprow);
    x->locc = numroc_(&n, &nb, &x->mycol, &zero, &x->npcol);
    lld = tester_descinit(x->desc, context, m, n, nb, nb, 0, 0, x->locr);
    if (lld < 0)
        return -1;
    x->a = malloc(((size_t)lld * (size_t)x->locc + 1) * time_elem_size(p));
    return x->a == NULL ? -1 : 0;
}

int time_matrix_like(struct time_matrix *x, const struct time_matrix *model)
{
    const int *d = model->desc;
    return time_matrix_create(x, model->prec, d[T_CTXT], d[T_M], d[T_N],
                              d[T_NB]);
}

void time_matrix_destroy(struct time_matrix *x)
{
    free(x->a);
    x->a = NULL;
}

int time_matrices_like(struct time_matrix *x, int count,
                       const struct time_matrix *model)
{
    for (int k = 0; k < count; k++)
        if (time_matrix_like(&x[k], model) != 0) {
            time_matrices_destroy(x, k);
            return -1;
        }
    return 0;
}

void time_matrices_destroy(struct time_matrix *x, int count)
{
    for (int k = 0; k < count; k++)
        time_matrix_destroy(&x[k]);
}

void time_matrix_fill(struct time_matrix *x, time_entry_fn *entry,
                      const void *ctx)
{
    const int *d = x->desc, zero = 0;
    size_t lld = (size_t)d[T_LLD];

    for (int lj = 1; lj <= x->locc; lj++) {
        int gj = indxl2g_(&lj, &d[T_NB], &x->mycol, &zero, &x->npcol);
        for (int li = 1; li <= x->locr; li++) {
            int gi = indxl2g_(&li, &d[T_MB], &x->myrow, &zero, &x->nprow);
            double v[2] = { 0.0, 0.0 };
            entry(ctx, gi, gj, v);
            time_set_elem(x->prec, x->a,
                          (size_t)(li - 1) + (size_t)(lj - 1) * lld, v[0],
                          v[1]);
        }
    }
}
