/* t_large_sizes: element counts and offsets past 2^31 (doc/ARCHITECTURE.md
 * section 7, "Failures": 64-bit argument checks, tile ids that fit an
 * int; section 6: messages of more than INT_MAX doubles) without
 * allocating them.
 *   - index arithmetic (NUMROC, INDXG2P, INDXG2L) against 64-bit references
 *     for block sizes up to INT_MAX;
 *   - tile geometries of dimensions near INT_MAX against 64-bit references,
 *     and the refusal of those whose tile ids an int cannot number;
 *   - the repartition's rounds: every round's counts fit in an int;
 *   - a real repartition whose local array (LLD * local columns) and tiles
 *     (a single tile row of 10^7 x 300) span 24 GB each: the mappings are
 *     reserved but not backed (MAP_NORESERVE), and only the upper triangle
 *     of sub(A) moves, so a few hundred pages are touched;
 *   - the host 2-D copy with leading dimensions of 10^7.
 * Run on 1 or 2 ranks (a 1 x P grid).  Exit status: failed checks. */
#include "config.h"

#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "api/call_common.h"
#include "api/check_args.h"
#include "blacs_shim/grid.h"
#include "device/backends.h"
#include "include/hetscal.h"
#include "layout/desc.h"
#include "layout/repartition.h"
#include "layout/tile_geometry.h"

static long failures;
static int me;

static void check(int ok, const char *what, long long got, long long want)
{
    if (!ok) {
        failures++;
        if (failures < 20)
            fprintf(stderr, "rank %d FAILED %s: got %lld, want %lld\n", me, what, got, want);
    }
}

/* ---------------------------------------------- index arithmetic, 64-bit */

static long long ref_numroc(long long n, long long nb, int iproc, int isrc, int nprocs)
{
    long long mydist = (nprocs + iproc - isrc) % nprocs, nblocks = n / nb;
    long long num = nblocks / nprocs * nb, extra = nblocks % nprocs;
    if (mydist < extra)
        num += nb;
    else if (mydist == extra)
        num += n % nb;
    return num;
}

static void test_index(void)
{
    static const int nbs[] = { 1, 7, 64, 1 << 20, 1 << 30, INT_MAX / 3, INT_MAX - 1, INT_MAX };
    static const int gs[] = { 0, 1, 12345, 1 << 30, INT_MAX / 2 + 3, INT_MAX - 2, INT_MAX - 1 };
    for (size_t a = 0; a < sizeof nbs / sizeof nbs[0]; a++)
        for (int np = 1; np <= 5; np++)
            for (size_t b = 0; b < sizeof gs / sizeof gs[0]; b++) {
                long long nb = nbs[a], g = gs[b];
                long long l = nb * (g / (nb * np)) + g % nb;
                long long p = (1 + g / nb) % np;
                check(hs_g2l(gs[b], nbs[a], np) == l, "hs_g2l", hs_g2l(gs[b], nbs[a], np), l);
                check(hs_g2p(gs[b], nbs[a], 1, np) == p, "hs_g2p", hs_g2p(gs[b], nbs[a], 1, np),
                      p);
                for (int ip = 0; ip < np; ip++) {
                    long long r = ref_numroc(g + 1, nb, ip, 1 % np, np);
                    int got = hs_numroc(gs[b] + 1, nbs[a], ip, 1 % np, np);
                    check(got == r, "hs_numroc", got, r);
                }
            }
}

/* ------------------------------------------------------ tile geometries */

/* Panels must tile [0, n_cols) left to right, each inside its top-level
 * column, host panels at most b wide. */
static void check_geometry(const hs_geometry *g, long long rows, long long cols, long long B,
                           long long b, const char *what)
{
    long long next = 0;
    check(g->mt == (rows + B - 1) / B, what, g->mt, (rows + B - 1) / B);
    check(g->nt_top == (cols + B - 1) / B, what, g->nt_top, (cols + B - 1) / B);
    for (int c = 0; c < g->np; c++) {
        const hs_panel *p = &g->panel[c];
        long long top0 = (long long)p->top * B, top1 = top0 + B < cols ? top0 + B : cols;
        check(p->col0 == next, what, p->col0, next);
        check(p->width > 0 && (p->device || p->width <= b), what, p->width, b);
        check(p->col0 >= top0 && p->col0 + (long long)p->width <= top1, what, p->col0, top0);
        next = p->col0 + (long long)p->width;
    }
    check(next == cols, what, next, cols);
    for (int r = 0; r < g->mt; r++) {
        long long h = rows - (long long)r * B < B ? rows - (long long)r * B : B;
        check(hs_tile_height(g, r) == h, what, hs_tile_height(g, r), h);
    }
}

/* PDGEQRF's LWMIN of a tall local panel passes INT_MAX: exact. */
static void test_workspace(void)
{
    int desc[9] = { 1, 0, 10000000, 300, 256, 256, 0, 0, 10000000 };
    double lw = hs_geqrf_lwmin(10000000, 300, 1, 1, desc, 1, 1, 0, 0);
    check(lw == 256.0 * (10000000.0 + 300 + 256), "hs_geqrf_lwmin", (long long)lw,
          256LL * (10000000 + 300 + 256));
}

static void test_geometry(void)
{
    static const int dims[][4] = {   /* rows, cols, B, b */
        { INT_MAX, INT_MAX, 1 << 30, 1 << 28 },
        { INT_MAX, INT_MAX - 5, INT_MAX - 7, 1 << 29 },
        { INT_MAX - 1, 1000, INT_MAX / 2, 300 },
        { 10000000, INT_MAX, INT_MAX / 3 + 1, INT_MAX / 7 },
        { 378, 378, 93, 31 },
        { 1000, 999, 256, 100 },
    };
    for (size_t k = 0; k < sizeof dims / sizeof dims[0]; k++) {
        int rows = dims[k][0], cols = dims[k][1], B = dims[k][2], b = dims[k][3];
        hs_geometry g;
        if (hs_geometry_init_host(&g, rows, cols, B, 1, 1) == HETSCAL_SUCCESS) {
            check_geometry(&g, rows, cols, B, B, "init_host");
            hs_geometry_free(&g);
        } else {
            check(0, "init_host", -1, 0);
        }
        if (hs_geometry_init_split(&g, rows, cols, B, b, 2, 3) == HETSCAL_SUCCESS) {
            check_geometry(&g, rows, cols, B, b, "init_split");
            hs_geometry_free(&g);
        } else {
            check(0, "init_split", -1, 0);
        }
        int Bgs[] = { 0, b / 2 + 1, B - 1, B, INT_MAX };
        for (size_t x = 0; x < sizeof Bgs / sizeof Bgs[0]; x++) {
            if (hs_geometry_init_hybrid(&g, rows, cols, B, b, Bgs[x], 2, 2) != HETSCAL_SUCCESS) {
                check(0, "init_hybrid", -1, 0);
                continue;
            }
            check_geometry(&g, rows, cols, B, b, "init_hybrid");
            /* Each top column: host panels over its first B - Bg columns,
             * then one device panel; cut (LU), b-wide device panels. */
            for (int cut = 0; cut < 2; cut++) {
                if (cut && hs_geometry_cut_panels(&g, b) != HETSCAL_SUCCESS) {
                    check(0, "cut_panels", -1, 0);
                    break;
                }
                if (cut)
                    check_geometry(&g, rows, cols, B, b, "cut_panels");
                for (int c = 0; c < g.np; c++) {
                    long long Bg = Bgs[x] < B ? Bgs[x] : B;
                    long long top0 = (long long)g.panel[c].top * B;
                    long long host_end = top0 + (B - Bg);
                    check(g.panel[c].device == (g.panel[c].col0 >= host_end), "hybrid device",
                          g.panel[c].device, g.panel[c].col0 >= host_end);
                    check(!cut || g.panel[c].width <= b, "cut width", g.panel[c].width, b);
                }
            }
            hs_geometry_free(&g);
        }
        /* Tile rows 4 top columns high (QR's TSQR with GPU columns), where
         * the rows hold 4 of them; each panel's diagonal block inside its
         * tile row. */
        if (hs_geometry_init_hybrid(&g, rows, cols, B, b, B, 2, 2) == HETSCAL_SUCCESS) {
            hs_geometry_tall_rows(&g, 4);
            long long H = rows / B >= 4 ? 4LL * B : B;
            check(g.H == H && g.mt == (rows + H - 1) / H, "tall rows", g.H, H);
            for (int r = 0; r < g.mt; r++) {
                long long h = rows - (long long)r * H < H ? rows - (long long)r * H : H;
                check(hs_tile_height(&g, r) == h, "tall row height", hs_tile_height(&g, r), h);
            }
            for (int c = 0; c < g.np; c++) {
                long long row = hs_panel_diag_row(&g, c), off = hs_panel_diag_offset(&g, c);
                check(row * H + off == g.panel[c].col0 && off >= 0 && off < H, "tall diag",
                      row * H + off, g.panel[c].col0);
            }
            hs_geometry_free(&g);
        } else {
            check(0, "init_hybrid tall", -1, 0);
        }
    }
    /* A single tile row of 10^7 rows: tiles of 10^7 x 300 = 3 * 10^9 entries. */
    hs_geometry g;
    if (hs_geometry_init_host(&g, 10000000, 600, 300, 1, 2) == HETSCAL_SUCCESS) {
        hs_geometry_single_tile_row(&g);
        check(g.mt == 1 && g.H == 10000000, "single tile row", g.H, 10000000);
        check(hs_tile_height(&g, 0) == 10000000, "single tile height", hs_tile_height(&g, 0),
              10000000);
        hs_geometry_free(&g);
    }
}

/* A geometry whose tile ids an int cannot number is refused before any
 * count is formed (issue 41: PCPOTRF with N = 2^31 - 1, which wrapped
 * checks let through, wrote past the homes array); sizes that fit pass. */
static void test_tile_ids(void)
{
    static const int cases[][5] = {   /* n, b, nprow, npcol, fits */
        { INT_MAX, 512, 2, 1, 0 },
        { INT_MAX, 1 << 20, 1, 1, 1 },
        { 2000000, 64, 1, 1, 0 },
        { 1000000, 256, 8, 8, 1 },
        { 378, 93, 2, 2, 1 },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        hs_geometry g;
        if (hs_geometry_init_host(&g, cases[k][0], cases[k][0], cases[k][1], cases[k][2],
                                  cases[k][3]) != HETSCAL_SUCCESS) {
            check(0, "tile ids geometry", -1, 0);
            continue;
        }
        check(hs_call_tile_ids_fit(&g) == cases[k][4], "hs_call_tile_ids_fit",
              hs_call_tile_ids_fit(&g), cases[k][4]);
        hs_geometry_free(&g);
    }
}

/* ------------------------------------------------ repartition rounds */

static void test_slices(void)
{
    static const int ms[] = { 1, 100, 4000, 50000, 1 << 20, 10000000, INT_MAX / 2, INT_MAX };
    static const int ns[] = { 1, 2, 300, 50000, 1 << 20, INT_MAX };
    static const int ranks[] = { 1, 2, 4, 1000 };
    for (size_t a = 0; a < sizeof ms / sizeof ms[0]; a++)
        for (size_t b = 0; b < sizeof ns / sizeof ns[0]; b++)
            for (size_t c = 0; c < sizeof ranks / sizeof ranks[0]; c++) {
                int m = ms[a], n = ns[b], s = hs_redist_slice_width(m, n, ranks[c], sizeof(double));
                /* The size rule (8 MiB of a rank's share a round, at most
                 * 32 rounds) wherever its rounds' counts fit in an int. */
                double share = (double)m * n * sizeof(double) / ranks[c];
                long long rounds = (long long)(share / (8 << 20)) + 1;
                rounds = rounds > 32 ? 32 : rounds;
                rounds = rounds > n ? n : rounds;
                long long old = (n + rounds - 1) / rounds;
                check(s >= 1 && s <= n, "slice in [1, n]", s, n);
                check((long long)m * s <= INT_MAX, "m * slice <= INT_MAX", (long long)m * s,
                      INT_MAX);
                if ((long long)m * old <= INT_MAX)
                    check(s == old, "slice unchanged", s, old);
            }
}

/* ---------------------------------- a repartition past 2^31 entries */

enum { BIG_M = 10000000, BIG_N = 600, BIG_B = 300 };

static int skipped;

/* Address space only: pages are backed when touched, one small page at a
 * time (no transparent huge pages, or each touched column would take
 * 2 MB).  NULL where the system does not overcommit (then the test of
 * that part is skipped). */
static void *reserve(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
        skipped = 1;
        return NULL;
    }
#ifdef MADV_NOHUGEPAGE
    madvise(p, bytes, MADV_NOHUGEPAGE);
#endif
    return p;
}

static double val_a(long long i, long long j)
{
    return 1.0 + (double)i + 1e4 * (double)j;
}

static double val_new(long long i, long long j)
{
    return -(1.0 + (double)i + 1e4 * (double)j);
}

/* Moves sub(A) into the tiles (in) or back, one hs_redist_copy_tile per
 * tile of this rank (by_tile) or in one hs_redist_to_tiles/to_matrix. */
static void move_sub_a(const hs_redist *rd, const hs_geometry *geo, double **tiles, int by_tile, int in)
{
    if (by_tile) {
        for (int c = 0; c < geo->np; c++)
            if (tiles[c])
                check(hs_redist_copy_tile(rd, c, tiles[c], in) == HETSCAL_SUCCESS,
                      in ? "copy_tile in" : "copy_tile out", 1, 0);
    } else if (in) {
        check(hs_redist_to_tiles(rd) == HETSCAL_SUCCESS, "to_tiles", 1, 0);
    } else {
        check(hs_redist_to_matrix(rd) == HETSCAL_SUCCESS, "to_matrix", 1, 0);
    }
}

/* sub(A) = A, 10^7 x 600 on a 1 x P grid, column blocks of nb; tiles of one
 * tile row, panels 300 wide (10^7 x 300 each).  The upper triangle moves:
 * entry (i, j), i <= j, sits at i + j * LLD in A and i + jt * 10^7 in its
 * tile, both past 2^31 for the last columns.  by_tile: hs_redist_copy_tile
 * (nb = 300: each tile is one rank's columns), else the collective. */
static void test_big_repartition(const hetscal_grid *grid, int nb, int by_tile)
{
    int desca[HS_DLEN] = { 1, 0, BIG_M, BIG_N, 4096, nb, 0, 0, BIG_M };
    int nloc = hs_numroc(BIG_N, nb, grid->mycol, 0, grid->npcol);
    size_t abytes = (size_t)BIG_M * (nloc > 0 ? nloc : 1) * sizeof(double);
    size_t tbytes = (size_t)BIG_M * BIG_B * sizeof(double) + sizeof(double);
    hs_geometry geo;
    double *a = reserve(abytes), *tiles[2] = { NULL, NULL };
    int err = hs_geometry_init_host(&geo, BIG_M, BIG_N, BIG_B, 1, grid->npcol);
    check(!err, "geometry", err, 0);
    hs_geometry_single_tile_row(&geo);
    for (int c = 0; !err && c < geo.np; c++)
        if (hs_panel_pcol(&geo, c) == grid->mycol)
            tiles[c] = reserve(tbytes);
    /* Every rank goes on, or none (the repartition is collective). */
    int ok = !err && a && (tiles[0] || tiles[1]), all_ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, grid->comm);
    if (!all_ok) {
        skipped = 1;
        for (int c = 0; c < 2; c++)
            if (tiles[c])
                munmap(tiles[c], tbytes);
        if (a)
            munmap(a, abytes);
        hs_geometry_free(&geo);
        return;
    }
    /* A's upper triangle, and the entry below each of its columns. */
    for (int jl = 0; jl < nloc; jl++) {
        long long j = (long long)jl / nb * nb * grid->npcol + (long long)grid->mycol * nb + jl % nb;
        for (long long i = 0; i <= j + 1 && i < BIG_M; i++)
            a[i + (size_t)jl * BIG_M] = val_a(i, j);
    }
    hs_redist rd = { .grid = hs_call_proc_grid(grid), .tile_grid = hs_call_proc_grid(grid), .geo = &geo, .a = a, .desca = desca, .ia = 1, .ja = 1,
                     .m = BIG_M, .n = BIG_N, .part = HS_PART_UPPER, .tiles = (void **)tiles,
                     .threads = 1 };
    move_sub_a(&rd, &geo, tiles, by_tile, 1);
    for (int c = 0; c < geo.np; c++) {
        if (!tiles[c])
            continue;
        for (int jt = 0; jt < geo.panel[c].width; jt++) {
            long long j = geo.panel[c].col0 + jt;
            double *col = tiles[c] + (size_t)jt * BIG_M;
            for (long long i = 0; i <= j; i++) {
                check(col[i] == val_a(i, j), "tile entry", (long long)col[i],
                      (long long)val_a(i, j));
                col[i] = val_new(i, j);
            }
            check(col[j + 1] == 0.0, "tile below the triangle untouched", (long long)col[j + 1],
                  0);
        }
    }
    move_sub_a(&rd, &geo, tiles, by_tile, 0);
    for (int jl = 0; jl < nloc; jl++) {
        long long j = (long long)jl / nb * nb * grid->npcol + (long long)grid->mycol * nb + jl % nb;
        const double *col = a + (size_t)jl * BIG_M;
        for (long long i = 0; i <= j; i++)
            check(col[i] == val_new(i, j), "A entry back", (long long)col[i],
                  (long long)val_new(i, j));
        check(col[j + 1] == val_a(j + 1, j), "A below the triangle untouched",
              (long long)col[j + 1], (long long)val_a(j + 1, j));
    }
    for (int c = 0; c < geo.np; c++)
        if (tiles[c])
            munmap(tiles[c], tbytes);
    munmap(a, abytes);
    hs_geometry_free(&geo);
}

/* ------------------------------------------------ host 2-D copies */

static void test_host_copy(void)
{
    size_t ld = BIG_M, bytes = ld * BIG_B * sizeof(double);
    double *src = reserve(bytes), *dst = reserve(bytes);
    if (!src || !dst) {
        if (src)
            munmap(src, bytes);
        if (dst)
            munmap(dst, bytes);
        return;
    }
    for (int j = 0; j < BIG_B; j++)
        src[(size_t)j * ld] = val_a(0, j);
    check(hs_copy_check(HS_COPY_H2D, 1, BIG_B, 8, src, BIG_M, dst, BIG_M) == 0, "copy_check", 1,
          0);
    hs_copy_host(1, BIG_B, 8, src, BIG_M, dst, BIG_M);
    for (int j = 0; j < BIG_B; j++)
        check(dst[(size_t)j * ld] == val_a(0, j), "host copy", (long long)dst[(size_t)j * ld],
              (long long)val_a(0, j));
    size_t span = hs_matrix_bytes(BIG_M, BIG_B, BIG_M, 8);
    check(span == (size_t)BIG_M * BIG_B * sizeof(double), "hs_matrix_bytes", (long long)span,
          (long long)BIG_M * BIG_B * 8);
    munmap(src, bytes);
    munmap(dst, bytes);
}

static const char *result(long before)
{
    return failures != before ? "FAILED" : skipped ? "SKIPPED (no overcommit)" : "PASSED";
}

int main(int argc, char **argv)
{
    int np;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);

    /* A 1 x np grid on a private communicator. */
    int *rank_of = malloc((size_t)np * sizeof *rank_of);
    for (int r = 0; r < np; r++)
        rank_of[r] = r;
    hetscal_grid grid = { .nprow = 1, .npcol = np, .myrow = 0, .mycol = me, .rank = me,
                          .size = np, .rank_of = rank_of };
    MPI_Comm_dup(MPI_COMM_WORLD, &grid.comm);
    grid.sys_comm = MPI_COMM_WORLD;

    long before = failures;
    test_index();
    printf("rank %d: index arithmetic          %s\n", me, failures == before ? "PASSED" : "FAILED");
    before = failures;
    test_geometry();
    test_tile_ids();
    test_workspace();
    printf("rank %d: geometry near INT_MAX      %s\n", me, failures == before ? "PASSED" : "FAILED");
    before = failures;
    test_slices();
    printf("rank %d: repartition rounds         %s\n", me, failures == before ? "PASSED" : "FAILED");
    before = failures;
    skipped = 0;
    test_big_repartition(&grid, 50, 0);
    printf("rank %d: repartition past 2^31      %s\n", me, result(before));
    before = failures;
    skipped = 0;
    test_big_repartition(&grid, BIG_B, 1);
    printf("rank %d: copy_tile past 2^31        %s\n", me, result(before));
    before = failures;
    skipped = 0;
    test_host_copy();
    printf("rank %d: host copy past 2^31        %s\n", me, result(before));

    long all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Comm_free(&grid.comm);
    free(rank_of);
    MPI_Finalize();
    return all > 125 ? 125 : (int)all;
}
