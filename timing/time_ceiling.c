/* The "ceiling": the DGEMM rate of the cores the ranks run on, measured on
 * every rank at once, so that oversubscribed or shared cores show up. */
#include "config.h"

#include <mpi.h>
#include <stdlib.h>

#include "time_pdpotrf.h"

double time_dgemm_gflops(int n)
{
    size_t size = (size_t)n * (size_t)n;
    double *a = malloc(size * sizeof *a), *b = malloc(size * sizeof *b);
    double *c = malloc(size * sizeof *c);
    const double one = 1.0, zero = 0.0;
    double t = 0.0;
    int warm = n < 200 ? n : 200;

    int ok = a != NULL && b != NULL && c != NULL;

    if (ok) {
        for (size_t i = 0; i < size; i++) {
            a[i] = (double)(i % 17) * 0.25 - 2.0;
            b[i] = (double)(i % 13) * 0.5 - 3.0;
            c[i] = 0.0;
        }
        dgemm_("N", "N", &warm, &warm, &warm, &one, a, &n, b, &n, &zero, c,
               &n, 1, 1);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (ok) {
        t = MPI_Wtime();
        dgemm_("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, c, &n, 1, 1);
        t = MPI_Wtime() - t;
    }
    free(c);
    free(b);
    free(a);
    return t > 0.0 ? 2.0 * (double)n * (double)n * (double)n / t * 1e-9
                   : 0.0;
}
