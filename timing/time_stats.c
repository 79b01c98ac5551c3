/* Best and median of repeated timings, and flop rates. */
#include "config.h"

#include <stdlib.h>

#include "time_scalapack.h"

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double time_best(const double *t, int count)
{
    double best = t[0];
    for (int i = 1; i < count; i++)
        if (t[i] < best)
            best = t[i];
    return best;
}

double time_median(double *t, int count)
{
    qsort(t, (size_t)count, sizeof *t, compare_doubles);
    return count % 2 ? t[count / 2] : 0.5 * (t[count / 2 - 1] + t[count / 2]);
}

double time_gflops(double flops, double seconds)
{
    return seconds > 0.0 ? flops / seconds * 1e-9 : 0.0;
}
