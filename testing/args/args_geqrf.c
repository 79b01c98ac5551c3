/* args_geqrf [-precision s|d|c|z] [GRID...]: calls hetscal's p?geqrf_
 * and the reference ScaLAPACK's with every case of args_desc_cases.c and
 * args_qr_cases.c on every grid given (e.g. 2x2 1x3); both must return the
 * same INFO and WORK(1) on every process, the same INFO on all processes
 * of the grid, make the same PXERBLA calls, leave A and TAU alone on
 * error, on a query and for M = 0 or N = 0, write nothing in WORK past
 * LWORK, and agree on R, V and TAU otherwise.  LWMIN is the same formula,
 * in elements, in all four precisions (a complex WORK(1) holds it in its
 * real part).  This file holds what is P?GEQRF's own (base call, sub(A),
 * LWMIN, test matrix, the call and its checks); the driver is
 * args_driver.c.  Exit status: the number of failed cases. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hetscal.h"
#include "args.h"
#include "args_qr.h"

/* Both sides' entry point (no character argument, so no hidden length):
 * A, TAU and WORK in the precision under test. */
typedef void geqrf_fn HETSCAL_GEQRF_ARGS(void);

/* P?GEQRF's own fields of a report, after the shared ones. */
enum { R_LWMIN = ARGS_R_COMMON, R_WORK1_REF, R_WORK1_HET, R_WORK1_SAME,
       R_TAIL_REF, R_TAIL_HET, R_NONFINITE, R_STRAY_OUTSIDE, R_TAU_STRAY,
       R_NFIELDS };

/* WORK(1) as reported when nobody wrote it. */
#define WORK_UNSET (-77)

static double a_in[ARGS_BUF_DOUBLES], a_ref[ARGS_BUF_DOUBLES],
    a_het[ARGS_BUF_DOUBLES];
static double t_in[ARGS_BUF_DOUBLES], t_ref[ARGS_BUF_DOUBLES],
    t_het[ARGS_BUF_DOUBLES];
static double w_in[ARGS_BUF_DOUBLES], w_ref[ARGS_BUF_DOUBLES],
    w_het[ARGS_BUF_DOUBLES];

static int valid_desc(const struct args_call *c, const struct args_grid *g)
{
    const int *d = c->desc;
    return d[D_MB] > 0 && d[D_NB] > 0 && d[D_RSRC] >= 0 && d[D_RSRC] < g->nprow
           && d[D_CSRC] >= 0 && d[D_CSRC] < g->npcol && c->ia > 0 && c->ja > 0
           && c->m >= 0 && c->n >= 0;
}

/* In Fortran's default integers, as PDGEQRF computes it: where N or M is
 * near 2^31 its sums wrap there, so they wrap here (unsigned arithmetic,
 * without C's undefined behaviour). */
static int fortran_sum(int a, int b)
{
    return (int)((unsigned)a + (unsigned)b);
}

static int fortran_product(int a, int b)
{
    return (int)((unsigned)a * (unsigned)b);
}

int qr_lwmin(const struct args_call *c, const struct args_grid *g)
{
    const int *d = c->desc;
    int iroff, icoff, iarow, iacol, mp0, nq0;

    if (!g->in || !valid_desc(c, g))
        return ARGS_CAP / 2;
    iroff = (c->ia - 1) % d[D_MB];
    icoff = (c->ja - 1) % d[D_NB];
    iarow = (d[D_RSRC] + (c->ia - 1) / d[D_MB]) % g->nprow;
    iacol = (d[D_CSRC] + (c->ja - 1) / d[D_NB]) % g->npcol;
    mp0 = args_numroc(fortran_sum(c->m, iroff), d[D_MB], g->myrow, iarow,
                      g->nprow);
    nq0 = args_numroc(fortran_sum(c->n, icoff), d[D_NB], g->mycol, iacol,
                      g->npcol);
    return fortran_product(d[D_NB],
                           fortran_sum(fortran_sum(mp0, nq0), d[D_NB]));
}

static void refresh(struct args_call *c, const struct args_grid *g)
{
    c->lwork = qr_lwmin(c, g);
}

void qr_sub(struct args_call *c, const struct args_grid *g, int m, int n,
            int ia, int ja)
{
    c->m = m;
    c->n = n;
    c->ia = ia;
    c->ja = ja;
    refresh(c, g);
}

/* 13 x 11 matrix in 2 x 2 blocks, sub(A) = A(4:11, 2:7) (8 x 6, neither
 * corner on a block boundary), LWORK = LWMIN exactly. */
void qr_base(struct args_call *c, const struct args_grid *g)
{
    args_base_desc(c, g, 13, 11);
    qr_sub(c, g, 8, 6, 4, 2);
}

/* Diagonally heavy, nonsymmetric, relative to sub(A)'s corner; complex:
 * an imaginary part of the same size. */
static double matrix_entry(const struct args_call *c, int gi, int gj,
                           int part)
{
    int i = gi - (c->ia - 1), j = gj - (c->ja - 1);
    double v = part == 1 ? cos(0.7 + 0.53 * i * i - 0.29 * j)
                         : sin(1.0 + 0.37 * i + 0.91 * j * j);
    return i == j && part == 0 ? v + 4.0 : v;
}

/* WORK(1) (its real part), or WORK_UNSET when nobody wrote it. */
static int work1(const double *w)
{
    return memcmp(w, w_in, args_elem_size()) == 0
               ? WORK_UNSET : (int)args_real_at(w, 0);
}

/* Whether anything in WORK past LWORK (past WORK(1) when LWORK < 1)
 * changed. */
static int tail_touched(const double *w, int lwork)
{
    size_t from = lwork > 1 ? (size_t)lwork : 1, size = args_elem_size();
    if (from > ARGS_CAP)
        from = ARGS_CAP;
    return memcmp((const char *)w + from * size,
                  (const char *)w_in + from * size,
                  size * (ARGS_CAP - from)) != 0;
}

static void copy_in(double *a, double *t, double *w)
{
    memcpy(a, a_in, sizeof a_in);
    memcpy(t, t_in, sizeof t_in);
    memcpy(w, w_in, sizeof w_in);
}

/* Whether a call changed A, TAU or its arguments. */
static int touched(const double *a, const double *t,
                   const struct args_call *c, const struct args_call *before)
{
    return memcmp(a, a_in, sizeof a_in) != 0
           || memcmp(t, t_in, sizeof t_in) != 0
           || memcmp(c, before, sizeof *c) != 0;
}

/* One side's call (ref: the reference's, else hetscal's) with c on its
 * copies of A, TAU and WORK: its INFO; rep gets what PXERBLA saw and
 * whether the call changed A, TAU or its arguments. */
static int call(int ref, struct args_call *c, const struct args_call *before,
                int *rep)
{
    geqrf_fn *fn = (geqrf_fn *)(ref ? args_reference : args_ours);
    double *a = ref ? a_ref : a_het, *t = ref ? t_ref : t_het;
    double *w = ref ? w_ref : w_het;
    int info = ref ? 11111 : 22222;

    copy_in(a, t, w);
    args_xerbla_start();
    fn(&c->m, &c->n, a, &c->ia, &c->ja, c->desc, t, w, &c->lwork, &info);
    args_xerbla_report(rep + (ref ? R_PX_REF : R_PX_HET));
    rep[ref ? R_REF_TOUCHED : R_HET_TOUCHED] = touched(a, t, c, before);
    return info;
}

static void run(struct args_call *cp, const struct args_grid *g, int *rep)
{
    struct args_call c = *cp, before;
    int info_ref, info_het;
    size_t k, reals = (size_t)ARGS_CAP * (size_t)args_prec->parts;

    args_fill(a_in, &c, g, matrix_entry);
    for (k = 0; k < reals; k++) {
        args_set_real(t_in, k, -5511.0 - 0.01 * (double)k);
        args_set_real(w_in, k, -6611.0 - 0.01 * (double)k);
    }
    if (c.lwork > ARGS_CAP)
        c.lwork = ARGS_CAP;
    before = c;

    info_ref = call(1, &c, &before, rep);
    info_het = call(0, &c, &before, rep);

    rep[R_REF] = info_ref;
    rep[R_HET] = info_het;
    rep[R_SIZE] = 1;   /* a valid case always factors something */
    rep[R_LWMIN] = qr_lwmin(&c, g);
    rep[R_WORK1_REF] = work1(w_ref);
    rep[R_WORK1_HET] = work1(w_het);
    rep[R_WORK1_SAME] = memcmp(w_ref, w_het, args_elem_size()) == 0;
    rep[R_TAIL_REF] = tail_touched(w_ref, c.lwork);
    rep[R_TAIL_HET] = tail_touched(w_het, c.lwork);
    rep[R_FACTOR_BAD] = rep[R_HET_STRAY] = rep[R_TAU_STRAY] = 0;
    args_compare(a_in, a_ref, a_het, args_tol(1e-11), &rep[R_FACTOR_BAD],
                 &rep[R_HET_STRAY]);
    args_compare(t_in, t_ref, t_het, args_tol(1e-11), &rep[R_FACTOR_BAD],
                 &rep[R_TAU_STRAY]);
    rep[R_HET_STRAY] += rep[R_TAU_STRAY];
    rep[R_NONFINITE] = args_special_inside(&c);
    rep[R_STRAY_OUTSIDE] = args_stray_outside(&c, g, c.m, c.n, 'A', a_in,
                                              a_ref, a_het);
}

static void judge(const struct args_case *tc, const int *r, int p,
                  struct args_why *w)
{
    int error_case = r[R_EXPECT] < 0;

    if (!r[R_WORK1_SAME])
        args_why(w, " [rank %d: WORK(1) ref %d hetscal %d (%d = unset; or"
                 " its imaginary part differs)]", p,
                 r[R_WORK1_REF], r[R_WORK1_HET], WORK_UNSET);
    if (r[R_WORK1_REF] != WORK_UNSET && r[R_WORK1_REF] != r[R_LWMIN])
        args_why(w, " [rank %d: reference WORK(1)=%d, contract's LWMIN=%d]",
                 p, r[R_WORK1_REF], r[R_LWMIN]);
    if (r[R_EXPECT] == 0 && r[R_IN] && r[R_WORK1_REF] == WORK_UNSET)
        args_why(w, " [rank %d: the reference left WORK(1) unset]", p);
    if ((error_case || tc->kind != ARGS_VALID) && r[R_REF_TOUCHED])
        args_why(w, " [rank %d: reference changed A, TAU or arguments]", p);
    if ((error_case || tc->kind != ARGS_VALID) && r[R_HET_TOUCHED])
        args_why(w, " [rank %d: hetscal changed A, TAU or arguments]", p);
    if (r[R_TAIL_REF])
        args_why(w, " [rank %d: reference wrote WORK past LWORK]", p);
    if (r[R_TAIL_HET])
        args_why(w, " [rank %d: hetscal wrote WORK past LWORK]", p);
    /* With a NaN or an infinity in sub(A) P?GEQRF has no INFO to give and
     * where the non-numbers spread depends on the order of the
     * operations (a norm's scaling, blocked or tiled updates): the
     * factor and TAU are not compared, but nothing outside sub(A) and
     * TAU's local length may change. */
    if (tc->kind == ARGS_VALID && r[R_FACTOR_BAD] && !r[R_NONFINITE])
        args_why(w, " [rank %d: %d entries of A/TAU differ from the"
                 " reference]", p, r[R_FACTOR_BAD]);
    if (r[R_NONFINITE] ? r[R_STRAY_OUTSIDE] || r[R_TAU_STRAY]
                       : r[R_HET_STRAY])
        args_why(w, " [rank %d: hetscal wrote %d entries the reference left"
                 " alone%s]", p,
                 r[R_NONFINITE] ? r[R_STRAY_OUTSIDE] + r[R_TAU_STRAY]
                                : r[R_HET_STRAY],
                 r[R_NONFINITE] ? " outside sub(A) and TAU" : "");
}

static void print(const int *r)
{
    printf(" WORK(1)=%d", r[R_WORK1_HET]);
}

const struct args_routine args_routine = {
    ARGS_ROUTINE_FIELDS(geqrf, qr),
    .refresh = refresh,
};
