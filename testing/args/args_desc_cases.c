/* The cases that read the same for P?POTRF, P?GEQRF and P?GETRF in every
 * precision: a bad descriptor, IA or JA (CHK1MAT), a bad context,
 * processes outside the grid, and descriptors that differ between
 * processes.  Each starts from the
 * routine's base call (args_start) and returns the INFO that
 * SCALAPACK_CONTRACT.md gives for it; the driver runs this table for every
 * routine, before the routine's own cases. */
#include "config.h"

#include <stddef.h>

#include "args.h"

int args_exited_ctxt = -1;

int args_is_last(const struct args_grid *g)
{
    return g->myrow == g->nprow - 1 && g->mycol == g->npcol - 1;
}

int args_is_root(const struct args_grid *g)
{
    return g->myrow == 0 && g->mycol == 0;
}

int args_multi(const struct args_grid *g)
{
    return g->nprow * g->npcol > 1;
}

void args_start(struct args_call *c, const struct args_grid *g)
{
    args_routine.base(c, g);
}

void args_refresh(struct args_call *c, const struct args_grid *g)
{
    if (args_routine.refresh)
        args_routine.refresh(c, g);
}

/* ---- valid calls ---- */

static int valid_base(struct args_call *c, const struct args_grid *g)
{
    args_start(c, g);
    return 0;
}

static ARGS_CASE(valid_src_last, 0,
    c->desc[D_RSRC] = g->nprow - 1;
    c->desc[D_CSRC] = g->npcol - 1;
    args_set_lld(c, g);
    args_refresh(c, g))

static ARGS_CASE(valid_lld_larger, 0, c->desc[D_LLD] += 3)

/* LLD < LOCr(M_) is legal where the process holds no column of A. */
static int valid_lld_small_no_cols(struct args_call *c,
                                  const struct args_grid *g)
{
    if (g->npcol < 2)
        return ARGS_SKIP;
    args_start(c, g);
    c->desc[D_M] = c->desc[D_N] = 2;
    c->m = c->n = 2;
    c->ia = c->ja = 1;
    args_set_lld(c, g);
    if (g->mycol != 0)
        c->desc[D_LLD] = 1;   /* LOCr = 2 on row 0, LOCc = 0 */
    args_refresh(c, g);
    return 0;
}

/* N = 0 still checks N_ < 0. */
static ARGS_CASE(n0_n_desc_neg, -604, c->n = 0; c->desc[D_N] = -1)

/* ---- one bad argument ---- */

static ARGS_CASE(bad_ctxt_invalid, -602, c->desc[D_CTXT] = -1; c->fill = 0)

static ARGS_CASE(bad_ctxt_huge, -602, c->desc[D_CTXT] = 1 << 29; c->fill = 0)

static ARGS_CASE(bad_ctxt_exited, -602,
    c->desc[D_CTXT] = args_exited_ctxt; c->fill = 0)

/* Meaningful only where some processes are outside the grid: they get
 * -602, the others factor. */
static int outside_grid(struct args_call *c, const struct args_grid *g)
{
    if (g->world_size <= g->nprow * g->npcol)
        return ARGS_SKIP;
    args_start(c, g);
    return 0;
}

static ARGS_CASE(bad_dtype, -601, c->desc[D_DTYPE] = 2)
static ARGS_CASE(bad_n_neg, -2, c->n = -1)
static ARGS_CASE(bad_ia_zero, -4, c->ia = 0)
static ARGS_CASE(bad_ja_zero, -5, c->ja = 0)
static ARGS_CASE(bad_mb_zero, -605, c->desc[D_MB] = 0)
static ARGS_CASE(bad_nb_zero, -606, c->desc[D_NB] = 0)
static ARGS_CASE(bad_nb_neg, -606, c->desc[D_NB] = -2)
static ARGS_CASE(bad_rsrc_high, -607, c->desc[D_RSRC] = g->nprow)
static ARGS_CASE(bad_rsrc_neg, -607, c->desc[D_RSRC] = -1)
static ARGS_CASE(bad_csrc_high, -608, c->desc[D_CSRC] = g->npcol)
static ARGS_CASE(bad_csrc_neg, -608, c->desc[D_CSRC] = -3)
static ARGS_CASE(bad_lld_zero, -609, c->desc[D_LLD] = 0)
static ARGS_CASE(bad_m_desc_zero, -603, c->desc[D_M] = 0)
static ARGS_CASE(bad_n_desc_zero, -604, c->desc[D_N] = 0)
static ARGS_CASE(bad_lld_small, -609, if (c->desc[D_LLD] > 1) c->desc[D_LLD]--)

/* ---- two errors at once ---- */

static ARGS_CASE(prec_dtype_ia_zero, -601, c->desc[D_DTYPE] = 2; c->ia = 0)

static ARGS_CASE(prec_n_neg_m_desc_zero, -2, c->n = -1; c->desc[D_M] = 0)

/* ---- descriptors that differ between processes: PCHK1MAT makes every
 * process of the grid return the same INFO ---- */

static ARGS_MULTI_CASE(incon_rsrc, -607,
    if (args_is_last(g)) c->desc[D_RSRC] = g->nprow > 1 ? 1 : 5;
    args_set_lld(c, g);
    args_refresh(c, g))

static ARGS_MULTI_CASE(incon_csrc, -608,
    if (args_is_last(g)) c->desc[D_CSRC] = g->npcol > 1 ? 1 : 5;
    args_refresh(c, g))

static ARGS_MULTI_CASE(incon_dtype, -601,
    if (args_is_last(g)) c->desc[D_DTYPE] = 2)

/* LLD is local: different values are fine. */
static ARGS_MULTI_CASE(incon_lld_valid, 0,
    if (args_is_last(g)) c->desc[D_LLD] += 5)

static ARGS_MULTI_CASE(incon_lld_bad, -609,
    if (args_is_last(g)) c->desc[D_LLD] = 0)

const struct args_case args_desc_cases[] = {
    ARGS_ROW(valid_base, ARGS_VALID),
    ARGS_ROW(valid_src_last, ARGS_VALID),
    ARGS_ROW(valid_lld_larger, ARGS_VALID),
    ARGS_ROW(valid_lld_small_no_cols, ARGS_VALID),
    ARGS_ROW(n0_n_desc_neg, ARGS_ERROR),
    ARGS_ROW(bad_ctxt_invalid, ARGS_ERROR),
    ARGS_ROW(bad_ctxt_huge, ARGS_ERROR),
    ARGS_ROW(bad_ctxt_exited, ARGS_ERROR),
    ARGS_ROW(outside_grid, ARGS_VALID),
    ARGS_ROW(bad_dtype, ARGS_ERROR),
    ARGS_ROW(bad_n_neg, ARGS_ERROR),
    ARGS_ROW(bad_ia_zero, ARGS_ERROR),
    ARGS_ROW(bad_ja_zero, ARGS_ERROR),
    ARGS_ROW(bad_mb_zero, ARGS_ERROR),
    ARGS_ROW(bad_nb_zero, ARGS_ERROR),
    ARGS_ROW(bad_nb_neg, ARGS_ERROR),
    ARGS_ROW(bad_rsrc_high, ARGS_ERROR),
    ARGS_ROW(bad_rsrc_neg, ARGS_ERROR),
    ARGS_ROW(bad_csrc_high, ARGS_ERROR),
    ARGS_ROW(bad_csrc_neg, ARGS_ERROR),
    ARGS_ROW(bad_lld_zero, ARGS_ERROR),
    ARGS_ROW(bad_lld_small, ARGS_ERROR),
    ARGS_ROW(bad_m_desc_zero, ARGS_ERROR),
    ARGS_ROW(bad_n_desc_zero, ARGS_ERROR),
    ARGS_ROW(prec_dtype_ia_zero, ARGS_ERROR),
    ARGS_ROW(prec_n_neg_m_desc_zero, ARGS_ERROR),
    ARGS_ROW(incon_rsrc, ARGS_ERROR),
    ARGS_ROW(incon_csrc, ARGS_ERROR),
    ARGS_ROW(incon_dtype, ARGS_ERROR),
    ARGS_ROW(incon_lld_valid, ARGS_VALID),
    ARGS_ROW(incon_lld_bad, ARGS_ERROR),
    ARGS_END_OF_CASES,
};
