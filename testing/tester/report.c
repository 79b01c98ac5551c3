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

void tester_report_summary(const struct tester_tally *t, int nprocs,
                           void (*own_lines)(void))
{
    if (!tester_is_printer())
        return;
    printf("\nFinished %d tests, with the following results:\n",
           t->passed + t->failed + t->skipped_grid + t->skipped_illegal);
    printf("%d tests completed and passed residual checks.\n", t->passed);
    printf("%d tests completed and failed residual checks.\n", t->failed);
    printf("%d tests skipped because the grid needs more than %d "
           "processes.\n",
           t->skipped_grid, nprocs);
    printf("%d tests skipped because of illegal input values.\n",
           t->skipped_illegal);
    if (own_lines != NULL)
        own_lines();
    printf("END OF TESTS.\n");
    fflush(stdout);
}
