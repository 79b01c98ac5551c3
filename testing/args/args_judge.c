/* How the bad-argument testers judge a case, shared by their driver
 * (args_driver.c) and the differential fuzzer (testing/fuzz): the grids,
 * one case's run on one process, the comparison of two results, and rank
 * 0's verdict on every process's report (INFO against the contract and
 * the reference, the PXERBLA calls, then the routine's own checks). */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "testing/blacs_tools.h"

void args_why(struct args_why *w, const char *fmt, ...)
{
    va_list ap;

    if (w->len < sizeof w->text) {
        va_start(ap, fmt);
        w->len += (size_t)vsnprintf(w->text + w->len, sizeof w->text - w->len,
                                    fmt, ap);
        va_end(ap);
    }
    w->fail = 1;
}

/* Whether element e (of args_prec->parts reals) has a NaN part: a
 * complex NaN is one whichever part the arithmetic made NaN (a BLAS that
 * multiplies (NaN, b) by (1, 0) makes both parts NaN, one that does not
 * keeps b). */
static int elem_nan(const void *buf, size_t e)
{
    for (size_t p = 0; p < (size_t)args_prec->parts; p++)
        if (isnan(args_real_at(buf, e * (size_t)args_prec->parts + p)))
            return 1;
    return 0;
}

/* Whether complex element e is an infinity: one part infinite, the
 * other anything, NaN included (C11 Annex G).  Two infinities agree on a
 * part where either is NaN: a complex product with an infinite factor
 * makes one ((inf, b) times (1, 0) is (inf, NaN) in one BLAS, (inf, b)
 * in another that skips the product). */
static int elem_complex_inf(const void *buf, size_t e)
{
    return args_prec->parts == 2 && (isinf(args_real_at(buf, 2 * e))
                                     || isinf(args_real_at(buf, 2 * e + 1)));
}

/* Whether element e is not finite (a NaN or an infinity in some part).
 * Where the factorization multiplied an infinity by a zero, the BLAS
 * decides between NaN and leaving the infinity: the reference BLAS's ?GER
 * and ?GEMM skip a zero multiplier, some of OpenBLAS's kernels do and
 * others (another CPU's) do not (fuzz_getrf -seed 41 -case 201 on an
 * AVX2 host: the reference's NaN where hetscal's update left +inf). */
static int elem_not_finite(const void *buf, size_t e)
{
    for (size_t p = 0; p < (size_t)args_prec->parts; p++)
        if (!isfinite(args_real_at(buf, e * (size_t)args_prec->parts + p)))
            return 1;
    return 0;
}

void args_compare(const void *in, const void *ref, const void *het,
                  double tol, int *bad, int *stray)
{
    size_t parts = (size_t)args_prec->parts;

    for (size_t e = 0; e < ARGS_CAP; e++) {
        int nan_ref = elem_nan(ref, e), nan_het = elem_nan(het, e);
        int both_inf = elem_complex_inf(ref, e) && elem_complex_inf(het, e);
        int inf_times_zero = (nan_ref || nan_het) && elem_not_finite(ref, e)
                             && elem_not_finite(het, e);
        for (size_t k = e * parts; k < (e + 1) * parts; k++) {
            double x = args_real_at(in, k), r = args_real_at(ref, k);
            double h = args_real_at(het, k);
            if (r == x && h != x)
                (*stray)++;
            else if (!(r == h || (nan_ref && nan_het) || inf_times_zero
                       || (both_inf && (isnan(r) || isnan(h)))
                       || fabs(r - h) <= tol * (1.0 + fabs(r))))
                (*bad)++;
        }
    }
}

void args_make_exited_ctxt(void)
{
    int ctxt, nprow, npcol, me;

    Cblacs_get(-1, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "Row-major", 1, 1);
    args_exited_ctxt = ctxt;
    Cblacs_gridinfo(ctxt, &nprow, &npcol, &me, &me);
    if (nprow > 0)
        Cblacs_gridexit(ctxt);
}

int args_stray_outside(const struct args_call *c, const struct args_grid *g,
                       int m, int n, char tri, const void *in, const void *ref,
                       const void *het)
{
    size_t size = args_elem_size();
    int count = 0, gi, gj;

    for (size_t e = 0; e < ARGS_CAP; e++) {
        const char *x = (const char *)in + e * size;
        if (memcmp((const char *)ref + e * size, x, size) != 0
            || memcmp((const char *)het + e * size, x, size) == 0)
            continue;
        if (args_global_of(c, g, e, &gi, &gj)) {
            int i = gi - (c->ia - 1), j = gj - (c->ja - 1);
            if (i >= 0 && j >= 0 && i < m && j < n
                && (tri == 'L' ? i >= j : tri == 'U' ? i <= j : 1))
                continue;
        }
        count++;
    }
    return count;
}

int args_make_grid(struct args_grid *g, int nprow, int npcol, int world)
{
    if (nprow * npcol > world)
        return 0;
    snprintf(g->name, sizeof g->name, "%dx%d", nprow, npcol);
    Cblacs_get(-1, 0, &g->ctxt);
    Cblacs_gridinit(&g->ctxt, "Row-major", nprow, npcol);
    Cblacs_gridinfo(g->ctxt, &g->nprow, &g->npcol, &g->myrow, &g->mycol);
    g->in = g->nprow > 0 && g->myrow >= 0 && g->myrow < g->nprow
            && g->mycol >= 0 && g->mycol < g->npcol;
    if (!g->in) {
        /* Outside the grid: what a program sees from BLACS there. */
        g->nprow = g->npcol = g->myrow = g->mycol = -1;
    }
    g->world_size = world;
    return 1;
}

void args_run_case(const struct args_case *tc, const struct args_grid *g,
                   int expect, int *rep)
{
    struct args_call c;
    args_fn *reference = args_reference;

    memset(&c, 0, sizeof c);
    (void)tc->setup(&c, g);
    if (c.reference_wraps)
        args_reference = args_ours;
    args_routine.run(&c, g, rep);
    args_reference = reference;
    rep[R_IN] = g->in;
    rep[R_EXPECT] = g->in ? expect : -602;
}

/* PXERBLA: the reference calls it once, with -INFO, exactly when INFO < 0
 * (else the recorder is not in the path and the test is broken); hetscal
 * must make the same calls with the same routine name. */
static void judge_xerbla(const int *r, int p, struct args_why *w)
{
    const int *ref = r + R_PX_REF, *het = r + R_PX_HET;

    if (ref[PX_CALLS] != (r[R_REF] < 0)
        || (ref[PX_CALLS] && (ref[PX_ARG] != -r[R_REF] || !ref[PX_NAMED])))
        args_why(w, " [rank %d: the reference's PXERBLA calls (%d, last"
                 " argument %d, %s) do not match its INFO: test broken]", p,
                 ref[PX_CALLS], ref[PX_ARG],
                 ref[PX_NAMED] ? args_xerbla_name : "another name");
    if (het[PX_CALLS] != ref[PX_CALLS] || het[PX_ARG] != ref[PX_ARG])
        args_why(w, " [rank %d: PXERBLA called %d times (argument %d) by"
                 " hetscal, %d times (argument %d) by the reference]", p,
                 het[PX_CALLS], het[PX_ARG], ref[PX_CALLS], ref[PX_ARG]);
    if (het[PX_CALLS] && !het[PX_NAMED])
        args_why(w, " [rank %d: hetscal's PXERBLA names another routine"
                 " than %s]", p, args_xerbla_name);
}

int args_print_passed = 1;

int args_judge(const struct args_case *tc, const struct args_grid *g,
               const int *all, int world, int reference_wraps)
{
    const int nf = args_routine.nfields;
    struct args_why w;
    int p, first = -1;

    w.text[0] = '\0';
    w.len = 0;
    w.fail = 0;
    /* A valid call on a nonempty matrix must change A somewhere, or the
     * test itself is broken. */
    if (tc->kind == ARGS_VALID) {
        int changed = 0, size = 0;
        for (p = 0; p < world; p++) {
            const int *r = all + p * nf;
            if (r[R_IN]) {
                changed |= r[R_REF_TOUCHED];
                size = r[R_SIZE];
            }
        }
        if (size > 0 && !changed)
            args_why(&w, " [the reference changed nothing: test broken]");
    }
    for (p = 0; p < world; p++) {
        const int *r = all + p * nf;
        if (r[R_IN] && first < 0)
            first = p;
        if (r[R_REF] != r[R_EXPECT] && r[R_EXPECT] != ARGS_AS_REFERENCE)
            args_why(&w, " [rank %d: reference INFO=%d, contract says %d]", p,
                     r[R_REF], r[R_EXPECT]);
        if (r[R_HET] != r[R_REF])
            args_why(&w, " [rank %d: ref INFO=%d hetscal INFO=%d]", p,
                     r[R_REF], r[R_HET]);
        if (first >= 0 && r[R_IN] && r[R_HET] != all[first * nf + R_HET])
            args_why(&w, " [rank %d: hetscal INFO=%d differs from rank %d's]",
                     p, r[R_HET], first);
        judge_xerbla(r, p, &w);
        args_routine.judge(tc, r, p, &w);
    }
    if (first < 0)
        first = 0;
    if (!w.fail && !args_print_passed)
        return 0;
    printf("case %s@%s: ref INFO=%d hetscal INFO=%d", tc->name, g->name,
           all[first * nf + R_REF], all[first * nf + R_HET]);
    if (args_routine.print)
        args_routine.print(all + first * nf);
    if (all[first * nf + R_EXPECT] == ARGS_AS_REFERENCE)
        printf(" (expected: the reference's)");
    else if (world > g->nprow * g->npcol || !all[first * nf + R_IN])
        printf(" (expected %d in the grid, -602 outside)",
               all[first * nf + R_EXPECT]);
    else
        printf(" (expected %d)", all[first * nf + R_EXPECT]);
    if (reference_wraps)
        printf(" (reference not run: its 32-bit checks wrap)");
    printf(" %s%s\n", w.fail ? "FAILED" : "PASSED", w.text);
    fflush(stdout);
    return w.fail;
}
