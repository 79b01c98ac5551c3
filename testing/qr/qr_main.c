/* xqr: a ScaLAPACK-style tester of PDGEQRF.  Usage: xqr [FILE], FILE in
 * QR.dat format, possibly several sections (the built-in input without
 * one).  The PDGEQRF under test is the one the program is linked with
 * (hetscal's, linked first); every check uses the reference ScaLAPACK, and
 * the reference PDGEQRF itself is taken from its shared library for the
 * comparison.  Exit status: the number of failed cases (at most 255), the
 * same on every rank; 0 means success.  The frame (input, loop, summary)
 * is testing/tester/frame.c's; this file holds PDGEQRF's cases. */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "qr_case.h"

/* What the cases need beyond their input: the reference PDGEQRF, and the
 * PDGEQRF calls with M, N > 0 made so far, all ranks. */
static pdgeqrf_fn *reference;
static long calls;

/* The reference PDGEQRF, from the reference ScaLAPACK's shared object. */
static pdgeqrf_fn *load_reference(void)
{
    void *h = dlopen(HETSCAL_REFERENCE_SCALAPACK, RTLD_NOW | RTLD_GLOBAL);
    void *f = h ? dlsym(h, "pdgeqrf_") : NULL;
    pdgeqrf_fn *fn;

    if (f == NULL) {
        fprintf(stderr, "xqr: cannot load pdgeqrf_ from %s: %s\n",
                HETSCAL_REFERENCE_SCALAPACK, dlerror());
        MPI_Abort(MPI_COMM_WORLD, 99);
    }
    memcpy(&fn, &f, sizeof f);
    return fn;
}

/* The shared object whose pdgeqrf_ every caller (this program and the
 * reference PDGELS) reaches. */
static const char *provider(void)
{
    void *f = dlsym(RTLD_DEFAULT, "pdgeqrf_");
    Dl_info info;
    if (f != NULL && dladdr(f, &info) != 0 && info.dli_fname != NULL)
        return info.dli_fname;
    return "(unknown)";
}

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
    /* every case made is run: its calls of PDGEQRF, the tester's and
     * PDGELS's (M >= N), on every process of the grid */
    if (qc->m > 0 && qc->n > 0)
        calls += (long)p * q * (qc->m >= qc->n ? 2 : 1);
    return 1;
}

static int runs(const void *section)
{
    return ((const struct qr_input *)section)->has_qr;
}

static void start(int nprocs)
{
    reference = load_reference();
    qr_report_header(nprocs, provider());
}

static void report_calls(void)
{
    qr_report_calls(calls);
}

int main(int argc, char **argv)
{
    const struct tester_routine qr = {
        .prog = "xqr",
        .default_input = qr_default_input(),
        .input_size = sizeof(struct qr_input),
        .case_size = sizeof(struct qr_case),
        .parse = qr_input_parse,
        .start = start,
        .report_section = qr_report_section,
        .runs = runs,
        .make_case = make_case,
        .run = qr_run_on_grid,
        .residuals_ok = qr_residuals_ok,
        .report_case = qr_report_case,
        .report_summary = report_calls,
    };

    return tester_main(argc, argv, &qr);
}
