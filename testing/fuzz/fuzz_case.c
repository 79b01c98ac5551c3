/* One random case of the differential fuzzer, from a seed and a case
 * number: a valid call of the routine under test (small sizes, so that
 * every local array fits in ARGS_CAP elements and the reference's 32-bit
 * arithmetic stays well defined), then, in about half the cases, one or
 * two fields set to an invalid or inconsistent value (on every process,
 * or on the grid's last one only), and in a quarter NaN or infinite
 * entries inside or outside sub(A).  Every process draws the same
 * numbers in the same order, so that the case is the same everywhere and
 * "-seed S -case K" repeats it. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzz.h"

int fuzz_known;

/* SplitMix64: small, and the same stream on every machine. */
struct rng {
    uint64_t s;
};

static uint64_t next(struct rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform in [lo, hi] (hi >= lo). */
static int draw(struct rng *r, int lo, int hi)
{
    return lo + (int)(next(r) % (uint64_t)(hi - lo + 1));
}

static int chance(struct rng *r, int percent)
{
    return draw(r, 0, 99) < percent;
}

static int max_int(int a, int b)
{
    return a > b ? a : b;
}

/* The fields a perturbation may change; a routine skips those it lacks
 * (M for P?POTRF, UPLO but for P?POTRF, LWORK but for P?GEQRF). */
enum field { F_DTYPE, F_CTXT, F_M, F_N, F_IA, F_JA, F_MA, F_NA, F_MB, F_NB,
             F_RSRC, F_CSRC, F_LLD, F_UPLO, F_LWORK, F_NFIELDS };
static const char *const field_name[F_NFIELDS] = {
    "DTYPE", "CTXT", "M", "N", "IA", "JA", "M_A", "N_A", "MB", "NB", "RSRC",
    "CSRC", "LLD", "UPLO", "LWORK"
};

struct perturbation {
    enum field field;
    int variant;   /* 0..3: which bad value */
    int one;       /* 1: on the grid's last process only */
};

/* Applies p where it belongs on process g; the descriptor fields and the
 * sizes come before LLD and LWORK are computed (LLD follows the new
 * layout), LLD, UPLO and LWORK after (late = 1). */
static void perturb(struct args_call *c, const struct args_grid *g,
                    const struct perturbation *p, int late)
{
    int *d = c->desc, v = p->variant;
    int is_late = p->field == F_LLD || p->field == F_UPLO
                  || p->field == F_LWORK;

    if (is_late != late || (p->one && !(g->in && args_is_last(g))))
        return;
    switch (p->field) {
    case F_DTYPE: d[D_DTYPE] = (const int[]){ 0, 2, -1, 1000 }[v]; break;
    case F_CTXT:
        /* never on one process alone: the others would wait for it in
         * the reference's PCHK1MAT */
        d[D_CTXT] = v < 2 ? args_exited_ctxt : -1;
        c->fill = 0;
        break;
    case F_M:
        c->m = (const int[]){ -1, d[D_M] - c->ia + 2, c->m + 1, 0 }[v];
        break;
    case F_N:
        c->n = (const int[]){ -1, d[D_N] - c->ja + 2, c->n + 1, 0 }[v];
        break;
    case F_IA: c->ia = (const int[]){ 0, -1, d[D_M] + 1, c->ia + 1 }[v]; break;
    case F_JA: c->ja = (const int[]){ 0, -1, d[D_N] + 1, c->ja + 1 }[v]; break;
    case F_MA:
        d[D_M] = (const int[]){ 0, -1, c->ia + c->m - 2, d[D_M] + 1 }[v];
        break;
    case F_NA:
        d[D_N] = (const int[]){ 0, -1, c->ja + c->n - 2, d[D_N] + 1 }[v];
        break;
    case F_MB:
        d[D_MB] = (const int[]){ 0, -1, d[D_MB] + 1,
                                 max_int(1, d[D_MB] - 1) }[v];
        break;
    case F_NB:
        d[D_NB] = (const int[]){ 0, -1, d[D_NB] + 1,
                                 max_int(1, d[D_NB] - 1) }[v];
        break;
    case F_RSRC:
        d[D_RSRC] = (const int[]){ -1, g->nprow, g->nprow + 3,
                                   g->nprow > 0 ? (d[D_RSRC] + 1) % g->nprow
                                                : 0 }[v];
        break;
    case F_CSRC:
        d[D_CSRC] = (const int[]){ -1, g->npcol, g->npcol + 3,
                                   g->npcol > 0 ? (d[D_CSRC] + 1) % g->npcol
                                                : 0 }[v];
        break;
    case F_LLD:
        d[D_LLD] = (const int[]){ 0, d[D_LLD] - 1, -1, d[D_LLD] + 1 }[v];
        break;
    case F_UPLO: c->uplo = "X uL"[v]; break;
    case F_LWORK:
        c->lwork = (const int[]){ c->lwork - 1, 0, -2, -1 }[v];
        break;
    case F_NFIELDS: break;
    }
}

void fuzz_case(unsigned long seed, long k, int ngrids, struct fuzz_pick *pick,
               struct args_call *c, const struct args_grid *g, char *what,
               size_t what_len)
{
    const char *name = args_routine.name;
    int llt = strcmp(name, "potrf") == 0, qr = strcmp(name, "geqrf") == 0;
    int lu = !llt && !qr;
    struct rng r = { (uint64_t)seed * 0xD1B54A32D192ED03u + (uint64_t)k };
    struct perturbation pert[2];
    int mb, nb, m, n, ia, ja, m_a, n_a, rsrc, csrc, lld_extra, lwork_mode,
        lwork_extra, npert, i;
    char uplo;

    (void)next(&r);
    pick->prec = draw(&r, 0, ARGS_NPREC - 1);
    pick->grid = draw(&r, 0, ngrids - 1);
    if (c == NULL)
        return;

    /* The valid call. */
    mb = draw(&r, 1, 8);
    nb = qr && chance(&r, 30) ? draw(&r, 1, 8) : mb;
    n = chance(&r, 8) ? 0 : draw(&r, 1, chance(&r, 50) ? 6 : 20);
    m = llt ? n : chance(&r, 8) ? 0 : draw(&r, 1, chance(&r, 50) ? 6 : 20);
    /* P?POTRF and P?GETRF start sub(A) on a block boundary */
    ia = qr ? draw(&r, 1, 20) : 1 + mb * draw(&r, 0, 3);
    ja = qr ? draw(&r, 1, 20) : 1 + nb * draw(&r, 0, 3);
    m_a = ia + m - 1 + draw(&r, 0, 6);
    n_a = ja + n - 1 + draw(&r, 0, 6);
    rsrc = draw(&r, 0, g->nprow - 1);
    csrc = draw(&r, 0, g->npcol - 1);
    lld_extra = chance(&r, 70) ? 0 : draw(&r, 1, 4);
    uplo = "ULul"[draw(&r, 0, 3)];
    lwork_mode = draw(&r, 0, 9);
    lwork_extra = draw(&r, 1, 40);

    memset(c, 0, sizeof *c);
    c->desc[D_DTYPE] = 1;
    c->desc[D_CTXT] = g->ctxt;
    c->desc[D_M] = m_a;
    c->desc[D_N] = n_a;
    c->desc[D_MB] = mb;
    c->desc[D_NB] = nb;
    c->desc[D_RSRC] = rsrc;
    c->desc[D_CSRC] = csrc;
    c->fill = 1;
    c->m = m;   /* P?POTRF: sub(A) is N x N (args_fill reads M) */
    c->n = n;
    c->ia = ia;
    c->ja = ja;
    c->uplo = uplo;
    c->spd_fail = llt && chance(&r, 12) ? draw(&r, 1, max_int(n, 1)) : 0;
    c->zero_col = lu && chance(&r, 10) ? draw(&r, 1, max_int(n, 1)) : 0;

    /* Entries that are not numbers: in sub(A), a whole column of it, or
     * anywhere in A (i = 0 there reads as the whole column). */
    if (chance(&r, 25)) {
        int count = draw(&r, 1, 2);
        for (i = 0; i < count; i++) {
            double value = (const double[]){ NAN, INFINITY, -INFINITY }
                               [draw(&r, 0, 2)];
            int where = draw(&r, 0, 9);
            int si = draw(&r, 1, max_int(m, 1)), sj = draw(&r, 1, max_int(n, 1));
            int gi = draw(&r, 0, max_int(m_a, 1) - 1);
            int gj = draw(&r, 0, max_int(n_a, 1) - 1);
            if (where == 6) {
                si = 0;
            } else if (where > 6) {
                si = gi - ia + 2;
                sj = gj - ja + 2;
            }
            /* P?POTRF: an infinite pivot scales its column by 1/inf = 0,
             * and inf * 0 below it is NaN in one BLAS (the reference's
             * P?TRSM across a block boundary: INFO = the next pivot) and 0
             * in another (OpenBLAS's ?scal with a zero factor, inside a
             * block or one of hetscal's tiles: INFO = 0); no contract
             * says which (seed 41 case 370 of fuzz_potrf before this
             * rule), so a pivot that is +inf is made -inf (INFO = its
             * index everywhere).  With N = 1 also under -known: an
             * infinite 1 x 1 factor equals its input, and the driver
             * would take the unchanged A for a broken test. */
            if (llt && value > 0 && (si == 0 || si == sj)
                && (!fuzz_known || n == 1))
                value = -INFINITY;
            c->special[c->nspecial].i = si;
            c->special[c->nspecial].j = sj;
            c->special[c->nspecial++].value = value;
        }
    }


    npert = draw(&r, 0, 99);
    npert = npert < 50 ? 0 : npert < 85 ? 1 : 2;
    for (i = 0; i < npert; i++) {
        pert[i].field = (enum field)draw(&r, 0, F_NFIELDS - 1);
        pert[i].variant = draw(&r, 0, 3);
        pert[i].one = pert[i].field != F_CTXT && chance(&r, 25);
        if ((pert[i].field == F_M && llt) || (pert[i].field == F_UPLO && !llt)
            || (pert[i].field == F_LWORK && !qr))
            pert[i].field = F_NFIELDS;   /* not this routine's: none */
    }

    for (i = 0; i < npert; i++)
        if (pert[i].field != F_NFIELDS)
            perturb(c, g, &pert[i], 0);
    if (llt)
        c->m = c->n;
    args_set_lld(c, g);
    c->desc[D_LLD] += lld_extra;
    args_refresh(c, g);   /* P?GEQRF: LWORK = this process's LWMIN */
    if (qr && lwork_mode >= 8)
        c->lwork = -1;
    else if (qr && lwork_mode >= 6)
        c->lwork += lwork_extra;
    for (i = 0; i < npert; i++)
        if (pert[i].field != F_NFIELDS)
            perturb(c, g, &pert[i], 1);

    if (what != NULL) {
        size_t len = (size_t)snprintf(
            what, what_len, "p%c%s %s M=%d N=%d IA=%d JA=%d desc=(%d,%d,%d,%d,"
            "%d,%d,%d,%d,%d)", args_precisions[pick->prec].letter, name,
            g->name, c->m, c->n, c->ia, c->ja, c->desc[D_DTYPE],
            c->desc[D_CTXT], c->desc[D_M], c->desc[D_N], c->desc[D_MB],
            c->desc[D_NB], c->desc[D_RSRC], c->desc[D_CSRC], c->desc[D_LLD]);
        if (llt && len < what_len)
            len += (size_t)snprintf(what + len, what_len - len,
                                    " UPLO=%c spd_fail=%d", c->uplo,
                                    c->spd_fail);
        if (qr && len < what_len)
            len += (size_t)snprintf(what + len, what_len - len, " LWORK=%d",
                                    c->lwork);
        if (lu && len < what_len)
            len += (size_t)snprintf(what + len, what_len - len,
                                    " zero_col=%d", c->zero_col);
        for (i = 0; i < c->nspecial && len < what_len; i++)
            len += (size_t)snprintf(what + len, what_len - len,
                                    " %g@(%d,%d)", c->special[i].value,
                                    c->special[i].i, c->special[i].j);
        for (i = 0; i < npert && len < what_len; i++)
            if (pert[i].field != F_NFIELDS)
                len += (size_t)snprintf(what + len, what_len - len,
                                        " bad %s#%d%s",
                                        field_name[pert[i].field],
                                        pert[i].variant,
                                        pert[i].one ? " on the last process"
                                                    : "");
    }
}
