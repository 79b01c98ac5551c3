/* xqr: a ScaLAPACK-style tester of P?GEQRF.  Usage: xqr [-precision
 * s,d,c,z] [FILE], FILE in QR.dat format, possibly several sections (the
 * built-in input without one); PDGEQRF alone without -precision.  The
 * P?GEQRF under test is the one the program is linked with (hetscal's,
 * linked first); every check uses the reference ScaLAPACK, and the
 * reference P?GEQRF itself is taken from its shared library for the
 * comparison.  Exit status: the number of failed cases (at most 255), the
 * same on every rank; 0 means success.  The frame (command line, input,
 * loop, summary) is testing/tester/frame.c's; this file holds P?GEQRF's
 * cases. */
#include "config.h"

#include <string.h>

#include "qr_case.h"

/* What the cases need beyond their input: the precision being run and
 * its reference P?GEQRF. */
static const struct tester_prec *prec;
static tester_fn *reference;

/* Case ((M, N) pair i, (MB, NB) pair j, offset set k). */
static int make_case(const void *section, int i, int j, int k, int v, int p,
                     int q, void *c)
{
    const struct qr_input *in = section;
    const struct dat_offset *off = &in->common.offsets[k];
    struct qr_case *qc = c;

    (void)v;
    if (in->m[i] < 0 || in->n[i] < 0 || in->mb[j] < 1 || in->nb[j] < 1)
        return 0;
    memset(qc, 0, sizeof *qc);
    qc->prec = prec;
    qc->m = in->m[i];
    qc->n = in->n[i];
    qc->mb = in->mb[j];
    qc->nb = in->nb[j];
    qc->p = p;
    qc->q = q;
    qc->ia = 1 + off->ioff;
    qc->ja = 1 + off->joff;
    qc->rsrc = off->rsrc % p;
    qc->csrc = off->csrc % q;
    qc->thresh = in->common.thresh;
    qc->reference = reference;
    return 1;
}

/* The case's calls of P?GEQRF, the tester's and P?GELS's (M >= N), on
 * every process of the grid. */
static long calls(const void *c)
{
    const struct qr_case *qc = c;
    if (qc->m > 0 && qc->n > 0)
        return (long)qc->p * qc->q * (qc->m >= qc->n ? 2 : 1);
    return 0;
}

static int runs(const void *section)
{
    return ((const struct qr_input *)section)->has_qr;
}

static void start(int nprocs, const struct tester_prec *p)
{
    const char *provider;
    prec = p;
    reference = tester_reference_routine(p, "geqrf", &provider);
    qr_report_header(nprocs, p, provider);
}

int main(int argc, char **argv)
{
    const struct tester_routine qr = {
        TESTER_ROUTINE_FIELDS(qr, "xqr", "GEQRF"),
        .runs = runs,
        .calls = calls,
        .report_summary = qr_report_calls,
    };

    return tester_main(argc, argv, &qr);
}
