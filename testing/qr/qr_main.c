/* xqr: a ScaLAPACK-style tester of PDGEQRF.  Usage: xqr [FILE], FILE in
 * QR.dat format, possibly several sections (the built-in input without
 * one).  The PDGEQRF under test is the one the program is linked with
 * (hetscal's, linked first); every check uses the reference ScaLAPACK, and
 * the reference PDGEQRF itself is taken from its shared library for the
 * comparison.  Exit status: the number of failed cases (at most 255), the
 * same on every rank; 0 means success. */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testing/llt/dat_load.h"
#include "qr_case.h"

struct tally {
    int passed, failed, skipped_grid, skipped_illegal;
    long calls;             /* PDGEQRF calls with M, N > 0, all ranks */
    uint64_t next_seed;
};

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

static int legal_case(int m, int n, int mb, int nb)
{
    return m >= 0 && n >= 0 && mb >= 1 && nb >= 1;
}

static int cases_per_grid(const struct qr_input *in)
{
    return in->has_qr ? in->nsizes * in->nblocks * in->noffsets : 0;
}

static void run_grid(const struct qr_input *in, int p, int q, int nprocs,
                     pdgeqrf_fn *reference, struct tally *t)
{
    int context, nprow = -1, npcol, myrow, mycol;

    if (!in->has_qr)
        return;
    if (p < 1 || q < 1) {
        t->skipped_illegal += cases_per_grid(in);
        return;
    }
    if (p * q > nprocs) {
        t->skipped_grid += cases_per_grid(in);
        return;
    }
    Cblacs_get(-1, 0, &context);
    Cblacs_gridinit(&context, "Row", p, q);
    if (context >= 0)
        Cblacs_gridinfo(context, &nprow, &npcol, &myrow, &mycol);
    if (nprow < 1)
        context = -1;

    for (int i = 0; i < in->nsizes; i++)
        for (int j = 0; j < in->nblocks; j++)
            for (int k = 0; k < in->noffsets; k++) {
                const struct dat_offset *off = &in->offsets[k];
                struct qr_case c;
                struct qr_outcome o;
                if (!legal_case(in->m[i], in->n[i], in->mb[j], in->nb[j])) {
                    t->skipped_illegal++;
                    continue;
                }
                memset(&c, 0, sizeof c);
                c.m = in->m[i];
                c.n = in->n[i];
                c.mb = in->mb[j];
                c.nb = in->nb[j];
                c.p = p;
                c.q = q;
                c.ia = 1 + off->ioff;
                c.ja = 1 + off->joff;
                c.rsrc = off->rsrc % p;
                c.csrc = off->csrc % q;
                c.thresh = in->thresh;
                c.reference = reference;
                c.seed = t->next_seed++ * 0x2545f4914f6cdd1dULL + 12345;
                qr_run_case(&c, context, &o);
                qr_report_case(&c, &o);
                if (o.passed)
                    t->passed++;
                else
                    t->failed++;
                if (c.m > 0 && c.n > 0)
                    t->calls += (long)p * q * (c.m >= c.n ? 2 : 1);
            }

    if (context >= 0)
        Cblacs_gridexit(context);
}

#define QR_MAX_SECTIONS 16

/* Parses every section of TEXT; returns their number, or -1 after printing
 * the error on rank 0. */
static int parse_sections(const char *text, struct qr_input *sections, int me)
{
    int count = 0, line = 1;
    char err[256];
    while (qr_input_has_more(text)) {
        if (count == QR_MAX_SECTIONS) {
            snprintf(err, sizeof err, "more than %d sections",
                     QR_MAX_SECTIONS);
        } else if (qr_input_parse(&text, &line, &sections[count], err,
                                  sizeof err) == 0) {
            count++;
            continue;
        }
        if (me == 0)
            fprintf(stderr, "xqr: %s\n", err);
        return -1;
    }
    return count;
}

int main(int argc, char **argv)
{
    static struct qr_input sections[QR_MAX_SECTIONS];
    struct tally t = { 0, 0, 0, 0, 0, 1 };
    pdgeqrf_fn *reference;
    char *text;
    int me, nprocs, nsections = -1;

    Cblacs_pinfo(&me, &nprocs); /* starts MPI, as ScaLAPACK programs do */
    text = dat_load_text(argc, argv, qr_default_input(), "xqr");
    if (text != NULL)
        nsections = parse_sections(text, sections, me);
    free(text);
    if (nsections < 0) {
        Cblacs_exit(0);
        return 1;
    }
    reference = load_reference();

    qr_report_header(nprocs, provider());
    for (int s = 0; s < nsections; s++) {
        qr_report_section(&sections[s]);
        for (int g = 0; g < sections[s].ngrids; g++)
            run_grid(&sections[s], sections[s].p[g], sections[s].q[g],
                     nprocs, reference, &t);
    }
    qr_report_summary(t.passed, t.failed, t.skipped_grid, t.skipped_illegal,
                      nprocs, t.calls);

    Cblacs_exit(0);
    return t.failed > 255 ? 255 : t.failed;
}
