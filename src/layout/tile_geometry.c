/* Construction of the hybrid tile geometry (see tile_geometry.h). */
#include "config.h"

#include <stdlib.h>

#include "include/hetscal.h"
#include "layout/tile_geometry.h"

int hs_geometry_init_host(hs_geometry *g, int n_rows, int n_cols, int B,
                          int nprow, int npcol)
{
    g->n_rows = n_rows;
    g->n_cols = n_cols;
    g->B = B;
    g->H = B;
    g->mt = (n_rows + B - 1) / B;
    g->nt_top = (n_cols + B - 1) / B;
    g->np = g->nt_top;
    g->nprow = nprow;
    g->npcol = npcol;
    g->prow0 = 0;
    g->pcol0 = 0;
    g->panel = malloc((size_t)(g->np > 0 ? g->np : 1) * sizeof *g->panel);
    if (!g->panel)
        return HETSCAL_ERR_NOMEM;
    for (int c = 0; c < g->np; c++) {
        g->panel[c].col0 = c * B;
        g->panel[c].width = (c + 1) * B <= n_cols ? B : n_cols - c * B;
        g->panel[c].top = c;
        g->panel[c].device = 0;
    }
    return HETSCAL_SUCCESS;
}

int hs_geometry_init_split(hs_geometry *g, int n_rows, int n_cols, int B, int b,
                           int nprow, int npcol)
{
    int per_top = (B + b - 1) / b, np = 0;
    int err = hs_geometry_init_host(g, n_rows, n_cols, B, nprow, npcol);
    if (err)
        return err;
    hs_panel *panel = malloc((size_t)(g->nt_top * per_top + 1) * sizeof *panel);
    if (!panel) {
        hs_geometry_free(g);
        return HETSCAL_ERR_NOMEM;
    }
    for (int t = 0; t < g->nt_top; t++) {
        int end = (t + 1) * B < n_cols ? (t + 1) * B : n_cols;
        for (int c0 = t * B; c0 < end; c0 += b) {
            panel[np].col0 = c0;
            panel[np].width = c0 + b <= end ? b : end - c0;
            panel[np].top = t;
            panel[np].device = 0;
            np++;
        }
    }
    free(g->panel);
    g->panel = panel;
    g->np = np;
    return HETSCAL_SUCCESS;
}

int hs_geometry_init_hybrid(hs_geometry *g, int n_rows, int n_cols, int B, int b, int Bg,
                            int nprow, int npcol)
{
    int per_top = (B + b - 1) / b + 1, np = 0;
    int err = hs_geometry_init_host(g, n_rows, n_cols, B, nprow, npcol);
    if (err)
        return err;
    hs_panel *panel = malloc((size_t)(g->nt_top * per_top + 1) * sizeof *panel);
    if (!panel) {
        hs_geometry_free(g);
        return HETSCAL_ERR_NOMEM;
    }
    if (Bg > B)
        Bg = B;
    for (int t = 0; t < g->nt_top; t++) {
        int end = (t + 1) * B < n_cols ? (t + 1) * B : n_cols;
        int host_end = t * B + (B - Bg) < end ? t * B + (B - Bg) : end;
        for (int c0 = t * B; c0 < end; c0 += b) {
            int gpu = c0 >= host_end;
            panel[np].col0 = c0;
            panel[np].width = gpu ? end - c0 : (c0 + b <= host_end ? b : host_end - c0);
            panel[np].top = t;
            panel[np].device = gpu;
            c0 = c0 + panel[np].width - b;   /* the loop adds b */
            np++;
        }
    }
    free(g->panel);
    g->panel = panel;
    g->np = np;
    return HETSCAL_SUCCESS;
}

void hs_geometry_single_tile_row(hs_geometry *g)
{
    g->H = g->n_rows > 0 ? g->n_rows : 1;
    g->mt = g->n_rows > 0 ? 1 : 0;
}

void hs_geometry_free(hs_geometry *g)
{
    free(g->panel);
    g->panel = NULL;
}
