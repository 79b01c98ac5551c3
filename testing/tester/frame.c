/* The testers' main loop (see tester.h): every precision of the command
 * line, every section of the input, every grid of a section, every case
 * of a grid, with the seeds, the skipped cases and the exit status the
 * same for every tester. */
#include "config.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testing/blacs_tools.h"
#include "testing/llt/dat_load.h"
#include "tester.h"

struct frame {
    const struct tester_routine *r;
    const struct tester_prec *prec; /* the precision being run */
    struct tester_tally t;      /* the current precision's cases */
    uint64_t next_seed;
    void *c;                    /* the case being run */
};

int tester_read_list(struct dat_reader *r, int *count, int *values,
                     const char *what)
{
    return dat_read_list(r, count, values, DAT_ANY_INT, 0, TESTER_MAX_VALUES,
                         what);
}

int tester_read_grids(struct dat_reader *r, struct tester_input *in,
                      const char *what)
{
    if (dat_read_count(r, &in->ngrids, 0, TESTER_MAX_VALUES, what) != 0 ||
        dat_read_ints(r, in->ngrids, in->p, DAT_ANY_INT, "values of P") != 0)
        return -1;
    return dat_read_ints(r, in->ngrids, in->q, DAT_ANY_INT, "values of Q");
}

/* One case: run on the grid, the outcome made global, the verdict, the
 * row.  Collective over MPI_COMM_WORLD. */
static void run_and_count(struct frame *f, int context)
{
    const struct tester_routine *r = f->r;
    uint64_t seed = f->next_seed++ * 0x2545f4914f6cdd1dULL + 12345;
    struct tester_local local;
    struct tester_outcome o;

    if (r->calls != NULL)
        f->t.calls += r->calls(f->c);
    tester_local_init(&local, context);
    if (context >= 0)
        r->run[f->prec->index](f->c, seed, context, &local);
    tester_reduce(&local, context, &o);
    o.passed = tester_outcome_clean(&o) && r->residuals_ok(f->c, &o);
    if (tester_is_printer()) {
        r->report_case(f->c, &o);
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
           f->r->make_extra(in, 0, extras, 1, 1, f->c))
        extras++;
    return (in->nsizes * in->nblocks * in->noffsets + extras) *
           in->nvariants;
}

static void run_grid(struct frame *f, const struct tester_input *in, int p,
                     int q, int nprocs)
{
    const struct tester_routine *r = f->r;
    int context, nprow = -1, npcol, myrow, mycol;

    if (r->runs != NULL && !r->runs(in))
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
                    if (!r->make_case(in, i, j, k, v, p, q, f->c))
                        f->t.skipped_illegal++;
                    else
                        run_and_count(f, context);
                }
    for (int v = 0; r->make_extra != NULL && v < in->nvariants; v++)
        for (int e = 0; r->make_extra(in, v, e, p, q, f->c); e++)
            run_and_count(f, context);

    if (context >= 0)
        Cblacs_gridexit(context);
}

/* Parses the section that starts at *TEXT (on line *LINE) into IN and
 * advances both past it: the header, the tester's records, the offset
 * sets.  Returns 0, or -1 with a message in ERR. */
static int parse_section(const struct tester_routine *r, const char **text,
                         int *line, void *in, char *err, size_t errlen)
{
    struct tester_input *c = in;
    struct dat_reader reader;
    int rc = -1;

    dat_reader_init(&reader, *text, *line, err, errlen);
    memset(in, 0, r->input_size);
    if (dat_read_header(&reader, c->title, sizeof c->title) == 0 &&
        r->read_section(&reader, in) == 0)
        rc = dat_read_offsets(&reader, &c->noffsets, c->offsets,
                              TESTER_MAX_VALUES);
    *text = reader.pos;
    *line = reader.line;
    return rc;
}

/* Parses every section of TEXT into SECTIONS (input_size bytes apart);
 * returns their number, or -1 after printing the error on rank 0. */
static int parse_sections(const struct tester_routine *r, const char *text,
                          char *sections, int me)
{
    int count = 0, line = 1;
    char err[256];
    while (dat_has_more(text)) {
        if (count == TESTER_MAX_SECTIONS) {
            snprintf(err, sizeof err, "more than %d sections",
                     TESTER_MAX_SECTIONS);
        } else if (parse_section(r, &text, &line,
                                 sections + count * r->input_size, err,
                                 sizeof err) == 0) {
            count++;
            continue;
        }
        if (me == 0)
            fprintf(stderr, "%s: %s\n", r->prog, err);
        return -1;
    }
    return count;
}

/* The options of the command line: -precision LIST into PRECS (d
 * without it); the rest, the input file, stays in ARGV from ARGV[1] on.
 * Returns the number of precisions, 0 after printing the error on rank
 * 0. */
static int parse_options(int *argc, char **argv, const char *prog,
                         const struct tester_prec *precs[TESTER_NPREC],
                         int me)
{
    int nprec = 1, kept = 1;
    precs[0] = tester_prec_named('d');
    for (int i = 1; i < *argc; i++) {
        if (strcmp(argv[i], "-precision") == 0 && i + 1 < *argc) {
            nprec = tester_prec_list(argv[++i], precs);
            if (nprec == 0) {
                if (me == 0)
                    fprintf(stderr, "%s: -precision takes letters of "
                                    "s, d, c, z (or all), not '%s'\n",
                            prog, argv[i]);
                return 0;
            }
        } else if (argv[i][0] == '-' || kept > 1) {
            if (me == 0)
                fprintf(stderr, "usage: %s [-precision s,d,c,z] [FILE]\n",
                        prog);
            return 0;
        } else {
            argv[kept++] = argv[i];
        }
    }
    *argc = kept;
    return nprec;
}

int tester_main(int argc, char **argv, const struct tester_routine *r)
{
    struct frame f = { r, NULL, { 0, 0, 0, 0, 0 }, 1, NULL };
    const struct tester_prec *precs[TESTER_NPREC];
    struct tester_tally tally[TESTER_NPREC];
    char *text = NULL, *sections;
    int me, nprocs, nsections = -1, nprec, failed = 0;

    Cblacs_pinfo(&me, &nprocs); /* starts MPI, as ScaLAPACK programs do */
    sections = calloc(TESTER_MAX_SECTIONS, r->input_size);
    f.c = malloc(r->case_size);
    if (sections == NULL || f.c == NULL) {
        fprintf(stderr, "%s: out of memory\n", r->prog);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    nprec = parse_options(&argc, argv, r->prog, precs, me);
    if (nprec > 0)
        text = dat_load_text(argc, argv, r->default_input, r->prog);
    if (text != NULL)
        nsections = parse_sections(r, text, sections, me);
    free(text);
    if (nsections < 0) {
        free(f.c);
        free(sections);
        Cblacs_exit(0);
        return 1;
    }

    for (int i = 0; i < nprec; i++) {
        /* every precision gets the same seeds, whatever the list */
        memset(&f.t, 0, sizeof f.t);
        f.next_seed = 1;
        f.prec = precs[i];
        r->start(nprocs, precs[i]);
        for (int s = 0; s < nsections; s++) {
            const struct tester_input *in =
                (const void *)(sections + s * r->input_size);
            if (tester_is_printer()) {
                r->report_section(in);
                fflush(stdout);
            }
            for (int g = 0; g < in->ngrids; g++)
                run_grid(&f, in, in->p[g], in->q[g], nprocs);
        }
        tally[i] = f.t;
        failed += f.t.failed;
    }
    tester_report_summary(r, precs, tally, nprec, nprocs);

    free(f.c);
    free(sections);
    Cblacs_exit(0);
    return failed > 255 ? 255 : failed;
}
