/* xllt: a ScaLAPACK-style tester of PDPOTRF.  Usage: xllt [FILE], FILE in
 * LLT.dat format, possibly several sections (the built-in input without
 * one).  Exit status: the number of failed cases (at most 255), the same on
 * every rank; 0 means success. */
#include "config.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dat_load.h"
#include "llt_case.h"
#include "llt_scalapack.h"

struct tally {
    int passed, failed, skipped_grid, skipped_illegal;
    uint64_t next_seed;
};

static void run_and_count(struct llt_case *c, int context, struct tally *t)
{
    struct llt_outcome o;
    c->seed = t->next_seed++ * 0x2545f4914f6cdd1dULL + 12345;
    llt_run_case(c, context, &o);
    llt_report_case(c, &o);
    if (o.passed)
        t->passed++;
    else
        t->failed++;
}

static void init_case(struct llt_case *c, const struct llt_input *in, int p,
                      int q, int n, int nb, const struct dat_offset *off,
                      char uplo)
{
    memset(c, 0, sizeof *c);
    c->n = n;
    c->nb = nb;
    c->p = p;
    c->q = q;
    c->ia = 1 + off->ioff * nb;
    c->ja = 1 + off->joff * nb;
    c->rsrc = off->rsrc % p;
    c->csrc = off->csrc % q;
    c->uplo = uplo;
    c->nnrhs = in->nnrhs;
    c->nrhs = in->nrhs;
    c->nnbrhs = in->nnbrhs;
    c->nbrhs = in->nbrhs;
    c->thresh = in->thresh;
}

static int legal_case(const struct llt_input *in, int n, int nb)
{
    if (n < 0 || nb < 1)
        return 0;
    for (int i = 0; i < in->nnrhs; i++)
        if (in->nrhs[i] < 0)
            return 0;
    for (int i = 0; i < in->nnbrhs; i++)
        if (in->nbrhs[i] < 1)
            return 0;
    return 1;
}

/* The non-SPD case of a grid: the largest N of the input (at most 200),
 * the first NB, the last offset set, and a bad pivot two thirds down. */
static int bad_pivot_case(const struct llt_input *in, int p, int q,
                          char uplo, struct llt_case *c)
{
    int n = 0;
    for (int i = 0; i < in->nn; i++)
        if (in->n[i] > n)
            n = in->n[i] > 200 ? 200 : in->n[i];
    if (n < 1 || in->nnb < 1 || !legal_case(in, n, in->nb[0]))
        return 0;
    init_case(c, in, p, q, n, in->nb[0], &in->offsets[in->noffsets - 1],
              uplo);
    c->bad_pivot = n - n / 3;
    return 1;
}

static int cases_per_grid(const struct llt_input *in)
{
    int nuplo = (int)strlen(in->uplos);
    struct llt_case c;
    return in->nn * in->nnb * in->noffsets * nuplo +
           (bad_pivot_case(in, 1, 1, 'L', &c) ? nuplo : 0);
}

static void run_grid(const struct llt_input *in, int p, int q, int nprocs,
                     struct tally *t)
{
    int context, nprow = -1, npcol, myrow, mycol;
    struct llt_case c;

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

    for (int i = 0; i < in->nn; i++)
        for (int j = 0; j < in->nnb; j++)
            for (int k = 0; k < in->noffsets; k++)
                for (const char *u = in->uplos; *u != '\0'; u++) {
                    if (!legal_case(in, in->n[i], in->nb[j])) {
                        t->skipped_illegal++;
                        continue;
                    }
                    init_case(&c, in, p, q, in->n[i], in->nb[j],
                              &in->offsets[k], *u);
                    run_and_count(&c, context, t);
                }
    for (const char *u = in->uplos; *u != '\0'; u++)
        if (bad_pivot_case(in, p, q, *u, &c))
            run_and_count(&c, context, t);

    if (context >= 0)
        Cblacs_gridexit(context);
}

#define LLT_MAX_SECTIONS 16

/* Parses every section of TEXT; returns their number, or -1 after printing
 * the error on rank 0. */
static int parse_sections(const char *text, struct llt_input *sections,
                          int me)
{
    int count = 0, line = 1;
    char err[256];
    while (llt_input_has_more(text)) {
        if (count == LLT_MAX_SECTIONS) {
            snprintf(err, sizeof err, "more than %d sections",
                     LLT_MAX_SECTIONS);
        } else if (llt_input_parse(&text, &line, &sections[count], err,
                                   sizeof err) == 0) {
            count++;
            continue;
        }
        if (me == 0)
            fprintf(stderr, "xllt: %s\n", err);
        return -1;
    }
    return count;
}

int main(int argc, char **argv)
{
    static struct llt_input sections[LLT_MAX_SECTIONS];
    struct tally t = { 0, 0, 0, 0, 1 };
    char *text;
    int me, nprocs, nsections = -1;

    Cblacs_pinfo(&me, &nprocs); /* starts MPI, as ScaLAPACK programs do */
    text = dat_load_text(argc, argv, llt_default_input(), "xllt");
    if (text != NULL)
        nsections = parse_sections(text, sections, me);
    free(text);
    if (nsections < 0) {
        Cblacs_exit(0);
        return 1;
    }

    llt_report_header(nprocs);
    for (int s = 0; s < nsections; s++) {
        llt_report_section(&sections[s]);
        for (int g = 0; g < sections[s].ngrids; g++)
            run_grid(&sections[s], sections[s].p[g], sections[s].q[g],
                     nprocs, &t);
    }
    llt_report_summary(t.passed, t.failed, t.skipped_grid, t.skipped_illegal,
                       nprocs);

    Cblacs_exit(0);
    return t.failed > 255 ? 255 : t.failed;
}
