/* One test problem of PDPOTRF, PDGEQRF or PDGETRF (see factor_problem.h). */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "include/hetscal.h"
#include "testing/blacs_tools.h"
#include "testing/factor_problem.h"

static const char *const names[NROUTINES] = { "PDPOTRF", "PDGEQRF", "PDGETRF" };
static const char *const symbols[NROUTINES] = { "pdpotrf_", "pdgeqrf_", "pdgetrf_" };

const char *problem_name(int routine)
{
    return names[routine];
}

int problem_init(problem *p, int ctxt, int n, int nb)
{
    int zero = 0, info;
    *p = (problem){ .n = n, .nb = nb, .uplo = "L" };
    Cblacs_gridinfo(ctxt, &p->nprow, &p->npcol, &p->myrow, &p->mycol);
    p->nloc_r = numroc_(&n, &nb, &p->myrow, &zero, &p->nprow);
    p->nloc_c = numroc_(&n, &nb, &p->mycol, &zero, &p->npcol);
    p->lld = p->nloc_r > 1 ? p->nloc_r : 1;
    descinit_(p->desc, &n, &n, &nb, &nb, &zero, &zero, &ctxt, &p->lld, &info);
    p->count = (size_t)p->lld * (size_t)(p->nloc_c > 0 ? p->nloc_c : 1);
    p->ntau = (size_t)(p->nloc_c > 0 ? p->nloc_c : 1);
    p->nipiv = (size_t)p->lld + (size_t)nb;
    p->lwork = nb * (2 * n + nb);   /* PDGEQRF: NB (Mp0 + Nq0 + NB) and more */
    p->a = malloc(p->count * sizeof(double));
    p->tau = calloc(p->ntau, sizeof(double));
    p->work = malloc((size_t)p->lwork * sizeof(double));
    p->ipiv = calloc(p->nipiv, sizeof(int));
    return p->a && p->tau && p->work && p->ipiv ? 0 : -1;
}

void problem_free(problem *p)
{
    free(p->a);
    free(p->tau);
    free(p->work);
    free(p->ipiv);
}

void problem_fill(problem *p)
{
    int nb = p->nb;
    for (int jl = 0; jl < p->nloc_c; jl++)
        for (int il = 0; il < p->nloc_r; il++) {
            int i = (il / nb * p->nprow + p->myrow) * nb + il % nb;
            int j = (jl / nb * p->npcol + p->mycol) * nb + jl % nb;
            double v = i == j ? p->n : 1.0 / (1.0 + i + j);
            if (p->routine != POTRF && i > j)
                v = -v * (1 + (i * 7 + j * 3) % 5);
            p->a[il + (size_t)jl * p->lld] = v;
        }
}

int problem_factor(problem *p, int next)
{
    typedef void potrf_fn(const char *, const int *, double *, const int *, const int *,
                          const int *, int *, size_t);
    typedef void geqrf_fn(const int *, const int *, double *, const int *, const int *,
                          const int *, double *, double *, const int *, int *);
    typedef void getrf_fn(const int *, const int *, double *, const int *, const int *,
                          const int *, int *, int *);
    static void *const own[NROUTINES] = { (void *)pdpotrf_, (void *)pdgeqrf_,
                                          (void *)pdgetrf_ };
    void *fn = next ? dlsym(RTLD_NEXT, symbols[p->routine]) : own[p->routine];
    int info = -1, one = 1;
    if (!fn)
        return info;
    problem_fill(p);
    if (p->routine == GEQRF)
        ((geqrf_fn *)fn)(&p->n, &p->n, p->a, &one, &one, p->desc, p->tau, p->work,
                         &p->lwork, &info);
    else if (p->routine == GETRF)
        ((getrf_fn *)fn)(&p->n, &p->n, p->a, &one, &one, p->desc, p->ipiv, &info);
    else
        ((potrf_fn *)fn)(p->uplo, &p->n, p->a, &one, &one, p->desc, &info, 1);
    return info;
}

int problem_outputs_init(problem_outputs *o, const problem *p)
{
    o->a = malloc(p->count * sizeof(double));
    o->tau = calloc(p->ntau, sizeof(double));
    o->ipiv = calloc(p->nipiv, sizeof(int));
    return o->a && o->tau && o->ipiv ? 0 : -1;
}

void problem_outputs_free(problem_outputs *o)
{
    free(o->a);
    free(o->tau);
    free(o->ipiv);
}

void problem_keep(const problem *p, problem_outputs *o)
{
    memcpy(o->a, p->a, p->count * sizeof(double));
    memcpy(o->tau, p->tau, p->ntau * sizeof(double));
    memcpy(o->ipiv, p->ipiv, p->nipiv * sizeof(int));
}

int problem_same(const problem *p, const problem_outputs *o)
{
    return memcmp(p->a, o->a, p->count * sizeof(double)) == 0 &&
           (p->routine != GEQRF || memcmp(p->tau, o->tau, p->ntau * sizeof(double)) == 0) &&
           (p->routine != GETRF || memcmp(p->ipiv, o->ipiv, p->nipiv * sizeof(int)) == 0);
}
