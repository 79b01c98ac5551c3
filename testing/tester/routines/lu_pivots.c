/* The LU tester's guarded pivot vectors (see lu_pivots.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lu_pivots.h"

static const int guard_value = -777777;

int lu_pivots_create(struct lu_pivots *p, const struct tester_dist *a)
{
    p->len = (size_t)a->locr + (size_t)a->desc[MB_];
    p->v = tester_guarded(p->len, 0, sizeof(int), &guard_value, &p->storage);
    if (p->v == NULL)
        return -1;
    for (size_t l = 0; l < p->len; l++)
        p->v[l] = LU_PIVOT_SENTINEL;
    return 0;
}

int lu_pivots_for_lapiv(struct lu_pivots *p, const struct lu_pivots *src,
                        const struct tester_dist *a, int ia, int m, int k,
                        int *descip)
{
    const int *desc = a->desc;
    int rows = desc[M_] + desc[MB_] * a->nprow, one = 1, info = 0;
    int lld = desc[MB_] + a->locr;

    if (lu_pivots_create(p, a) != 0)
        return -1;
    memcpy(p->v, src->v, p->len * sizeof *p->v);
    for (int li = 0; li < a->locr; li++) {
        int gi = tester_dist_global_row(a, li);
        if (gi >= ia + k && gi < ia + m)
            p->v[li] = gi;
    }
    descinit_(descip, &rows, &one, &desc[MB_], &one, &desc[RSRC_], &a->mycol,
              &desc[CTXT_], &lld, &info);
    return info == 0 ? 0 : -1;
}

void lu_pivots_destroy(struct lu_pivots *p)
{
    free(p->storage);
    p->storage = NULL;
    p->v = NULL;
}

long lu_pivots_damaged_guards(const struct lu_pivots *p)
{
    return tester_guards_damaged(p->storage, p->len, sizeof(int),
                                 &guard_value);
}

long lu_pivots_differ(const struct lu_pivots *got,
                      const struct lu_pivots *want)
{
    long count = 0;
    for (size_t l = 0; l < got->len; l++)
        count += got->v[l] != want->v[l];
    return count;
}

long lu_pivots_differ_in_rows(const struct lu_pivots *got,
                              const struct lu_pivots *want,
                              const struct tester_dist *a, int ia, int k)
{
    long count = 0;
    for (int li = 0; li < a->locr; li++) {
        int gi = tester_dist_global_row(a, li);
        if (gi >= ia && gi < ia + k)
            count += got->v[li] != want->v[li];
    }
    return count;
}
