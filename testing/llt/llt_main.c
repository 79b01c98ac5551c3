/* xllt: a ScaLAPACK-style tester of P?POTRF.  Usage: xllt [-precision
 * s,d,c,z] [FILE], FILE in LLT.dat format, possibly several sections (the
 * built-in input without one); PDPOTRF alone without -precision.  Exit
 * status: the number of failed cases (at most 255), the same on every
 * rank; 0 means success.  The frame (command line, input, loop, summary)
 * is testing/tester/frame.c's; this file holds P?POTRF's cases. */
#include "config.h"

#include <string.h>

#include "llt_case.h"

/* The precision being run, and its reference P?POTRF for the complex
 * special cases (NULL in real precisions). */
static const struct tester_prec *prec;
static tester_fn *reference;

static void init_case(struct llt_case *c, const struct llt_input *in, int p,
                      int q, int n, int nb, const struct dat_offset *off,
                      char uplo)
{
    memset(c, 0, sizeof *c);
    c->prec = prec;
    c->n = n;
    c->nb = nb;
    c->p = p;
    c->q = q;
    c->ia = 1 + off->ioff * nb;
    c->ja = 1 + off->joff * nb;
    c->rsrc = off->rsrc % p;
    c->csrc = off->csrc % q;
    c->uplo = uplo;
    c->rhs = &in->rhs;
    c->thresh = in->common.thresh;
}

static int legal_case(const struct llt_input *in, int n, int nb)
{
    return n >= 0 && nb >= 1 && tester_rhs_legal(&in->rhs);
}

/* Case (N number i, NB number j, offset set k, UPLO letter v). */
static int make_case(const void *section, int i, int j, int k, int v, int p,
                     int q, void *c)
{
    const struct llt_input *in = section;
    if (!legal_case(in, in->n[i], in->nb[j]))
        return 0;
    init_case(c, in, p, q, in->n[i], in->nb[j], &in->common.offsets[k],
              in->uplos[v]);
    return 1;
}

/* The special cases of a grid and UPLO letter, on the largest N of the
 * input (at most 200), the first NB and the last offset set: E = 0, in
 * every precision, a bad pivot (-N) two thirds down the diagonal; in
 * complex precisions, E = 1, imaginary parts on the input's diagonal (the
 * factor compared with the reference P?POTRF's), and E = 2, a NaN two
 * thirds down the diagonal (the reference's INFO shown beside). */
static int special_case(const void *section, int v, int e, int p, int q,
                        void *c)
{
    static const int specials[] = { LLT_NOT_SPD, LLT_IMAG_DIAG,
                                    LLT_NAN_PIVOT };
    const struct llt_input *in = section;
    struct llt_case *lc = c;
    int n = 0;
    if (e >= (prec->complex_ ? 3 : 1))
        return 0;
    for (int i = 0; i < in->common.nsizes; i++)
        if (in->n[i] > n)
            n = in->n[i] > 200 ? 200 : in->n[i];
    if (n < 1 || in->common.nblocks < 1 || !legal_case(in, n, in->nb[0]))
        return 0;
    init_case(c, in, p, q, n, in->nb[0],
              &in->common.offsets[in->common.noffsets - 1], in->uplos[v]);
    lc->special = specials[e];
    if (lc->special != LLT_IMAG_DIAG)
        lc->pivot = n - n / 3;
    if (lc->special != LLT_NOT_SPD)
        lc->reference = reference;
    return 1;
}

static void start(int nprocs, const struct tester_prec *p)
{
    prec = p;
    reference = p->complex_ ? tester_reference_routine(p, "potrf", NULL)
                            : NULL;
    llt_report_header(nprocs, p);
}

int main(int argc, char **argv)
{
    const struct tester_routine llt = {
        TESTER_ROUTINE_FIELDS(llt, "xllt", "POTRF"),
        .make_extra = special_case,
    };

    return tester_main(argc, argv, &llt);
}
