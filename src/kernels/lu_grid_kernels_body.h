/* The 2-D LU's tile kernels of one precision (see lu_grid_kernels.h;
 * kernels/lu_kernels_body.h includes this after the kernels it reuses).
 * Host only, except the GEMM. */

/* Rows [r, r + h) of an ld-apart n-wide block a to rows [s, s + h) of b. */
static void HS_SFX(lu_grid_copy_rows)(const HS_T *a, int lda, int r, HS_T *b, int ldb, int s,
                                      int h, int n)
{
    for (int q = 0; q < n; q++)
        memcpy(b + s + (size_t)q * ldb, a + r + (size_t)q * lda, (size_t)h * sizeof(HS_T));
}

/* One row i of a to row j of b, n columns. */
static void HS_SFX(lu_grid_copy_row)(const HS_T *a, int lda, int i, HS_T *b, int ldb, int j,
                                     int n)
{
    for (int q = 0; q < n; q++)
        b[j + (size_t)q * ldb] = a[i + (size_t)q * lda];
}

/* The panel as the single-tile-row LU factors it (lu_panel), on the
 * buffer's first `rows` rows, then its moves. */
static int HS_SFX(lu_grid_panel)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0);
    int *piv = hs_task_data(t, 1);
    hs_lu_grid_panel_args x = hs_lu_grid_panel_args_of(t);
    int ld = hs_task_ld(t, 0), m = x.rows;
    int w = hs_lu_grid_piv_width(t->acc[1].handle->m), err;
    if (HS_SFX(panel_finite)(a, m, ld, 0, w)) {
        if (x.team && hs_lu_team_pieces(m, w))
            err = HS_SFX(lu_panel_team)(a, ld, m, w, piv);
        else
            err = 1;
        if (err)
            err = hs_dev_getrf(dev, HS_STREAM_COMPUTE, HS_P, m, w, a, ld,
                               piv + HS_LU_PIV_INFO);
    } else {
        const int *layout = t->ctx;
        hs_lu_caller caller = { layout ? layout[0] : 0, layout ? layout + 1 : NULL };
        err = HS_SFX(lu_panel_scalapack)(a, m, ld, 0, w, &x.dist, layout ? &caller : NULL,
                                         piv + HS_LU_PIV_HEAD, piv + HS_LU_PIV_INFO);
    }
    return err ? err : hs_lu_grid_moves(piv, m < w ? m : w, w);
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
    (void)dev;
    int n = t->nacc - 3;
    HS_T *piece = hs_task_data(t, n);
    const HS_T *top = hs_task_data(t, n + 1);
    const int *p = hs_task_data(t, n + 2);
    int ldp = hs_task_ld(t, n), ldt = hs_task_ld(t, n + 1);
    int w = hs_lu_grid_piv_width(t->acc[n + 2].handle->m);
    int nout = p[hs_lu_grid_nout(w)];
    const int *row = p + hs_lu_grid_out_row(w), *from = p + hs_lu_grid_out_from(w);
    const int *to = p + hs_lu_grid_out_to(w);
    hs_lu_grid_visit_args x = hs_lu_grid_visit_args_of(t);
    for (int k = 0; k < n; k++) {
        HS_T *a = hs_task_data(t, k);
        int h = t->acc[k].handle->m, cols = t->acc[k].handle->n, ld = hs_task_ld(t, k);
        int r0 = x.row0[k] - x.off;
        for (int i = HS_SFX(lu_grid_first_out)(row, nout, r0); i < nout && row[i] < r0 + h;
             i++) {
            HS_SFX(lu_grid_copy_row)(a, ld, row[i] - r0, piece, ldp, to[i], cols);
            HS_SFX(lu_grid_copy_row)(top, ldt, from[i], a, ld, row[i] - r0, cols);
        }
    }
    return 0;
}

/* The top tile's rows from itself (FIRST) and from the pieces; then,
 * right of the panel, the solve (SOLVE). */
static int HS_SFX(lu_grid_top)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0);
    const int *p = hs_task_data(t, 1);
    int h = t->acc[0].handle->m, n = t->acc[0].handle->n, ld = hs_task_ld(t, 0);
    int w = hs_lu_grid_piv_width(t->acc[1].handle->m);
    hs_lu_grid_top_args x = hs_lu_grid_top_args_of(t);
    int kk = x.kk, first_piece = x.flags & HS_LU_GRID_TOP_SOLVE ? 3 : 2;
    const int *src = p + hs_lu_grid_src(w);
    if (x.flags & HS_LU_GRID_TOP_FIRST) {
        int nout = p[hs_lu_grid_nout(w)];
        const int *row = p + hs_lu_grid_out_row(w), *from = p + hs_lu_grid_out_from(w);
        HS_T *old = malloc((size_t)h * (size_t)n * sizeof *old);
        if (!old)
            return HETSCAL_ERR_NOMEM;
        HS_SFX(lu_grid_copy_rows)(a, ld, 0, old, h, 0, h, n);
        for (int i = 0; i < kk; i++)
            if (src[i] < h && src[i] != i)
                HS_SFX(lu_grid_copy_row)(old, h, src[i], a, ld, i, n);
        for (int i = 0; i < nout && row[i] < h; i++)
            HS_SFX(lu_grid_copy_row)(old, h, from[i], a, ld, row[i], n);
        free(old);
    }
    for (int k = first_piece; k < t->nacc; k++) {
        const HS_T *piece = hs_task_data(t, k);
        int ldp = hs_task_ld(t, k), q = x.prow[k - first_piece];
        for (int i = 0; i < kk; i++)
            if (src[i] >= h && (x.ptop + src[i] / x.H) % x.nprow == q)
                HS_SFX(lu_grid_copy_row)(piece, ldp, i, a, ld, i, n);
    }
    if (!(x.flags & HS_LU_GRID_TOP_SOLVE))
        return 0;
    const HS_T *l = hs_task_data(t, 2);
    int ll = hs_task_ld(t, 2);
    int err = hs_dev_triangular(dev, HS_STREAM_COMPUTE, HS_K_TRSM, HS_P, 'L', 'L', 'N', 'U', kk,
                                n, 1.0, l, ll, a, ld);
    if (!err && h > kk)
        err = hs_dev_gemm(dev, HS_STREAM_COMPUTE, HS_P, 'N', 'N', h - kk, n, kk, -1.0, l + kk,
                          ll, a, ld, 1.0, a + kk, ld);
    return err;
}

static int HS_SFX(lu_grid_gemm)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0);
    const HS_T *l = hs_task_data(t, 1), *u = hs_task_data(t, 2);
    hs_lu_grid_gemm_args x = hs_lu_grid_gemm_args_of(t);
    return hs_dev_gemm(dev, HS_STREAM_COMPUTE, HS_P, 'N', 'N', t->acc[0].handle->m,
                       t->acc[0].handle->n, x.kk, -1.0, l, hs_task_ld(t, 1), u,
                       hs_task_ld(t, 2), 1.0, a, hs_task_ld(t, 0));
}
