/* The cases of args_pdpotrf: each builds one PDPOTRF call from the base
 * call (args_base) and returns the INFO that SCALAPACK_CONTRACT.md gives for
 * it.  Names: bad_* one bad argument, n0_* N = 0, prec_* two errors at once,
 * incon_* arguments that differ between the processes of the grid. */
#include "config.h"

#include <stddef.h>

#include "args.h"

int args_exited_ctxt = -1;

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

/* ---- valid calls: INFO = 0, the factor is compared ---- */

static int valid_lower(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    return 0;
}

static int valid_upper(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->uplo = 'U';
    return 0;
}

static int valid_lowercase_l(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->uplo = 'l';
    return 0;
}

static int valid_lowercase_u(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->uplo = 'u';
    return 0;
}

static int valid_whole_upper(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->uplo = 'U';
    c->ia = c->ja = 1;
    c->n = 11;
    return 0;
}

static int valid_whole_nb3(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_MB] = c->desc[D_NB] = 3;
    c->ia = c->ja = 4;
    c->n = 7;
    args_set_lld(c, g);
    return 0;
}

static int valid_src_last(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_RSRC] = g->nprow - 1;
    c->desc[D_CSRC] = g->npcol - 1;
    args_set_lld(c, g);
    return 0;
}

static int valid_lld_larger(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_LLD] += 3;
    return 0;
}

/* LLD < LOCr(M_) is legal where the process holds no column of A. */
static int valid_lld_small_no_cols(struct args_call *c,
                                   const struct args_grid *g)
{
    if (g->npcol < 2)
        return ARGS_SKIP;
    args_base(c, g);
    c->desc[D_M] = c->desc[D_N] = 2;
    c->ia = c->ja = 1;
    c->n = 2;
    args_set_lld(c, g);
    if (g->mycol != 0)
        c->desc[D_LLD] = 1;   /* LOCr = 2 on row 0, LOCc = 0 */
    return 0;
}

/* ---- INFO > 0: not positive definite ---- */

static int notspd_lower(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->spd_fail = 5;
    return 5;
}

static int notspd_upper_first(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->uplo = 'U';
    c->spd_fail = 1;
    return 1;
}

static int notspd_upper_last(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->uplo = 'U';
    c->spd_fail = 8;
    return 8;
}

/* ---- N = 0: only M_ < 0, N_ < 0, UPLO and alignment are checked ---- */

static int n0_valid(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->n = 0;
    return 0;
}

static int n0_ia_beyond(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->n = 0;
    c->ia = c->ja = 13;
    return 0;
}

static int n0_empty_matrix(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->n = 0;
    c->desc[D_M] = c->desc[D_N] = 0;
    c->ia = c->ja = 1;
    args_set_lld(c, g);
    return 0;
}

static int n0_uplo_x(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->n = 0;
    c->uplo = 'X';
    return -1;
}

static int n0_ia_misaligned(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->n = 0;
    c->ia = 2;
    return -4;
}

static int n0_mb_ne_nb(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->n = 0;
    c->desc[D_NB] = 3;
    c->ia = c->ja = 1;
    return -606;
}

static int n0_m_neg(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->n = 0;
    c->desc[D_M] = -1;
    return -603;
}

static int n0_n_neg(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->n = 0;
    c->desc[D_N] = -1;
    return -604;
}

/* ---- one bad argument ---- */

static int bad_ctxt_invalid(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_CTXT] = -1;
    c->fill = 0;
    return -602;
}

static int bad_ctxt_huge(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_CTXT] = 1 << 29;
    c->fill = 0;
    return -602;
}

static int bad_ctxt_exited(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_CTXT] = args_exited_ctxt;
    c->fill = 0;
    return -602;
}

/* Meaningful only where some processes are outside the grid: they get
 * -602, the others factor. */
static int outside_grid(struct args_call *c, const struct args_grid *g)
{
    if (g->world_size <= g->nprow * g->npcol)
        return ARGS_SKIP;
    args_base(c, g);
    return 0;
}

static int bad_dtype(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_DTYPE] = 2;
    return -601;
}

static int bad_n_neg(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->n = -1;
    return -2;
}

static int bad_ia_zero(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->ia = 0;
    return -4;
}

static int bad_ja_zero(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->ja = 0;
    return -5;
}

static int bad_mb_zero(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_MB] = 0;
    return -605;
}

static int bad_nb_zero(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_NB] = 0;
    return -606;
}

static int bad_nb_neg(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_NB] = -2;
    return -606;
}

static int bad_rsrc_high(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_RSRC] = g->nprow;
    return -607;
}

static int bad_rsrc_neg(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_RSRC] = -1;
    return -607;
}

static int bad_csrc_high(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_CSRC] = g->npcol;
    return -608;
}

static int bad_lld_zero(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_LLD] = 0;
    return -609;
}

static int bad_lld_small(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    if (c->desc[D_LLD] > 1)
        c->desc[D_LLD]--;
    return -609;
}

static int bad_m_zero(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_M] = 0;
    return -603;
}

static int bad_n_desc_zero(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_N] = 0;
    return -604;
}

static int bad_ia_gt_m(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->ia = 13;
    return -4;
}

static int bad_ja_gt_n(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->ja = 13;
    return -5;
}

static int bad_rows_beyond(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->ia = 5;   /* IA+N-1 = 12 > M_ */
    return -2;
}

static int bad_cols_beyond(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->ja = 5;   /* JA+N-1 = 12 > N_ */
    return -2;
}

static int bad_uplo_x(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->uplo = 'X';
    return -1;
}

static int bad_uplo_blank(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->uplo = ' ';
    return -1;
}

static int bad_ia_misaligned(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->ia = 2;
    return -4;
}

static int bad_ja_misaligned(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->ja = 4;
    return -5;
}

static int bad_mb_ne_nb(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_NB] = 3;
    c->ja = 4;   /* aligned for NB = 3 */
    return -606;
}

/* ---- two errors at once: CHK1MAT's first chain stops at its first
 * failure, the M_/N_/IA/JA checks after it are merged with MIN ---- */

static int prec_dtype_ia_zero(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_DTYPE] = 2;
    c->ia = 0;
    return -601;
}

static int prec_dtype_ia_gt_m(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_DTYPE] = 2;
    c->ia = 13;
    return -4;
}

static int prec_mb_zero_ia_gt_m(struct args_call *c,
                                const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_MB] = 0;
    c->ia = 13;
    return -4;
}

static int prec_n_neg_m_zero(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->n = -1;
    c->desc[D_M] = 0;
    return -2;
}

static int prec_lld_zero_m_zero(struct args_call *c,
                                const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_LLD] = 0;
    c->desc[D_M] = 0;
    return -603;
}

static int prec_mb_zero_lld_zero(struct args_call *c,
                                 const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_MB] = 0;
    c->desc[D_LLD] = 0;
    return -605;
}

static int prec_csrc_cols_beyond(struct args_call *c,
                                 const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_CSRC] = g->npcol;
    c->ja = 5;
    return -2;
}

static int prec_ia_zero_ja_zero(struct args_call *c,
                                const struct args_grid *g)
{
    args_base(c, g);
    c->ia = 0;
    c->ja = 0;
    return -4;
}

static int prec_nb_zero_n_desc_zero(struct args_call *c,
                                    const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_NB] = 0;
    c->desc[D_N] = 0;
    return -604;
}

static int prec_rsrc_m_zero(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_RSRC] = g->nprow;
    c->desc[D_M] = 0;
    return -603;
}

static int prec_ja_zero_rows_beyond(struct args_call *c,
                                    const struct args_grid *g)
{
    args_base(c, g);
    c->ja = 0;
    c->ia = 5;   /* IA+N-1 = 12 > M_ */
    return -2;
}

static int prec_n0_dtype_m_neg(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->n = 0;
    c->desc[D_DTYPE] = 2;
    c->desc[D_M] = -1;
    return -601;
}

static int prec_n0_lld_zero_n_neg(struct args_call *c,
                                  const struct args_grid *g)
{
    args_base(c, g);
    c->n = 0;
    c->desc[D_LLD] = 0;
    c->desc[D_N] = -1;
    return -604;
}

static int prec_uplo_ia_misaligned(struct args_call *c,
                                   const struct args_grid *g)
{
    args_base(c, g);
    c->uplo = 'X';
    c->ia = 2;
    return -1;
}

static int prec_ja_misaligned_mb_ne_nb(struct args_call *c,
                                       const struct args_grid *g)
{
    args_base(c, g);
    c->desc[D_NB] = 3;
    c->ja = 2;
    return -5;
}

static int prec_uplo_n_neg(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->uplo = 'X';
    c->n = -1;
    return -2;
}

static int prec_uplo_ctxt(struct args_call *c, const struct args_grid *g)
{
    args_base(c, g);
    c->uplo = 'X';
    c->desc[D_CTXT] = -1;
    c->fill = 0;
    return -602;
}

/* ---- arguments that differ between processes: PCHK1MAT makes every
 * process of the grid return the same INFO ---- */

static int incon_n(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_last(g))
        c->n = 6;
    return -2;
}

static int incon_n_neg_one(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_last(g))
        c->n = -1;
    return -2;
}

static int incon_uplo(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_last(g))
        c->uplo = 'U';
    return -1;
}

static int incon_uplo_root(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_root(g))
        c->uplo = 'U';
    return -1;
}

static int incon_uplo_case(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_last(g))
        c->uplo = 'l';
    return 0;
}

static int incon_uplo_x_one(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_last(g))
        c->uplo = 'X';
    return -1;
}

static int incon_uplo_x_root(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_root(g))
        c->uplo = 'X';
    return -1;
}

/* UPLO is compared as 'U' / not 'U' even when CHK1MAT failed. */
static int incon_uplo_n_neg(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    c->n = -1;
    if (is_root(g))
        c->uplo = 'U';
    return -1;
}

static int incon_uplo_x_n_neg(struct args_call *c,
                              const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    c->n = -1;
    if (is_last(g))
        c->uplo = 'X';
    return -2;
}

static int incon_ia(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    c->n = 6;
    if (is_last(g))
        c->ia = 5;
    return -4;
}

static int incon_ja(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    c->n = 6;
    if (is_last(g))
        c->ja = 5;
    return -5;
}

static int incon_m(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_last(g)) {
        c->desc[D_M] = 13;
        args_set_lld(c, g);
    }
    return -603;
}

static int incon_n_desc(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_last(g))
        c->desc[D_N] = 13;
    return -604;
}

static int incon_block(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    c->ia = c->ja = 1;
    if (is_last(g)) {
        c->desc[D_MB] = c->desc[D_NB] = 4;
        args_set_lld(c, g);
    }
    return -605;
}

static int incon_rsrc(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_last(g))
        c->desc[D_RSRC] = g->nprow > 1 ? 1 : 5;
    args_set_lld(c, g);
    return -607;
}

static int incon_csrc(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_last(g))
        c->desc[D_CSRC] = g->npcol > 1 ? 1 : 5;
    return -608;
}

static int incon_dtype(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_last(g))
        c->desc[D_DTYPE] = 2;
    return -601;
}

/* LLD is local: different values are fine. */
static int incon_lld_valid(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_last(g))
        c->desc[D_LLD] += 5;
    return 0;
}

static int incon_lld_bad(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_last(g))
        c->desc[D_LLD] = 0;
    return -609;
}

/* The root's own error (601) loses to the mismatch it causes (200). */
static int incon_n_and_dtype(struct args_call *c, const struct args_grid *g)
{
    if (!multi(g))
        return ARGS_SKIP;
    args_base(c, g);
    if (is_root(g))
        c->desc[D_DTYPE] = 2;
    if (is_last(g))
        c->n = 6;
    return -2;
}

const struct args_case args_cases[] = {
    { "valid_lower", ARGS_VALID, valid_lower },
    { "valid_upper", ARGS_VALID, valid_upper },
    { "valid_lowercase_l", ARGS_VALID, valid_lowercase_l },
    { "valid_lowercase_u", ARGS_VALID, valid_lowercase_u },
    { "valid_whole_upper", ARGS_VALID, valid_whole_upper },
    { "valid_whole_nb3", ARGS_VALID, valid_whole_nb3 },
    { "valid_src_last", ARGS_VALID, valid_src_last },
    { "valid_lld_larger", ARGS_VALID, valid_lld_larger },
    { "valid_lld_small_no_cols", ARGS_VALID, valid_lld_small_no_cols },
    { "notspd_lower", ARGS_NOTSPD, notspd_lower },
    { "notspd_upper_first", ARGS_NOTSPD, notspd_upper_first },
    { "notspd_upper_last", ARGS_NOTSPD, notspd_upper_last },
    { "n0_valid", ARGS_VALID, n0_valid },
    { "n0_ia_beyond", ARGS_VALID, n0_ia_beyond },
    { "n0_empty_matrix", ARGS_VALID, n0_empty_matrix },
    { "n0_uplo_x", ARGS_ERROR, n0_uplo_x },
    { "n0_ia_misaligned", ARGS_ERROR, n0_ia_misaligned },
    { "n0_mb_ne_nb", ARGS_ERROR, n0_mb_ne_nb },
    { "n0_m_neg", ARGS_ERROR, n0_m_neg },
    { "n0_n_neg", ARGS_ERROR, n0_n_neg },
    { "bad_ctxt_invalid", ARGS_ERROR, bad_ctxt_invalid },
    { "bad_ctxt_huge", ARGS_ERROR, bad_ctxt_huge },
    { "bad_ctxt_exited", ARGS_ERROR, bad_ctxt_exited },
    { "outside_grid", ARGS_VALID, outside_grid },
    { "bad_dtype", ARGS_ERROR, bad_dtype },
    { "bad_n_neg", ARGS_ERROR, bad_n_neg },
    { "bad_ia_zero", ARGS_ERROR, bad_ia_zero },
    { "bad_ja_zero", ARGS_ERROR, bad_ja_zero },
    { "bad_mb_zero", ARGS_ERROR, bad_mb_zero },
    { "bad_nb_zero", ARGS_ERROR, bad_nb_zero },
    { "bad_nb_neg", ARGS_ERROR, bad_nb_neg },
    { "bad_rsrc_high", ARGS_ERROR, bad_rsrc_high },
    { "bad_rsrc_neg", ARGS_ERROR, bad_rsrc_neg },
    { "bad_csrc_high", ARGS_ERROR, bad_csrc_high },
    { "bad_lld_zero", ARGS_ERROR, bad_lld_zero },
    { "bad_lld_small", ARGS_ERROR, bad_lld_small },
    { "bad_m_zero", ARGS_ERROR, bad_m_zero },
    { "bad_n_desc_zero", ARGS_ERROR, bad_n_desc_zero },
    { "bad_ia_gt_m", ARGS_ERROR, bad_ia_gt_m },
    { "bad_ja_gt_n", ARGS_ERROR, bad_ja_gt_n },
    { "bad_rows_beyond", ARGS_ERROR, bad_rows_beyond },
    { "bad_cols_beyond", ARGS_ERROR, bad_cols_beyond },
    { "bad_uplo_x", ARGS_ERROR, bad_uplo_x },
    { "bad_uplo_blank", ARGS_ERROR, bad_uplo_blank },
    { "bad_ia_misaligned", ARGS_ERROR, bad_ia_misaligned },
    { "bad_ja_misaligned", ARGS_ERROR, bad_ja_misaligned },
    { "bad_mb_ne_nb", ARGS_ERROR, bad_mb_ne_nb },
    { "prec_dtype_ia_zero", ARGS_ERROR, prec_dtype_ia_zero },
    { "prec_dtype_ia_gt_m", ARGS_ERROR, prec_dtype_ia_gt_m },
    { "prec_mb_zero_ia_gt_m", ARGS_ERROR, prec_mb_zero_ia_gt_m },
    { "prec_n_neg_m_zero", ARGS_ERROR, prec_n_neg_m_zero },
    { "prec_lld_zero_m_zero", ARGS_ERROR, prec_lld_zero_m_zero },
    { "prec_mb_zero_lld_zero", ARGS_ERROR, prec_mb_zero_lld_zero },
    { "prec_csrc_cols_beyond", ARGS_ERROR, prec_csrc_cols_beyond },
    { "prec_ia_zero_ja_zero", ARGS_ERROR, prec_ia_zero_ja_zero },
    { "prec_nb_zero_n_desc_zero", ARGS_ERROR, prec_nb_zero_n_desc_zero },
    { "prec_rsrc_m_zero", ARGS_ERROR, prec_rsrc_m_zero },
    { "prec_ja_zero_rows_beyond", ARGS_ERROR, prec_ja_zero_rows_beyond },
    { "prec_n0_dtype_m_neg", ARGS_ERROR, prec_n0_dtype_m_neg },
    { "prec_n0_lld_zero_n_neg", ARGS_ERROR, prec_n0_lld_zero_n_neg },
    { "prec_uplo_ia_misaligned", ARGS_ERROR, prec_uplo_ia_misaligned },
    { "prec_ja_misaligned_mb_ne_nb", ARGS_ERROR, prec_ja_misaligned_mb_ne_nb },
    { "prec_uplo_n_neg", ARGS_ERROR, prec_uplo_n_neg },
    { "prec_uplo_ctxt", ARGS_ERROR, prec_uplo_ctxt },
    { "incon_n", ARGS_ERROR, incon_n },
    { "incon_n_neg_one", ARGS_ERROR, incon_n_neg_one },
    { "incon_uplo", ARGS_ERROR, incon_uplo },
    { "incon_uplo_root", ARGS_ERROR, incon_uplo_root },
    { "incon_uplo_case", ARGS_VALID, incon_uplo_case },
    { "incon_uplo_x_one", ARGS_ERROR, incon_uplo_x_one },
    { "incon_uplo_x_root", ARGS_ERROR, incon_uplo_x_root },
    { "incon_uplo_n_neg", ARGS_ERROR, incon_uplo_n_neg },
    { "incon_uplo_x_n_neg", ARGS_ERROR, incon_uplo_x_n_neg },
    { "incon_ia", ARGS_ERROR, incon_ia },
    { "incon_ja", ARGS_ERROR, incon_ja },
    { "incon_m", ARGS_ERROR, incon_m },
    { "incon_n_desc", ARGS_ERROR, incon_n_desc },
    { "incon_block", ARGS_ERROR, incon_block },
    { "incon_rsrc", ARGS_ERROR, incon_rsrc },
    { "incon_csrc", ARGS_ERROR, incon_csrc },
    { "incon_dtype", ARGS_ERROR, incon_dtype },
    { "incon_lld_valid", ARGS_VALID, incon_lld_valid },
    { "incon_lld_bad", ARGS_ERROR, incon_lld_bad },
    { "incon_n_and_dtype", ARGS_ERROR, incon_n_and_dtype },
};

const size_t args_ncases = sizeof args_cases / sizeof args_cases[0];
