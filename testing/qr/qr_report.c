/* What the QR tester prints: a header, one row per case (PASSED/FAILED,
 * with the reason on failure) and ScaLAPACK's summary lines.  Only world
 * rank 0 prints. */
#include "config.h"

#include <mpi.h>
#include <stdio.h>

#include "qr_case.h"

static int is_printer(void)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank == 0;
}

void qr_report_header(int nprocs, const char *provider)
{
    if (!is_printer())
        return;
    printf("PDGEQRF tester on %d processes, eps = %.3e\n"
           "PDGEQRF under test (and called by PDGELS): %s\n"
           "fact = ||A - QR||_1 / (||A||_1 max(M,N) eps) with the reference "
           "PDORMQR\n"
           "orth = ||I - Q'Q||_1 / (max(M,N) eps) with the reference PDORGQR\n"
           "ls   = the reference PDGELS: solution error, optimality "
           "||A'r|| (M >= N) or minimum norm (M < N), scaled the same way\n"
           "cmp  = R, V and TAU against the reference PDGEQRF's, "
           "max |difference| / (max(M,N) eps)\n"
           "WORK has exactly LWMIN entries; A, TAU and WORK carry guard "
           "zones.\n",
           nprocs, 0x1.0p-53, provider);
    fflush(stdout);
}

void qr_report_section(const struct qr_input *in)
{
    if (!is_printer())
        return;
    printf("\n%s (threshold %.2f)\n", in->title, in->thresh);
    if (in->others[0] != '\0')
        printf("factorizations not run (not PDGEQRF): %s\n", in->others);
    if (!in->has_qr) {
        printf("no 'QR' in the list of factorizations: nothing to run\n");
        fflush(stdout);
        return;
    }
    printf("%5s %5s %3s %3s %2s %2s %4s %4s %2s %2s %8s %9s %9s %9s %9s %s\n",
           "M", "N", "MB", "NB", "P", "Q", "IA", "JA", "RS", "CS", "TIME",
           "fact", "orth", "ls", "cmp", "CHECK");
    fflush(stdout);
}

static void print_reasons(const struct qr_outcome *o)
{
    if (!o->info_ok && o->info_min == o->info_max)
        printf("    INFO = %d, expected 0\n", o->info_min);
    else if (!o->info_ok)
        printf("    INFO ranged from %d to %d over the processes, "
               "expected 0 everywhere\n",
               o->info_min, o->info_max);
    if (!o->work_ok)
        printf("    WORK(1) is not LWMIN on some process\n");
    if (o->damaged_guards != 0)
        printf("    %ld guard entries overwritten (around A, TAU or WORK, "
               "or in A's LLD padding rows)\n",
               o->damaged_guards);
    if (o->changed_outside != 0)
        printf("    %ld entries changed outside sub(A) or outside TAU's "
               "columns\n",
               o->changed_outside);
}

void qr_report_case(const struct qr_case *c, const struct qr_outcome *o)
{
    const char *verdict = o->passed ? "PASSED" : "FAILED";
    if (!is_printer())
        return;
    printf("%5d %5d %3d %3d %2d %2d %4d %4d %2d %2d %8.4f ", c->m, c->n,
           c->mb, c->nb, c->p, c->q, c->ia, c->ja, c->rsrc, c->csrc,
           o->seconds);
    if (!o->info_ok) /* the residuals were not computed */
        printf("%9s %9s %9s %9s %s\n", "-", "-", "-", "-", verdict);
    else
        printf("%9.2e %9.2e %9.2e %9.2e %s\n", o->resid_factor,
               o->resid_orth, o->resid_ls, o->resid_cmp, verdict);
    if (!o->passed)
        print_reasons(o);
    fflush(stdout);
}

void qr_report_summary(int passed, int failed, int skipped_grid,
                       int skipped_illegal, int nprocs, long calls)
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
    printf("PDGEQRF calls with M, N > 0 (direct and from PDGELS), summed "
           "over the processes: %ld\n",
           calls);
    printf("END OF TESTS.\n");
    fflush(stdout);
}
