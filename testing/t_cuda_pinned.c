/* Memory of the GPU path (the CUDA backend on the CUDA stand-in,
 * HETSCAL_DEVICES=cuda, run with CUDA_STANDIN_PAGEABLE=fail so that any
 * copy from or to pageable memory aborts).  Device memory: the buffers
 * stay within the capacity, which leaves max(10%, 512 MiB) of the GPU to
 * cuBLAS and copies in flight; they are cached for the next call, which
 * allocates fewer (only beyond the first call's peak, which the stand-in's
 * random delays move; not checked with `small-gpu`: GPUs whose capacity
 * is below the tiles, CUDA_STANDIN_MEMORY just above the reserve, so that
 * tiles are evicted and buffers freed and allocated again), and
 * hetscal_release_memory() gives them back.  Pinned host memory: each
 * rank's tile block is
 * pinned once and stays pinned while it is kept between calls; the host
 * copies of other ranks' tiles come from the pinned cache, which keeps
 * them for the next call within the HETSCAL_KEEP_MEMORY bound (the next
 * call allocates fewer);
 * hetscal_release_memory() unpins and frees both; with
 * HETSCAL_KEEP_MEMORY=0 the block is pinned and unpinned at every call.
 * Every call factors the same matrix to the same bits.
 * Exit status: failed checks (summed over ranks).
 *   t_cuda_pinned [small-gpu] */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>
#include <mpi.h>

#include "include/hetscal.h"
#include "runtime/device_memory.h"
#include "testing/blacs_tools.h"
#include "testing/spd_matrix.h"
#include "util/mem.h"

enum { N = 640, NB = 32, CALLS = 4 };

static int failures;

static void check(int ok, const char *what, int rank)
{
    if (!ok) {
        printf("FAILED on rank %d: %s\n", rank, what);
        failures++;
    }
}

int main(int argc, char **argv)
{
    int small = argc > 1 && !strcmp(argv[1], "small-gpu");
    spd_problem p;
    spd_problem_init(&p, N, NB);
    int me = p.me, nprocs = p.nprocs, info, one = 1, n = N, *desc = p.desc;
    size_t count = p.count;
    double *a[CALLS];
    for (int k = 0; k < CALLS; k++) {
        a[k] = spd_problem_matrix(&p);
        check(a[k] != NULL, "memory", me);
    }
    if (failures)
        MPI_Abort(MPI_COMM_WORLD, 1);

    unsetenv("HETSCAL_KEEP_MEMORY");
    long pins = hs_mem_pin_count();
    long dev0 = hs_devmem_allocations(), pin0 = hs_pinned_allocations();
    pdpotrf_("L", &n, a[0], &one, &one, desc, &info);
    long dev1 = hs_devmem_allocations(), pin1 = hs_pinned_allocations();
    long dev_reused1 = hs_devmem_reuses(), pin_reused1 = hs_pinned_reuses();
    check(info == 0, "first call: INFO = 0", me);
    check(hs_mem_pin_count() == pins + 1, "the first call pins its tile block", me);
    check(hs_mem_kept_pinned_bytes() == hs_mem_kept_bytes_of(HS_KEPT_TILES) &&
              hs_mem_kept_pinned_bytes() > 0,
          "the kept tile block stays pinned", me);
    if (nprocs > 1)
        check(hs_pinned_cached_bytes() > 0,
              "other ranks' tiles came in pinned copies, cached for the next call", me);
    check(hs_devmem_cached_bytes() > 0, "device buffers are cached for the next call", me);

    /* This rank's GPU (the local ranks take GPUs 0, 1, ... in order): its
     * capacity for tiles leaves the reserve free. */
    size_t free_bytes = 0, total = 0;
    int gpus = 0;
    check(cudaGetDeviceCount(&gpus) == cudaSuccess && gpus > 0 &&
              cudaSetDevice(me % (gpus > 0 ? gpus : 1)) == cudaSuccess &&
              cudaMemGetInfo(&free_bytes, &total) == cudaSuccess,
          "cudaMemGetInfo", me);
    double reserve = total / 10 > (512u << 20) ? total / 10 : (512u << 20);
    printf("rank %d: GPU of %.0f MiB, %.2f MiB free after the call, peak of the tiles "
           "%.2f MiB, %.2f MiB cached\n", me, total / 1048576.0, free_bytes / 1048576.0,
           hs_devmem_peak() / 1048576.0, hs_devmem_cached_bytes() / 1048576.0);
    check(hs_devmem_peak() <= (double)total - reserve,
          "device buffers stay within the GPU less its reserve", me);
    /* The reserve is for the libraries' own workspaces: the backend's
     * cuSOLVER scratch (here tens of KiB) may take a little of it. */
    check((double)free_bytes >= reserve - (1u << 20),
          "the reserve stays free but for the backend's workspaces", me);

    pdpotrf_("L", &n, a[1], &one, &one, desc, &info);
    check(info == 0, "second call: INFO = 0", me);
    check(hs_mem_pin_count() == pins + 1, "the second call reuses the pinned block", me);
    long dev2 = hs_devmem_allocations(), pin2 = hs_pinned_allocations();
    long dev_reused = hs_devmem_reuses() - dev_reused1, pin_reused = hs_pinned_reuses() - pin_reused1;
    printf("rank %d: allocations of the first and second call: device %ld and %ld, pinned "
           "%ld and %ld; the second took %ld device and %ld pinned buffers from the cache\n",
           me, dev1 - dev0, dev2 - dev1, pin1 - pin0, pin2 - pin1, dev_reused, pin_reused);
    /* Not "fewer allocations than the first call": how many copies are
     * alive at once depends on the schedule, and a loaded host (ASan, CI)
     * can need more at once in the second call than the cache holds. */
    if (nprocs > 1)
        check(pin_reused > 0, "the second call's pinned copies came from the cache", me);
    if (!small)
        check(dev_reused > 0, "the second call's device buffers came from the cache", me);

    hetscal_release_memory();
    check(hs_mem_kept_pinned_bytes() == 0 && hs_mem_kept_bytes() == 0,
          "hetscal_release_memory unpins and frees the tile block", me);
    check(hs_pinned_cached_bytes() == 0, "hetscal_release_memory frees the pinned cache", me);
    check(hs_devmem_cached_bytes() == 0, "hetscal_release_memory frees the device buffers",
          me);

    setenv("HETSCAL_KEEP_MEMORY", "0", 1);
    pdpotrf_("L", &n, a[2], &one, &one, desc, &info);
    check(info == 0, "HETSCAL_KEEP_MEMORY=0: INFO = 0", me);
    check(hs_mem_pin_count() == pins + 2, "HETSCAL_KEEP_MEMORY=0: the block is pinned", me);
    check(hs_mem_kept_pinned_bytes() == 0 && hs_pinned_cached_bytes() == 0,
          "HETSCAL_KEEP_MEMORY=0: nothing stays pinned after the call", me);
    unsetenv("HETSCAL_KEEP_MEMORY");
    pdpotrf_("L", &n, a[3], &one, &one, desc, &info);
    check(info == 0 && hs_mem_pin_count() == pins + 3,
          "after a release, the next call pins a block again", me);

    for (int k = 1; k < CALLS; k++)
        check(memcmp(a[0], a[k], count * sizeof(double)) == 0,
              "every call gives the same factor", me);
    for (int k = 0; k < CALLS; k++)
        free(a[k]);
    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("t_cuda_pinned: %d failed checks\n", all);
    Cblacs_gridexit(p.ctxt);
    Cblacs_exit(0);   /* MPI_Finalize: the kept block unpinned before the GPUs close */
    return all;
}
