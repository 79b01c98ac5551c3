/* What the tester prints the same way for every routine: only world rank
 * 0 prints; the header's first line, a section's title and column heads,
 * a case's columns up to its results (tester_routine's columns), the
 * reasons of a failure, and the summary ending with ScaLAPACK's lines and
 * END OF TESTS (see tester.h). */
#include "config.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "tester.h"

int tester_is_printer(void)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank == 0;
}

void tester_report_header(const struct tester_routine *r, int nprocs,
                          const struct tester_prec *prec,
                          const char *provider)
{
    if (!tester_is_printer())
        return;
    printf("P%c%s tester on %d processes, eps = %.3e\n", prec->upper,
           r->routine, nprocs, prec->eps);
    r->report_header(prec, provider);
    fflush(stdout);
}

void tester_report_section(const struct tester_routine *r,
                           const struct tester_input *in,
                           const struct tester_prec *prec)
{
    printf("\n%s (threshold %.2f", in->title, in->thresh);
    if (r->title_variants != NULL)
        printf(", %s %s", r->title_variants, in->variants);
    printf(")\n");
    if (in->others[0] != '\0')
        printf("factorizations not run (not P%c%s): %s\n", prec->upper,
               r->routine, in->others);
    if (!in->runs) {
        printf("no 'QR' in the list of factorizations: nothing to run\n");
        return;
    }
    printf("%s\n", r->heads);
}

/* The case's values a row can show before the results, by their head. */
enum field {
    F_M, F_N, F_MB, F_NB, F_P, F_Q, F_IA, F_JA, F_RSRC, F_CSRC, F_VARIANT,
    F_TIME
};
static const struct {
    const char *head;
    enum field field;
} fields[] = { { "M", F_M },     { "N", F_N },         { "MB", F_MB },
               { "NB", F_NB },   { "P", F_P },         { "Q", F_Q },
               { "IA", F_IA },   { "JA", F_JA },       { "RSRC", F_RSRC },
               { "RS", F_RSRC }, { "CSRC", F_CSRC },   { "CS", F_CSRC },
               { "UPLO", F_VARIANT }, { "K", F_VARIANT }, { "TIME", F_TIME } };

/* The field of the head of LEN characters at HEAD; -1 when it is none
 * (a result's). */
static int field_of_head(const char *head, size_t len)
{
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (strlen(fields[i].head) == len &&
            strncmp(fields[i].head, head, len) == 0)
            return (int)fields[i].field;
    return -1;
}

/* Prints C's value of FIELD (and its outcome's time O) in WIDTH. */
static void print_field(const struct tester_case *c,
                        const struct tester_outcome *o, int field, int width)
{
    const int values[] = { c->m, c->n, c->mb, c->nb, c->p, c->q,
                           c->ia, c->ja, c->rsrc, c->csrc };
    if (field == F_TIME)
        printf("%*.4f ", width, o->seconds);
    else if (field == F_VARIANT)
        printf("%*c ", width, c->variant);
    else
        printf("%*d ", width, values[field]);
}

void tester_report_case(const struct tester_routine *r,
                        const struct tester_case *c,
                        const struct tester_outcome *o)
{
    const char *start = r->heads; /* of the column being read */
    for (;;) {
        const char *head = start + strspn(start, " ");
        size_t len = strcspn(head, " ");
        int field = field_of_head(head, len);
        if (field < 0)
            break;
        print_field(c, o, field, (int)(head + len - start));
        start = head + len + 1;
    }
    r->report_results(c, o);
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
    for (int i = 0; r->report_calls != NULL && i < nprec; i++)
        r->report_calls(precs[i], tally[i].calls);
    printf("END OF TESTS.\n");
    fflush(stdout);
}
