/* Simulated links' bookings (see sim_links.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "include/hetscal.h"
#include "sim/sim_links.h"

void hs_sim_link_prune(hs_sim_link *l, double now)
{
    int k = 0;
    while (k < l->n && l->hi[k] <= now)
        k++;
    if (k == 0)
        return;
    l->n -= k;
    memmove(l->lo, l->lo + k, (size_t)l->n * sizeof *l->lo);
    memmove(l->hi, l->hi + k, (size_t)l->n * sizeof *l->hi);
}

/* t moved past the booking of l that [t, t + seconds) overlaps, if any
 * (from *k on, which advances past the bookings over by t); 1 if moved. */
static int past_overlap(const hs_sim_link *l, int *k, double *t, double seconds)
{
    while (*k < l->n && l->hi[*k] <= *t)
        (*k)++;
    if (*k < l->n && l->lo[*k] < *t + seconds) {
        *t = l->hi[*k];
        return 1;
    }
    return 0;
}

double hs_sim_link_fit(const hs_sim_link *a, const hs_sim_link *b, double now, double seconds)
{
    double t = now;
    int ka = 0, kb = 0;
    /* Each move passes a booking of a or b for good: at most a->n + b->n. */
    for (;;) {
        int moved = past_overlap(a, &ka, &t, seconds);
        moved |= past_overlap(b, &kb, &t, seconds);
        if (!moved)
            return t;
    }
}

static int grow(hs_sim_link *l)
{
    int cap = l->cap ? 2 * l->cap : 16;
    double *lo = realloc(l->lo, (size_t)cap * sizeof *lo);
    if (!lo)
        return HETSCAL_ERR_NOMEM;
    l->lo = lo;
    double *hi = realloc(l->hi, (size_t)cap * sizeof *hi);
    if (!hi)
        return HETSCAL_ERR_NOMEM;
    l->hi = hi;
    l->cap = cap;
    return HETSCAL_SUCCESS;
}

int hs_sim_link_book(hs_sim_link *l, double t, double seconds)
{
    double end = t + seconds;
    int k = l->n;   /* the first booking after t (most go last) */
    while (k > 0 && l->lo[k - 1] >= end)
        k--;
    int joins_before = k > 0 && l->hi[k - 1] >= t;
    int joins_after = k < l->n && l->lo[k] <= end;
    if (joins_before && joins_after) {   /* fills the gap between two */
        l->hi[k - 1] = l->hi[k];
        l->n--;
        memmove(l->lo + k, l->lo + k + 1, (size_t)(l->n - k) * sizeof *l->lo);
        memmove(l->hi + k, l->hi + k + 1, (size_t)(l->n - k) * sizeof *l->hi);
    } else if (joins_before) {
        l->hi[k - 1] = end;
    } else if (joins_after) {
        l->lo[k] = t;
    } else {
        if (l->n == l->cap && grow(l))
            return HETSCAL_ERR_NOMEM;
        memmove(l->lo + k + 1, l->lo + k, (size_t)(l->n - k) * sizeof *l->lo);
        memmove(l->hi + k + 1, l->hi + k, (size_t)(l->n - k) * sizeof *l->hi);
        l->lo[k] = t;
        l->hi[k] = end;
        l->n++;
    }
    return HETSCAL_SUCCESS;
}

void hs_sim_link_free(hs_sim_link *l)
{
    free(l->lo);
    free(l->hi);
    *l = (hs_sim_link){ 0 };
}
