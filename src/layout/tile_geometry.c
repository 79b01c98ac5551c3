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
    g->mt = (n_rows + B - 1) / B;
    g->nt_top = (n_cols + B - 1) / B;
    g->np = g->nt_top;
    g->nprow = nprow;
    g->npcol = npcol;
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

void hs_geometry_free(hs_geometry *g)
{
    free(g->panel);
    g->panel = NULL;
}
