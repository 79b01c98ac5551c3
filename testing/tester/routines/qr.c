/* P?GEQRF's part of the tester (testing/xqr; see testing/tester/tester.h):
 * its input, QR.dat (ScaLAPACK's xdqr input: only its 'QR' factorization
 * is P?GEQRF's, the others of the list, QL, LQ, RQ, QP, TZ, are read and
 * not run), its built-in input, LWMIN, its verdict and its rows.  The
 * P?GEQRF under test is the one the program is linked with (hetscal's,
 * linked first); every check uses the reference ScaLAPACK, and the
 * reference P?GEQRF itself is taken from its shared library for the
 * comparison.  One case runs in qr_body.h, instantiated here in every
 * precision. */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "qr_problem.h"
#include "testing/tester/checks.h"
#include "testing/tester/tester.h"

/* Rows and columns of A after sub(A): their entries must not change. */
#define QR_PAD 2

/* The residuals of an outcome (testing/tester/outcome.h).  Its info_ok
 * means INFO = 0 on every process, own_ok WORK(1) = LWMIN on every
 * process; damaged_guards counts around A, TAU, WORK and in A's LLD
 * padding, changed_outside in A outside sub(A) and in TAU outside its
 * columns. */
enum {
    QR_RESID_FACTOR,        /* ||A - QR|| / (||A|| max(M,N) eps) */
    QR_RESID_ORTH,          /* ||I - Q^H Q|| / (max(M,N) eps) */
    QR_RESID_LS,            /* P?GELS: solution error / optimality */
    QR_RESID_CMP            /* R, V, TAU against the reference's */
};

/* LWMIN = NB_A * (Mp0 + Nq0 + NB_A) of this process, as the contract
 * states it (SCALAPACK_CONTRACT.md, PDGEQRF 3), in every precision. */
static int lwmin_of(const struct tester_case *c, const struct tester_dist *a)
{
    int iroff = (c->ia - 1) % c->mb, icoff = (c->ja - 1) % c->nb;
    int iarow = (c->rsrc + (c->ia - 1) / c->mb) % a->nprow;
    int iacol = (c->csrc + (c->ja - 1) / c->nb) % a->npcol;
    int mi = c->m + iroff, ni = c->n + icoff;
    int mp0 = numroc_(&mi, &c->mb, &a->myrow, &iarow, &a->nprow);
    int nq0 = numroc_(&ni, &c->nb, &a->mycol, &iacol, &a->npcol);
    return c->nb * (mp0 + nq0 + c->nb);
}

#define TX_BODY "testing/tester/routines/qr_body.h"
#include "testing/tester/tx_instantiate.h"

/* The built-in input: small but covering M < N, M > N, one row, one
 * column, odd sizes, MB != NB, unaligned offsets, shifted and flat grids.
 * Runs in seconds on 4 ranks/2 cores. */
static const char default_input[] =
    TESTER_DAT_HEADER("built-in 1/2: shapes, square and flat grids", "QR.out")
    "1              number of factorizations\n"
    "'QR'           factorizations: only QR is PDGEQRF\n"
    "7              number of problem sizes\n"
    "1 1 9 17 100 64 201      values of M\n"
    "1 7 1 33  37 100 150     values of N\n"
    "2              number of blocking sizes\n"
    "32 16          values of MB\n"
    "32  8          values of NB\n"
    "6              number of process grids (ordered pairs P & Q)\n"
    "1 1 2 2 1 4    values of P\n"
    "1 2 1 2 4 1    values of Q\n"
    "20.0           threshold\n"
    TESTER_DAT_HEADER("built-in 2/2: tiny and unequal blocks, offset sub(A), "
                      "shifted grids", "QR.out")
    "1\n"
    "'QR'\n"
    "4              number of problem sizes\n"
    "13 5 40 60     values of M\n"
    "5 13 40 25     values of N\n"
    "3              number of blocking sizes\n"
    "1 3 2          values of MB\n"
    "1 2 5          values of NB\n"
    "3              number of process grids\n"
    "1 2 1          values of P\n"
    "1 2 3          values of Q\n"
    "20.0           threshold\n"
    "2              number of offset sets\n"
    "0 0 0 0        IOFF JOFF RSRC CSRC: IA = 1 + IOFF, JA = 1 + JOFF\n"
    "3 5 1 1\n";

/* The list of factorizations: the section runs when 'QR' is among them;
 * the others are only named in its title. */
static int read_factorizations(struct dat_reader *r, struct tester_input *in)
{
    char tok[64];
    int count;
    if (dat_read_ints(r, 1, &count, DAT_ANY_INT, "number of factorizations")
        != 0)
        return -1;
    if (count < 1 || count > 16)
        return dat_fail(r, "number of factorizations must be in 1..16");
    in->runs = 0;
    for (int i = 0; i < count; i++) {
        if (dat_next_token(r, tok, sizeof tok) != 0)
            return dat_fail(r, "missing factorization name");
        for (char *c = tok; *c != '\0'; c++)
            *c = (char)toupper((unsigned char)*c);
        if (strcmp(tok, "QR") == 0) {
            in->runs = 1;
        } else if (strlen(in->others) + strlen(tok) + 2 < sizeof in->others) {
            strcat(in->others, in->others[0] ? " " : "");
            strcat(in->others, tok);
        }
    }
    dat_skip_line(r);
    return 0;
}

/* QR.dat's records after its header: the factorizations, M and N, MB and
 * NB, the grids and the threshold; one variant.  Offsets are in entries:
 * sub(A) starts at IA = 1 + ioff, JA = 1 + joff (any position: P?GEQRF
 * needs no alignment). */
static int read_section(struct dat_reader *r, struct tester_input *in)
{
    static const char *const sizes[3] = { "problem sizes", "values of M",
                                          "values of N" };
    static const char *const blocks[3] = { "blocking sizes", "values of MB",
                                           "values of NB" };
    if (read_factorizations(r, in) != 0 ||
        tester_read_pairs(r, &in->nsizes, in->m, in->n, sizes) != 0 ||
        tester_read_pairs(r, &in->nblocks, in->mb, in->nb, blocks) != 0 ||
        tester_read_grids(r, in, "process grids") != 0)
        return -1;
    return dat_read_thresh(r, &in->thresh);
}

static void report_header(const struct tester_prec *prec,
                          const char *provider)
{
    const char u = prec->upper;
    const char *or = prec->complex_ ? "UN" : "OR";
    printf("P%cGEQRF under test (and called by P%cGELS): %s\n"
           "fact = ||A - QR||_1 / (||A||_1 max(M,N) eps) with the reference "
           "P%c%sMQR\n"
           "orth = ||I - Q'Q||_1 / (max(M,N) eps) with the reference "
           "P%c%sGQR\n"
           "ls   = the reference P%cGELS: solution error, optimality "
           "||A'r|| (M >= N) or minimum norm (M < N), scaled the same way\n"
           "cmp  = R, V and TAU against the reference P%cGEQRF's, "
           "max |difference| / (max(M,N) eps)\n"
           "WORK has exactly LWMIN entries; A, TAU and WORK carry guard "
           "zones.\n",
           u, u, provider, u, or, u, or, u, u);
    if (prec->complex_)
        printf("' is the conjugate transpose.\n");
}

static void finish_case(struct tester_case *c)
{
    c->pad = QR_PAD;
}

/* The case's calls of P?GEQRF, the tester's and P?GELS's (M >= N), on
 * every process of the grid. */
static long calls(const struct tester_case *c)
{
    if (c->m > 0 && c->n > 0)
        return (long)c->p * c->q * (c->m >= c->n ? 2 : 1);
    return 0;
}

/* All four residuals. */
static int residuals_ok(const struct tester_case *c,
                        const struct tester_outcome *o)
{
    for (int i = QR_RESID_FACTOR; i <= QR_RESID_CMP; i++)
        if (!tester_residual_ok(o->resid[i], c->thresh))
            return 0;
    return 1;
}

static void report_results(const struct tester_case *c,
                           const struct tester_outcome *o)
{
    const char *verdict = o->passed ? "PASSED" : "FAILED";
    (void)c;
    if (!o->info_ok) /* the residuals were not computed */
        printf("%9s %9s %9s %9s %s\n", "-", "-", "-", "-", verdict);
    else
        printf("%9.2e %9.2e %9.2e %9.2e %s\n", o->resid[QR_RESID_FACTOR],
               o->resid[QR_RESID_ORTH], o->resid[QR_RESID_LS],
               o->resid[QR_RESID_CMP], verdict);
    if (!o->passed)
        tester_report_reasons(o, 0, "WORK(1) is not LWMIN on some process",
                              "around A, TAU or WORK, or in A's LLD "
                              "padding rows",
                              "entries changed outside sub(A) or outside "
                              "TAU's columns");
}

/* The summary line testing/tester/run_qr.sh compares with hetscal's
 * verbose lines, one per precision run. */
static void report_calls(const struct tester_prec *prec, long calls)
{
    printf("P%cGEQRF calls with M, N > 0 (direct and from P%cGELS), summed "
           "over the processes: %ld\n",
           prec->upper, prec->upper, calls);
}

const struct tester_routine tester_qr = {
    .prog = "xqr", .name = "qr", .routine = "GEQRF",
    .default_input = default_input, .read_section = read_section,
    .reference = "geqrf", .finish_case = finish_case,
    .run = TESTER_BY_PREC(qr_run), .residuals_ok = residuals_ok,
    .calls = calls, .report_header = report_header,
    .heads = "    M     N  MB  NB  P  Q   IA   JA RS CS     TIME"
             "      fact      orth        ls       cmp CHECK",
    .report_results = report_results, .report_calls = report_calls,
};
