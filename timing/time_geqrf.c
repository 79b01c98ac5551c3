/* PDGEQRF in the timer: an M-by-N piece of the tester's well-conditioned
 * matrix, 2MN^2 - 2N^3/3 flops (M >= N; 2NM^2 - 2M^3/3 otherwise), and the
 * residual ||A - QR||_1 / (||A||_1 max(M,N) eps), Q applied to R by the
 * reference PDORMQR, so that hetscal's reflectors and TAU are checked in
 * ScaLAPACK's format. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "llt_checks.h"
#include "time_scalapack.h"

typedef void pdgeqrf_fn(const int *m, const int *n, double *a,
                        const int *ia, const int *ja, const int *desca,
                        double *tau, double *work, const int *lwork,
                        int *info);

struct qr_work {
    double *tau, *work;
    int lwork;
};

static const int one = 1;

static double geqrf_flops(int m, int n)
{
    double big = m > n ? m : n, small = m > n ? n : m;
    return 2.0 * big * small * small - 2.0 * small * small * small / 3.0;
}

/* LWORK = -1: the minimal workspace of this process. */
static int query(pdgeqrf_fn *fn, struct time_run *run)
{
    const int q = -1;
    double w = 0.0, tau = 0.0;
    int info = 0;
    fn(&run->c->m, &run->c->n, run->a.a, &one, &one, run->a.desc, &tau, &w,
       &q, &info);
    return info == 0 ? (int)w : -1;
}

static int geqrf_setup(struct time_run *run)
{
    const struct time_case *c = run->c;
    struct llt_problem pb = { c->m > c->n ? c->m : c->n, 1, 1, 'L', 0, 2024 };
    int ours = query(pdgeqrf_, run), ref = query((pdgeqrf_fn *)run->ref, run);
    struct qr_work *w = calloc(1, sizeof *w);

    run->pb = pb;
    run->extra = w;
    if (w == NULL)
        return -1;
    w->lwork = ours > ref ? ours : ref;
    w->tau = malloc(((size_t)run->a.locc + 1) * sizeof *w->tau);
    w->work = malloc(((size_t)w->lwork + 1) * sizeof *w->work);
    return ours < 0 || ref < 0 || w->tau == NULL || w->work == NULL ? -1 : 0;
}

static void geqrf_fill(struct time_run *run)
{
    llt_problem_fill(&run->pb, LLT_FILL_FULL, &run->a);
}

static int geqrf_call(struct time_run *run, int ours)
{
    struct qr_work *w = run->extra;
    pdgeqrf_fn *fn = ours ? pdgeqrf_ : (pdgeqrf_fn *)run->ref;
    int info = 0;
    fn(&run->c->m, &run->c->n, run->a.a, &one, &one, run->a.desc, w->tau,
       w->work, &w->lwork, &info);
    return info;
}

/* R from the factor, times Q (PDORMQR), minus A. */
static double qr_residual(struct time_run *run, struct llt_dist *a0,
                          struct llt_dist *qr)
{
    const struct time_case *c = run->c;
    const double zero_d = 0.0, one_d = 1.0, minus_one_d = -1.0;
    struct qr_work *w = run->extra;
    int k = c->m < c->n ? c->m : c->n, info = 0, q = -1, lwork;
    double wq = 0.0, *work, norm_a, norm_r, resid = -1.0;

    pdlaset_("A", &c->m, &c->n, &zero_d, &zero_d, qr->a, &one, &one,
             qr->desc, 1);
    pdlacpy_("U", &c->m, &c->n, run->a.a, &one, &one, run->a.desc, qr->a,
             &one, &one, qr->desc, 1);
    pdormqr_("L", "N", &c->m, &c->n, &k, run->a.a, &one, &one, run->a.desc,
             w->tau, qr->a, &one, &one, qr->desc, &wq, &q, &info, 1, 1);
    lwork = (int)wq;
    work = malloc(((size_t)lwork + llt_dist_norm_work(a0) + 1) * sizeof *work);
    if (info != 0 || work == NULL) {
        free(work);
        return -1.0;
    }
    pdormqr_("L", "N", &c->m, &c->n, &k, run->a.a, &one, &one, run->a.desc,
             w->tau, qr->a, &one, &one, qr->desc, work, &lwork, &info, 1, 1);
    pdgeadd_("N", &c->m, &c->n, &minus_one_d, a0->a, &one, &one, a0->desc,
             &one_d, qr->a, &one, &one, qr->desc, 1);
    norm_a = pdlange_("1", &c->m, &c->n, a0->a, &one, &one, a0->desc, work, 1);
    norm_r = pdlange_("1", &c->m, &c->n, qr->a, &one, &one, qr->desc, work, 1);
    if (info == 0)
        resid = norm_r / (norm_a * run->pb.n * llt_eps());
    free(work);
    return resid;
}

static double geqrf_residual(struct time_run *run)
{
    struct llt_dist a0, qr;
    const int *d = run->a.desc;
    double resid = NAN;
    if (llt_dist_create(&a0, d[CTXT_], d[M_], d[N_], d[MB_], d[NB_],
                        d[RSRC_], d[CSRC_]) != 0)
        return resid;
    if (llt_dist_create(&qr, d[CTXT_], d[M_], d[N_], d[MB_], d[NB_],
                        d[RSRC_], d[CSRC_]) == 0) {
        llt_problem_fill(&run->pb, LLT_FILL_FULL, &a0);
        resid = qr_residual(run, &a0, &qr);
        llt_dist_destroy(&qr);
    }
    llt_dist_destroy(&a0);
    return resid;
}

static void geqrf_teardown(struct time_run *run)
{
    struct qr_work *w = run->extra;
    if (w != NULL) {
        free(w->tau);
        free(w->work);
        free(w);
    }
    run->extra = NULL;
}

const struct time_routine time_geqrf = {
    "GEQRF", "PDGEQRF", "pdgeqrf_", (time_fn *)pdgeqrf_,
    "2MN^2 - 2N^3/3 (M >= N)", "||A - QR||_1 / (||A||_1 max(M,N) eps)",
    geqrf_flops, geqrf_setup, geqrf_fill, geqrf_call, geqrf_residual,
    geqrf_teardown
};
