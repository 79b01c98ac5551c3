/* Row copies in runs (see row_list.h). */
#include "config.h"

#include <stdlib.h>

#include "include/hetscal.h"
#include "kernels/row_list.h"

int hs_row_list_init(hs_row_list *l, int cap)
{
    size_t n = cap > 0 ? (size_t)cap : 1;
    l->from = malloc(n * sizeof *l->from);
    l->to = malloc(n * sizeof *l->to);
    l->lds = malloc(n * sizeof *l->lds);
    l->ldd = malloc(n * sizeof *l->ldd);
    l->count = 0;
    l->cap = cap;
    if (l->from && l->to && l->lds && l->ldd)
        return 0;
    hs_row_list_free(l);
    return HETSCAL_ERR_NOMEM;
}

void hs_row_list_free(hs_row_list *l)
{
    free(l->from);
    free(l->to);
    free(l->lds);
    free(l->ldd);
    l->from = NULL;
    l->to = NULL;
    l->lds = l->ldd = NULL;
    l->count = l->cap = 0;
}

void hs_row_list_add(hs_row_list *l, const void *from, int lds, void *to, int ldd)
{
    if (l->count >= l->cap)
        return;   /* callers size the list for every row they add */
    l->from[l->count] = from;
    l->to[l->count] = to;
    l->lds[l->count] = lds;
    l->ldd[l->count++] = ldd;
}

int hs_row_list_issue(hs_row_list *l, hs_device *dev, int stream, int prec, int cols)
{
    int err = 0;
    for (int start = 0, end; start < l->count && !err; start = end) {
        for (end = start + 1;
             end < l->count && l->lds[end] == l->lds[start] && l->ldd[end] == l->ldd[start]; end++)
            ;
        err = hs_dev_rows(dev, stream, prec, end - start, cols,
                          (const void *const *)(l->from + start), l->lds[start],
                          (void *const *)(l->to + start), l->ldd[start]);
    }
    l->count = 0;
    return err;
}
