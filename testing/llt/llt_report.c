/* What the P?POTRF tester prints of its own: a header, a section's column
 * heads, one row per case (PASSED/FAILED, with the reason on failure).
 * Only world rank 0 prints (the frame calls the section's and the case's
 * on it alone); the summary is testing/tester/report.c's. */
#include "config.h"

#include <stdio.h>

#include "llt_case.h"

void llt_report_header(int nprocs, const struct tester_prec *prec)
{
    if (!tester_is_printer())
        return;
    printf("P%cPOTRF tester on %d processes, eps = %.3e\n"
           "resid1 = ||A - LL'||_1 / (||A||_1 N eps) (U'U for UPLO U), "
           "resid2 = ||Ax - b||_inf / (||A||_inf ||x||_inf N eps)\n"
           "with the reference P%cPOTRS; rows showing K=k are non-SPD "
           "cases that expect INFO = k everywhere.\n",
           prec->upper, nprocs, prec->eps, prec->upper);
    if (prec->complex_)
        printf("' is the conjugate transpose, and the factor's diagonal "
               "must be real.\n"
               "Rows marked 'Im diag' have imaginary parts on the input's "
               "diagonal, which P%cPOTRF\n"
               "ignores: cmp = max |L - L_ref| / (max |L_ref| N eps) against "
               "the reference P%cPOTRF.\n"
               "Rows showing NaN@k have a NaN on diagonal entry k: INFO must "
               "be k (ref= is the\n"
               "reference's INFO; it tests only AJJ <= 0).\n",
               prec->upper, prec->upper);
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

/* The two result columns of C's row and what follows the verdict. */
static void print_results(const struct llt_case *c,
                          const struct tester_outcome *o, const char *verdict)
{
    char want[32], got[32];
    snprintf(got, sizeof got, "INFO=%d", o->info_max);
    if (c->special == LLT_NOT_SPD || c->special == LLT_NAN_PIVOT) {
        if (c->special == LLT_NOT_SPD)
            snprintf(want, sizeof want, "K=%d", c->pivot);
        else
            snprintf(want, sizeof want, "NaN@%d", c->pivot);
        printf("%10s %10s %s", want, got, verdict);
        if (c->special == LLT_NAN_PIVOT)
            printf("  ref=%d", c->ref_info);
    } else if (!o->info_ok) { /* the residuals were not computed */
        printf("%10s %10s %s", "-", "-", verdict);
    } else {
        printf("%10.2e %10.2e %s", o->resid[LLT_RESID_FACTOR],
               o->resid[LLT_RESID_SOLVE], verdict);
    }
    if (c->special == LLT_IMAG_DIAG)
        printf("  Im diag: cmp %.2e, ref INFO=%d", o->resid[LLT_RESID_CMP],
               c->ref_info);
    printf("\n");
}

void llt_report_case(const void *case_, const struct tester_outcome *o)
{
    const struct llt_case *c = case_;
    int expected = c->special == LLT_NOT_SPD || c->special == LLT_NAN_PIVOT
                       ? c->pivot
                       : 0;
    printf("%6d %4d %3d %3d %5d %5d %4d %4d %4c %10.4f ", c->n, c->nb, c->p,
           c->q, c->ia, c->ja, c->rsrc, c->csrc, c->uplo, o->seconds);
    print_results(c, o, o->passed ? "PASSED" : "FAILED");
    if (!o->passed)
        tester_report_reasons(o, expected,
                              "the factor's diagonal has entries with a "
                              "nonzero imaginary part",
                              "around the local arrays or in the LLD "
                              "padding rows",
                              c->uplo == 'L'
                                  ? "entries outside the lower triangle of "
                                    "sub(A) changed"
                                  : "entries outside the upper triangle of "
                                    "sub(A) changed");
}
