/* hetscal-info: run as the application runs (mpiexec -n 4 hetscal-info,
 * srun -n 8 hetscal-info), it says per node and rank what hetscal will
 * do there, what the grid will agree on, and checks PDPOTRF, PDGEQRF and
 * PDGETRF against the reference ScaLAPACK (man/man1/hetscal-info.1).
 * Exit status: the number of failed self-tests (0: all passed), 1 for a
 * bad command line or when the facts cannot be gathered. */
#include "config.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testing/blacs_tools.h"
#include "tools/hetscal_info.h"

static const char usage[] =
    "usage: hetscal-info [--json] [--no-test] [--measure] [--n N] [--nb NB] [--help]\n"
    "  --json      one JSON document on standard output (rank 0)\n"
    "  --no-test   skip the self-test of PDPOTRF, PDGEQRF and PDGETRF\n"
    "  --measure   measure the kernel rates that are not known yet\n"
    "  --n N       order of the self-test's matrices (default 512)\n"
    "  --nb NB     their block size (default 64)\n";

/* A positive whole number, or 0. */
static int positive(const char *s)
{
    char *end;
    long v = s ? strtol(s, &end, 10) : 0;
    return s && *s && *end == '\0' && v > 0 && v < 1 << 20 ? (int)v : 0;
}

/* 0 to run; else the exit status after the message (every rank parses
 * the same line; rank 0 speaks): 1 for a line not understood, -1 (exit 0)
 * for --help. */
static int parse(int argc, char **argv, info_options *opt, int me)
{
    *opt = (info_options){ .json = 0, .test = 1, .measure = 0, .n = 512, .nb = 64 };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--json") == 0) {
            opt->json = 1;
        } else if (strcmp(a, "--no-test") == 0) {
            opt->test = 0;
        } else if (strcmp(a, "--measure") == 0) {
            opt->measure = 1;
        } else if ((strcmp(a, "--n") == 0 || strcmp(a, "--nb") == 0) && i + 1 < argc &&
                   positive(argv[i + 1])) {
            *(strcmp(a, "--n") == 0 ? &opt->n : &opt->nb) = positive(argv[++i]);
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            if (me == 0)
                printf("%s", usage);
            return -1;
        } else {
            if (me == 0)
                fprintf(stderr, "hetscal-info: %s: not understood\n%s", a, usage);
            return 1;
        }
    }
    return 0;
}

/* The most square grid of all ranks: nprow the largest divisor of
 * nprocs up to its square root. */
static int grid_of_all(int nprocs)
{
    int nprow = 1, ctxt;
    for (int p = 1; p * p <= nprocs; p++)
        if (nprocs % p == 0)
            nprow = p;
    Cblacs_get(-1, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "Row", nprow, nprocs / nprow);
    return ctxt;
}

int main(int argc, char **argv)
{
    int me, nprocs, status = 0;
    info_options opt;
    info_rank mine;
    info_grid grid;
    info_test tests[INFO_NTESTS];

    Cblacs_pinfo(&me, &nprocs);   /* starts MPI, as ScaLAPACK programs do */
    int parsed = parse(argc, argv, &opt, me);
    if (parsed != 0) {
        Cblacs_exit(0);
        return parsed > 0 ? parsed : 0;
    }
    int ctxt = grid_of_all(nprocs);
    int err = hetscal_info_facts(ctxt, &opt, &mine, &grid), any_err = 0;
    MPI_Allreduce(&err, &any_err, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (any_err != 0) {
        if (me == 0)
            fprintf(stderr, "hetscal-info: the facts could not be gathered (status %d)\n",
                    any_err);
        Cblacs_exit(0);
        return 1;
    }

    info_rank *all = me == 0 ? malloc((size_t)nprocs * sizeof *all) : NULL;
    int ok = me != 0 || all != NULL;
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!ok) {
        fprintf(stderr, "hetscal-info: out of memory on rank 0\n");
        Cblacs_exit(0);
        return 1;
    }
    MPI_Gather(&mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE, 0,
               MPI_COMM_WORLD);
    /* Text: the facts before the self-test, so that they are out even if
     * a factorization hangs. */
    if (me == 0 && !opt.json) {
        hetscal_info_print_text(stdout, all, &grid);
        fflush(stdout);
    }
    if (opt.test)
        status = hetscal_info_selftest(ctxt, &opt, tests);
    /* Under HETSCAL_DISABLE hetscal's calls go to the reference: the
     * rows then compare it with itself, and say so. */
    for (int k = 0; me == 0 && opt.test && k < grid.ncommon; k++)
        if (strcmp(grid.common_name[k], "HETSCAL_DISABLE") == 0 && grid.common[k])
            for (int t = 0; t < INFO_NTESTS; t++)
                if (!tests[t].note[0])
                    snprintf(tests[t].note, sizeof tests[t].note,
                             "HETSCAL_DISABLE: forwarded to the reference");
    if (me == 0 && opt.json)
        hetscal_info_print_json(stdout, all, &grid, tests, opt.test ? INFO_NTESTS : 0,
                                opt.test);
    else if (me == 0)
        hetscal_info_print_tests_text(stdout, tests, opt.test ? INFO_NTESTS : 0);
    fflush(stdout);
    free(all);
    Cblacs_gridexit(ctxt);
    Cblacs_exit(0);
    return status;
}
