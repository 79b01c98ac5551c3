/* The pieces' gather and scatter kinds (see piece_kernels.h): the same
 * copy for every precision (the repartition knows its values' size). */
#include "config.h"

#include "kernels/kernel_work.h"
#include "kernels/piece_kernels.h"

/* Access 0 is the tile, accesses 1 .. iparam[2] its pieces
 * iparam[1] ... in order.  A piece this rank had no memory for is the
 * runtime's sink (hs_handle.discard, shaped for another tile; several
 * of them one access, engine.h hs_task_access): the scatter, which runs
 * whatever its inputs carry, then copies nothing (the call fails with
 * that status anyway). */
static int piece_copy(hs_task *t, int to_tiles)
{
    const hs_piece_program *p = t->ctx;
    if (t->nacc != 1 + t->iparam[2])
        return 0;
    for (int k = 1; k < t->nacc; k++)
        if (!t->acc[k].handle->discard)
            hs_redist_piece_copy(p->rd, &p->piece[t->iparam[1] + k - 1], hs_task_data(t, k),
                                 hs_task_ld(t, k), hs_task_data(t, 0), hs_task_ld(t, 0),
                                 to_tiles);
    return 0;
}

static int gather(hs_task *t, hs_device *dev)
{
    (void)dev;
    return piece_copy(t, 1);
}

static int scatter(hs_task *t, hs_device *dev)
{
    (void)dev;
    return piece_copy(t, 0);
}

/* Each piece's values read and written once, as the repartition's
 * copies (the class of the runtime's fill and write_back). */
static int piece_work(const hs_task *t, int esize, hs_work_parts *p)
{
    for (int k = 1; k < t->nacc; k++)
        p->bytes += 2.0 * hs_work_rows(t, k) * hs_work_cols(t, k) * esize;
    p->main = HS_WORK_MEMORY;
    p->size = hs_work_cols(t, 0);
    return 0;
}

const hs_task_kind hs_kind_piece_gather = {
    .name = "piece_gather", .nacc = 2, .work = piece_work,
    .kernel = { gather, gather, gather, gather }, .host_only = 1,
};

const hs_task_kind hs_kind_piece_scatter = {
    .name = "piece_scatter", .nacc = 2, .work = piece_work,
    .kernel = { scatter, scatter, scatter, scatter }, .host_only = 1,
};
