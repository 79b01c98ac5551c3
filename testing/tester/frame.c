/* The tester's main loop (see tester.h): the routine and the precisions
 * of the command line, every section of the input, every grid of a
 * section, every case of a grid, with the seeds, the skipped cases and
 * the exit status the same for every routine. */
#include "config.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dat_load.h"
#include "rhs.h"
#include "tester.h"
#include "testing/blacs_tools.h"

/* The routines -routine and the program's name choose from. */
static const struct tester_routine *const routines[] = { &tester_llt,
                                                         &tester_lu,
                                                         &tester_qr };
#define NROUTINES ((int)(sizeof routines / sizeof routines[0]))

struct frame {
    const struct tester_routine *r;
    const struct tester_prec *prec; /* the precision being run */
    tester_fn *reference;       /* its reference routine, or NULL */
    struct tester_tally t;      /* the current precision's cases */
    uint64_t next_seed;
    struct tester_case c;       /* the case being run */
};

int tester_case_init(struct tester_case *c, const struct tester_routine *r,
                     const struct tester_input *in, int m, int n, int mb,
                     int nb, const struct dat_offset *off, char variant,
                     int p, int q)
{
    int unit = r->offsets_in_blocks ? nb : 1;
    if (m < 0 || n < 0 || mb < 1 || nb < 1 || !tester_rhs_legal(&in->rhs))
        return 0;
    *c = (struct tester_case){ .m = m, .n = n, .mb = mb, .nb = nb,
                               .p = p, .q = q,
                               .ia = 1 + off->ioff * unit,
                               .ja = 1 + off->joff * unit,
                               .rsrc = off->rsrc % p, .csrc = off->csrc % q,
                               .variant = variant, .rhs = &in->rhs,
                               .thresh = in->thresh };
    return 1;
}

/* One case: completed, run on the grid, the outcome made global, the
 * verdict, the row.  Collective over MPI_COMM_WORLD. */
static void run_and_count(struct frame *f, int context)
{
    const struct tester_routine *r = f->r;
    uint64_t seed = f->next_seed++ * 0x2545f4914f6cdd1dULL + 12345;
    struct tester_local local;
    struct tester_outcome o;

    f->c.prec = f->prec;
    f->c.reference = f->reference;
    if (r->finish_case != NULL)
        r->finish_case(&f->c);
    if (r->calls != NULL)
        f->t.calls += r->calls(&f->c);
    tester_local_init(&local, context);
    if (context >= 0)
        r->run[f->prec->index](&f->c, seed, context, &local);
    tester_reduce(&local, context, &o);
    o.passed = tester_outcome_clean(&o) && r->residuals_ok(&f->c, &o);
    if (tester_is_printer()) {
        tester_report_case(r, &f->c, &o);
        fflush(stdout);
    }
    if (o.passed)
        f->t.passed++;
    else
        f->t.failed++;
}

static int cases_per_grid(struct frame *f, const struct tester_input *in)
{
    int extras = 0;
    while (f->r->make_extra != NULL &&
           f->r->make_extra(in, f->prec, 0, extras, 1, 1, &f->c))
        extras++;
    return (in->nsizes * in->nblocks * in->noffsets + extras) *
           in->nvariants;
}

static void run_grid(struct frame *f, const struct tester_input *in, int p,
                     int q, int nprocs)
{
    const struct tester_routine *r = f->r;
    int context, nprow = -1, npcol, myrow, mycol;

    if (!in->runs)
        return;
    if (p < 1 || q < 1) {
        f->t.skipped_illegal += cases_per_grid(f, in);
        return;
    }
    if (p * q > nprocs) {
        f->t.skipped_grid += cases_per_grid(f, in);
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
            for (int k = 0; k < in->noffsets; k++)
                for (int v = 0; v < in->nvariants; v++) {
                    if (!tester_case_init(&f->c, r, in, in->m[i], in->n[i],
                                          in->mb[j], in->nb[j],
                                          &in->offsets[k], in->variants[v],
                                          p, q))
                        f->t.skipped_illegal++;
                    else
                        run_and_count(f, context);
                }
    for (int v = 0; r->make_extra != NULL && v < in->nvariants; v++)
        for (int e = 0; r->make_extra(in, f->prec, v, e, p, q, &f->c); e++)
            run_and_count(f, context);

    if (context >= 0)
        Cblacs_gridexit(context);
}

/* The routine named NAME: "llt" or a program name (xllt, with libtool's
 * "lt-" prefix or not); NULL when none is. */
static const struct tester_routine *routine_named(const char *name)
{
    const char *slash = strrchr(name, '/');
    if (slash != NULL)
        name = slash + 1;
    if (strncmp(name, "lt-", 3) == 0)
        name += 3;
    for (int i = 0; i < NROUTINES; i++)
        if (strcmp(name, routines[i]->name) == 0 ||
            strcmp(name, routines[i]->prog) == 0)
            return routines[i];
    return NULL;
}

/* The options of the command line: -routine NAME into *R (the program's
 * name's routine without it), -precision LIST into PRECS (d without it);
 * the rest, the input file, stays in ARGV from ARGV[1] on.  Returns the
 * number of precisions, 0 after printing the error on rank 0. */
static int parse_options(int *argc, char **argv,
                         const struct tester_routine **r,
                         const struct tester_prec *precs[TESTER_NPREC])
{
    const char *prog;
    int nprec = 1, kept = 1, me = tester_is_printer();
    precs[0] = tester_prec_named('d');
    *r = routine_named(argv[0]);
    prog = *r != NULL ? (*r)->prog : argv[0];
    for (int i = 1; i < *argc; i++) {
        if (strcmp(argv[i], "-routine") == 0 && i + 1 < *argc) {
            *r = routine_named(argv[++i]);
            if (*r == NULL) {
                if (me)
                    fprintf(stderr, "%s: -routine takes llt, lu or qr, not "
                                    "'%s'\n",
                            prog, argv[i]);
                return 0;
            }
        } else if (strcmp(argv[i], "-precision") == 0 && i + 1 < *argc) {
            nprec = tester_prec_list(argv[++i], precs);
            if (nprec == 0) {
                if (me)
                    fprintf(stderr, "%s: -precision takes letters of "
                                    "s, d, c, z (or all), not '%s'\n",
                            prog, argv[i]);
                return 0;
            }
        } else if (argv[i][0] == '-' || kept > 1) {
            *r = NULL;
            break;
        } else {
            argv[kept++] = argv[i];
        }
    }
    if (*r == NULL) {
        if (me)
            fprintf(stderr, "usage: %s [-routine llt|lu|qr] "
                            "[-precision s,d,c,z] [FILE]\n",
                    prog);
        return 0;
    }
    *argc = kept;
    return nprec;
}

int main(int argc, char **argv)
{
    struct frame f;
    const struct tester_routine *r = NULL;
    const struct tester_prec *precs[TESTER_NPREC];
    struct tester_tally tally[TESTER_NPREC];
    struct tester_input *sections;
    char *text = NULL;
    int me, nprocs, nsections = -1, nprec, failed = 0;

    Cblacs_pinfo(&me, &nprocs); /* starts MPI, as ScaLAPACK programs do */
    sections = calloc(TESTER_MAX_SECTIONS, sizeof *sections);
    if (sections == NULL) {
        fprintf(stderr, "%s: out of memory\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    nprec = parse_options(&argc, argv, &r, precs);
    if (nprec > 0)
        text = dat_load_text(argc, argv, r->default_input, r->prog);
    if (text != NULL)
        nsections = tester_read_sections(r, text, sections);
    free(text);
    if (nsections < 0) {
        free(sections);
        Cblacs_exit(0);
        return 1;
    }

    memset(&f, 0, sizeof f);
    f.r = r;
    for (int i = 0; i < nprec; i++) {
        const char *provider = "";
        /* every precision gets the same seeds, whatever the list */
        memset(&f.t, 0, sizeof f.t);
        f.next_seed = 1;
        f.prec = precs[i];
        f.reference = NULL;
        if (r->reference != NULL &&
            (precs[i]->complex_ || !r->reference_in_complex))
            f.reference =
                tester_reference_routine(precs[i], r->reference, &provider);
        tester_report_header(r, nprocs, precs[i], provider);
        for (int s = 0; s < nsections; s++) {
            const struct tester_input *in = &sections[s];
            if (tester_is_printer()) {
                tester_report_section(r, in, precs[i]);
                fflush(stdout);
            }
            for (int g = 0; g < in->ngrids; g++)
                run_grid(&f, in, in->p[g], in->q[g], nprocs);
        }
        tally[i] = f.t;
        failed += f.t.failed;
    }
    tester_report_summary(r, precs, tally, nprec, nprocs);

    free(sections);
    Cblacs_exit(0);
    return failed > 255 ? 255 : failed;
}
