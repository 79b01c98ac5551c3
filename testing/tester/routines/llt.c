/* P?POTRF's part of the tester (testing/xllt; see testing/tester/tester.h):
 * its input, LLT.dat (ScaLAPACK's PDPOTRF tester input with several UPLO
 * letters on the UPLO line), its built-in input, its special cases (a
 * matrix that is not positive definite; in complex precisions imaginary
 * parts on the diagonal and a NaN pivot, against the reference P?POTRF),
 * its verdict and its rows.  One case runs in llt_body.h, instantiated
 * here in every precision. */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "llt_problem.h"
#include "testing/tester/checks.h"
#include "testing/tester/dist.h"
#include "testing/tester/rhs.h"
#include "testing/tester/tester.h"

/* The residuals of an outcome (testing/tester/outcome.h); its
 * changed_outside counts the entries outside the factor triangle, its
 * own_ok (complex) means that the factor's diagonal is real. */
enum {
    LLT_RESID_FACTOR,       /* ||A - LL^H|| / (||A|| N eps) */
    LLT_RESID_SOLVE,        /* worst solve residual over the NRHS/NBRHS */
    LLT_RESID_CMP           /* LLT_IMAG_DIAG: the factor against the
                             * reference's, max |difference| / (max |L| N
                             * eps) */
};

/* The checks run on the caller's layout when its blocks are large enough
 * for PBLAS and P?POTRS to be quick.  Below LLT_CHECK_MIN_NB they would
 * take O(N^2) tiny steps, so the factor is first copied by P?GEMR2D into a
 * layout of sub(A) alone with LLT_CHECK_NB-sized blocks. */
#define LLT_CHECK_MIN_NB 16
#define LLT_CHECK_NB 64

#define TX_BODY "testing/tester/routines/llt_body.h"
#include "testing/tester/tx_instantiate.h"

/* The built-in input: small but covering odd sizes, NB = 1, block sizes
 * that do not divide N, flat grids, both triangles, and an offset sub(A)
 * on a shifted grid.  Runs in seconds on 4 ranks/2 cores. */
static const char default_input[] =
    TESTER_DAT_HEADER("built-in 1/2: typical blocks, square and flat grids",
                      "LLT.out")
    "'LU'           UPLO letters: L, U or both\n"
    "4              number of problem sizes\n"
    "1 17 100 378   values of N\n"
    "2              number of NB's\n"
    "32 93          values of NB\n"
    TESTER_RHS_DEFAULT_RECORDS
    "4              number of process grids (ordered pairs P & Q)\n"
    "1 2 1 4        values of P\n"
    "1 2 4 1        values of Q\n"
    "16.0           threshold\n"
    "T              (ignored)\n"
    TESTER_DAT_HEADER("built-in 2/2: tiny blocks, offset sub(A), shifted grid",
                      "LLT.out")
    "'LU'\n"
    "2              number of problem sizes\n"
    "17 60          values of N\n"
    "2              number of NB's\n"
    "1 3            values of NB\n"
    "1              number of NRHS's\n"
    "2              values of NRHS\n"
    "1              number of NBRHS's\n"
    "1              values of NBRHS\n"
    "3              number of process grids\n"
    "1 2 1          values of P\n"
    "1 2 4          values of Q\n"
    "16.0           threshold\n"
    "T\n"
    "1              number of offset sets\n"
    "1 2 1 1        IOFF JOFF RSRC CSRC: IA = 1 + IOFF*NB, JA = 1 + JOFF*NB\n";

/* The UPLO record: distinct letters of L and U, the section's variants. */
static int read_uplos(struct dat_reader *r, struct tester_input *in)
{
    char tok[64];
    size_t k = 0;
    if (dat_read_string(r, tok, sizeof tok, "UPLO") != 0)
        return -1;
    for (const char *c = tok; *c != '\0'; c++) {
        char u = (char)toupper((unsigned char)*c);
        if (u != 'L' && u != 'U')
            return dat_fail(r, "UPLO letters must be L or U");
        if (strchr(in->variants, u) == NULL)
            in->variants[k++] = u;
    }
    if (k == 0)
        return dat_fail(r, "empty UPLO");
    return 0;
}

/* LLT.dat's records after its header: UPLO, N (M = N), NB (MB = NB), the
 * right-hand sides, the grids, the threshold and the T/F flag (not
 * used).  Offsets are in blocks: sub(A) starts at IA = 1 + ioff*NB and
 * JA = 1 + joff*NB, so it stays aligned to every NB, as P?POTRF
 * requires. */
static int read_section(struct dat_reader *r, struct tester_input *in)
{
    if (read_uplos(r, in) != 0 ||
        tester_read_list(r, &in->nsizes, in->n, "values of N") != 0 ||
        tester_read_list(r, &in->nblocks, in->nb, "values of NB") != 0 ||
        tester_read_rhs(r, &in->rhs) != 0 ||
        tester_read_grids(r, in, "grids") != 0 ||
        dat_read_thresh(r, &in->thresh) != 0)
        return -1;
    if (!dat_at_end(r) && !dat_at_section_start(r))
        dat_skip_line(r); /* the T/F flag of LLT.dat: not used */
    memcpy(in->m, in->n, sizeof in->m);
    memcpy(in->mb, in->nb, sizeof in->mb);
    return 0;
}

static void report_header(const struct tester_prec *prec,
                          const char *provider)
{
    (void)provider;
    printf("resid1 = ||A - LL'||_1 / (||A||_1 N eps) (U'U for UPLO U), "
           "resid2 = ||Ax - b||_inf / (||A||_inf ||x||_inf N eps)\n"
           "with the reference P%cPOTRS; rows showing K=k are non-SPD "
           "cases that expect INFO = k everywhere.\n",
           prec->upper);
    if (prec->complex_)
        printf("' is the conjugate transpose, and the factor's diagonal "
               "must be real.\n"
               "Rows marked 'Im diag' have imaginary parts on the input's "
               "diagonal, which P%cPOTRF\n"
               "ignores: cmp = max |L - L_ref| / (max |L_ref| N eps) against "
               "the reference P%cPOTRF.\n"
               "Rows showing NaN@k have a NaN on diagonal entry k: INFO must "
               "be k (ref= is the\n"
               "reference's INFO; it tests only AJJ <= 0).\n",
               prec->upper, prec->upper);
}

/* Only the special cases on a NaN pivot or an imaginary diagonal run the
 * reference. */
static void finish_case(struct tester_case *c)
{
    if (c->special != LLT_IMAG_DIAG && c->special != LLT_NAN_PIVOT)
        c->reference = NULL;
}

/* The special cases of a grid and UPLO letter, on the largest N of the
 * input (at most 200), the first NB and the last offset set: E = 0, in
 * every precision, a bad pivot (-N) two thirds down the diagonal; in
 * complex precisions, E = 1, imaginary parts on the input's diagonal (the
 * factor compared with the reference P?POTRF's), and E = 2, a NaN two
 * thirds down the diagonal (the reference's INFO shown beside). */
static int special_case(const struct tester_input *in,
                        const struct tester_prec *prec, int v, int e, int p,
                        int q, struct tester_case *c)
{
    static const int specials[] = { LLT_NOT_SPD, LLT_IMAG_DIAG,
                                    LLT_NAN_PIVOT };
    int n = 0;
    if (e >= (prec->complex_ ? 3 : 1))
        return 0;
    for (int i = 0; i < in->nsizes; i++)
        if (in->n[i] > n)
            n = in->n[i] > 200 ? 200 : in->n[i];
    if (n < 1 || in->nblocks < 1 ||
        !tester_case_init(c, &tester_llt, in, n, n, in->nb[0], in->nb[0],
                          &in->offsets[in->noffsets - 1], in->variants[v],
                          p, q))
        return 0;
    c->special = specials[e];
    if (c->special != LLT_IMAG_DIAG)
        c->expected_info = n - n / 3;
    return 1;
}

/* Not computed, and not judged, for a case where INFO > 0 is
 * expected. */
static int residuals_ok(const struct tester_case *c,
                        const struct tester_outcome *o)
{
    if (c->special == LLT_NOT_SPD || c->special == LLT_NAN_PIVOT)
        return 1;
    return tester_residual_ok(o->resid[LLT_RESID_FACTOR], c->thresh) &&
           tester_residual_ok(o->resid[LLT_RESID_SOLVE], c->thresh) &&
           (c->special != LLT_IMAG_DIAG ||
            tester_residual_ok(o->resid[LLT_RESID_CMP], c->thresh));
}

static void report_results(const struct tester_case *c,
                           const struct tester_outcome *o)
{
    const char *verdict = o->passed ? "PASSED" : "FAILED";
    char want[32], got[32];
    snprintf(got, sizeof got, "INFO=%d", o->info_max);
    if (c->special == LLT_NOT_SPD || c->special == LLT_NAN_PIVOT) {
        if (c->special == LLT_NOT_SPD)
            snprintf(want, sizeof want, "K=%d", c->expected_info);
        else
            snprintf(want, sizeof want, "NaN@%d", c->expected_info);
        printf("%10s %10s %s", want, got, verdict);
        if (c->special == LLT_NAN_PIVOT)
            printf("  ref=%d", c->ref_info);
    } else if (!o->info_ok) { /* the residuals were not computed */
        printf("%10s %10s %s", "-", "-", verdict);
    } else {
        printf("%10.2e %10.2e %s", o->resid[LLT_RESID_FACTOR],
               o->resid[LLT_RESID_SOLVE], verdict);
    }
    if (c->special == LLT_IMAG_DIAG)
        printf("  Im diag: cmp %.2e, ref INFO=%d", o->resid[LLT_RESID_CMP],
               c->ref_info);
    printf("\n");
    if (!o->passed)
        tester_report_reasons(o, c->expected_info,
                              "the factor's diagonal has entries with a "
                              "nonzero imaginary part",
                              "around the local arrays or in the LLD "
                              "padding rows",
                              c->variant == 'L'
                                  ? "entries outside the lower triangle of "
                                    "sub(A) changed"
                                  : "entries outside the upper triangle of "
                                    "sub(A) changed");
}

const struct tester_routine tester_llt = {
    .prog = "xllt", .name = "llt", .routine = "POTRF",
    .default_input = default_input, .read_section = read_section,
    .offsets_in_blocks = 1, .reference = "potrf", .reference_in_complex = 1,
    .finish_case = finish_case, .make_extra = special_case,
    .run = TESTER_BY_PREC(llt_run), .residuals_ok = residuals_ok,
    .report_header = report_header,
    .heads = "     N   NB   P   Q    IA    JA RSRC CSRC UPLO       TIME"
             "     resid1     resid2 CHECK",
    .report_results = report_results,
};
