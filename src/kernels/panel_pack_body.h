/* The panel gather and scatter of one precision (see panel_pack.h). */

static int HS_SFX(panel_pack)(hs_task *t, int to_buffer)
{
    HS_T *buf = hs_task_data(t, 0);
    size_t ldb = (size_t)hs_task_ld(t, 0);
    hs_panel_rows_args x = hs_panel_rows_args_of(t);
    for (int k = 1; k < t->nacc; k++) {
        HS_T *tile = hs_task_data(t, k);
        int h = t->acc[k].handle->m, w = t->acc[k].handle->n;
        size_t ld = (size_t)hs_task_ld(t, k);
        HS_T *rows = buf + (x.row0[k - 1] - x.off);
        for (int q = 0; q < w; q++) {
            if (to_buffer)
                memcpy(rows + q * ldb, tile + q * ld, (size_t)h * sizeof(HS_T));
            else
                memcpy(tile + q * ld, rows + q * ldb, (size_t)h * sizeof(HS_T));
        }
    }
    return 0;
}

static int HS_SFX(panel_gather)(hs_task *t, hs_device *dev)
{
    (void)dev;
    return HS_SFX(panel_pack)(t, 1);
}

static int HS_SFX(panel_scatter)(hs_task *t, hs_device *dev)
{
    (void)dev;
    return HS_SFX(panel_pack)(t, 0);
}
