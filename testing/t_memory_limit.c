/* Under a real memory limit (RLIMIT_AS) that ScaLAPACK's in-place
 * PDPOTRF, PDGETRF and PDGEQRF fit in but hetscal's tile copies do not:
 * every call must still succeed, with ScaLAPACK's own factor bit for bit
 * (hetscal hands the call over on every rank, api/call_entry.c).  Each
 * rank first runs hetscal once (its threads exist from then on, as in an
 * application's later calls) and ScaLAPACK once for the expected factor,
 * gives back the memory hetscal keeps between calls, lowers its
 * address-space limit to what it has mapped plus a quarter of its local
 * share, calls hetscal, and raises the limit again; a last unlimited
 * call must give hetscal's own factor.
 * With the argument "in-place" (a grid whose tiles stay in the caller's
 * array: one process; PDPOTRF with either UPLO, the upper factor's tiles
 * kept transposed) the limit is what is mapped plus half the share,
 * the matrix at two thirds of the room the call has, and hetscal must
 * run the call itself there: its own factor bit for bit, the same as
 * with the tiles copied (HETSCAL_IN_PLACE=0, unlimited) but for
 * PDGEQRF's (below).
 * With "grid" (2 processes: PDGEQRF and PDGETRF on a 2 x 1 grid, N = 4608
 * in 256 x 256 blocks that are their tiles, an 81 MiB share, with
 * HETSCAL_QR_GRID=1 and HETSCAL_LU_GRID=1 in the environment; on 4
 * processes 2 x 2 and N = 6400, where each rank packs the panels it
 * receives for its strips, api/call_driver.c) the same,
 * with the limit at what is mapped plus 0.6 of the share (the matrix at
 * 62% of the room): the gathered QR and the 2-D LU keep the caller's
 * blocks in place and their other memory (panel buffer, partial sums or
 * pieces, received and staged copies) within that.  PDGEQRF's factor
 * is not compared with the copied tiles' (here or with "in-place"): in
 * the caller's array its V^H A sums go over a rank's tiles of a column
 * in one GEMM and over several of its columns at once, as A^H V
 * (algo/qr.c's strips and groups), the copied tiles' one by one, which
 * rounds in another order (the strips of the other routines only join
 * rows, whose sums stay).
 * With "grid128" (2 processes): PDGEQRF and PDGETRF as with "grid", in
 * 128 x 128 blocks and nothing forced: at this share on one process column
 * the defaults take the caller's blocks in place though they are below
 * half the tile (api/qr_call.c, api/lu_call.c), so their factor is not the
 * copied tiles' one (another tile order) and that comparison is left out.
 * Exit status: failed checks (summed over ranks). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <mpi.h>

#include "include/hetscal.h"
#include "testing/blacs_tools.h"
#include "testing/factor_problem.h"

enum { N = 2400, NB = 64, GRID_N = 4608, GRID4_N = 6400, GRID_NB = 256, SMALL_GRID_NB = 128 };

static int me, failures, in_place, grid, small_blocks;

static void check(int ok, const char *routine, const char *what)
{
    if (!ok) {
        printf("FAILED on rank %d: %s: %s\n", me, routine, what);
        failures++;
    }
}

/* Bytes this process has mapped (VmSize), or 0. */
static long long mapped_bytes(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long long kb = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmSize: %lld kB", &kb) == 1)
            break;
    if (f)
        fclose(f);
    return kb * 1024;
}

static void run(problem *p)
{
    const char *r = problem_name(p->routine);
    problem_outputs own, expected;
    if (problem_outputs_init(&own, p) || problem_outputs_init(&expected, p))
        MPI_Abort(MPI_COMM_WORLD, 2);
    check(problem_factor(p, 0) == 0, r, "hetscal's first call: INFO = 0");
    problem_keep(p, &own);
    if (in_place && p->uplo[0] == 'L' && !small_blocks && p->routine != GEQRF) {
        /* The copying path's factor is the in-place one's (the upper
         * factor's copied tiles are the lower kernels' transposed, whose
         * GEMMs round in another order). */
        setenv("HETSCAL_IN_PLACE", "0", 1);
        check(problem_factor(p, 0) == 0 && problem_same(p, &own), r,
              "tiles copied: the factor of the tiles in place");
        unsetenv("HETSCAL_IN_PLACE");
    }
    check(problem_factor(p, 1) == 0, r, "ScaLAPACK's call: INFO = 0");
    problem_keep(p, &expected);

    /* What hetscal keeps between calls goes back first: the application's
     * memory is full, not hetscal's from an earlier call. */
    hetscal_release_memory();
    struct rlimit old, limited;
    getrlimit(RLIMIT_AS, &old);
    limited = old;
    long long now = mapped_bytes();
    check(now > 0, r, "VmSize read from /proc/self/status");
    double room = grid ? 0.6 : in_place ? 0.5 : 0.25;
    limited.rlim_cur = (rlim_t)(now + (long long)(room * (double)(p->count * sizeof(double))));
    MPI_Barrier(MPI_COMM_WORLD);
    int set = now > 0 && setrlimit(RLIMIT_AS, &limited) == 0;
    check(set, r, "the address-space limit set");
    int info = problem_factor(p, 0);
    setrlimit(RLIMIT_AS, &old);
    check(info == 0, r, "under the limit: INFO = 0");
    if (in_place)
        check(problem_same(p, &own), r, "under the limit: hetscal's own factor (and TAU, IPIV)");
    else
        check(problem_same(p, &expected), r,
              "under the limit: ScaLAPACK's factor (and TAU, IPIV)");

    check(problem_factor(p, 0) == 0 && problem_same(p, &own), r,
          "after the limit: hetscal's own factor");
    problem_outputs_free(&own);
    problem_outputs_free(&expected);
}

int main(int argc, char **argv)
{
    int nprocs, ctxt;
    small_blocks = argc > 1 && strcmp(argv[1], "grid128") == 0;
    grid = small_blocks || (argc > 1 && strcmp(argv[1], "grid") == 0);
    in_place = grid || (argc > 1 && strcmp(argv[1], "in-place") == 0);
    Cblacs_pinfo(&me, &nprocs);
    Cblacs_get(-1, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "R", grid ? 2 : 1, grid ? nprocs / 2 : nprocs);
    problem p;
    /* (On 4 processes, 2 x 2, a share of 78 MiB.) */
    if (problem_init(&p, ctxt, grid ? nprocs > 2 ? GRID4_N : GRID_N : N,
                     small_blocks ? SMALL_GRID_NB : grid ? GRID_NB : NB))
        MPI_Abort(MPI_COMM_WORLD, 2);

    for (p.routine = grid ? GEQRF : 0; p.routine < NROUTINES; p.routine++) {
        run(&p);
        if (in_place && !grid && p.routine == POTRF) {
            p.uplo = "U";
            run(&p);
            p.uplo = "L";
        }
    }

    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("%s: calls under an address-space limit, %d ranks, %d failed checks\n",
               all ? "FAILED" : "PASSED", nprocs, all);
    problem_free(&p);
    Cblacs_gridexit(ctxt);
    Cblacs_exit(0);
    return all;
}
