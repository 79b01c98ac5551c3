/* The panel gather and scatter of one precision (see panel_pack.h). */

/* One copy per tile within the memory of the device that runs the task
 * (the host's, or a GPU's: the 2-D LU's device panels, on its compute
 * stream, in order with the panel's kernels). */
static int HS_SFX(panel_pack)(hs_task *t, hs_device *dev, int to_buffer)
{
    HS_T *buf = hs_task_data(t, 0);
    int ldb = hs_task_ld(t, 0), err = 0;
    hs_panel_rows_args x = hs_panel_rows_args_of(t);
    for (int k = 1; k < t->nacc && !err; k++) {
        HS_T *tile = hs_task_data(t, k), *rows = buf + (x.row0[k - 1] - x.off);
        int h = t->acc[k].handle->m, w = t->acc[k].handle->n, ld = hs_task_ld(t, k);
        err = dev->ops->copy(dev, t->stream, HS_COPY_D2D, h, w, (int)sizeof(HS_T),
                             to_buffer ? tile : rows, to_buffer ? ld : ldb,
                             to_buffer ? rows : tile, to_buffer ? ldb : ld);
    }
    return err;
}

static int HS_SFX(panel_gather)(hs_task *t, hs_device *dev)
{
    return HS_SFX(panel_pack)(t, dev, 1);
}

static int HS_SFX(panel_scatter)(hs_task *t, hs_device *dev)
{
    return HS_SFX(panel_pack)(t, dev, 0);
}
