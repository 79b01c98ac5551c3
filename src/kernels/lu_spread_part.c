/* A spread panel's part as a task (see lu_spread_part.h). */
#include "config.h"

#include <stdlib.h>

#include "include/hetscal.h"
#include "kernels/kernel_work.h"
#include "kernels/lu_grid_kernels.h"
#include "kernels/lu_spread_device.h"
#include "kernels/lu_spread_panel.h"
#include "kernels/lu_spread_part.h"
#include "runtime/exchange.h"
#include "util/precision.h"

typedef struct part_team {
    const int *ranks;
    int members, me;
} part_team;

static int part_allgather(void *ctx, const void *mine, void *all, size_t bytes)
{
    const part_team *t = ctx;
    return hs_exchange_allgather(t->ranks, t->members, t->me, mine, all, bytes);
}

/* The part's rows: its tiles me, me + nprow, ... of the panel's. */
static int part_rows(hs_lu_spread_part_args x)
{
    int me = (x.q - x.ptop + x.nprow) % x.nprow, tiles = (x.rows + x.H - 1) / x.H, m = 0;
    for (int s = me; s < tiles; s += x.nprow)
        m += s + 1 < tiles ? x.H : x.rows - s * x.H;
    return m;
}

static int spread_part(hs_task *t, hs_device *dev, int prec)
{
    hs_lu_spread_part_args x = hs_lu_spread_part_args_of(t);
    const hs_lu_spread_ctx *ctx = t->ctx;
    int w = x.w, ld = hs_task_ld(t, 0);
    int members = hs_lu_spread_members(x.rows, x.H, x.nprow);
    int me = (x.q - x.ptop + x.nprow) % x.nprow, home = me == 0;
    if (!ctx || members > HS_EXCHANGE_MAX_MEMBERS)
        return HETSCAL_ERR_INTERNAL;   /* the same on every part */
    int ranks[HS_EXCHANGE_MAX_MEMBERS];
    for (int m = 0; m < members; m++)
        ranks[m] = ctx->rank_of[((x.ptop + m) % x.nprow) * ctx->npcol + x.pcol];

    int tiles = (x.rows + x.H - 1) / x.H, m = part_rows(x);
    int *row = malloc((size_t)(m > 0 ? m : 1) * sizeof *row);
    int *piv = home ? hs_task_data(t, 1) : malloc(((size_t)w + HS_LU_PIV_HEAD) * sizeof *piv);
    if (row)
        for (int s = me, i = 0; s < tiles; s += x.nprow)
            for (int r = s * x.H; r < (s + 1) * x.H && r < x.rows; r++)
                row[i++] = r;
    hs_lu_rows dist = ctx->rows;
    dist.ia += x.off;
    dist.ja += x.off;
    hs_lu_caller caller = { ctx->caller ? ctx->caller[0] : 0,
                            ctx->caller ? ctx->caller + 1 : NULL };
    int status = hs_task_input_status(t);
    hs_lu_spread_rows rows = { .m = m, .m_all = x.rows, .w = w, .row = row,
                               .status = status           ? status
                                         : !row || !piv ? HETSCAL_ERR_NOMEM
                                                        : 0,
                               .dist = &dist,
                               .caller = ctx->caller ? &caller : NULL,
                               .device = dev->kind != HS_DEV_CPU ? dev : NULL,
                               .stream = t->stream };
    part_team team_ctx = { ranks, members, me };
    hs_lu_spread_team team = { .members = members, .me = me, .allgather = part_allgather,
                               .ctx = &team_ctx };
    int err = hs_lu_spread_panel(prec, (char *)hs_task_data(t, 0)
                                           + (size_t)x.row0 * hs_prec_bytes(prec),
                                 ld, &rows, &team, piv);
    if (!err && home)
        err = hs_lu_grid_moves(piv, x.rows < w ? x.rows : w, w);
    free(row);
    if (!home)
        free(piv);
    return err;
}

/* The marker's value is of no account: its version is the message.  It
 * gets the buffer's first value, by an operation of the buffer's device,
 * after the packs there. */
static int spread_ready(hs_task *t, hs_device *dev, int prec)
{
    const void *from = hs_task_data(t, 1);
    void *to = hs_task_data(t, 0);
    return hs_dev_rows(dev, t->stream, prec, 1, 1, &from, 1, &to, 1);
}

/* The kinds' kernels of the four precisions: the same code but for
 * the part's precision. */
#define SPREAD_KERNELS(sfx, prec)                                     \
    static int lu_spread_ready_##sfx(hs_task *t, hs_device *dev)      \
    {                                                                 \
        return spread_ready(t, dev, prec);                            \
    }                                                                 \
    static int lu_spread_part_##sfx(hs_task *t, hs_device *dev)       \
    {                                                                 \
        return spread_part(t, dev, prec);                             \
    }
SPREAD_KERNELS(d, HS_PREC_D)
SPREAD_KERNELS(s, HS_PREC_S)
SPREAD_KERNELS(c, HS_PREC_C)
SPREAD_KERNELS(z, HS_PREC_Z)

static int lu_spread_ready_work(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)t;
    (void)esize;
    p->main = HS_WORK_MEMORY;
    p->size = 1;
    return 0;
}

const hs_task_kind hs_kind_lu_spread_ready = {
    .name = "lu_spread_ready", .nacc = 2, .work = lu_spread_ready_work,
    .kernel = HS_PREC_INSTANCES(lu_spread_ready),
};

/* The part's share of the panel's ?GETRF flops (its rows of the
 * panel's), at the spread panel's own rate by the panel's width
 * (LU_SPREAD; a GETRF's where the machine does not rate it); its
 * exchanges, one a column and the first, each a record to every other
 * part; and on an accelerator its transfers through the host a
 * column. */
static int lu_spread_part_work(const hs_task *t, int esize, hs_work_parts *p)
{
    hs_lu_spread_part_args x = hs_lu_spread_part_args_of(t);
    int w = x.w, kk = x.rows < w ? x.rows : w;
    int members = hs_lu_spread_members(x.rows, x.H, x.nprow);
    p->rows = part_rows(x);
    p->exchanges = kk + 1;
    p->exchange_members = members;
    p->exchange_bytes = (double)hs_lu_spread_record_bytes(w, esize);
    if (t->device) {
        p->device_copies = HS_LU_SPREAD_DEVICE_COPIES * kk;
        p->device_bytes = (2.0 + 2.0 * members) * kk * w * esize;
    }
    return hs_work_one(p, HS_WORK_LU_SPREAD, hs_flops_getrf(x.rows, w) * p->rows / x.rows, w);
}

/* A panel's parts: one group a panel (its first column). */
static int lu_spread_part_gang(const hs_task *t, long *key)
{
    hs_lu_spread_part_args x = hs_lu_spread_part_args_of(t);
    *key = x.off;
    return hs_lu_spread_members(x.rows, x.H, x.nprow);
}

/* It runs whatever its inputs carry (the task's ignore_status): a part
 * that was skipped would leave its peers waiting; it passes the status
 * on to them instead.  On an accelerator it drives the device itself,
 * waiting for its peers' records between its kernels. */
const hs_task_kind hs_kind_lu_spread_part = {
    .name = "lu_spread_part", .nacc = 1, .work = lu_spread_part_work,
    .kernel = HS_PREC_INSTANCES(lu_spread_part), .drives_device = 1,
    .gang = lu_spread_part_gang,
};
