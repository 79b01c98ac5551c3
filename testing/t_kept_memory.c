/* The tile block kept between calls (util/mem.h): after a PDPOTRF call the
 * block is kept and the next call of the same size reuses it; the factors
 * of both calls are bit for bit the same; hetscal_release_memory() and
 * HETSCAL_KEEP_MEMORY=0 or a bound below the block leave nothing kept,
 * though a bound below it keeps it lazily (reused by the next call, which
 * gives the same factor, also once the kernel took its pages back) and
 * 0 gives that back too;
 * HETSCAL_KEEP_MEMORY=1 keeps it (the default bound, 64 MiB, is above
 * this test's blocks).  Run with
 * HETSCAL_POISON_MEMORY=1 so that the reused block starts as NaNs.
 * Exit status: failed checks (summed over ranks). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <mpi.h>

#include "include/hetscal.h"
#include "testing/blacs_tools.h"
#include "testing/spd_matrix.h"
#include "util/mem.h"

/* Large enough that each rank's tiles are a mapped block (2 MiB and up). */
enum { N = 1500, NB = 64 };

static int failures;

static void check(int ok, const char *what)
{
    if (!ok) {
        printf("FAILED: %s\n", what);
        failures++;
    }
}

int main(void)
{
    spd_problem p;
    spd_problem_init(&p, N, NB);
    int info, one = 1, n = N, *desc = p.desc;
    size_t count = p.count;
    double *a[3];
    for (int k = 0; k < 3; k++)
        a[k] = spd_problem_matrix(&p);
    if (!a[0] || !a[1] || !a[2])
        MPI_Abort(MPI_COMM_WORLD, 1);

    unsetenv("HETSCAL_KEEP_MEMORY");
    pdpotrf_("L", &n, a[0], &one, &one, desc, &info);
    check(info == 0, "first call: INFO = 0");
    double kept = hs_mem_kept_bytes(), tiles = hs_mem_kept_bytes_of(HS_KEPT_TILES);
    check(kept > 0, "a block is kept after the first call");
    check(tiles > 0 && tiles <= kept, "the tile block is among what is kept");
    pdpotrf_("L", &n, a[1], &one, &one, desc, &info);
    check(info == 0, "second call: INFO = 0");
    check(hs_mem_kept_bytes() == kept, "the second call reused the kept block");
    check(memcmp(a[0], a[1], count * sizeof(double)) == 0,
          "the reused block gives the same factor");
    hetscal_release_memory();
    check(hs_mem_kept_bytes() == 0, "hetscal_release_memory leaves nothing kept");

    setenv("HETSCAL_KEEP_MEMORY", "0", 1);
    pdpotrf_("L", &n, a[2], &one, &one, desc, &info);
    check(info == 0, "HETSCAL_KEEP_MEMORY=0: INFO = 0");
    check(hs_mem_kept_bytes() == 0, "HETSCAL_KEEP_MEMORY=0 keeps nothing");
    check(memcmp(a[0], a[2], count * sizeof(double)) == 0,
          "HETSCAL_KEEP_MEMORY=0 gives the same factor");

    /* A bound below the tile block (N MiB): nothing stays (the
     * repartition buffers go first, then the block); 1: any size stays. */
    char bound[32];
    snprintf(bound, sizeof bound, "%d", (int)(tiles / (1 << 20)) - 1);
    setenv("HETSCAL_KEEP_MEMORY", tiles >= 3 << 20 ? bound : "0", 1);
    pdpotrf_("L", &n, a[2], &one, &one, desc, &info);
    check(info == 0 && hs_mem_kept_bytes() == 0,
          "a block above the HETSCAL_KEEP_MEMORY bound is not kept");
#ifdef MADV_FREE
    /* ... but kept lazily, and reused so by the next call. */
    double lazy = hs_mem_lazily_kept_bytes();
    check(tiles < 3 << 20 || lazy >= tiles, "a block above the bound is kept lazily");
    spd_problem_fill(&p, a[2]);
    pdpotrf_("L", &n, a[2], &one, &one, desc, &info);
    check(info == 0 && hs_mem_lazily_kept_bytes() == lazy && hs_mem_kept_bytes() == 0,
          "the next call reuses the lazily kept blocks");
    check(memcmp(a[0], a[2], count * sizeof(double)) == 0,
          "a lazily kept block gives the same factor");
    /* The kernel took the pages back (they read as zeros now). */
    hs_mem_reclaim_lazy_pages();
    spd_problem_fill(&p, a[2]);
    pdpotrf_("L", &n, a[2], &one, &one, desc, &info);
    check(info == 0 && hs_mem_lazily_kept_bytes() == lazy,
          "a lazily kept block whose pages were taken back is reused");
    check(memcmp(a[0], a[2], count * sizeof(double)) == 0,
          "a block whose pages were taken back gives the same factor");
    setenv("HETSCAL_KEEP_MEMORY", "0", 1);
    spd_problem_fill(&p, a[2]);
    pdpotrf_("L", &n, a[2], &one, &one, desc, &info);
    check(info == 0 && hs_mem_lazily_kept_bytes() == 0,
          "HETSCAL_KEEP_MEMORY=0 gives back what was kept lazily");
#endif
    setenv("HETSCAL_KEEP_MEMORY", "1", 1);
    spd_problem_fill(&p, a[2]);
    pdpotrf_("L", &n, a[2], &one, &one, desc, &info);
    check(info == 0 && hs_mem_kept_bytes() == kept, "HETSCAL_KEEP_MEMORY=1 keeps the block");
    check(memcmp(a[0], a[2], count * sizeof(double)) == 0,
          "HETSCAL_KEEP_MEMORY=1 gives the same factor");
    hetscal_release_memory();
    check(hs_mem_kept_bytes() == 0 && hs_mem_lazily_kept_bytes() == 0,
          "hetscal_release_memory gives back every block");

    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (p.me == 0)
        printf("%s: kept tile memory, %d ranks, %d failed checks\n",
               all ? "FAILED" : "PASSED", p.nprocs, all);
    for (int k = 0; k < 3; k++)
        free(a[k]);
    Cblacs_gridexit(p.ctxt);
    Cblacs_exit(0);
    return all;
}
