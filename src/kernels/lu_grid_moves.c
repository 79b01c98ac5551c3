/* Which rows a panel's interchanges move, for the 2-D LU's kernels (see
 * lu_grid_kernels.h). */
#include "config.h"

#include <stdlib.h>

#include "include/hetscal.h"
#include "kernels/lu_grid_kernels.h"

static int by_row_then_step(const void *x, const void *y)
{
    long long a = *(const long long *)x, b = *(const long long *)y;
    return (a > b) - (a < b);
}

/* ?LASWP applies interchange t (t = 0 .. kk-1) between rows t and
 * piv[t] - 1 >= t.  A row below the top rows only ever receives a top
 * row's content: at step t top row t holds an original top row's (rows
 * below it were only swapped among themselves so far), and top row t is
 * never touched after step t.  So it is enough to follow the top rows,
 * and for each row below them the content it holds after each step that
 * targets it: keys (row, step) sorted give each step the previous step
 * that targeted the same row. */
int hs_lu_grid_moves(int *p, int kk, int w)
{
    const int *piv = p + HS_LU_PIV_HEAD;
    int *src = p + hs_lu_grid_src(w), *nout = p + hs_lu_grid_nout(w);
    int *out_row = p + hs_lu_grid_out_row(w), *out_from = p + hs_lu_grid_out_from(w);
    int *out_to = p + hs_lu_grid_out_to(w);
    size_t room = (size_t)(kk > 0 ? kk : 1);
    long long *key = malloc(room * sizeof *key);
    int *prev = malloc(room * sizeof *prev), *held = malloc(room * sizeof *held);
    if (!key || !prev || !held) {
        free(key);
        free(prev);
        free(held);
        return HETSCAL_ERR_NOMEM;
    }
    int n = 0;
    for (int t = 0; t < kk; t++) {
        prev[t] = -1;
        src[t] = t;
        if (piv[t] - 1 >= kk)
            key[n++] = (long long)(piv[t] - 1) * kk + t;
    }
    qsort(key, (size_t)n, sizeof *key, by_row_then_step);
    for (int i = 1; i < n; i++)
        if (key[i] / kk == key[i - 1] / kk)
            prev[key[i] % kk] = (int)(key[i - 1] % kk);
    for (int t = 0; t < kk; t++) {
        int r = piv[t] - 1;
        if (r < kk) {
            int s = src[t];
            src[t] = src[r];
            src[r] = s;
        } else {
            int content = prev[t] >= 0 ? held[prev[t]] : r;
            held[t] = src[t];
            src[t] = content;
        }
    }
    *nout = 0;
    for (int i = 0; i < n; i++) {
        int row = (int)(key[i] / kk), first = (int)(key[i] % kk);
        int last = first;
        while (i + 1 < n && key[i + 1] / kk == row)
            last = (int)(key[++i] % kk);
        out_row[*nout] = row;
        out_from[*nout] = held[last];
        out_to[*nout] = first;
        (*nout)++;
    }
    free(key);
    free(prev);
    free(held);
    return 0;
}
