/* P?GETRF's part of the tester (testing/xlu; see testing/tester/tester.h):
 * its input, LU.dat (ScaLAPACK's xdlu input with an optional record of
 * matrix kinds after the T/F flag), its built-in input, its verdict and
 * its rows.  The P?GETRF under test is the one the program is linked with
 * (hetscal's, linked first); every check uses the reference ScaLAPACK,
 * and the reference P?GETRF itself is taken from its shared library for
 * the comparison of INFO and IPIV.  One case runs in lu_body.h,
 * instantiated here in every precision. */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "lu_pivots.h"
#include "lu_problem.h"
#include "testing/tester/checks.h"
#include "testing/tester/rhs.h"
#include "testing/tester/tester.h"

/* Rows and columns of A after an offset sub(A): their entries must not
 * change.  Without offsets, sub(A) is the whole of A, as for most
 * callers. */
#define LU_PAD 2

/* The residuals of an outcome (testing/tester/outcome.h).  Its info_ok
 * means INFO = the reference's INFO = the kind's zero pivot (0 for 'G')
 * on every process; damaged_guards counts around A and IPIV and in A's
 * LLD padding, changed_outside the entries of A outside sub(A). */
enum {
    LU_RESID_FACTOR,    /* ||A - P L U||_1 / (||A||_1 max(M,N) eps) */
    LU_RESID_SOLVE,     /* worst solve residual with the reference
                         * P?GETRS over the NRHS/NBRHS (M = N, 'G') */
    LU_RESID_PIV,       /* IPIV entries of rows IA..IA+MIN(M,N)-1 that
                         * differ from the reference's, all processes */
    LU_RESID_IPIV       /* entries of the whole IPIV arrays that differ */
};

/* Whether case C solves systems (square, and random: kind 'G'). */
static int solves(const struct tester_case *c)
{
    return c->m == c->n && c->variant == 'G';
}

#define TX_BODY "testing/tester/routines/lu_body.h"
#include "testing/tester/tx_instantiate.h"

/* The built-in input: small but covering odd sizes, M < N and M > N, one
 * row, one column, NB of 1, 3 and larger than the matrix, offset sub(A),
 * first blocks away from process (0,0), and every grid shape of up to 4
 * ranks.  Runs in seconds on 4 ranks/2 cores. */
static const char default_input[] =
    TESTER_DAT_HEADER("built-in 1/2: shapes, square and flat grids", "LU.out")
    "7              number of problem sizes\n"
    "1 7 17 100  64 151 45    values of M\n"
    "5 1 33  37 100 120 45    values of N\n"
    "2              number of NB's\n"
    "32 8           values of NB (MB = NB)\n"
    TESTER_RHS_DEFAULT_RECORDS
    "4              number of process grids (ordered pairs P & Q)\n"
    "1 2 1 4        values of P\n"
    "1 2 4 1        values of Q\n"
    "20.0           threshold\n"
    "F              (T or F: condition estimation, not tested)\n"
    "G              matrix kinds: G random (Z, S, L singular)\n"
    TESTER_DAT_HEADER("built-in 2/2: NB 1, 3 and larger than the matrix, "
                      "offset sub(A), shifted grids", "LU.out")
    "4              number of problem sizes\n"
    "13 5 40 29     values of M\n"
    "5 13 40 29     values of N\n"
    "3              number of NB's\n"
    "1 3 64         values of NB\n"
    "2              number of NRHS's\n"
    "1 4            values of NRHS\n"
    "1              number of NBRHS's\n"
    "3              values of NBRHS\n"
    "5              number of process grids\n"
    "1 2 1 3 2      values of P\n"
    "2 1 3 1 2      values of Q\n"
    "20.0           threshold\n"
    "F\n"
    "G\n"
    "2              number of offset sets\n"
    "0 0 0 0        IOFF JOFF RSRC CSRC: IA = 1 + IOFF*NB, JA = 1 + JOFF*NB\n"
    "1 2 1 1\n";

/* The next token, upper-cased, without consuming it; "" at the end. */
static void peek_word(const struct dat_reader *r, char *tok, size_t len)
{
    struct dat_reader probe = *r;
    char err[8];
    probe.err = err;
    probe.errlen = sizeof err;
    if (dat_next_token(&probe, tok, len) != 0)
        tok[0] = '\0';
    for (char *c = tok; *c != '\0'; c++)
        *c = (char)toupper((unsigned char)*c);
}

static int is_kinds_word(const char *tok)
{
    return tok[0] != '\0' && strspn(tok, LU_KIND_LETTERS) == strlen(tok);
}

/* LU.dat's "T or F" record (condition estimation and iterative
 * refinement, not tested here), then the optional record of kinds, the
 * section's variants: a word of LU_KIND_LETTERS ("G" without it). */
static int read_flag_and_kinds(struct dat_reader *r, struct tester_input *in)
{
    char tok[64];
    size_t k = 0;

    if (dat_at_section_start(r))
        tok[0] = '\0';
    else
        peek_word(r, tok, sizeof tok);
    if (tok[0] == 'T' || tok[0] == 'F' || tok[0] == '.') {
        dat_skip_line(r);
        peek_word(r, tok, sizeof tok);
    }
    if (dat_at_section_start(r) || !is_kinds_word(tok)) {
        strcpy(in->variants, "G");
        return 0;
    }
    if (dat_read_string(r, tok, sizeof tok, "matrix kinds") != 0)
        return -1;
    for (const char *c = tok; *c != '\0'; c++) {
        char u = (char)toupper((unsigned char)*c);
        if (strchr(in->variants, u) == NULL)
            in->variants[k++] = u;
    }
    return 0;
}

/* LU.dat's records after its header: M and N, NB (MB = NB, as P?GETRF
 * requires), the right-hand sides, the grids, the threshold, the flag
 * and the kinds.  Offsets are in blocks: sub(A) starts at IA = 1 +
 * ioff*NB and JA = 1 + joff*NB, aligned as P?GETRF requires. */
static int read_section(struct dat_reader *r, struct tester_input *in)
{
    static const char *const sizes[3] = { "problem sizes", "values of M",
                                          "values of N" };
    if (tester_read_pairs(r, &in->nsizes, in->m, in->n, sizes) != 0 ||
        tester_read_list(r, &in->nblocks, in->nb, "values of NB") != 0 ||
        tester_read_rhs(r, &in->rhs) != 0 ||
        tester_read_grids(r, in, "process grids") != 0 ||
        dat_read_thresh(r, &in->thresh) != 0 ||
        read_flag_and_kinds(r, in) != 0)
        return -1;
    memcpy(in->mb, in->nb, sizeof in->mb);
    return 0;
}

static void report_header(const struct tester_prec *prec,
                          const char *provider)
{
    const char u = prec->upper;
    printf("P%cGETRF under test: %s\n"
           "fact  = ||A - PLU||_1 / (||A||_1 max(M,N) eps), L U by P%cGEMM, "
           "P by the reference P%cLAPIV\n"
           "solve = ||b - Ax||_inf / (||A||_inf ||x||_inf N eps) with the "
           "reference P%cGETRS (M = N, kind G)\n"
           "piv   = IPIV entries of the factored rows that differ from the "
           "reference P%cGETRF's;\n"
           "ipiv  = entries of the whole IPIV arrays (LOCr(M_A)+MB_A) that "
           "differ; both must be 0\n"
           "Kinds: G random; Z, S, L: U(J,J) exactly zero for J = 1, "
           "MIN(M,N)-MIN(M,N)/3, MIN(M,N):\n"
           "INFO must be J (0 when A has one row: ScaLAPACK returns at "
           "once), the reference's INFO too\n"
           "(INFO=/ref= on the row).  Without offsets sub(A) is all of A, "
           "else A has %d more rows and columns.\n"
           "IPIV and A carry guard zones.\n",
           u, provider, u, u, u, u, LU_PAD);
}

/* Whether A has one row (M_A = 1), where ScaLAPACK returns at once. */
static int one_row(const struct tester_case *c)
{
    return c->ia - 1 + c->m + c->pad == 1;
}

/* A larger than sub(A) with offsets; INFO the kind's zero pivot, 0 when
 * A has one row. */
static void finish_case(struct tester_case *c)
{
    struct lu_problem pb;
    c->pad = c->ia > 1 || c->ja > 1 ? LU_PAD : 0;
    lu_problem_init(&pb, c->m, c->n, c->ia, c->ja, c->variant, 0);
    c->expected_info = one_row(c) ? 0 : pb.zero_pivot;
}

/* One call of P?GETRF under test on every process of the grid, which
 * does nothing when A has one row. */
static long calls(const struct tester_case *c)
{
    if (c->m > 0 && c->n > 0 && !one_row(c))
        return (long)c->p * c->q;
    return 0;
}

/* The residuals, and no pivot differs. */
static int residuals_ok(const struct tester_case *c,
                        const struct tester_outcome *o)
{
    return tester_residual_ok(o->resid[LU_RESID_FACTOR], c->thresh) &&
           tester_residual_ok(o->resid[LU_RESID_SOLVE], c->thresh) &&
           o->resid[LU_RESID_PIV] == 0.0 && o->resid[LU_RESID_IPIV] == 0.0;
}

static void report_results(const struct tester_case *c,
                           const struct tester_outcome *o)
{
    const char *verdict = o->passed ? "PASSED" : "FAILED";
    char solve[16];

    if (solves(c))
        snprintf(solve, sizeof solve, "%9.2e", o->resid[LU_RESID_SOLVE]);
    else
        snprintf(solve, sizeof solve, "%9s", "-");
    if (!o->info_ok) /* the residuals were not computed */
        printf("%9s %9s %4.0f %4.0f %s", "-", "-", o->resid[LU_RESID_PIV],
               o->resid[LU_RESID_IPIV], verdict);
    else
        printf("%9.2e %s %4.0f %4.0f %s", o->resid[LU_RESID_FACTOR], solve,
               o->resid[LU_RESID_PIV], o->resid[LU_RESID_IPIV], verdict);
    if (c->variant != 'G' || !o->info_ok)
        printf("  INFO=%d/ref=%d", o->info_max, c->ref_info);
    printf("\n");
    if (!o->passed)
        tester_report_reasons(o, c->expected_info, "(no flag of its own)",
                              "around A or IPIV, or in A's LLD padding rows",
                              "entries changed outside sub(A)");
    if (!o->passed && !o->info_ok && c->ref_info != c->expected_info)
        printf("    the reference P%cGETRF returned INFO = %d\n",
               c->prec->upper, c->ref_info);
}

/* The summary line testing/tester/run_lu.sh compares with hetscal's
 * verbose lines, one per precision run. */
static void report_calls(const struct tester_prec *prec, long calls)
{
    printf("P%cGETRF calls with M, N > 0, summed over the processes: %ld\n",
           prec->upper, calls);
}

const struct tester_routine tester_lu = {
    .prog = "xlu", .name = "lu", .routine = "GETRF",
    .default_input = default_input, .read_section = read_section,
    .offsets_in_blocks = 1, .reference = "getrf",
    .finish_case = finish_case, .run = TESTER_BY_PREC(lu_run),
    .residuals_ok = residuals_ok, .calls = calls,
    .report_header = report_header, .title_variants = "kinds",
    .heads = "    M     N  NB  P  Q   IA   JA RS CS  K     TIME"
             "      fact     solve  piv ipiv CHECK",
    .report_results = report_results, .report_calls = report_calls,
};
