/* What the QR tester prints of its own: a header, a section's column
 * heads, one row per case (PASSED/FAILED, with the reason on failure) and
 * the count of P?GEQRF calls in the summary.  Only world rank 0 prints
 * (the frame calls the section's and the case's on it alone); the rest of
 * the summary is testing/tester/report.c's. */
#include "config.h"

#include <stdio.h>

#include "qr_case.h"

/* The precision of the header printed last, for the sections after it. */
static char upper = 'D';

void qr_report_header(int nprocs, const struct tester_prec *prec,
                      const char *provider)
{
    const char u = prec->upper;
    const char *or = prec->complex_ ? "UN" : "OR";
    upper = u;
    if (!tester_is_printer())
        return;
    printf("P%cGEQRF tester on %d processes, eps = %.3e\n"
           "P%cGEQRF under test (and called by P%cGELS): %s\n"
           "fact = ||A - QR||_1 / (||A||_1 max(M,N) eps) with the reference "
           "P%c%sMQR\n"
           "orth = ||I - Q'Q||_1 / (max(M,N) eps) with the reference "
           "P%c%sGQR\n"
           "ls   = the reference P%cGELS: solution error, optimality "
           "||A'r|| (M >= N) or minimum norm (M < N), scaled the same way\n"
           "cmp  = R, V and TAU against the reference P%cGEQRF's, "
           "max |difference| / (max(M,N) eps)\n"
           "WORK has exactly LWMIN entries; A, TAU and WORK carry guard "
           "zones.\n",
           u, nprocs, prec->eps, u, u, provider, u, or, u, or, u, u);
    if (prec->complex_)
        printf("' is the conjugate transpose.\n");
    fflush(stdout);
}

void qr_report_section(const void *section)
{
    const struct qr_input *in = section;
    printf("\n%s (threshold %.2f)\n", in->common.title, in->common.thresh);
    if (in->others[0] != '\0')
        printf("factorizations not run (not P%cGEQRF): %s\n", upper,
               in->others);
    if (!in->has_qr) {
        printf("no 'QR' in the list of factorizations: nothing to run\n");
        return;
    }
    printf("%5s %5s %3s %3s %2s %2s %4s %4s %2s %2s %8s %9s %9s %9s %9s %s\n",
           "M", "N", "MB", "NB", "P", "Q", "IA", "JA", "RS", "CS", "TIME",
           "fact", "orth", "ls", "cmp", "CHECK");
}

void qr_report_case(const void *case_, const struct tester_outcome *o)
{
    const struct qr_case *c = case_;
    const char *verdict = o->passed ? "PASSED" : "FAILED";
    printf("%5d %5d %3d %3d %2d %2d %4d %4d %2d %2d %8.4f ", c->m, c->n,
           c->mb, c->nb, c->p, c->q, c->ia, c->ja, c->rsrc, c->csrc,
           o->seconds);
    if (!o->info_ok) /* the residuals were not computed */
        printf("%9s %9s %9s %9s %s\n", "-", "-", "-", "-", verdict);
    else
        printf("%9.2e %9.2e %9.2e %9.2e %s\n", o->resid[QR_RESID_FACTOR],
               o->resid[QR_RESID_ORTH], o->resid[QR_RESID_LS],
               o->resid[QR_RESID_CMP], verdict);
    if (!o->passed)
        tester_report_reasons(o, 0, "WORK(1) is not LWMIN on some process",
                              "around A, TAU or WORK, or in A's LLD "
                              "padding rows",
                              "entries changed outside sub(A) or outside "
                              "TAU's columns");
}

/* The summary line testing/qr/run_qr.sh compares with hetscal's verbose
 * lines, one per precision run; called by the shared summary on rank 0. */
void qr_report_calls(const struct tester_prec *prec, long calls)
{
    printf("P%cGEQRF calls with M, N > 0 (direct and from P%cGELS), summed "
           "over the processes: %ld\n",
           prec->upper, prec->upper, calls);
}
