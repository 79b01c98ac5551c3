/* What the tester prints: a header, one row per case (PASSED/FAILED, with
 * the reason on failure) and ScaLAPACK's summary lines.  Only world rank 0
 * prints. */
#include "config.h"

#include <mpi.h>
#include <stdio.h>

#include "llt_case.h"

static int is_printer(void)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank == 0;
}

void llt_report_header(int nprocs)
{
    if (!is_printer())
        return;
    printf("PDPOTRF tester on %d processes, eps = %.3e\n"
           "resid1 = ||A - LL'||_1 / (||A||_1 N eps) (U'U for UPLO U), "
           "resid2 = ||Ax - b||_inf / (||A||_inf ||x||_inf N eps)\n"
           "with the reference PDPOTRS; rows showing K=k are non-SPD "
           "cases that expect INFO = k everywhere.\n",
           nprocs, 0x1.0p-53);
    fflush(stdout);
}

void llt_report_section(const struct llt_input *in)
{
    if (!is_printer())
        return;
    printf("\n%s (threshold %.2f)\n", in->title, in->thresh);
    printf("%6s %4s %3s %3s %5s %5s %4s %4s %4s %10s %10s %10s %s\n", "N",
           "NB", "P", "Q", "IA", "JA", "RSRC", "CSRC", "UPLO", "TIME",
           "resid1", "resid2", "CHECK");
    fflush(stdout);
}

static void print_reasons(const struct llt_case *c,
                          const struct llt_outcome *o)
{
    if (!o->info_ok && o->info_min == o->info_max)
        printf("    INFO = %d, expected %d\n", o->info_min, c->bad_pivot);
    else if (!o->info_ok)
        printf("    INFO ranged from %d to %d over the processes, "
               "expected %d everywhere\n",
               o->info_min, o->info_max, c->bad_pivot);
    if (o->damaged_guards != 0)
        printf("    %ld guard entries overwritten (around the local arrays "
               "or in the LLD padding rows)\n",
               o->damaged_guards);
    if (o->changed_outside != 0)
        printf("    %ld entries outside the %s triangle of sub(A) "
               "changed\n",
               o->changed_outside, c->uplo == 'L' ? "lower" : "upper");
}

void llt_report_case(const struct llt_case *c, const struct llt_outcome *o)
{
    const char *verdict = o->passed ? "PASSED" : "FAILED";
    if (!is_printer())
        return;
    printf("%6d %4d %3d %3d %5d %5d %4d %4d %4c %10.4f ", c->n, c->nb, c->p,
           c->q, c->ia, c->ja, c->rsrc, c->csrc, c->uplo, o->seconds);
    if (c->bad_pivot != 0) {
        char want[32], got[32];
        snprintf(want, sizeof want, "K=%d", c->bad_pivot);
        snprintf(got, sizeof got, "INFO=%d", o->info_max);
        printf("%10s %10s %s\n", want, got, verdict);
    } else if (!o->info_ok) /* the residuals were not computed */
        printf("%10s %10s %s\n", "-", "-", verdict);
    else
        printf("%10.2e %10.2e %s\n", o->resid_factor, o->resid_solve,
               verdict);
    if (!o->passed)
        print_reasons(c, o);
    fflush(stdout);
}

void llt_report_summary(int passed, int failed, int skipped_grid,
                        int skipped_illegal, int nprocs)
{
    if (!is_printer())
        return;
    printf("\nFinished %d tests, with the following results:\n",
           passed + failed + skipped_grid + skipped_illegal);
    printf("%d tests completed and passed residual checks.\n", passed);
    printf("%d tests completed and failed residual checks.\n", failed);
    printf("%d tests skipped because the grid needs more than %d "
           "processes.\n",
           skipped_grid, nprocs);
    printf("%d tests skipped because of illegal input values.\n",
           skipped_illegal);
    printf("END OF TESTS.\n");
    fflush(stdout);
}
