/* xlu: a ScaLAPACK-style tester of P?GETRF.  Usage: xlu [-precision
 * s,d,c,z] [FILE], FILE in LU.dat format, possibly several sections (the
 * built-in input without one); PDGETRF alone without -precision.  The
 * P?GETRF under test is the one the program is linked with (hetscal's,
 * linked first); every check uses the reference ScaLAPACK, and the
 * reference P?GETRF itself is taken from its shared library for the
 * comparison of INFO and IPIV.  Exit status: the number of failed cases
 * (at most 255), the same on every rank; 0 means success.  The frame
 * (command line, input, loop, summary) is testing/tester/frame.c's; this
 * file holds P?GETRF's cases. */
#include "config.h"

#include <string.h>

#include "lu_case.h"
#include "lu_problem.h"

/* What the cases need beyond their input: the precision being run and
 * its reference P?GETRF. */
static const struct tester_prec *prec;
static tester_fn *reference;

static int legal_case(const struct lu_input *in, int m, int n, int nb)
{
    return m >= 0 && n >= 0 && nb >= 1 && tester_rhs_legal(&in->rhs);
}

/* Whether A has one row (M_A = 1), where ScaLAPACK returns at once. */
static int one_row(const struct lu_case *c)
{
    return c->ia - 1 + c->m + c->pad == 1;
}

/* Case ((M, N) pair i, NB j, offset set k, kind v). */
static int make_case(const void *section, int i, int j, int k, int v, int p,
                     int q, void *c)
{
    const struct lu_input *in = section;
    const struct dat_offset *off = &in->common.offsets[k];
    struct lu_case *lc = c;
    struct lu_problem pb;

    if (!legal_case(in, in->m[i], in->n[i], in->nb[j]))
        return 0;
    memset(lc, 0, sizeof *lc);
    lc->prec = prec;
    lc->m = in->m[i];
    lc->n = in->n[i];
    lc->nb = in->nb[j];
    lc->p = p;
    lc->q = q;
    lc->ia = 1 + off->ioff * lc->nb;
    lc->ja = 1 + off->joff * lc->nb;
    lc->rsrc = off->rsrc % p;
    lc->csrc = off->csrc % q;
    lc->pad = off->ioff > 0 || off->joff > 0 ? LU_PAD : 0;
    lc->kind = in->kinds[v];
    lu_problem_init(&pb, lc->m, lc->n, lc->ia, lc->ja, lc->kind, 0);
    lc->zero_pivot = one_row(lc) ? 0 : pb.zero_pivot;
    lc->rhs = &in->rhs;
    lc->thresh = in->common.thresh;
    lc->reference = reference;
    return 1;
}

/* One call of P?GETRF under test on every process of the grid, which
 * does nothing when A has one row. */
static long calls(const void *c)
{
    const struct lu_case *lc = c;
    if (lc->m > 0 && lc->n > 0 && !one_row(lc))
        return (long)lc->p * lc->q;
    return 0;
}

static void start(int nprocs, const struct tester_prec *p)
{
    const char *provider;
    prec = p;
    reference = tester_reference_routine(p, "getrf", &provider);
    lu_report_header(nprocs, p, provider);
}

int main(int argc, char **argv)
{
    const struct tester_routine lu = {
        TESTER_ROUTINE_FIELDS(lu, "xlu", "GETRF"),
        .calls = calls,
        .report_summary = lu_report_calls,
    };

    return tester_main(argc, argv, &lu);
}
