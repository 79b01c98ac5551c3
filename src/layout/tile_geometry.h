/* Hybrid tile geometry of an n_rows x n_cols matrix (doc/ARCHITECTURE.md section 4).
 *
 *   top-level tile column t (width B), cut into column panels:
 *
 *            |<-- b -->|<-- b -->|<------- Bg ------->|
 *            +---------+---------+--------------------+  ^
 *   tile     |  host   |  host   |       GPU g        |  | B (tile row r)
 *   row r    |  tile   |  tile   |       tile         |  |
 *            +---------+---------+--------------------+  v
 *
 * Tile (r, c) = tile row r (rows [r*H, min((r+1)*H, n_rows))) x column panel
 * c, where the tile-row height H is B except in a single-tile-row geometry
 * (H = n_rows: every panel is one tile, for QR on one process row).  Tile rows and top-level columns are spread 2-D block-cyclically over
 * the nprow x npcol grid: tile (r, c) lives on grid position
 * ((prow0 + r) mod nprow, (pcol0 + top(c)) mod npcol), on the panel's
 * device (0 = host); prow0 = pcol0 = 0 unless the caller's own
 * block-cyclic layout is taken over (hs_call_caller_tiles).  With
 * no GPU every top-level column is one host panel and tiles are square.
 * Tiles are stored column-major with ld = their height, plus one trailing
 * status word (see runtime/engine.h). */
#ifndef HETSCAL_LAYOUT_TILE_GEOMETRY_H
#define HETSCAL_LAYOUT_TILE_GEOMETRY_H

typedef struct hs_panel {
    int col0;     /* first column (0-based within the matrix) */
    int width;
    int top;      /* top-level tile column index */
    int device;   /* 0 = host, 1..G = GPU */
} hs_panel;

typedef struct hs_geometry {
    int n_rows, n_cols;
    int B;              /* top-level column width */
    int H;              /* tile-row height: B, a multiple of it (QR's TSQR
                           with GPU columns), or n_rows in one tile row */
    int mt;             /* tile rows */
    int nt_top;         /* top-level tile columns */
    int np;             /* column panels */
    hs_panel *panel;
    int nprow, npcol;
    int prow0, pcol0;   /* grid position of tile row 0 / top column 0 */
    int gathered;       /* square tiles on several process rows whose panels
                           are gathered whole into a buffer on their
                           diagonal tile's home (hs_geometry_panel_buffers)
                           and factored there by one LAPACK call: QR on
                           the caller's grid (algo/qr.h); 0 otherwise */
    int device_panels;  /* the panels of accelerator columns factored on
                           their GPUs (the 2-D LU's gathered, algo/lu_grid.h;
                           QR's TSQR leaves, whose tree then steps down
                           there too, algo/qr.h); 0: on the host */
    int spread_panels;  /* the 2-D LU's panels factored where their rows
                           lie, by the ranks of their process column
                           together (kernels/lu_spread_part.h), not
                           gathered: the sets of buffers each grid
                           position keeps for its parts (1, or with
                           device_panels one an accelerator of a rank,
                           algo/lu_grid.c); 0 otherwise */
    int rows_over_devices;   /* the accelerator columns' tiles spread over
                           their rank's accelerators by tile row, not by
                           column (hs_tile_slot): QR's TSQR with GPU
                           panels, whose panel's leaves then run on every
                           GPU of the rank; 0: by column */
    int transposed;     /* square host tiles kept as their conjugate
                           transposes: tile (r, c)'s data is sub(A)'s block
                           (c, r) as the caller stores it, on the grid
                           position that holds that block (PDPOTRF's upper
                           triangle in the caller's array); 0 otherwise */
    int strip_buffers;  /* the tiles in the caller's array on several process
                           columns: each rank packs the panel's tiles it
                           receives into one buffer a panel, whose rows its
                           strips then read (algo/strip_tasks.h), the
                           buffers rotating among this many sets (1 or
                           HS_STRIP_PACK_SETS); 0 otherwise */
    int strip_columns;  /* the most columns of one process column whose
                           trailing updates share a strip task (P?GEQRF's,
                           algo/qr.c): more than 1 only with the tiles in
                           the caller's array, where a rank's tiles of
                           those columns lie side by side */
} hs_geometry;

/* Geometry with host panels only: square B x B tiles.  Returns 0 or
 * HETSCAL_ERR_NOMEM. */
int hs_geometry_init_host(hs_geometry *g, int n_rows, int n_cols, int B,
                          int nprow, int npcol);
/* Geometry whose top-level columns (width B) are cut into host panels of
 * width b (the last one of a column may be narrower): tile rows of height
 * B, tiles B x b.  The multi-level layout without accelerators. */
int hs_geometry_init_split(hs_geometry *g, int n_rows, int n_cols, int B, int b,
                           int nprow, int npcol);
/* The full multi-level layout: each top-level column (width B) is cut
 * into host panels of width b covering its first B - Bg columns (the last
 * one may be narrower) and one accelerator panel (device 1) of width Bg
 * (what is left of a short last column).  Bg >= B: accelerator panels
 * only; Bg = 0: as hs_geometry_init_split.  The home rank spreads its
 * accelerator panels over its accelerators (runtime/dist.h). */
int hs_geometry_init_hybrid(hs_geometry *g, int n_rows, int n_cols, int B, int b, int Bg,
                            int nprow, int npcol);
/* Cuts every panel wider than b into b-wide panels (the last of each may
 * be narrower), each on its panel's top-level column and device: LU's
 * accelerator columns, whose panels are factored on the host one b-wide
 * panel at a time.  Returns 0 or HETSCAL_ERR_NOMEM (g unchanged). */
int hs_geometry_cut_panels(hs_geometry *g, int b);
/* Makes every panel one tile: a single tile row (H = n_rows), the
 * columns and their process columns unchanged.  QR on one process row
 * uses it: each panel is then one LAPACK DGEQRF on its home rank, where
 * B-high tile rows would all live on that rank too and need TSQR. */
void hs_geometry_single_tile_row(hs_geometry *g);

/* Tile rows `factor` top-level columns high (H = factor B) where the
 * matrix has that many rows (else unchanged), the columns unchanged:
 * panels then start inside their diagonal tile (hs_panel_diag_offset). */
void hs_geometry_tall_rows(hs_geometry *g, int factor);

void hs_geometry_free(hs_geometry *g);

/* Panel buffers of a square-tile geometry whose panels are gathered (the
 * 2-D LU, gathered QR): the panels of diagonal tiles k and k + L share
 * one, where L, the period of the diagonal's grid positions, is
 * lcm(nprow, npcol); panel k's is buffer k mod L, as high as the rows of
 * that buffer's first panel.  The count is at most the panels with rows. */
int hs_geometry_panel_buffers(const hs_geometry *g);

/* The widest panel's width (at least 1): the width of buffers that serve
 * every panel in turn. */
int hs_geometry_widest_panel(const hs_geometry *g);

static inline int hs_tile_height(const hs_geometry *g, int r)
{
    int rest = g->n_rows - r * g->H;
    return rest < g->H ? rest : g->H;
}

static inline int hs_tile_prow(const hs_geometry *g, int r)
{
    return (g->prow0 + r) % g->nprow;
}

static inline int hs_panel_pcol(const hs_geometry *g, int c)
{
    return (g->pcol0 + g->panel[c].top) % g->npcol;
}

/* The accelerator slot of column c's tiles (0: the host): the column's
 * index among its process column's, so that the home rank spreads its
 * columns cyclically over its accelerators (runtime/dist.h), the pieces
 * of one top-level column on the same one. */
static inline int hs_panel_slot(const hs_geometry *g, int c)
{
    return g->panel[c].device ? 1 + g->panel[c].top / g->npcol : 0;
}

/* The accelerator slot of tile (r, c) (0: the host): its column's, or,
 * where the tiles go over the accelerators by row, the tile row's index
 * among its process row's, so that each rank's tile rows take its
 * accelerators in turn. */
static inline int hs_tile_slot(const hs_geometry *g, int r, int c)
{
    return g->rows_over_devices && g->panel[c].device ? 1 + r / g->nprow
                                                       : hs_panel_slot(g, c);
}

/* Grid position of tile (r, c): its tile row's and its column's, or, for
 * tiles kept transposed (square tiles), those of the block (c, r) that
 * holds it. */
static inline void hs_tile_position(const hs_geometry *g, int r, int c, int *prow, int *pcol)
{
    *prow = hs_tile_prow(g, g->transposed ? c : r);
    *pcol = hs_panel_pcol(g, g->transposed ? r : c);
}

/* Dense tile id of (r, c). */
static inline int hs_tile_id(const hs_geometry *g, int r, int c)
{
    return c * g->mt + r;
}

/* The tile row of panel c's diagonal block (top(c) when H = B; it may be
 * >= mt for the columns right of a wide matrix's last row). */
static inline int hs_panel_diag_row(const hs_geometry *g, int c)
{
    return g->panel[c].col0 / g->H;
}

/* Row offset of panel c's diagonal block inside its diagonal tile; 0 when
 * panels are whole top-level columns. */
static inline int hs_panel_diag_offset(const hs_geometry *g, int c)
{
    return g->panel[c].col0 - hs_panel_diag_row(g, c) * g->H;
}

#endif
