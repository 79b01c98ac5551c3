/* What the LU tester prints of its own: a header, a section's column
 * heads, one row per case (PASSED/FAILED, with the reason on failure) and
 * the count of P?GETRF calls in the summary.  Only world rank 0 prints
 * (the frame calls the section's and the case's on it alone); the rest of
 * the summary is testing/tester/report.c's. */
#include "config.h"

#include <stdio.h>

#include "lu_case.h"

void lu_report_header(int nprocs, const struct tester_prec *prec,
                      const char *provider)
{
    const char u = prec->upper;
    if (!tester_is_printer())
        return;
    printf("P%cGETRF tester on %d processes, eps = %.3e\n"
           "P%cGETRF under test: %s\n"
           "fact  = ||A - PLU||_1 / (||A||_1 max(M,N) eps), L U by P%cGEMM, "
           "P by the reference P%cLAPIV\n"
           "solve = ||b - Ax||_inf / (||A||_inf ||x||_inf N eps) with the "
           "reference P%cGETRS (M = N, kind G)\n"
           "piv   = IPIV entries of the factored rows that differ from the "
           "reference P%cGETRF's;\n"
           "ipiv  = entries of the whole IPIV arrays (LOCr(M_A)+MB_A) that "
           "differ; both must be 0\n"
           "Kinds: G random; Z, S, L: U(J,J) exactly zero for J = 1, "
           "MIN(M,N)-MIN(M,N)/3, MIN(M,N):\n"
           "INFO must be J (0 when A has one row: ScaLAPACK returns at "
           "once), the reference's INFO too\n"
           "(INFO=/ref= on the row).  Without offsets sub(A) is all of A, "
           "else A has %d more rows and columns.\n"
           "IPIV and A carry guard zones.\n",
           u, nprocs, prec->eps, u, provider, u, u, u, u, LU_PAD);
    fflush(stdout);
}

void lu_report_section(const void *section)
{
    const struct lu_input *in = section;
    printf("\n%s (threshold %.2f, kinds %s)\n", in->common.title,
           in->common.thresh, in->kinds);
    printf("%5s %5s %3s %2s %2s %4s %4s %2s %2s %2s %8s %9s %9s %4s %4s "
           "%s\n",
           "M", "N", "NB", "P", "Q", "IA", "JA", "RS", "CS", "K", "TIME",
           "fact", "solve", "piv", "ipiv", "CHECK");
}

void lu_report_case(const void *case_, const struct tester_outcome *o)
{
    const struct lu_case *c = case_;
    const char *verdict = o->passed ? "PASSED" : "FAILED";
    char solve[16];

    printf("%5d %5d %3d %2d %2d %4d %4d %2d %2d %2c %8.4f ", c->m, c->n,
           c->nb, c->p, c->q, c->ia, c->ja, c->rsrc, c->csrc, c->kind,
           o->seconds);
    if (lu_case_solves(c))
        snprintf(solve, sizeof solve, "%9.2e", o->resid[LU_RESID_SOLVE]);
    else
        snprintf(solve, sizeof solve, "%9s", "-");
    if (!o->info_ok) /* the residuals were not computed */
        printf("%9s %9s %4.0f %4.0f %s", "-", "-", o->resid[LU_RESID_PIV],
               o->resid[LU_RESID_IPIV], verdict);
    else
        printf("%9.2e %s %4.0f %4.0f %s", o->resid[LU_RESID_FACTOR], solve,
               o->resid[LU_RESID_PIV], o->resid[LU_RESID_IPIV], verdict);
    if (c->kind != 'G' || !o->info_ok)
        printf("  INFO=%d/ref=%d", o->info_max, c->ref_info);
    printf("\n");
    if (!o->passed)
        tester_report_reasons(o, c->zero_pivot,
                              "(no flag of its own)",
                              "around A or IPIV, or in A's LLD padding rows",
                              "entries changed outside sub(A)");
    if (!o->passed && !o->info_ok && c->ref_info != c->zero_pivot)
        printf("    the reference P%cGETRF returned INFO = %d\n",
               c->prec->upper, c->ref_info);
}

/* The summary line testing/lu/run_lu.sh compares with hetscal's verbose
 * lines, one per precision run; called by the shared summary on rank 0. */
void lu_report_calls(const struct tester_prec *prec, long calls)
{
    printf("P%cGETRF calls with M, N > 0, summed over the processes: %ld\n",
           prec->upper, calls);
}
