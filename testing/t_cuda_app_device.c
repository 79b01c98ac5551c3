/* The application's CUDA device survives a call (the CUDA backend on the
 * CUDA stand-in, HETSCAL_DEVICES=cuda): each rank's thread selects a GPU
 * other than the one hetscal gives the rank, calls PDPOTRF, and must find
 * its own device selected again afterwards; then the same with hetscal's
 * GPU selected.  Both calls factor the same matrix: INFO = 0 and the same
 * factor bit for bit.  Exit status: failed checks (summed over ranks). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>
#include <mpi.h>

#include "include/hetscal.h"
#include "testing/blacs_tools.h"
#include "testing/spd_matrix.h"

enum { N = 600, NB = 32 };

static int failures;

static void check(int ok, const char *what, int rank)
{
    if (!ok) {
        printf("FAILED on rank %d: %s\n", rank, what);
        failures++;
    }
}

int main(void)
{
    spd_problem p;
    spd_problem_init(&p, N, NB);
    int me = p.me, info, n = N, *desc = p.desc, gpus = 0;
    size_t count = p.count;
    check(cudaGetDeviceCount(&gpus) == cudaSuccess && gpus >= 2, "two GPUs visible", me);
    double *a[2] = { malloc(count * sizeof(double)), malloc(count * sizeof(double)) };
    check(a[0] && a[1], "memory", me);

    /* The local ranks of the node take GPUs 0, 1, ... in order; the
     * application first selects another one, then that one. */
    int hetscal_gpu = me % (gpus > 0 ? gpus : 1);
    int app_gpu[2] = { (hetscal_gpu + 1) % (gpus > 0 ? gpus : 1), hetscal_gpu };
    for (int k = 0; k < 2 && !failures; k++) {
        int one = 1, current = -1;
        char what[96];
        check(cudaSetDevice(app_gpu[k]) == cudaSuccess, "cudaSetDevice", me);
        spd_problem_fill(&p, a[k]);
        pdpotrf_("L", &n, a[k], &one, &one, desc, &info);
        snprintf(what, sizeof what, "INFO = %d after the call with GPU %d selected", info,
                 app_gpu[k]);
        check(info == 0, what, me);
        check(cudaGetDevice(&current) == cudaSuccess, "cudaGetDevice", me);
        snprintf(what, sizeof what, "GPU %d selected after the call, GPU %d before", current,
                 app_gpu[k]);
        check(current == app_gpu[k], what, me);
    }
    if (!failures)
        check(memcmp(a[0], a[1], count * sizeof(double)) == 0,
              "the same factor whichever GPU the application had selected", me);
    free(a[0]);
    free(a[1]);
    int total = 0;
    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("t_cuda_app_device: %d failed checks\n", total);
    Cblacs_gridexit(p.ctxt);
    Cblacs_exit(0);
    return total;
}
