/* The cases of args_getrf: each builds one P?GETRF call (any precision)
 * from the base call (lu_base through args_start: 13 x 11 in 2 x 2
 * blocks, sub(A) = A(3:11, 5:10)) and returns the INFO that ScaLAPACK's
 * PDGETRF gives for it (SRC/pdgetrf.f: CHK1MAT(M, 1, N, 2, IA, JA, DESCA,
 * 6), then IA - 1 a multiple of MB_A (-4), JA - 1 of NB_A (-5), MB_A =
 * NB_A (-606), then PCHK1MAT; quick returns M_A = 1 with IPIV(1) = 1,
 * then M = 0 or N = 0); the cases on the descriptor that every routine
 * shares are in args_desc_cases.c.  Names: valid_* factor, singular_*
 * have an exactly zero pivot (INFO > 0), nan_* and inf_* hold a NaN or an
 * infinity (ScaLAPACK's pivot search decides INFO, lu_pivot_search.h in
 * the library), m0/n0/ma1_* return at once,
 * bad_* one bad argument, prec_* two errors at once, incon_* arguments
 * that differ between the processes of the grid. */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <stddef.h>

#include "args.h"
#include "args_lu.h"

/* ---- valid calls: INFO = 0, L, U and IPIV are compared ---- */

static ARGS_CASE(valid_aligned_origin, 0, lu_sub(c, 9, 6, 1, 1))

static ARGS_CASE(valid_whole, 0, lu_sub(c, 13, 11, 1, 1))

static ARGS_CASE(valid_square, 0, lu_sub(c, 6, 6, 5, 3))

/* M < N: U has columns after the last pivot. */
static ARGS_CASE(valid_wide, 0, lu_sub(c, 4, 9, 7, 3))

static ARGS_CASE(valid_tall, 0, lu_sub(c, 11, 3, 3, 9))

/* One row: pivots only, A unchanged. */
static ARGS_CASE(valid_m1, 0, lu_sub(c, 1, 5, 7, 3))

static ARGS_CASE(valid_n1, 0, lu_sub(c, 7, 1, 5, 11))

static ARGS_CASE(valid_nb3, 0,
    c->desc[D_MB] = c->desc[D_NB] = 3;
    args_set_lld(c, g);
    lu_sub(c, 9, 7, 4, 4))

static ARGS_CASE(valid_nb1, 0,
    c->desc[D_MB] = c->desc[D_NB] = 1;
    args_set_lld(c, g);
    lu_sub(c, 8, 7, 4, 2))

/* One block holds all of sub(A). */
static ARGS_CASE(valid_nb_big, 0,
    c->desc[D_MB] = c->desc[D_NB] = 16;
    args_set_lld(c, g);
    lu_sub(c, 13, 11, 1, 1))

/* ---- an exactly zero pivot: INFO = its column, the factorization goes
 * on.  The zero column is the last of a square sub(A) (one row left to
 * search), or it is zero all the way down: both sides then keep the
 * diagonal row (PxAMAX of a zero vector gives its first entry, as
 * LAPACK's IxAMAX does), so IPIV is compared too ---- */

static ARGS_CASE(singular_last, 6, lu_sub(c, 6, 6, 5, 3); c->zero_col = 6)

static ARGS_CASE(singular_last_whole, 11,
    lu_sub(c, 11, 11, 1, 1); c->zero_col = 11)

static ARGS_CASE(singular_first, 1, c->zero_col = 1)

/* The second panel's first column: the INFO of a later panel. */
static ARGS_CASE(singular_mid, 3, lu_sub(c, 6, 6, 5, 3); c->zero_col = 3)

/* ---- a NaN or an infinity in sub(A) (issue 41).  P?GETF2 tests its
 * pivot for zero only, and a NaN pivot is not zero: on one process row
 * a NaN never gives INFO > 0.  On several, P?AMAX's combine keeps the 0
 * of a process row that holds none of the column against another's NaN,
 * and INFO is that column.  Where the reference's I?AMAX chooses between
 * a NaN and numbers, the case takes the reference's INFO, whatever it
 * is; hetscal's IPIV and factor must match it too (two NaNs agree) ---- */

/* Whether every process's local part of A fits the testers' arrays. */
static int fits(const struct args_call *c, const struct args_grid *g)
{
    const int *d = c->desc;
    long rows = ((d[D_M] + d[D_MB] - 1) / d[D_MB] + g->nprow - 1) / g->nprow;
    long cols = ((d[D_N] + d[D_NB] - 1) / d[D_NB] + g->npcol - 1) / g->npcol;
    return rows * d[D_MB] * cols * d[D_NB] <= ARGS_CAP;
}

/* A in blocks of nb from process (rsrc mod P, 0). */
static void nan_desc(struct args_call *c, const struct args_grid *g, int m_a,
                     int n_a, int nb, int rsrc)
{
    c->desc[D_M] = m_a;
    c->desc[D_N] = n_a;
    c->desc[D_MB] = c->desc[D_NB] = nb;
    c->desc[D_RSRC] = rsrc % g->nprow;
    args_set_lld(c, g);
}

/* A case of the issue's large A: the base call, the statements given,
 * then the reference's INFO where A fits the testers' arrays (skipped on
 * grids where it does not). */
#define ARGS_CASE_IF_FITS(fn, ...) \
    int fn(struct args_call *c, const struct args_grid *g) \
    { \
        args_start(c, g); \
        __VA_ARGS__; \
        return fits(c, g) ? ARGS_AS_REFERENCE : ARGS_SKIP; \
    }

/* The issue's PDGETRF on a 2x2 grid (reference INFO = 14 with the
 * fuzzer's values, hetscal 0): sub(A) on process row 1 alone, so
 * process row 0 holds none of any column. */
static ARGS_CASE_IF_FITS(nan_issue_25x72,
    nan_desc(c, g, 95, 147, 35, 1); lu_sub(c, 25, 72, 71, 36);
    lu_special(c, 10, 14, NAN))

/* The issue's PZGETRF 17 x 17 in one 32 x 32 block, NaN at (2, 7)
 * (reference 7, hetscal 0), the block on process row 1. */
static ARGS_CASE_IF_FITS(nan_issue_17,
    nan_desc(c, g, 17, 17, 32, 1); lu_sub(c, 17, 17, 1, 1);
    lu_special(c, 2, 7, NAN))

/* The issue's PCGETRF with M = N = 1 (reference 1, hetscal 0): the entry
 * on process row 1 (IA = 3 in 2-row blocks), so process row 0's 0 is the
 * pivot on several process rows; the NaN itself on one. */
static ARGS_CASE(nan_issue_1x1, g->nprow > 1 ? 1 : 0,
    lu_sub(c, 1, 1, 3, 5); lu_special(c, 1, 1, NAN))

/* The same on process row 0: the NaN is the pivot, INFO = 0. */
static ARGS_CASE(nan_1x1_row0, 0, lu_sub(c, 1, 1, 1, 5); lu_special(c, 1, 1, NAN))

/* Column 3 all NaN, sub(A) in one 4-row block: on process row 1 the
 * pivot search of column 3 is a NaN against process row 0's 0 (INFO = 3
 * on several process rows), on process row 0 the NaN is the pivot. */
static ARGS_CASE(nan_column, g->nprow > 1 ? 3 : 0,
    nan_desc(c, g, 13, 11, 4, 0); lu_sub(c, 4, 6, 5, 1); lu_special(c, 0, 3, NAN))

static ARGS_CASE(nan_column_row0, 0,
    nan_desc(c, g, 13, 11, 4, 0); lu_sub(c, 4, 6, 1, 1); lu_special(c, 0, 3, NAN))

/* Single NaNs and pairs across the base call's 2 x 2 blocks. */
static ARGS_CASE(nan_first, ARGS_AS_REFERENCE, lu_special(c, 1, 1, NAN))

static ARGS_CASE(nan_below, ARGS_AS_REFERENCE, lu_special(c, 7, 2, NAN))

static ARGS_CASE(nan_in_u, ARGS_AS_REFERENCE, lu_special(c, 2, 5, NAN))

static ARGS_CASE(nan_two, ARGS_AS_REFERENCE,
    lu_special(c, 3, 2, NAN); lu_special(c, 8, 5, NAN))

static ARGS_CASE(nan_wide, ARGS_AS_REFERENCE,
    lu_sub(c, 4, 9, 7, 3); lu_special(c, 3, 8, NAN))

static ARGS_CASE(nan_nb1, ARGS_AS_REFERENCE,
    nan_desc(c, g, 13, 11, 1, 0); lu_sub(c, 8, 7, 4, 2); lu_special(c, 5, 3, NAN))

/* An infinite pivot scales its column by 0: no NaN, INFO = 0. */
static ARGS_CASE(inf_first, 0, lu_special(c, 1, 1, INFINITY))

static ARGS_CASE(inf_and_nan, ARGS_AS_REFERENCE,
    lu_special(c, 2, 2, -INFINITY); lu_special(c, 6, 4, NAN))

/* Outside sub(A) a NaN is not read: INFO = 0 and the factor of the
 * finite sub(A). */
static ARGS_CASE(nan_outside, 0,
    lu_special(c, -1, 2, NAN); lu_special(c, 3, 7, NAN))

/* ---- quick returns: A (and for M = 0, N = 0 IPIV too) untouched ---- */

static ARGS_CASE(m0, 0, c->m = 0)

static ARGS_CASE(n0, 0, c->n = 0)

/* M = 0: IA > M_ is not checked, alignment is. */
static ARGS_CASE(m0_ia_beyond, 0, c->m = 0; c->ia = 21)

static ARGS_CASE(m0_empty_matrix, 0,
    c->m = c->n = 0;
    c->desc[D_M] = c->desc[D_N] = 0;
    c->ia = c->ja = 1;
    args_set_lld(c, g))

/* M_A = 1, LLD recomputed, then lu_sub's sub(A). */
static void ma1_sub(struct args_call *c, const struct args_grid *g, int m,
                    int n, int ia, int ja)
{
    c->desc[D_M] = 1;
    args_set_lld(c, g);
    lu_sub(c, m, n, ia, ja);
}

/* M_A = 1: IPIV(1) = 1 on every process and INFO = 0, nothing
 * factored, even with A(1, JA) = 0 (a factorization would give INFO =
 * 1). */
static ARGS_CASE(ma1, 0, ma1_sub(c, g, 1, 5, 1, 3))

static ARGS_CASE(ma1_zero_pivot, 0,
    ma1_sub(c, g, 1, 5, 1, 3);
    c->zero_col = 1)

static ARGS_CASE(ma1_nb1_zero_pivot, 0,
    c->desc[D_MB] = c->desc[D_NB] = 1;
    ma1_sub(c, g, 1, 11, 1, 1);
    c->zero_col = 1)

/* M_A = 1 comes before M = 0 and N = 0: IPIV(1) = 1 there too. */
static ARGS_CASE(ma1_m0, 0, ma1_sub(c, g, 0, 5, 1, 3))

static ARGS_CASE(ma1_n0, 0, ma1_sub(c, g, 1, 0, 1, 3))

/* ---- one bad argument (the descriptor's are in args_desc_cases.c) ---- */

static ARGS_CASE(bad_m_neg, -1, c->m = -1)

static ARGS_CASE(bad_ia_gt_m, -4, c->ia = 15)

static ARGS_CASE(bad_ja_gt_n, -5, c->ja = 13)

/* IA+M-1 = 13 + 2 > M_ */
static ARGS_CASE(bad_rows_beyond, -1, c->ia = 7)

/* JA+N-1 = 12 > N_ */
static ARGS_CASE(bad_cols_beyond, -2, c->ja = 7)

/* P?GETRF's own checks, after CHK1MAT: IA, JA on a block boundary,
 * MB_A = NB_A. */
static ARGS_CASE(bad_ia_misaligned, -4, c->ia = 4)

static ARGS_CASE(bad_ja_misaligned, -5, c->ja = 2)

static ARGS_CASE(bad_mb_ne_nb, -606,
    c->desc[D_MB] = 4;
    args_set_lld(c, g);
    lu_sub(c, 8, 6, 5, 5))

static ARGS_CASE(bad_nb_ne_mb, -606, c->desc[D_NB] = 1)

/* The alignment is checked on quick returns too. */
static ARGS_CASE(m0_ia_misaligned, -4, c->m = 0; c->ia = 2)

static ARGS_CASE(n0_ja_misaligned, -5, c->n = 0; c->ja = 4)

static ARGS_CASE(n0_mb_ne_nb, -606,
    c->n = 0;
    c->desc[D_NB] = 3;
    lu_sub(c, 0, 0, 1, 1))

static ARGS_CASE(ma1_mb_ne_nb, -606,
    c->desc[D_NB] = 1;
    ma1_sub(c, g, 1, 5, 1, 3))

static ARGS_CASE(ma1_ja_misaligned, -5, ma1_sub(c, g, 1, 5, 1, 4))

static ARGS_CASE(ma1_ia_gt_m, -4, ma1_sub(c, g, 1, 5, 3, 3))

static ARGS_CASE(m0_m_desc_neg, -603, c->m = 0; c->desc[D_M] = -1)

/* ---- two errors at once: CHK1MAT first, its chain stops at its first
 * failure; the alignment and block checks only when CHK1MAT passed, in
 * the order IA, JA, MB_A = NB_A ---- */

static ARGS_CASE(prec_dtype_ia_misaligned, -601,
    c->desc[D_DTYPE] = 2;
    c->ia = 4)

static ARGS_CASE(prec_ja_gt_n_ia_misaligned, -5, c->ja = 13; c->ia = 4)

static ARGS_CASE(prec_m_neg_mb_ne_nb, -1, c->m = -1; c->desc[D_NB] = 1)

static ARGS_CASE(prec_rows_beyond_ja_misaligned, -1, c->ia = 7; c->ja = 4)

static ARGS_CASE(prec_ia_ja_misaligned, -4, c->ia = 4; c->ja = 4)

static ARGS_CASE(prec_ja_misaligned_mb_ne_nb, -5,
    c->ja = 4;
    c->desc[D_MB] = 4;
    args_set_lld(c, g);
    c->ia = 5;
    c->m = 8)

static ARGS_CASE(prec_mb_zero_mb_ne_nb, -605, c->desc[D_MB] = 0)

/* ---- arguments that differ between processes: PCHK1MAT makes every
 * process of the grid return the same INFO (the smallest code) ---- */

static ARGS_MULTI_CASE(incon_m, -1, if (args_is_last(g)) c->m = 7)

static ARGS_MULTI_CASE(incon_n, -2, if (args_is_last(g)) c->n = 5)

static ARGS_MULTI_CASE(incon_ia, -4, if (args_is_last(g)) c->ia = 1)

static ARGS_MULTI_CASE(incon_ja, -5, if (args_is_last(g)) c->ja = 3)

static ARGS_MULTI_CASE(incon_m_desc, -603,
    if (args_is_last(g)) { c->desc[D_M] = 14; args_set_lld(c, g); })

/* M_A = 1 on one process (sub(A) one row, valid there too): a mismatch,
 * not a quick return. */
static ARGS_MULTI_CASE(incon_ma1, -603,
    lu_sub(c, 1, 6, 1, 5);
    if (args_is_last(g)) { c->desc[D_M] = 1; args_set_lld(c, g); })

/* The last process's MB_A = NB_A = 1 is locally valid: the mismatch of
 * MB_A (605) wins over that of NB_A (606). */
static ARGS_MULTI_CASE(incon_nb1, -605,
    if (args_is_last(g)) {
        c->desc[D_MB] = c->desc[D_NB] = 1;
        args_set_lld(c, g);
    })

/* The root's local -606 (606) loses to the mismatch of N (200). */
static ARGS_MULTI_CASE(incon_mb_ne_nb_and_n, -2,
    if (args_is_root(g)) c->desc[D_NB] = 1;
    if (args_is_last(g)) c->n = 5)

/* IA = 4 on the last process: misaligned there (400) and a mismatch of
 * IA (400) everywhere: every process of the grid returns -4. */
static ARGS_MULTI_CASE(incon_ia_misaligned, -4,
    if (args_is_last(g)) c->ia = 4)

/* The last process's local -5 (500) loses to the mismatch of IA (400),
 * which the root does not see locally. */
static ARGS_MULTI_CASE(incon_ia_and_ja_misaligned, -4,
    if (args_is_last(g)) { c->ia = 5; c->ja = 4; })

/* M = 0 on one process: the others would factor. */
static ARGS_MULTI_CASE(incon_m0, -1, if (args_is_root(g)) c->m = 0)

/* ---- sizes past 2^31 - 1 (issue 41): IA + M - 1 or JA + N - 1 wraps in
 * the reference's INTEGER checks (it is not called); in 64 bits CHK1MAT
 * says -1 or -2 on every process of the grid, before the alignment
 * checks ---- */

static ARGS_CASE(wrap_rows, -1, c->m = INT_MAX; c->ia = 3; c->reference_wraps = 1)

static ARGS_CASE(wrap_cols, -2, c->n = INT_MAX; c->ja = 5; c->reference_wraps = 1)

static ARGS_CASE(wrap_rows_misaligned, -1,
    c->m = INT_MAX - 2; c->ia = 4; c->reference_wraps = 1)

static ARGS_MULTI_CASE(wrap_incon_n, -2,
    c->reference_wraps = 1; if (args_is_last(g)) c->n = INT_MAX - 3)

/* JA + N - 1 = 2^31 - 1: no wrap, the reference answers -2 itself. */
static ARGS_CASE(bad_n_int_max, -2, c->ja = 1; c->n = INT_MAX)

const struct args_case lu_cases[] = {
    ARGS_ROW(wrap_rows, ARGS_ERROR),
    ARGS_ROW(wrap_cols, ARGS_ERROR),
    ARGS_ROW(wrap_rows_misaligned, ARGS_ERROR),
    ARGS_ROW(wrap_incon_n, ARGS_ERROR),
    ARGS_ROW(bad_n_int_max, ARGS_ERROR),
    ARGS_ROW(valid_aligned_origin, ARGS_VALID),
    ARGS_ROW(valid_whole, ARGS_VALID),
    ARGS_ROW(valid_square, ARGS_VALID),
    ARGS_ROW(valid_wide, ARGS_VALID),
    ARGS_ROW(valid_tall, ARGS_VALID),
    ARGS_ROW(valid_m1, ARGS_VALID),
    ARGS_ROW(valid_n1, ARGS_VALID),
    ARGS_ROW(valid_nb3, ARGS_VALID),
    ARGS_ROW(valid_nb1, ARGS_VALID),
    ARGS_ROW(valid_nb_big, ARGS_VALID),
    ARGS_ROW(singular_last, ARGS_VALID),
    ARGS_ROW(singular_last_whole, ARGS_VALID),
    ARGS_ROW(singular_first, ARGS_VALID),
    ARGS_ROW(singular_mid, ARGS_VALID),
    ARGS_ROW(nan_issue_25x72, ARGS_VALID),
    ARGS_ROW(nan_issue_17, ARGS_VALID),
    ARGS_ROW(nan_issue_1x1, ARGS_VALID),
    ARGS_ROW(nan_1x1_row0, ARGS_VALID),
    ARGS_ROW(nan_column, ARGS_VALID),
    ARGS_ROW(nan_column_row0, ARGS_VALID),
    ARGS_ROW(nan_first, ARGS_VALID),
    ARGS_ROW(nan_below, ARGS_VALID),
    ARGS_ROW(nan_in_u, ARGS_VALID),
    ARGS_ROW(nan_two, ARGS_VALID),
    ARGS_ROW(nan_wide, ARGS_VALID),
    ARGS_ROW(nan_nb1, ARGS_VALID),
    ARGS_ROW(inf_first, ARGS_VALID),
    ARGS_ROW(inf_and_nan, ARGS_VALID),
    ARGS_ROW(nan_outside, ARGS_VALID),
    ARGS_ROW(m0, ARGS_UNTOUCHED),
    ARGS_ROW(n0, ARGS_UNTOUCHED),
    ARGS_ROW(m0_ia_beyond, ARGS_UNTOUCHED),
    ARGS_ROW(m0_empty_matrix, ARGS_UNTOUCHED),
    ARGS_ROW(ma1, ARGS_UNTOUCHED),
    ARGS_ROW(ma1_zero_pivot, ARGS_UNTOUCHED),
    ARGS_ROW(ma1_nb1_zero_pivot, ARGS_UNTOUCHED),
    ARGS_ROW(ma1_m0, ARGS_UNTOUCHED),
    ARGS_ROW(ma1_n0, ARGS_UNTOUCHED),
    ARGS_ROW(bad_m_neg, ARGS_ERROR),
    ARGS_ROW(bad_ia_gt_m, ARGS_ERROR),
    ARGS_ROW(bad_ja_gt_n, ARGS_ERROR),
    ARGS_ROW(bad_rows_beyond, ARGS_ERROR),
    ARGS_ROW(bad_cols_beyond, ARGS_ERROR),
    ARGS_ROW(bad_ia_misaligned, ARGS_ERROR),
    ARGS_ROW(bad_ja_misaligned, ARGS_ERROR),
    ARGS_ROW(bad_mb_ne_nb, ARGS_ERROR),
    ARGS_ROW(bad_nb_ne_mb, ARGS_ERROR),
    ARGS_ROW(m0_ia_misaligned, ARGS_ERROR),
    ARGS_ROW(n0_ja_misaligned, ARGS_ERROR),
    ARGS_ROW(n0_mb_ne_nb, ARGS_ERROR),
    ARGS_ROW(ma1_mb_ne_nb, ARGS_ERROR),
    ARGS_ROW(ma1_ja_misaligned, ARGS_ERROR),
    ARGS_ROW(ma1_ia_gt_m, ARGS_ERROR),
    ARGS_ROW(m0_m_desc_neg, ARGS_ERROR),
    ARGS_ROW(prec_dtype_ia_misaligned, ARGS_ERROR),
    ARGS_ROW(prec_ja_gt_n_ia_misaligned, ARGS_ERROR),
    ARGS_ROW(prec_m_neg_mb_ne_nb, ARGS_ERROR),
    ARGS_ROW(prec_rows_beyond_ja_misaligned, ARGS_ERROR),
    ARGS_ROW(prec_ia_ja_misaligned, ARGS_ERROR),
    ARGS_ROW(prec_ja_misaligned_mb_ne_nb, ARGS_ERROR),
    ARGS_ROW(prec_mb_zero_mb_ne_nb, ARGS_ERROR),
    ARGS_ROW(incon_m, ARGS_ERROR),
    ARGS_ROW(incon_n, ARGS_ERROR),
    ARGS_ROW(incon_ia, ARGS_ERROR),
    ARGS_ROW(incon_ja, ARGS_ERROR),
    ARGS_ROW(incon_m_desc, ARGS_ERROR),
    ARGS_ROW(incon_ma1, ARGS_ERROR),
    ARGS_ROW(incon_nb1, ARGS_ERROR),
    ARGS_ROW(incon_mb_ne_nb_and_n, ARGS_ERROR),
    ARGS_ROW(incon_ia_misaligned, ARGS_ERROR),
    ARGS_ROW(incon_ia_and_ja_misaligned, ARGS_ERROR),
    ARGS_ROW(incon_m0, ARGS_ERROR),
    ARGS_END_OF_CASES,
};
