/* What every tester prints the same way: only world rank 0 prints, and the
 * summary ends with ScaLAPACK's lines and END OF TESTS (see tester.h). */
#include "config.h"

#include <mpi.h>
#include <stdio.h>

#include "tester.h"

int tester_is_printer(void)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank == 0;
}

void tester_report_reasons(const struct tester_outcome *o, int expected,
                           const char *own, const char *guards,
                           const char *outside)
{
    if (!o->info_ok && o->info_min == o->info_max)
        printf("    INFO = %d, expected %d\n", o->info_min, expected);
    else if (!o->info_ok)
        printf("    INFO ranged from %d to %d over the processes, "
               "expected %d everywhere\n",
               o->info_min, o->info_max, expected);
    if (!o->own_ok)
        printf("    %s\n", own);
    if (o->damaged_guards != 0)
        printf("    %ld guard entries overwritten (%s)\n", o->damaged_guards,
               guards);
    if (o->changed_outside != 0)
        printf("    %ld %s\n", o->changed_outside, outside);
}

void tester_report_summary(const struct tester_routine *r,
                           const struct tester_prec *const *precs,
                           const struct tester_tally *tally, int nprec,
                           int nprocs)
{
    struct tester_tally t = { 0, 0, 0, 0, 0 };
    if (!tester_is_printer())
        return;
    if (nprec > 1)
        printf("\n");
    for (int i = 0; i < nprec; i++) {
        if (nprec > 1)
            printf("P%c%s: %d tests passed, %d failed, %d skipped\n",
                   precs[i]->upper, r->routine, tally[i].passed,
                   tally[i].failed,
                   tally[i].skipped_grid + tally[i].skipped_illegal);
        t.passed += tally[i].passed;
        t.failed += tally[i].failed;
        t.skipped_grid += tally[i].skipped_grid;
        t.skipped_illegal += tally[i].skipped_illegal;
    }
    printf("\nFinished %d tests, with the following results:\n",
           t.passed + t.failed + t.skipped_grid + t.skipped_illegal);
    printf("%d tests completed and passed residual checks.\n", t.passed);
    printf("%d tests completed and failed residual checks.\n", t.failed);
    printf("%d tests skipped because the grid needs more than %d "
           "processes.\n",
           t.skipped_grid, nprocs);
    printf("%d tests skipped because of illegal input values.\n",
           t.skipped_illegal);
    for (int i = 0; r->report_summary != NULL && i < nprec; i++)
        r->report_summary(precs[i], tally[i].calls);
    printf("END OF TESTS.\n");
    fflush(stdout);
}
