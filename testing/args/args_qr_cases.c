/* The cases of args_pdgeqrf: each builds one PDGEQRF call from the base
 * call (qr_base: LWORK = LWMIN exactly) and returns the INFO that
 * SCALAPACK_CONTRACT.md gives for it.  Names: valid_* factor, query/m0/n0
 * leave A alone, bad_* one bad argument, prec_* two errors at once,
 * incon_* arguments that differ between the processes of the grid. */
#include "config.h"

#include <stddef.h>

#include "args_qr.h"

int qr_exited_ctxt = -1;

static int is_last(const struct args_grid *g)
{
    return g->myrow == g->nprow - 1 && g->mycol == g->npcol - 1;
}

static int is_root(const struct args_grid *g)
{
    return g->myrow == 0 && g->mycol == 0;
}

static int multi(const struct args_grid *g)
{
    return g->nprow * g->npcol > 1;
}


/* ---- valid calls: INFO = 0, the factor, TAU and WORK(1) are compared ---- */


static int valid_base(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    return 0;
}

static int valid_lwork_big(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->lwork += 37;
    return 0;
}

static int valid_aligned(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->ia = c->ja = 3;
    c->lwork = qr_lwmin(c, g);
    return 0;
}

static int valid_tall(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->m = 10;
    c->n = 3;
    c->ia = 2;
    c->ja = 5;
    c->lwork = qr_lwmin(c, g);
    return 0;
}

/* M < N: Q^T also reaches the columns after the K-th. */

static int valid_wide(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->m = 3;
    c->n = 9;
    c->ia = 5;
    c->ja = 2;
    c->lwork = qr_lwmin(c, g);
    return 0;
}

/* One row: every reflector acts on one row, TAU = 0. */

static int valid_m1(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->m = 1;
    c->n = 5;
    c->ia = 6;
    c->ja = 3;
    c->lwork = qr_lwmin(c, g);
    return 0;
}

static int valid_n1(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->m = 7;
    c->n = 1;
    c->ia = 2;
    c->ja = 4;
    c->lwork = qr_lwmin(c, g);
    return 0;
}

static int valid_whole(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->m = 13;
    c->n = 11;
    c->ia = c->ja = 1;
    c->lwork = qr_lwmin(c, g);
    return 0;
}

static int valid_mb3_nb2(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_MB] = 3;
    qr_set_lld(c, g);
    c->lwork = qr_lwmin(c, g);
    return 0;
}

static int valid_mb1_nb4(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_MB] = 1;
    c->desc[D_NB] = 4;
    qr_set_lld(c, g);
    c->lwork = qr_lwmin(c, g);
    return 0;
}

static int valid_src_last(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_RSRC] = g->nprow - 1;
    c->desc[D_CSRC] = g->npcol - 1;
    qr_set_lld(c, g);
    c->lwork = qr_lwmin(c, g);
    return 0;
}

static int valid_lld_larger(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_LLD] += 3;
    return 0;
}

/* LLD < LOCr(M_) is legal where the process holds no column of A. */

static int valid_lld_small_no_cols(struct qr_call *c, const struct args_grid *g)
{
    if (g->npcol < 2)
        return ARGS_SKIP;
    qr_base(c, g);
    c->desc[D_M] = c->desc[D_N] = 2;
    c->m = c->n = 2;
    c->ia = c->ja = 1;
    qr_set_lld(c, g);
    if (g->mycol != 0)
        c->desc[D_LLD] = 1;   /* LOCr = 2 on row 0, LOCc = 0 */
    c->lwork = qr_lwmin(c, g);
    return 0;
}

/* ---- calls that must leave A and TAU alone: query, M = 0, N = 0 ---- */


static int query(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->lwork = -1;
    return 0;
}

static int query_m0(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->m = 0;
    c->lwork = -1;
    return 0;
}

static int m0(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->m = 0;
    c->lwork = qr_lwmin(c, g);
    return 0;
}

static int n0(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->n = 0;
    c->lwork = qr_lwmin(c, g);
    return 0;
}

static int m0_ia_beyond(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->m = 0;
    c->ia = 20;
    c->lwork = qr_lwmin(c, g);
    return 0;
}

static int m0_empty_matrix(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->m = c->n = 0;
    c->desc[D_M] = c->desc[D_N] = 0;
    c->ia = c->ja = 1;
    qr_set_lld(c, g);
    c->lwork = qr_lwmin(c, g);
    return 0;
}

/* LWORK is checked before the quick return. */

static int m0_lwork_short(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->m = 0;
    c->lwork = qr_lwmin(c, g) - 1;
    return -9;
}

static int m0_m_desc_neg(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->m = 0;
    c->desc[D_M] = -1;
    return -603;
}

static int n0_n_desc_neg(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->n = 0;
    c->desc[D_N] = -1;
    return -604;
}

/* ---- one bad argument ---- */


static int bad_ctxt_invalid(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_CTXT] = -1;
    c->fill = 0;
    return -602;
}

static int bad_ctxt_huge(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_CTXT] = 1 << 29;
    c->fill = 0;
    return -602;
}

static int bad_ctxt_exited(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_CTXT] = qr_exited_ctxt;
    c->fill = 0;
    return -602;
}

/* Meaningful only where some processes are outside the grid: they get
 * -602, the others factor. */

static int outside_grid(struct qr_call *c, const struct args_grid *g)
{
    if (g->world_size <= g->nprow * g->npcol)
        return ARGS_SKIP;
    qr_base(c, g);
    return 0;
}

static int bad_dtype(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_DTYPE] = 2;
    return -601;
}

static int bad_m_neg(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->m = -1;
    return -1;
}

static int bad_n_neg(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->n = -1;
    return -2;
}

static int bad_ia_zero(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->ia = 0;
    return -4;
}

static int bad_ja_zero(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->ja = 0;
    return -5;
}

static int bad_mb_zero(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_MB] = 0;
    return -605;
}

static int bad_nb_zero(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_NB] = 0;
    return -606;
}

static int bad_nb_neg(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_NB] = -2;
    return -606;
}

static int bad_rsrc_high(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_RSRC] = g->nprow;
    return -607;
}

static int bad_rsrc_neg(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_RSRC] = -1;
    return -607;
}

static int bad_csrc_high(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_CSRC] = g->npcol;
    return -608;
}

static int bad_csrc_neg(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_CSRC] = -3;
    return -608;
}

static int bad_lld_zero(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_LLD] = 0;
    return -609;
}

static int bad_lld_small(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    if (c->desc[D_LLD] > 1)
        c->desc[D_LLD]--;
    return -609;
}

static int bad_m_desc_zero(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_M] = 0;
    return -603;
}

static int bad_n_desc_zero(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_N] = 0;
    return -604;
}

static int bad_ia_gt_m(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->ia = 14;
    return -4;
}

static int bad_ja_gt_n(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->ja = 12;
    return -5;
}

static int bad_rows_beyond(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->ia = 7;   /* IA+M-1 = 14 > M_ */
    return -1;
}

static int bad_cols_beyond(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->ja = 7;   /* JA+N-1 = 12 > N_ */
    return -2;
}

/* WORK(1) = LWMIN is written before LWORK is checked. */

static int bad_lwork_short(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->lwork--;
    return -9;
}

static int bad_lwork_zero(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->lwork = 0;
    return -9;
}

static int bad_lwork_minus2(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->lwork = -2;
    return -9;
}

/* A query still reports bad arguments. */

static int query_bad_m(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->lwork = -1;
    c->m = -1;
    return -1;
}

static int query_lld_zero(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->lwork = -1;
    c->desc[D_LLD] = 0;
    return -609;
}

/* ---- two errors at once: CHK1MAT's first chain stops at its first
 * failure, the M_/N_/IA/JA range checks after it are merged with MIN;
 * LWORK is checked only when CHK1MAT passed ---- */


static int prec_rows_cols_beyond(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->ia = 7;
    c->ja = 7;
    return -1;
}

static int prec_dtype_ia_gt_m(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_DTYPE] = 2;
    c->ia = 14;
    return -4;
}

static int prec_dtype_ia_zero(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_DTYPE] = 2;
    c->ia = 0;
    return -601;
}

static int prec_mb_zero_ja_gt_n(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_MB] = 0;
    c->ja = 12;
    return -5;
}

static int prec_m_neg_lwork_zero(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->m = -1;
    c->lwork = 0;
    return -1;
}

static int prec_n_desc_zero_lwork_zero(struct qr_call *c,
                                       const struct args_grid *g)
{
    qr_base(c, g);
    c->desc[D_N] = 0;
    c->lwork = 0;
    return -604;
}

static int prec_m0_dtype_m_desc_neg(struct qr_call *c,
                                    const struct args_grid *g)
{
    qr_base(c, g);
    c->m = 0;
    c->desc[D_DTYPE] = 2;
    c->desc[D_M] = -1;
    return -601;
}

static int prec_n_neg_m_desc_zero(struct qr_call *c, const struct args_grid *g)
{
    qr_base(c, g);
    c->n = -1;
    c->desc[D_M] = 0;
    return -2;
}

/* ---- arguments that differ between processes: PCHK1MAT makes every
 * process of the grid return the same INFO; a mismatch of the query flag
 * (LWORK = -1 or not) has code 9, smaller than every other code ---- */


static int incon_m(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g)) {
        c->m = 7;
        c->lwork = qr_lwmin(c, g);
    }
    return -1;
}

static int incon_n(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g)) {
        c->n = 5;
        c->lwork = qr_lwmin(c, g);
    }
    return -2;
}

static int incon_ia(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g)) {
        c->ia = 3;
        c->lwork = qr_lwmin(c, g);
    }
    return -4;
}

static int incon_ja(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g)) {
        c->ja = 3;
        c->lwork = qr_lwmin(c, g);
    }
    return -5;
}

static int incon_m_desc(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g)) {
        c->desc[D_M] = 14;
        qr_set_lld(c, g);
    }
    return -603;
}

static int incon_mb(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g)) {
        c->desc[D_MB] = 3;
        qr_set_lld(c, g);
        c->lwork = qr_lwmin(c, g);
    }
    return -605;
}

static int incon_nb(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g)) {
        c->desc[D_NB] = 3;
        c->lwork = qr_lwmin(c, g);
    }
    return -606;
}

static int incon_rsrc(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g))
        c->desc[D_RSRC] = g->nprow > 1 ? 1 : 5;
    qr_set_lld(c, g);
    c->lwork = qr_lwmin(c, g);
    return -607;
}

static int incon_csrc(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g))
        c->desc[D_CSRC] = g->npcol > 1 ? 1 : 5;
    c->lwork = qr_lwmin(c, g);
    return -608;
}

static int incon_dtype(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g))
        c->desc[D_DTYPE] = 2;
    return -601;
}

static int incon_query_last(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g))
        c->lwork = -1;
    return -9;
}

static int incon_query_root(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_root(g))
        c->lwork = -1;
    return -9;
}

/* The query flag's code 9 beats the mismatch of M (100). */

static int incon_query_and_m(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_root(g))
        c->lwork = -1;
    if (is_last(g)) {
        c->m = 7;
        c->lwork = qr_lwmin(c, g);
    }
    return -9;
}

static int incon_query_and_dtype(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_root(g))
        c->lwork = -1;
    if (is_last(g))
        c->desc[D_DTYPE] = 2;
    return -9;
}

static int incon_query_and_short(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_root(g))
        c->lwork = -1;
    if (is_last(g))
        c->lwork--;
    return -9;
}

static int incon_lwork_short_last(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g))
        c->lwork--;
    return -9;
}

/* The local LWORK error (900) loses to the mismatch of N (200). */

static int incon_lwork_short_and_n(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g)) {
        c->n = 5;
        c->lwork = qr_lwmin(c, g) - 1;
    }
    return -2;
}

/* LWORK is local: different values >= LWMIN are fine. */

static int incon_lwork_differ(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g))
        c->lwork += 50;
    return 0;
}

static int incon_lld_valid(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g))
        c->desc[D_LLD] += 5;
    return 0;
}

static int incon_lld_bad(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_last(g))
        c->desc[D_LLD] = 0;
    return -609;
}

/* The root's own error (601) loses to the mismatch it causes (200). */

static int incon_n_and_dtype(struct qr_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    qr_base(c, g);
    if (is_root(g))
        c->desc[D_DTYPE] = 2;
    if (is_last(g)) {
        c->n = 5;
        c->lwork = qr_lwmin(c, g);
    }
    return -2;
}

const struct qr_case qr_cases[] = {
    { "valid_base", QR_VALID, valid_base },
    { "valid_lwork_big", QR_VALID, valid_lwork_big },
    { "valid_aligned", QR_VALID, valid_aligned },
    { "valid_tall", QR_VALID, valid_tall },
    { "valid_wide", QR_VALID, valid_wide },
    { "valid_m1", QR_VALID, valid_m1 },
    { "valid_n1", QR_VALID, valid_n1 },
    { "valid_whole", QR_VALID, valid_whole },
    { "valid_mb3_nb2", QR_VALID, valid_mb3_nb2 },
    { "valid_mb1_nb4", QR_VALID, valid_mb1_nb4 },
    { "valid_src_last", QR_VALID, valid_src_last },
    { "valid_lld_larger", QR_VALID, valid_lld_larger },
    { "valid_lld_small_no_cols", QR_VALID, valid_lld_small_no_cols },
    { "query", QR_UNTOUCHED, query },
    { "query_m0", QR_UNTOUCHED, query_m0 },
    { "m0", QR_UNTOUCHED, m0 },
    { "n0", QR_UNTOUCHED, n0 },
    { "m0_ia_beyond", QR_UNTOUCHED, m0_ia_beyond },
    { "m0_empty_matrix", QR_UNTOUCHED, m0_empty_matrix },
    { "m0_lwork_short", QR_ERROR, m0_lwork_short },
    { "m0_m_desc_neg", QR_ERROR, m0_m_desc_neg },
    { "n0_n_desc_neg", QR_ERROR, n0_n_desc_neg },
    { "bad_ctxt_invalid", QR_ERROR, bad_ctxt_invalid },
    { "bad_ctxt_huge", QR_ERROR, bad_ctxt_huge },
    { "bad_ctxt_exited", QR_ERROR, bad_ctxt_exited },
    { "outside_grid", QR_VALID, outside_grid },
    { "bad_dtype", QR_ERROR, bad_dtype },
    { "bad_m_neg", QR_ERROR, bad_m_neg },
    { "bad_n_neg", QR_ERROR, bad_n_neg },
    { "bad_ia_zero", QR_ERROR, bad_ia_zero },
    { "bad_ja_zero", QR_ERROR, bad_ja_zero },
    { "bad_mb_zero", QR_ERROR, bad_mb_zero },
    { "bad_nb_zero", QR_ERROR, bad_nb_zero },
    { "bad_nb_neg", QR_ERROR, bad_nb_neg },
    { "bad_rsrc_high", QR_ERROR, bad_rsrc_high },
    { "bad_rsrc_neg", QR_ERROR, bad_rsrc_neg },
    { "bad_csrc_high", QR_ERROR, bad_csrc_high },
    { "bad_csrc_neg", QR_ERROR, bad_csrc_neg },
    { "bad_lld_zero", QR_ERROR, bad_lld_zero },
    { "bad_lld_small", QR_ERROR, bad_lld_small },
    { "bad_m_desc_zero", QR_ERROR, bad_m_desc_zero },
    { "bad_n_desc_zero", QR_ERROR, bad_n_desc_zero },
    { "bad_ia_gt_m", QR_ERROR, bad_ia_gt_m },
    { "bad_ja_gt_n", QR_ERROR, bad_ja_gt_n },
    { "bad_rows_beyond", QR_ERROR, bad_rows_beyond },
    { "bad_cols_beyond", QR_ERROR, bad_cols_beyond },
    { "bad_lwork_short", QR_ERROR, bad_lwork_short },
    { "bad_lwork_zero", QR_ERROR, bad_lwork_zero },
    { "bad_lwork_minus2", QR_ERROR, bad_lwork_minus2 },
    { "query_bad_m", QR_ERROR, query_bad_m },
    { "query_lld_zero", QR_ERROR, query_lld_zero },
    { "prec_rows_cols_beyond", QR_ERROR, prec_rows_cols_beyond },
    { "prec_dtype_ia_gt_m", QR_ERROR, prec_dtype_ia_gt_m },
    { "prec_dtype_ia_zero", QR_ERROR, prec_dtype_ia_zero },
    { "prec_mb_zero_ja_gt_n", QR_ERROR, prec_mb_zero_ja_gt_n },
    { "prec_m_neg_lwork_zero", QR_ERROR, prec_m_neg_lwork_zero },
    { "prec_n_desc_zero_lwork_zero", QR_ERROR, prec_n_desc_zero_lwork_zero },
    { "prec_m0_dtype_m_desc_neg", QR_ERROR, prec_m0_dtype_m_desc_neg },
    { "prec_n_neg_m_desc_zero", QR_ERROR, prec_n_neg_m_desc_zero },
    { "incon_m", QR_ERROR, incon_m },
    { "incon_n", QR_ERROR, incon_n },
    { "incon_ia", QR_ERROR, incon_ia },
    { "incon_ja", QR_ERROR, incon_ja },
    { "incon_m_desc", QR_ERROR, incon_m_desc },
    { "incon_mb", QR_ERROR, incon_mb },
    { "incon_nb", QR_ERROR, incon_nb },
    { "incon_rsrc", QR_ERROR, incon_rsrc },
    { "incon_csrc", QR_ERROR, incon_csrc },
    { "incon_dtype", QR_ERROR, incon_dtype },
    { "incon_query_last", QR_ERROR, incon_query_last },
    { "incon_query_root", QR_ERROR, incon_query_root },
    { "incon_query_and_m", QR_ERROR, incon_query_and_m },
    { "incon_query_and_dtype", QR_ERROR, incon_query_and_dtype },
    { "incon_query_and_short", QR_ERROR, incon_query_and_short },
    { "incon_lwork_short_last", QR_ERROR, incon_lwork_short_last },
    { "incon_lwork_short_and_n", QR_ERROR, incon_lwork_short_and_n },
    { "incon_lwork_differ", QR_VALID, incon_lwork_differ },
    { "incon_lld_valid", QR_VALID, incon_lld_valid },
    { "incon_lld_bad", QR_ERROR, incon_lld_bad },
    { "incon_n_and_dtype", QR_ERROR, incon_n_and_dtype },
};

const size_t qr_ncases = sizeof qr_cases / sizeof qr_cases[0];
