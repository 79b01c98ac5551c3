/* The panel gather and scatter kinds (see panel_pack.h), one body for the
 * four precisions (kernels/panel_pack_body.h). */
#include "config.h"

#include "kernels/kernel_work.h"
#include "kernels/panel_pack.h"
#include "util/precision.h"

#define HS_TEMPLATE_BODY "kernels/panel_pack_body.h"
#include "util/prec_instantiate.h"

/* Each tile's rows read and written once (on a GPU not costed: the
 * machine files do not rate a GPU's memory, sim/sim_machine.c). */
static int panel_pack_work(const hs_task *t, int esize, hs_work_parts *p)
{
    for (int k = 1; k < t->nacc; k++)
        p->bytes += 2.0 * hs_work_rows(t, k) * hs_work_cols(t, k) * esize;
    p->main = HS_WORK_MEMORY;
    p->size = hs_work_cols(t, 0);
    return 0;
}

const hs_task_kind hs_kind_panel_gather = {
    .name = "panel_gather", .nacc = 1, .work = panel_pack_work,
    .kernel = HS_PREC_INSTANCES(panel_gather),
};

const hs_task_kind hs_kind_panel_scatter = {
    .name = "panel_scatter", .nacc = 1, .work = panel_pack_work,
    .kernel = HS_PREC_INSTANCES(panel_scatter),
};
