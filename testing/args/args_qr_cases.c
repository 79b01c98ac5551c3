/* The cases of args_geqrf: each builds one P?GEQRF call (any precision)
 * from the base call (qr_base through args_start: LWORK = LWMIN exactly)
 * and returns the INFO that SCALAPACK_CONTRACT.md gives for it; the cases
 * on the descriptor that P?POTRF shares are in args_desc_cases.c.  Names:
 * valid_* factor, query/m0/n0 leave A alone, bad_* one bad argument,
 * prec_* two errors at once, incon_* arguments that differ between the
 * processes of the grid. */
#include "config.h"

#include <limits.h>
#include <stddef.h>

#include "args.h"
#include "args_qr.h"

/* ---- valid calls: INFO = 0, the factor, TAU and WORK(1) are compared ---- */

static ARGS_CASE(valid_lwork_big, 0, c->lwork += 37)

static ARGS_CASE(valid_aligned, 0,
    c->ia = c->ja = 3;
    c->lwork = qr_lwmin(c, g))

static ARGS_CASE(valid_tall, 0, qr_sub(c, g, 10, 3, 2, 5))

/* M < N: Q^T also reaches the columns after the K-th. */
static ARGS_CASE(valid_wide, 0, qr_sub(c, g, 3, 9, 5, 2))

/* One row: every reflector acts on one row, TAU = 0. */
static ARGS_CASE(valid_m1, 0, qr_sub(c, g, 1, 5, 6, 3))

static ARGS_CASE(valid_n1, 0, qr_sub(c, g, 7, 1, 2, 4))

static ARGS_CASE(valid_whole, 0, qr_sub(c, g, 13, 11, 1, 1))

static ARGS_CASE(valid_mb3_nb2, 0,
    c->desc[D_MB] = 3;
    args_set_lld(c, g);
    c->lwork = qr_lwmin(c, g))

static ARGS_CASE(valid_mb1_nb4, 0,
    c->desc[D_MB] = 1;
    c->desc[D_NB] = 4;
    args_set_lld(c, g);
    c->lwork = qr_lwmin(c, g))

/* ---- calls that must leave A and TAU alone: query, M = 0, N = 0 ---- */

static ARGS_CASE(query, 0, c->lwork = -1)

static ARGS_CASE(query_m0, 0, c->m = 0; c->lwork = -1)

static ARGS_CASE(m0, 0, c->m = 0; c->lwork = qr_lwmin(c, g))

static ARGS_CASE(n0, 0, c->n = 0; c->lwork = qr_lwmin(c, g))

static ARGS_CASE(m0_ia_beyond, 0,
    c->m = 0;
    c->ia = 20;
    c->lwork = qr_lwmin(c, g))

static ARGS_CASE(m0_empty_matrix, 0,
    c->m = c->n = 0;
    c->desc[D_M] = c->desc[D_N] = 0;
    c->ia = c->ja = 1;
    args_set_lld(c, g);
    c->lwork = qr_lwmin(c, g))

/* LWORK is checked before the quick return. */
static ARGS_CASE(m0_lwork_short, -9, c->m = 0; c->lwork = qr_lwmin(c, g) - 1)

static ARGS_CASE(m0_m_desc_neg, -603, c->m = 0; c->desc[D_M] = -1)

/* ---- one bad argument (the descriptor's are in args_desc_cases.c) ---- */

static ARGS_CASE(bad_m_neg, -1, c->m = -1)

static ARGS_CASE(bad_ia_gt_m, -4, c->ia = 14)

static ARGS_CASE(bad_ja_gt_n, -5, c->ja = 12)

/* IA+M-1 = 14 > M_ */
static ARGS_CASE(bad_rows_beyond, -1, c->ia = 7)

/* JA+N-1 = 12 > N_ */
static ARGS_CASE(bad_cols_beyond, -2, c->ja = 7)

/* WORK(1) = LWMIN is written before LWORK is checked. */
static ARGS_CASE(bad_lwork_short, -9, c->lwork--)

static ARGS_CASE(bad_lwork_zero, -9, c->lwork = 0)

static ARGS_CASE(bad_lwork_minus2, -9, c->lwork = -2)

/* A query still reports bad arguments. */
static ARGS_CASE(query_bad_m, -1, c->lwork = -1; c->m = -1)

static ARGS_CASE(query_lld_zero, -609, c->lwork = -1; c->desc[D_LLD] = 0)

/* ---- two errors at once: CHK1MAT's first chain stops at its first
 * failure, the M_/N_/IA/JA range checks after it are merged with MIN;
 * LWORK is checked only when CHK1MAT passed ---- */

static ARGS_CASE(prec_rows_cols_beyond, -1, c->ia = 7; c->ja = 7)

static ARGS_CASE(prec_dtype_ia_gt_m, -4, c->desc[D_DTYPE] = 2; c->ia = 14)

static ARGS_CASE(prec_mb_zero_ja_gt_n, -5, c->desc[D_MB] = 0; c->ja = 12)

static ARGS_CASE(prec_m_neg_lwork_zero, -1, c->m = -1; c->lwork = 0)

static ARGS_CASE(prec_n_desc_zero_lwork_zero, -604,
    c->desc[D_N] = 0;
    c->lwork = 0)

static ARGS_CASE(prec_m0_dtype_m_desc_neg, -601,
    c->m = 0;
    c->desc[D_DTYPE] = 2;
    c->desc[D_M] = -1)

/* ---- arguments that differ between processes: PCHK1MAT makes every
 * process of the grid return the same INFO; a mismatch of the query flag
 * (LWORK = -1 or not) has code 9, smaller than every other code ---- */

static ARGS_MULTI_CASE(incon_m, -1,
    if (args_is_last(g)) { c->m = 7; c->lwork = qr_lwmin(c, g); })

static ARGS_MULTI_CASE(incon_n, -2,
    if (args_is_last(g)) { c->n = 5; c->lwork = qr_lwmin(c, g); })

static ARGS_MULTI_CASE(incon_ia, -4,
    if (args_is_last(g)) { c->ia = 3; c->lwork = qr_lwmin(c, g); })

static ARGS_MULTI_CASE(incon_ja, -5,
    if (args_is_last(g)) { c->ja = 3; c->lwork = qr_lwmin(c, g); })

static ARGS_MULTI_CASE(incon_m_desc, -603,
    if (args_is_last(g)) { c->desc[D_M] = 14; args_set_lld(c, g); })

static int incon_mb(struct args_call *c, const struct args_grid *g)
{
    if (!args_multi(g))
        return ARGS_SKIP;
    args_start(c, g);
    if (args_is_last(g)) {
        c->desc[D_MB] = 3;
        args_set_lld(c, g);
        c->lwork = qr_lwmin(c, g);
    }
    return -605;
}

static ARGS_MULTI_CASE(incon_nb, -606,
    if (args_is_last(g)) { c->desc[D_NB] = 3; c->lwork = qr_lwmin(c, g); })

static ARGS_MULTI_CASE(incon_query_last, -9,
    if (args_is_last(g)) c->lwork = -1)

static ARGS_MULTI_CASE(incon_query_root, -9,
    if (args_is_root(g)) c->lwork = -1)

/* The query flag's code 9 beats the mismatch of M (100). */
static ARGS_MULTI_CASE(incon_query_and_m, -9,
    if (args_is_root(g)) c->lwork = -1;
    if (args_is_last(g)) { c->m = 7; c->lwork = qr_lwmin(c, g); })

static ARGS_MULTI_CASE(incon_query_and_dtype, -9,
    if (args_is_root(g)) c->lwork = -1;
    if (args_is_last(g)) c->desc[D_DTYPE] = 2)

static ARGS_MULTI_CASE(incon_query_and_short, -9,
    if (args_is_root(g)) c->lwork = -1;
    if (args_is_last(g)) c->lwork--)

static ARGS_MULTI_CASE(incon_lwork_short_last, -9,
    if (args_is_last(g)) c->lwork--)

/* The local LWORK error (900) loses to the mismatch of N (200). */
static ARGS_MULTI_CASE(incon_lwork_short_and_n, -2,
    if (args_is_last(g)) { c->n = 5; c->lwork = qr_lwmin(c, g) - 1; })

/* LWORK is local: different values >= LWMIN are fine. */
static ARGS_MULTI_CASE(incon_lwork_differ, 0,
    if (args_is_last(g)) c->lwork += 50)

/* The root's own error (601) loses to the mismatch it causes (200). */
static ARGS_MULTI_CASE(incon_n_and_dtype, -2,
    if (args_is_root(g)) c->desc[D_DTYPE] = 2;
    if (args_is_last(g)) { c->n = 5; c->lwork = qr_lwmin(c, g); })

/* ---- sizes past 2^31 - 1 (issue 41): IA + M - 1 or JA + N - 1 wraps in
 * the reference's INTEGER checks (it is not called); in 64 bits CHK1MAT
 * says -1 or -2 on every process of the grid.  LWORK stays the base
 * call's: LWMIN is only formed once CHK1MAT passed ---- */

static ARGS_CASE(wrap_rows, -1, c->m = INT_MAX; c->ia = 3; c->reference_wraps = 1)

static ARGS_CASE(wrap_cols, -2, c->n = INT_MAX - 1; c->ja = 4; c->reference_wraps = 1)

static ARGS_CASE(wrap_both, -1,
    c->m = c->n = INT_MAX; c->ia = c->ja = 2; c->reference_wraps = 1)

static ARGS_MULTI_CASE(wrap_incon_m, -1,
    c->reference_wraps = 1; if (args_is_last(g)) c->m = INT_MAX)

/* IA + M - 1 = 2^31 - 1: no wrap, the reference answers -1 itself. */
static ARGS_CASE(bad_m_int_max, -1, c->ia = 1; c->m = INT_MAX)

const struct args_case qr_cases[] = {
    ARGS_ROW(wrap_rows, ARGS_ERROR),
    ARGS_ROW(wrap_cols, ARGS_ERROR),
    ARGS_ROW(wrap_both, ARGS_ERROR),
    ARGS_ROW(wrap_incon_m, ARGS_ERROR),
    ARGS_ROW(bad_m_int_max, ARGS_ERROR),
    ARGS_ROW(valid_lwork_big, ARGS_VALID),
    ARGS_ROW(valid_aligned, ARGS_VALID),
    ARGS_ROW(valid_tall, ARGS_VALID),
    ARGS_ROW(valid_wide, ARGS_VALID),
    ARGS_ROW(valid_m1, ARGS_VALID),
    ARGS_ROW(valid_n1, ARGS_VALID),
    ARGS_ROW(valid_whole, ARGS_VALID),
    ARGS_ROW(valid_mb3_nb2, ARGS_VALID),
    ARGS_ROW(valid_mb1_nb4, ARGS_VALID),
    ARGS_ROW(query, ARGS_UNTOUCHED),
    ARGS_ROW(query_m0, ARGS_UNTOUCHED),
    ARGS_ROW(m0, ARGS_UNTOUCHED),
    ARGS_ROW(n0, ARGS_UNTOUCHED),
    ARGS_ROW(m0_ia_beyond, ARGS_UNTOUCHED),
    ARGS_ROW(m0_empty_matrix, ARGS_UNTOUCHED),
    ARGS_ROW(m0_lwork_short, ARGS_ERROR),
    ARGS_ROW(m0_m_desc_neg, ARGS_ERROR),
    ARGS_ROW(bad_m_neg, ARGS_ERROR),
    ARGS_ROW(bad_ia_gt_m, ARGS_ERROR),
    ARGS_ROW(bad_ja_gt_n, ARGS_ERROR),
    ARGS_ROW(bad_rows_beyond, ARGS_ERROR),
    ARGS_ROW(bad_cols_beyond, ARGS_ERROR),
    ARGS_ROW(bad_lwork_short, ARGS_ERROR),
    ARGS_ROW(bad_lwork_zero, ARGS_ERROR),
    ARGS_ROW(bad_lwork_minus2, ARGS_ERROR),
    ARGS_ROW(query_bad_m, ARGS_ERROR),
    ARGS_ROW(query_lld_zero, ARGS_ERROR),
    ARGS_ROW(prec_rows_cols_beyond, ARGS_ERROR),
    ARGS_ROW(prec_dtype_ia_gt_m, ARGS_ERROR),
    ARGS_ROW(prec_mb_zero_ja_gt_n, ARGS_ERROR),
    ARGS_ROW(prec_m_neg_lwork_zero, ARGS_ERROR),
    ARGS_ROW(prec_n_desc_zero_lwork_zero, ARGS_ERROR),
    ARGS_ROW(prec_m0_dtype_m_desc_neg, ARGS_ERROR),
    ARGS_ROW(incon_m, ARGS_ERROR),
    ARGS_ROW(incon_n, ARGS_ERROR),
    ARGS_ROW(incon_ia, ARGS_ERROR),
    ARGS_ROW(incon_ja, ARGS_ERROR),
    ARGS_ROW(incon_m_desc, ARGS_ERROR),
    ARGS_ROW(incon_mb, ARGS_ERROR),
    ARGS_ROW(incon_nb, ARGS_ERROR),
    ARGS_ROW(incon_query_last, ARGS_ERROR),
    ARGS_ROW(incon_query_root, ARGS_ERROR),
    ARGS_ROW(incon_query_and_m, ARGS_ERROR),
    ARGS_ROW(incon_query_and_dtype, ARGS_ERROR),
    ARGS_ROW(incon_query_and_short, ARGS_ERROR),
    ARGS_ROW(incon_lwork_short_last, ARGS_ERROR),
    ARGS_ROW(incon_lwork_short_and_n, ARGS_ERROR),
    ARGS_ROW(incon_lwork_differ, ARGS_VALID),
    ARGS_ROW(incon_n_and_dtype, ARGS_ERROR),
    ARGS_END_OF_CASES,
};
