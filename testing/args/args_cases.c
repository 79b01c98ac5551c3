/* The cases of args_potrf: each builds one P?POTRF call (any precision)
 * from the base call (potrf_base, through args_start) and returns the INFO
 * that SCALAPACK_CONTRACT.md gives for it; the cases on the descriptor
 * that P?GEQRF shares are in args_desc_cases.c.  Names: bad_* one bad argument,
 * n0_* N = 0, prec_* two errors at once, incon_* arguments that differ
 * between the processes of the grid. */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <stddef.h>

#include "args.h"
#include "args_potrf.h"

/* ---- valid calls: INFO = 0, the factor is compared ---- */

static ARGS_CASE(valid_upper, 0, c->uplo = 'U')

static ARGS_CASE(valid_lowercase_l, 0, c->uplo = 'l')

static ARGS_CASE(valid_lowercase_u, 0, c->uplo = 'u')

static ARGS_CASE(valid_whole_upper, 0,
    c->uplo = 'U';
    c->ia = c->ja = 1;
    c->n = 11)

static ARGS_CASE(valid_whole_nb3, 0,
    c->desc[D_MB] = c->desc[D_NB] = 3;
    c->ia = c->ja = 4;
    c->n = 7;
    args_set_lld(c, g))

/* ---- INFO > 0: not positive definite ---- */

static ARGS_CASE(notspd_lower, 5, c->spd_fail = 5)

static ARGS_CASE(notspd_upper_first, 1, c->uplo = 'U'; c->spd_fail = 1)

static ARGS_CASE(notspd_upper_last, 8, c->uplo = 'U'; c->spd_fail = 8)

/* ---- a NaN in sub(A): the first pivot that is not a number is INFO,
 * where the reference's PDPOTF2 (AJJ <= 0 only) goes on; the driver
 * reads the reference's INFO so (args_potrf.c, SCALAPACK_CONTRACT.md) ---- */

static void potrf_nan(struct args_call *c, int i, int j)
{
    c->m = c->n;   /* args_fill places the entry in sub(A)'s rows */
    c->special[c->nspecial].i = i;
    c->special[c->nspecial].j = j;
    c->special[c->nspecial++].value = NAN;
}

static ARGS_CASE(nan_pivot_first, 1, potrf_nan(c, 1, 1))

/* A NaN below the diagonal makes its row's pivot NaN. */
static ARGS_CASE(nan_below, 5, potrf_nan(c, 5, 2))

/* In the triangle UPLO does not name: not read. */
static ARGS_CASE(nan_other_triangle, 0, potrf_nan(c, 2, 5))

static ARGS_CASE(nan_upper, 6, c->uplo = 'U'; potrf_nan(c, 3, 6))

/* A NaN pivot before a negative one. */
static ARGS_CASE(nan_before_notspd, 1, potrf_nan(c, 1, 1); c->spd_fail = 4)

static ARGS_CASE(notspd_before_nan, 3, potrf_nan(c, 6, 6); c->spd_fail = 3)

/* Found by the fuzzer (fuzz_potrf -seed 41 -case 83 before sub(A) was
 * made positive definite): OpenBLAS's ?potrf scales the column under a
 * NaN pivot to zeros and stops at a later negative pivot; hetscal took
 * that INFO and missed the NaN pivot of the same diagonal tile.  Here the
 * whole sub(A) is one block. */
static ARGS_CASE(nan_before_notspd_one_block, 1,
    c->desc[D_MB] = c->desc[D_NB] = 8;
    c->ia = c->ja = 1;
    args_set_lld(c, g);
    potrf_nan(c, 1, 1);
    c->spd_fail = 4)

/* ---- N = 0: only M_ < 0, N_ < 0, UPLO and alignment are checked ---- */

static ARGS_CASE(n0_valid, 0, c->n = 0)

static ARGS_CASE(n0_ia_beyond, 0, c->n = 0; c->ia = c->ja = 13)

static ARGS_CASE(n0_empty_matrix, 0,
    c->n = 0;
    c->desc[D_M] = c->desc[D_N] = 0;
    c->ia = c->ja = 1;
    args_set_lld(c, g))

static ARGS_CASE(n0_uplo_x, -1, c->n = 0; c->uplo = 'X')

static ARGS_CASE(n0_ia_misaligned, -4, c->n = 0; c->ia = 2)

static ARGS_CASE(n0_mb_ne_nb, -606,
    c->n = 0;
    c->desc[D_NB] = 3;
    c->ia = c->ja = 1)

static ARGS_CASE(n0_m_neg, -603, c->n = 0; c->desc[D_M] = -1)

/* ---- one bad argument (the descriptor's are in args_desc_cases.c) ---- */

static ARGS_CASE(bad_ia_gt_m, -4, c->ia = 13)

static ARGS_CASE(bad_ja_gt_n, -5, c->ja = 13)

/* IA+N-1 = 12 > M_ */
static ARGS_CASE(bad_rows_beyond, -2, c->ia = 5)

/* JA+N-1 = 12 > N_ */
static ARGS_CASE(bad_cols_beyond, -2, c->ja = 5)

static ARGS_CASE(bad_uplo_x, -1, c->uplo = 'X')

static ARGS_CASE(bad_uplo_blank, -1, c->uplo = ' ')

static ARGS_CASE(bad_ia_misaligned, -4, c->ia = 2)

static ARGS_CASE(bad_ja_misaligned, -5, c->ja = 4)

static int bad_mb_ne_nb(struct args_call *c, const struct args_grid *g)
{
    args_start(c, g);
    c->desc[D_NB] = 3;
    c->ja = 4;   /* aligned for NB = 3 */
    return -606;
}

/* ---- two errors at once: CHK1MAT's first chain stops at its first
 * failure, the M_/N_/IA/JA checks after it are merged with MIN ---- */

static ARGS_CASE(prec_dtype_ia_gt_m, -4, c->desc[D_DTYPE] = 2; c->ia = 13)

static ARGS_CASE(prec_mb_zero_ia_gt_m, -4, c->desc[D_MB] = 0; c->ia = 13)

static ARGS_CASE(prec_lld_zero_m_zero, -603,
    c->desc[D_LLD] = 0;
    c->desc[D_M] = 0)

static ARGS_CASE(prec_mb_zero_lld_zero, -605,
    c->desc[D_MB] = 0;
    c->desc[D_LLD] = 0)

static ARGS_CASE(prec_csrc_cols_beyond, -2,
    c->desc[D_CSRC] = g->npcol;
    c->ja = 5)

static ARGS_CASE(prec_ia_zero_ja_zero, -4, c->ia = 0; c->ja = 0)

static ARGS_CASE(prec_nb_zero_n_desc_zero, -604,
    c->desc[D_NB] = 0;
    c->desc[D_N] = 0)

static ARGS_CASE(prec_rsrc_m_zero, -603,
    c->desc[D_RSRC] = g->nprow;
    c->desc[D_M] = 0)

static int prec_ja_zero_rows_beyond(struct args_call *c,
                                    const struct args_grid *g)
{
    args_start(c, g);
    c->ja = 0;
    c->ia = 5;   /* IA+N-1 = 12 > M_ */
    return -2;
}

static ARGS_CASE(prec_n0_dtype_m_neg, -601,
    c->n = 0;
    c->desc[D_DTYPE] = 2;
    c->desc[D_M] = -1)

static ARGS_CASE(prec_n0_lld_zero_n_neg, -604,
    c->n = 0;
    c->desc[D_LLD] = 0;
    c->desc[D_N] = -1)

static ARGS_CASE(prec_uplo_ia_misaligned, -1, c->uplo = 'X'; c->ia = 2)

static ARGS_CASE(prec_ja_misaligned_mb_ne_nb, -5, c->desc[D_NB] = 3; c->ja = 2)

static ARGS_CASE(prec_uplo_n_neg, -2, c->uplo = 'X'; c->n = -1)

static ARGS_CASE(prec_uplo_ctxt, -602,
    c->uplo = 'X';
    c->desc[D_CTXT] = -1;
    c->fill = 0)

/* ---- arguments that differ between processes: PCHK1MAT makes every
 * process of the grid return the same INFO ---- */

static ARGS_MULTI_CASE(incon_n, -2, if (args_is_last(g)) c->n = 6)

static ARGS_MULTI_CASE(incon_n_neg_one, -2, if (args_is_last(g)) c->n = -1)

static ARGS_MULTI_CASE(incon_uplo, -1, if (args_is_last(g)) c->uplo = 'U')

static ARGS_MULTI_CASE(incon_uplo_root, -1, if (args_is_root(g)) c->uplo = 'U')

static ARGS_MULTI_CASE(incon_uplo_case, 0, if (args_is_last(g)) c->uplo = 'l')

static ARGS_MULTI_CASE(incon_uplo_x_one, -1,
    if (args_is_last(g)) c->uplo = 'X')

static ARGS_MULTI_CASE(incon_uplo_x_root, -1,
    if (args_is_root(g)) c->uplo = 'X')

/* UPLO is compared as 'U' / not 'U' even when CHK1MAT failed. */
static ARGS_MULTI_CASE(incon_uplo_n_neg, -1,
    c->n = -1;
    if (args_is_root(g)) c->uplo = 'U')

static ARGS_MULTI_CASE(incon_uplo_x_n_neg, -2,
    c->n = -1;
    if (args_is_last(g)) c->uplo = 'X')

static ARGS_MULTI_CASE(incon_ia, -4,
    c->n = 6;
    if (args_is_last(g)) c->ia = 5)

static ARGS_MULTI_CASE(incon_ja, -5,
    c->n = 6;
    if (args_is_last(g)) c->ja = 5)

static ARGS_MULTI_CASE(incon_m, -603,
    if (args_is_last(g)) { c->desc[D_M] = 13; args_set_lld(c, g); })

static ARGS_MULTI_CASE(incon_n_desc, -604,
    if (args_is_last(g)) c->desc[D_N] = 13)

static int incon_block(struct args_call *c, const struct args_grid *g)
{
    if (!args_multi(g))
        return ARGS_SKIP;
    args_start(c, g);
    c->ia = c->ja = 1;
    if (args_is_last(g)) {
        c->desc[D_MB] = c->desc[D_NB] = 4;
        args_set_lld(c, g);
    }
    return -605;
}

/* The root's own error (601) loses to the mismatch it causes (200). */
static ARGS_MULTI_CASE(incon_n_and_dtype, -2,
    if (args_is_root(g)) c->desc[D_DTYPE] = 2;
    if (args_is_last(g)) c->n = 6)

/* ---- sizes past 2^31 - 1 (issue 41): IA + N - 1 or JA + N - 1 wraps in
 * the reference's INTEGER checks, which pass and let its run crash or
 * abort; computed in 64 bits the check says -2 on every process of the
 * grid, with the PXERBLA line.  The reference is not called (wrap_*),
 * but where its sums do not wrap it is (bad_n_int_max) ---- */

/* The issue's PCPOTRF, whose grid ranks never returned on a 2x1 grid of 4
 * ranks: UPLO = 'U', N = 2^31 - 1, IA = 22, JA = 8, A 30 x 12 in 7 x 7
 * blocks from process row 1. */
static int wrap_issue(struct args_call *c, const struct args_grid *g)
{
    args_start(c, g);
    c->uplo = 'U';
    c->n = INT_MAX;
    c->ia = 22;
    c->ja = 8;
    c->desc[D_M] = 30;
    c->desc[D_N] = 12;
    c->desc[D_MB] = c->desc[D_NB] = 7;
    c->desc[D_RSRC] = 1 % g->nprow;
    args_set_lld(c, g);
    c->reference_wraps = 1;
    return -2;
}

/* IA + N - 1 = 2^31 exactly (INT_MIN in 32 bits). */
static ARGS_CASE(wrap_rows_exact, -2,
    c->n = INT_MAX - c->ia + 2; c->reference_wraps = 1)

/* A misaligned IA too: CHK1MAT's -2 comes first. */
static ARGS_CASE(wrap_ia_misaligned, -2,
    c->n = INT_MAX; c->ia = 2; c->reference_wraps = 1)

/* A bad DTYPE too: the smaller code, N's (200), wins over 601 (the
 * reference, whose sums wrap, would say -601). */
static ARGS_CASE(wrap_dtype, -2,
    c->n = INT_MAX - 1; c->desc[D_DTYPE] = 2; c->reference_wraps = 1)

/* Only the last process's N wraps: PCHK1MAT's mismatch makes every
 * process of the grid return -2 (no process calls the reference: it
 * would wait in its own PCHK1MAT for the one that does not). */
static ARGS_MULTI_CASE(wrap_incon_n, -2,
    c->reference_wraps = 1; if (args_is_last(g)) c->n = INT_MAX)

/* IA + N - 1 = 2^31 - 1: no wrap, the reference answers -2 itself. */
static ARGS_CASE(bad_n_int_max, -2, c->ia = c->ja = 1; c->n = INT_MAX)

const struct args_case potrf_cases[] = {
    ARGS_ROW(wrap_issue, ARGS_ERROR),
    ARGS_ROW(wrap_rows_exact, ARGS_ERROR),
    ARGS_ROW(wrap_ia_misaligned, ARGS_ERROR),
    ARGS_ROW(wrap_dtype, ARGS_ERROR),
    ARGS_ROW(wrap_incon_n, ARGS_ERROR),
    ARGS_ROW(bad_n_int_max, ARGS_ERROR),
    ARGS_ROW(valid_upper, ARGS_VALID),
    ARGS_ROW(valid_lowercase_l, ARGS_VALID),
    ARGS_ROW(valid_lowercase_u, ARGS_VALID),
    ARGS_ROW(valid_whole_upper, ARGS_VALID),
    ARGS_ROW(valid_whole_nb3, ARGS_VALID),
    ARGS_ROW(notspd_lower, ARGS_NOTSPD),
    ARGS_ROW(notspd_upper_first, ARGS_NOTSPD),
    ARGS_ROW(notspd_upper_last, ARGS_NOTSPD),
    ARGS_ROW(nan_pivot_first, ARGS_NOTSPD),
    ARGS_ROW(nan_below, ARGS_NOTSPD),
    ARGS_ROW(nan_other_triangle, ARGS_VALID),
    ARGS_ROW(nan_upper, ARGS_NOTSPD),
    ARGS_ROW(nan_before_notspd, ARGS_NOTSPD),
    ARGS_ROW(notspd_before_nan, ARGS_NOTSPD),
    ARGS_ROW(nan_before_notspd_one_block, ARGS_NOTSPD),
    ARGS_ROW(n0_valid, ARGS_VALID),
    ARGS_ROW(n0_ia_beyond, ARGS_VALID),
    ARGS_ROW(n0_empty_matrix, ARGS_VALID),
    ARGS_ROW(n0_uplo_x, ARGS_ERROR),
    ARGS_ROW(n0_ia_misaligned, ARGS_ERROR),
    ARGS_ROW(n0_mb_ne_nb, ARGS_ERROR),
    ARGS_ROW(n0_m_neg, ARGS_ERROR),
    ARGS_ROW(bad_ia_gt_m, ARGS_ERROR),
    ARGS_ROW(bad_ja_gt_n, ARGS_ERROR),
    ARGS_ROW(bad_rows_beyond, ARGS_ERROR),
    ARGS_ROW(bad_cols_beyond, ARGS_ERROR),
    ARGS_ROW(bad_uplo_x, ARGS_ERROR),
    ARGS_ROW(bad_uplo_blank, ARGS_ERROR),
    ARGS_ROW(bad_ia_misaligned, ARGS_ERROR),
    ARGS_ROW(bad_ja_misaligned, ARGS_ERROR),
    ARGS_ROW(bad_mb_ne_nb, ARGS_ERROR),
    ARGS_ROW(prec_dtype_ia_gt_m, ARGS_ERROR),
    ARGS_ROW(prec_mb_zero_ia_gt_m, ARGS_ERROR),
    ARGS_ROW(prec_lld_zero_m_zero, ARGS_ERROR),
    ARGS_ROW(prec_mb_zero_lld_zero, ARGS_ERROR),
    ARGS_ROW(prec_csrc_cols_beyond, ARGS_ERROR),
    ARGS_ROW(prec_ia_zero_ja_zero, ARGS_ERROR),
    ARGS_ROW(prec_nb_zero_n_desc_zero, ARGS_ERROR),
    ARGS_ROW(prec_rsrc_m_zero, ARGS_ERROR),
    ARGS_ROW(prec_ja_zero_rows_beyond, ARGS_ERROR),
    ARGS_ROW(prec_n0_dtype_m_neg, ARGS_ERROR),
    ARGS_ROW(prec_n0_lld_zero_n_neg, ARGS_ERROR),
    ARGS_ROW(prec_uplo_ia_misaligned, ARGS_ERROR),
    ARGS_ROW(prec_ja_misaligned_mb_ne_nb, ARGS_ERROR),
    ARGS_ROW(prec_uplo_n_neg, ARGS_ERROR),
    ARGS_ROW(prec_uplo_ctxt, ARGS_ERROR),
    ARGS_ROW(incon_n, ARGS_ERROR),
    ARGS_ROW(incon_n_neg_one, ARGS_ERROR),
    ARGS_ROW(incon_uplo, ARGS_ERROR),
    ARGS_ROW(incon_uplo_root, ARGS_ERROR),
    ARGS_ROW(incon_uplo_case, ARGS_VALID),
    ARGS_ROW(incon_uplo_x_one, ARGS_ERROR),
    ARGS_ROW(incon_uplo_x_root, ARGS_ERROR),
    ARGS_ROW(incon_uplo_n_neg, ARGS_ERROR),
    ARGS_ROW(incon_uplo_x_n_neg, ARGS_ERROR),
    ARGS_ROW(incon_ia, ARGS_ERROR),
    ARGS_ROW(incon_ja, ARGS_ERROR),
    ARGS_ROW(incon_m, ARGS_ERROR),
    ARGS_ROW(incon_n_desc, ARGS_ERROR),
    ARGS_ROW(incon_block, ARGS_ERROR),
    ARGS_ROW(incon_n_and_dtype, ARGS_ERROR),
    ARGS_END_OF_CASES,
};
