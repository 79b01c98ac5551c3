/* Callers that ScaLAPACK programs have and the other tests do not:
 *   1. a call made from inside an OpenMP parallel region by one of its
 *      threads (master, single, and a thread other than the master,
 *      while the others wait at the region's barrier); MPI initialized
 *      with MPI_THREAD_SERIALIZED, as an OpenMP application does;
 *   2. grids whose BLACS context sits on a sub-communicator: the ranks
 *      split in two halves (MPI_Comm_split, interleaved and in reverse
 *      order, so that grid ranks are not world ranks), each half a BLACS
 *      context (Csys2blacs_handle + Cblacs_gridinit), both halves calling
 *      PDPOTRF and PDGEQRF at the same time on their own grids.
 * Every result is compared with the reference ScaLAPACK's on the same
 * grid (testing/field_common.c).  Exit status: failed checks, summed over
 * ranks. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <mpi.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "testing/blacs_tools.h"
#include "testing/field_common.h"

int Csys2blacs_handle(MPI_Comm comm);
void Cfree_blacs_system_handle(int handle);

static int me, failures;

static void run_checked(int ctxt, const fc_case *c, const char *who)
{
    double diff;
    if (!fc_run(ctxt, c, FC_CHECK_REFERENCE, &diff)) {
        printf("FAILED on rank %d: %s %s M %d N %d, %s: %.1f eps from the reference, or "
               "INFO/guards/untouched entries\n",
               me, c->qr ? "PDGEQRF" : "PDPOTRF", c->qr ? "" : c->upper ? "U" : "L", c->m,
               c->n, who, diff);
        failures++;
    }
}

static const fc_case cases[] = {
    { .qr = 0, .upper = 0, .m = 301, .n = 301, .mb = 32, .nb = 32, .seed = 11 },
    { .qr = 0, .upper = 1, .m = 257, .n = 257, .mb = 24, .nb = 24, .seed = 12 },
    { .qr = 1, .upper = 0, .m = 280, .n = 199, .mb = 16, .nb = 24, .seed = 13 },
};
enum { NCASES = sizeof cases / sizeof *cases };

#ifdef _OPENMP
/* Part 1: which thread of a 2-thread region calls. */
static void from_openmp(int ctxt)
{
    static const char *const ways[] = { "omp master", "omp single", "OpenMP thread 1" };
    for (int way = 0; way < 3; way++)
        for (int k = 0; k < NCASES; k++) {
            int caller = -1, team = 0;
#pragma omp parallel num_threads(2)
            {
                int t = omp_get_thread_num();
                if (way == 0) {
#pragma omp master
                    {
                        caller = t;
                        team = omp_get_num_threads();
                        run_checked(ctxt, &cases[k], ways[way]);
                    }
                } else if (way == 1) {
#pragma omp single
                    {
                        caller = t;
                        team = omp_get_num_threads();
                        run_checked(ctxt, &cases[k], ways[way]);
                    }
                } else if (t == 1 || omp_get_num_threads() == 1) {
                    caller = t;
                    team = omp_get_num_threads();
                    run_checked(ctxt, &cases[k], ways[way]);
                }
            }
            if (me == 0 && k == 0)
                printf("OpenMP: %s: thread %d of %d calls\n", ways[way], caller, team);
        }
}
#endif

/* Part 2: two grids on two halves of the ranks, at the same time. */
static void on_sub_communicators(int nprocs)
{
    /* Interleaved halves, each in reverse order of world rank. */
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, me % 2, -me, &half);
    int hsize, hrank;
    MPI_Comm_size(half, &hsize);
    MPI_Comm_rank(half, &hrank);
    int handle = Csys2blacs_handle(half), ctxt = handle;
    int p = hsize % 2 == 0 && me % 2 == 1 ? 2 : 1;   /* halves of different shapes */
    Cblacs_gridinit(&ctxt, "R", p, hsize / p);
    int nprow, npcol, myrow, mycol;
    Cblacs_gridinfo(ctxt, &nprow, &npcol, &myrow, &mycol);
    printf("rank %d: half %d, rank %d of %d there, grid %dx%d at (%d,%d)\n", me, me % 2,
           hrank, hsize, nprow, npcol, myrow, mycol);
    for (int round = 0; round < 2; round++)
        for (int k = 0; k < NCASES; k++) {
            /* The halves factor different matrices. */
            fc_case c = cases[(k + me % 2) % NCASES];
            c.seed += 100 * (me % 2) + round;
            run_checked(ctxt, &c, me % 2 ? "odd half" : "even half");
        }
    Cblacs_gridexit(ctxt);
    Cfree_blacs_system_handle(handle);
    MPI_Comm_free(&half);
    (void)nprocs;
}

int main(int argc, char **argv)
{
    int nprocs, provided, ctxt;
    setvbuf(stdout, NULL, _IOLBF, 0);
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    Cblacs_pinfo(&me, &nprocs);
    if (!fc_load_reference()) {
        if (me == 0)
            printf("t_unusual_callers: no reference ScaLAPACK (%s): skipped\n",
                   HETSCAL_REFERENCE_SCALAPACK);
        MPI_Finalize();
        return 77;
    }
    if (me == 0)
        printf("MPI thread level: %d provided (%d asked)\n", provided, MPI_THREAD_SERIALIZED);

    Cblacs_get(-1, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "R", 1, nprocs);
#ifdef _OPENMP
    from_openmp(ctxt);
#else
    if (me == 0)
        printf("built without OpenMP: the OpenMP callers are not tested\n");
#endif
    Cblacs_gridexit(ctxt);

    if (nprocs >= 2)
        on_sub_communicators(nprocs);

    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("%s: unusual callers, %d ranks, %d failed checks\n", all ? "FAILED" : "PASSED",
               nprocs, all);
    Cblacs_exit(0);
    return all;
}
