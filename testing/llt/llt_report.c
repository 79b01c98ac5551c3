/* What the PDPOTRF tester prints of its own: a header, a section's column
 * heads, one row per case (PASSED/FAILED, with the reason on failure).
 * Only world rank 0 prints (the frame calls the section's and the case's
 * on it alone); the summary is testing/tester/report.c's. */
#include "config.h"

#include <stdio.h>

#include "llt_case.h"

void llt_report_header(int nprocs)
{
    if (!tester_is_printer())
        return;
    printf("PDPOTRF tester on %d processes, eps = %.3e\n"
           "resid1 = ||A - LL'||_1 / (||A||_1 N eps) (U'U for UPLO U), "
           "resid2 = ||Ax - b||_inf / (||A||_inf ||x||_inf N eps)\n"
           "with the reference PDPOTRS; rows showing K=k are non-SPD "
           "cases that expect INFO = k everywhere.\n",
           nprocs, 0x1.0p-53);
    fflush(stdout);
}

void llt_report_section(const void *section)
{
    const struct tester_input *in = section;
    printf("\n%s (threshold %.2f)\n", in->title, in->thresh);
    printf("%6s %4s %3s %3s %5s %5s %4s %4s %4s %10s %10s %10s %s\n", "N",
           "NB", "P", "Q", "IA", "JA", "RSRC", "CSRC", "UPLO", "TIME",
           "resid1", "resid2", "CHECK");
}

void llt_report_case(const void *case_, const struct tester_outcome *o)
{
    const struct llt_case *c = case_;
    const char *verdict = o->passed ? "PASSED" : "FAILED";
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
        printf("%10.2e %10.2e %s\n", o->resid[LLT_RESID_FACTOR],
               o->resid[LLT_RESID_SOLVE], verdict);
    if (!o->passed)
        tester_report_reasons(o, c->bad_pivot, NULL,
                              "around the local arrays or in the LLD "
                              "padding rows",
                              c->uplo == 'L'
                                  ? "entries outside the lower triangle of "
                                    "sub(A) changed"
                                  : "entries outside the upper triangle of "
                                    "sub(A) changed");
}
