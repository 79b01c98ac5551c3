/* The 2-D LU's tile kernels of one precision (see lu_grid_kernels.h;
 * kernels/lu_kernels_body.h includes this after the kernels it reuses).
 * The panel on the host; the interchanges and updates wherever their
 * tiles are (row copies, kernels/row_list.h). */

/* The panel as the single-tile-row LU factors it (lu_panel), on the
 * buffer's first `rows` rows, then on the host its moves (a GPU's:
 * lu_grid_moves, once its pivots are on the host). */
static int HS_SFX(lu_grid_panel)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0);
    int *piv = hs_task_data(t, 1);
    hs_lu_grid_panel_args x = hs_lu_grid_panel_args_of(t);
    int ld = hs_task_ld(t, 0), m = x.rows;
    int w = hs_lu_grid_piv_width(t->acc[1].handle->m), err;
    if (dev->kind != HS_DEV_CPU)
        return hs_dev_getrf(dev, t->stream, HS_P, m, w, a, ld, piv + HS_LU_PIV_INFO);
    if (HS_SFX(panel_finite)(a, m, ld, 0, w)) {
        if (x.team && hs_lu_team_pieces(m, w))
            err = HS_SFX(lu_panel_team)(a, ld, m, w, piv);
        else
            err = 1;
        if (err)
            err = hs_dev_getrf(dev, t->stream, HS_P, m, w, a, ld,
                               piv + HS_LU_PIV_INFO);
    } else {
        const int *layout = t->ctx;
        hs_lu_caller caller = { layout ? layout[0] : 0, layout ? layout + 1 : NULL };
        err = HS_SFX(lu_panel_scalapack)(a, m, ld, 0, w, &x.dist, layout ? &caller : NULL,
                                         piv + HS_LU_PIV_HEAD, piv + HS_LU_PIV_INFO);
    }
    return err ? err : hs_lu_grid_moves(piv, m < w ? m : w, w);
}

static int HS_SFX(lu_grid_moves)(hs_task *t, hs_device *dev)
{
    (void)dev;
    hs_lu_grid_moves_args x = hs_lu_grid_moves_args_of(t);
    return hs_lu_grid_moves(hs_task_data(t, 0), x.kk,
                            hs_lu_grid_piv_width(t->acc[0].handle->m));
}

/* The first of the panel's moved rows at or after row r (from off). */
static int HS_SFX(lu_grid_first_out)(const int *row, int nout, int r)
{
    int lo = 0, hi = nout;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (row[mid] < r)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int HS_SFX(lu_grid_visit)(hs_task *t, hs_device *dev)
{
    int n = t->nacc - 3;
    HS_T *piece = hs_task_data(t, n);
    const HS_T *top = hs_task_data(t, n + 1);
    const int *p = hs_task_data(t, n + 2);   /* the host's (HS_ON_HOST) */
    int ldt = hs_task_ld(t, n + 1);
    int w = hs_lu_grid_piv_width(t->acc[n + 2].handle->m);
    int nout = p[hs_lu_grid_nout(w)];
    const int *row = p + hs_lu_grid_out_row(w), *from = p + hs_lu_grid_out_from(w);
    const int *to = p + hs_lu_grid_out_to(w);
    hs_lu_grid_visit_args x = hs_lu_grid_visit_args_of(t);
    int kk = x.rows < w ? x.rows : w, cols = t->acc[0].handle->n;
    int *slot = malloc((size_t)(kk > 0 ? kk : 1) * sizeof *slot);
    if (!slot)
        return HETSCAL_ERR_NOMEM;
    int prows = hs_lu_grid_piece_slots(p + hs_lu_grid_src(w), kk, x.H, x.nprow, x.ptop, x.q,
                                       slot);
    int ldp = prows > 0 ? prows : 1;
    hs_row_list out = { 0 }, in = { 0 };
    int err = hs_row_list_init(&out, nout);
    if (!err)
        err = hs_row_list_init(&in, nout);
    /* Each moved row's content to the piece, then the top rows in its
     * place: two lists, issued in runs of one leading dimension. */
    for (int k = 0; k < n && !err; k++) {
        HS_T *a = hs_task_data(t, k);
        int h = t->acc[k].handle->m, ld = hs_task_ld(t, k), r0 = x.row0[k] - x.off;
        for (int i = HS_SFX(lu_grid_first_out)(row, nout, r0); i < nout && row[i] < r0 + h;
             i++) {
            if (slot[to[i]] < 0) {   /* a row of q's that no top row takes: the moves' bug */
                err = HETSCAL_ERR_INTERNAL;
                break;
            }
            hs_row_list_add(&out, a + (row[i] - r0), ld, piece + slot[to[i]], ldp);
            hs_row_list_add(&in, top + from[i], ldt, a + (row[i] - r0), ld);
        }
    }
    free(slot);
    if (!err)
        err = hs_row_list_issue(&out, dev, t->stream, HS_P, cols);
    if (!err)
        err = hs_row_list_issue(&in, dev, t->stream, HS_P, cols);
    hs_row_list_free(&out);
    hs_row_list_free(&in);
    if (!err)
        hs_handle_set_prefix(t->acc[n].handle, hs_value_words(prows, cols, (int)sizeof(HS_T)));
    return err;
}

/* The top tile's rows from itself (FIRST) and from the pieces; then,
 * right of the panel, the solve (SOLVE). */
static int HS_SFX(lu_grid_top)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0);
    const int *p = hs_task_data(t, 1);   /* the host's (HS_ON_HOST) */
    int h = t->acc[0].handle->m, n = t->acc[0].handle->n, ld = hs_task_ld(t, 0);
    int w = hs_lu_grid_piv_width(t->acc[1].handle->m);
    hs_lu_grid_top_args x = hs_lu_grid_top_args_of(t);
    int kk = x.kk, first_piece = x.flags & HS_LU_GRID_TOP_SOLVE ? 3 : 2;
    const int *src = p + hs_lu_grid_src(w);
    hs_row_list rows;
    int err = hs_row_list_init(&rows, kk + p[hs_lu_grid_nout(w)]);
    if (!err && (x.flags & HS_LU_GRID_TOP_FIRST)) {
        /* Rows from the tile itself: their values from before (the row
         * copies stage them). */
        int nout = p[hs_lu_grid_nout(w)];
        const int *row = p + hs_lu_grid_out_row(w), *from = p + hs_lu_grid_out_from(w);
        for (int i = 0; i < kk; i++)
            if (src[i] < h && src[i] != i)
                hs_row_list_add(&rows, a + src[i], ld, a + i, ld);
        for (int i = 0; i < nout && row[i] < h; i++)
            hs_row_list_add(&rows, a + from[i], ld, a + row[i], ld);
        err = hs_row_list_issue(&rows, dev, t->stream, HS_P, n);
    }
    int *slot = NULL;
    if (!err && t->nacc > first_piece) {
        slot = malloc((size_t)(kk > 0 ? kk : 1) * sizeof *slot);
        err = slot ? 0 : HETSCAL_ERR_NOMEM;
    }
    for (int k = first_piece; k < t->nacc && !err; k++) {
        const HS_T *piece = hs_task_data(t, k);
        int prows = hs_lu_grid_piece_slots(src, kk, x.H, x.nprow, x.ptop,
                                           x.prow[k - first_piece], slot);
        for (int i = 0; i < kk; i++)
            if (slot[i] >= 0)
                hs_row_list_add(&rows, piece + slot[i], prows, a + i, ld);
    }
    free(slot);
    if (!err)
        err = hs_row_list_issue(&rows, dev, t->stream, HS_P, n);
    hs_row_list_free(&rows);
    if (err || !(x.flags & HS_LU_GRID_TOP_SOLVE))
        return err;
    const HS_T *l = hs_task_data(t, 2);
    int ll = hs_task_ld(t, 2);
    err = hs_dev_triangular(dev, t->stream, HS_K_TRSM, HS_P, 'L', 'L', 'N', 'U', kk, n,
                            1.0, l, ll, a, ld);
    if (!err && h > kk)
        err = hs_dev_gemm(dev, t->stream, HS_P, 'N', 'N', h - kk, n, kk, -1.0, l + kk,
                          ll, a, ld, 1.0, a + kk, ld);
    return err;
}

static int HS_SFX(lu_grid_gemm_strip)(hs_task *t, hs_device *dev)
{
    hs_lu_grid_strip_args x = hs_lu_grid_strip_args_of(t);
    int n = x.tiles, err = 0, top = n + (x.packed ? 1 : n), ll;
    hs_strip_panel panel = { .p0 = n, .packed = x.packed, .row0 = x.row0 };
    for (int i = 0; !err && i < n;) {
        int rows, e = hs_strip_run(t, 0, hs_strip_run_p0(panel), n, i, 0, &rows);
        const HS_T *l = hs_strip_panel_rows(t, panel, 0, i, &ll);
        err = hs_dev_gemm(dev, t->stream, HS_P, 'N', 'N', rows, t->acc[i].handle->n, x.kk, -1.0,
                          l, ll, hs_task_data(t, top), hs_task_ld(t, top), 1.0,
                          hs_task_data(t, i), hs_task_ld(t, i));
        i = e;
    }
    return err;
}

static int HS_SFX(lu_grid_gemm)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0);
    const HS_T *l = hs_task_data(t, 1), *u = hs_task_data(t, 2);
    hs_lu_grid_gemm_args x = hs_lu_grid_gemm_args_of(t);
    return hs_dev_gemm(dev, t->stream, HS_P, 'N', 'N', t->acc[0].handle->m,
                       t->acc[0].handle->n, x.kk, -1.0, l, hs_task_ld(t, 1), u,
                       hs_task_ld(t, 2), 1.0, a, hs_task_ld(t, 0));
}
