/* The panel gather and scatter of one precision (see panel_pack.h). */

/* On the host column by column; on a GPU (a buffer there: the 2-D LU's
 * device panels) one copy within its memory per tile, on the compute
 * stream, in order with the panel's kernels. */
static int HS_SFX(panel_pack)(hs_task *t, hs_device *dev, int to_buffer)
{
    HS_T *buf = hs_task_data(t, 0);
    int ldb = hs_task_ld(t, 0), err = 0;
    hs_panel_rows_args x = hs_panel_rows_args_of(t);
    for (int k = 1; k < t->nacc && !err; k++) {
        HS_T *tile = hs_task_data(t, k);
        int h = t->acc[k].handle->m, w = t->acc[k].handle->n, ld = hs_task_ld(t, k);
        HS_T *rows = buf + (x.row0[k - 1] - x.off);
        if (dev->kind != HS_DEV_CPU) {
            err = to_buffer ? dev->ops->copy(dev, HS_STREAM_COMPUTE, HS_COPY_D2D, h, w,
                                             (int)sizeof(HS_T), tile, ld, rows, ldb)
                            : dev->ops->copy(dev, HS_STREAM_COMPUTE, HS_COPY_D2D, h, w,
                                             (int)sizeof(HS_T), rows, ldb, tile, ld);
            continue;
        }
        for (size_t q = 0; q < (size_t)w; q++) {
            if (to_buffer)
                memcpy(rows + q * (size_t)ldb, tile + q * (size_t)ld, (size_t)h * sizeof(HS_T));
            else
                memcpy(tile + q * (size_t)ld, rows + q * (size_t)ldb, (size_t)h * sizeof(HS_T));
        }
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
