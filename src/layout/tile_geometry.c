/* Construction of the hybrid tile geometry (see tile_geometry.h). */
#include "config.h"

#include <stdlib.h>

#include "include/hetscal.h"
#include "layout/tile_geometry.h"

/* ceil(n / b) without forming n + b - 1, which overflows for n near
 * INT_MAX (a tall panel of 2^31 - 1 rows). */
static int blocks_of(int n, int b)
{
    return n / b + (n % b != 0);
}

/* End of top-level column t (width B) of n_cols columns, clipped: t * B + B
 * is not formed when it would pass INT_MAX. */
static int top_end(int t, int B, int n_cols)
{
    int c0 = t * B;
    return n_cols - c0 > B ? c0 + B : n_cols;
}

int hs_geometry_init_host(hs_geometry *g, int n_rows, int n_cols, int B,
                          int nprow, int npcol)
{
    g->n_rows = n_rows;
    g->n_cols = n_cols;
    g->B = B;
    g->H = B;
    g->mt = blocks_of(n_rows, B);
    g->nt_top = blocks_of(n_cols, B);
    g->np = g->nt_top;
    g->nprow = nprow;
    g->npcol = npcol;
    g->prow0 = 0;
    g->pcol0 = 0;
    g->gathered = 0;
    g->device_panels = 0;
    g->spread_panels = 0;
    g->rows_over_devices = 0;
    g->transposed = 0;
    g->strip_buffers = 0;
    g->strip_columns = 1;
    g->panel = malloc((size_t)(g->np > 0 ? g->np : 1) * sizeof *g->panel);
    if (!g->panel)
        return HETSCAL_ERR_NOMEM;
    for (int c = 0; c < g->np; c++) {
        g->panel[c].col0 = c * B;
        g->panel[c].width = n_cols - c * B >= B ? B : n_cols - c * B;
        g->panel[c].top = c;
        g->panel[c].device = 0;
    }
    return HETSCAL_SUCCESS;
}

/* The split layout is the hybrid one without accelerator panels. */
int hs_geometry_init_split(hs_geometry *g, int n_rows, int n_cols, int B, int b,
                           int nprow, int npcol)
{
    return hs_geometry_init_hybrid(g, n_rows, n_cols, B, b, 0, nprow, npcol);
}

int hs_geometry_init_hybrid(hs_geometry *g, int n_rows, int n_cols, int B, int b, int Bg,
                            int nprow, int npcol)
{
    int per_top = blocks_of(B, b) + 1, np = 0;
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
        int end = top_end(t, B, n_cols);
        int host_end = end - t * B > B - Bg ? t * B + (B - Bg) : end;
        for (int c0 = t * B; c0 < end; c0 += panel[np++].width) {
            int gpu = c0 >= host_end;
            panel[np].col0 = c0;
            panel[np].width = gpu ? end - c0 : (host_end - c0 >= b ? b : host_end - c0);
            panel[np].top = t;
            panel[np].device = gpu;
        }
    }
    free(g->panel);
    g->panel = panel;
    g->np = np;
    return HETSCAL_SUCCESS;
}

int hs_geometry_cut_panels(hs_geometry *g, int b)
{
    int np = 0;
    for (int c = 0; c < g->np; c++)
        np += blocks_of(g->panel[c].width, b);
    hs_panel *panel = malloc((size_t)(np > 0 ? np : 1) * sizeof *panel);
    if (!panel)
        return HETSCAL_ERR_NOMEM;
    np = 0;
    for (int c = 0; c < g->np; c++) {
        const hs_panel *p = &g->panel[c];
        /* off = q b < width: no off + b past INT_MAX */
        for (int q = 0, pieces = blocks_of(p->width, b); q < pieces; q++, np++) {
            int off = q * b;
            panel[np] = *p;
            panel[np].col0 = p->col0 + off;
            panel[np].width = p->width - off < b ? p->width - off : b;
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

void hs_geometry_tall_rows(hs_geometry *g, int factor)
{
    /* factor B <= n_rows: no product past INT_MAX */
    if (factor > 1 && g->B > 0 && g->n_rows / g->B >= factor) {
        g->H = factor * g->B;
        g->mt = blocks_of(g->n_rows, g->H);
    }
}

void hs_geometry_free(hs_geometry *g)
{
    free(g->panel);
    g->panel = NULL;
}

static int gcd(int a, int b)
{
    while (b) {
        int r = a % b;
        a = b;
        b = r;
    }
    return a;
}

int hs_geometry_widest_panel(const hs_geometry *g)
{
    int w = 1;
    for (int c = 0; c < g->np; c++)
        if (g->panel[c].width > w)
            w = g->panel[c].width;
    return w;
}

int hs_geometry_panel_buffers(const hs_geometry *g)
{
    long long period = (long long)g->nprow / gcd(g->nprow, g->npcol) * g->npcol;
    int diag = g->mt < g->np ? g->mt : g->np;
    return period < diag ? (int)period : diag;
}
