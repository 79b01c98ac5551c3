/* The LU tile kernels of one precision (see lu_kernels.h;
 * kernels/lu_kernels.c instantiates them through util/prec_instantiate.h). */

#include "kernels/lu_pivot_search_body.h"
#include "kernels/lu_panel_team_body.h"

/* ?GETRF of the panel on the device that runs the task, INFO and pivots
 * straight into the pivot tile (on the host over a team of the rank's
 * idle workers when the task says so and the shape allows,
 * lu_panel_team_body.h); on the host, a panel holding a NaN or an
 * infinity takes ScaLAPACK's own column-by-column search instead
 * (lu_pivot_search.h), so that INFO and the pivots are P?GETRF's.  (A
 * GPU's panel gives cuSOLVER's answer there: its data are not read on
 * the host.) */
static int HS_SFX(lu_panel)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0);
    int *piv = hs_task_data(t, 1);
    hs_lu_panel_args x = hs_lu_panel_args_of(t);
    int m = t->acc[0].handle->m, ld = hs_task_ld(t, 0), w = t->acc[0].handle->n, off = x.off;
    if (dev->kind != HS_DEV_CPU || HS_SFX(panel_finite)(a, m, ld, off, w)) {
        if (dev->kind == HS_DEV_CPU && x.team && hs_lu_team_pieces(m - off, w)
            && !HS_SFX(lu_panel_team)(a + off, ld, m - off, w, piv))
            return 0;
        return hs_dev_getrf(dev, t->stream, HS_P, m - off, w, a + off, ld,
                            piv + HS_LU_PIV_INFO);
    }
    /* ctx: where every process's A lies (api/lu_call.c), when known */
    const int *layout = t->ctx;
    hs_lu_caller caller = { layout ? layout[0] : 0, layout ? layout + 1 : NULL };
    return HS_SFX(lu_panel_scalapack)(a, m, ld, off, w, &x.rows, layout ? &caller : NULL,
                                      piv + HS_LU_PIV_HEAD,
                                      piv + HS_LU_PIV_INFO);
}

/* The rows from off down of an ld-high, n-wide column block interchanged
 * as the kk pivots of a pivot tile say (host). */
static void HS_SFX(lu_swap)(HS_T *a, int ld, int n, const int *piv, int off, int kk)
{
    int one = 1;
    if (kk > 0 && n > 0)
        HS_F(laswp)(&n, a + off, &ld, &one, &kk, piv + HS_LU_PIV_HEAD, &one);
}

/* On the host or a GPU (the data pointers are that device's): off and kk
 * from the arguments, the pivots as the device's ?LASWP. */
static int HS_SFX(lu_column)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0);
    const HS_T *l = hs_task_data(t, 1);
    const int *piv = hs_task_data(t, 2);
    int m = t->acc[0].handle->m, ld = hs_task_ld(t, 0), wj = t->acc[0].handle->n;
    int ll = hs_task_ld(t, 1);
    hs_lu_column_args x = hs_lu_column_args_of(t);
    int off = x.off, kk = x.kk, below = m - off - kk;

    int err = hs_dev_laswp(dev, t->stream, HS_P, m - off, wj, kk,
                           piv + HS_LU_PIV_HEAD, a + off, ld);
    if (!err)
        err = hs_dev_triangular(dev, t->stream, HS_K_TRSM, HS_P, 'L', 'L', 'N', 'U', kk,
                                wj, 1.0, l + off, ll, a + off, ld);
    if (!err && below > 0)
        err = hs_dev_gemm(dev, t->stream, HS_P, 'N', 'N', below, wj, kk, -1.0,
                          l + off + kk, ll, a + off, ld, 1.0, a + off + kk, ld);
    return err;
}

static int HS_SFX(lu_swap_left)(hs_task *t, hs_device *dev)
{
    (void)dev;
    HS_T *a = hs_task_data(t, 0);
    int m = t->acc[0].handle->m, ld = hs_task_ld(t, 0), w = t->acc[0].handle->n;
    hs_lu_swap_args x = hs_lu_swap_args_of(t);
    for (int i = 1; i < t->nacc; i++) {
        int off = x.off[i - 1], wk = t->acc[i].handle->m - HS_LU_PIV_HEAD;
        HS_SFX(lu_swap)(a, ld, w, hs_task_data(t, i), off, hs_lu_pivots(m, off, wk));
    }
    return 0;
}


#include "kernels/lu_grid_kernels_body.h"
