/* Tile QR with LAPACK's output (see qr.h).  Panel k (width w, rows from
 * its diagonal down, tile rows t0..mt-1, kk reflectors):
 *   one tile row: DGEQRF on it (LAPACK's own answer);
 *   gathered panels (square tiles on the caller's grid, hs_geometry's
 *   gathered): its tiles copied into a buffer on its diagonal tile's
 *   home, the same DGEQRF there, and the result copied back;
 *   otherwise TSQR: a local QR per tile (on the tile's device, as is the
 *   explicit Q back into it, unless the call keeps panels on the host),
 *   a binary tree of the w x w R
 *   factors (first among the tiles of each process row, then across the
 *   process rows; the root is the top tile) on the host cores, the
 *   explicit Q back down the tree (on the panel's GPU when its leaves are
 *   there: one ?ORMQR a step, where the host's ?TPMQRT took the most of a
 *   panel's chain) and into every tile, Householder reconstruction at the
 *   top tile (V1, U, T, TAU, R) and V = Q U^-1 on the other tiles.
 * Then every later column j: P(p, j) = sum of V_r^T A_rj over the tiles of
 * process row p (at A_rj's home), W_j = T^T sum_p P(p, j) (in the top
 * process row's P), A_rj -= V_r W_j; a panel in one tile row does the three
 * in one task per column (qr_column).  With the tiles in the caller's
 * array, the sum and the update of a column on the panel's process column
 * go over strips of a rank's tiles (qr_vta_strip, qr_update_strip): there
 * its tiles of a column, and the panel's beside them, lie one below the
 * other, so that one GEMM covers many tiles (as ScaLAPACK's local updates
 * do) where tile-sized GEMMs ran at under two thirds of its rate; after
 * the next panel's column, the sums of up to strip_columns columns of one
 * process column share strips, as P^H = A^H V into one P tile
 * (update_trailing), and W^H = sum P^H T.
 * Priorities put the next panel first: a task on column j outranks every
 * task on later columns.
 * Auxiliary tiles are reused from panel to panel: the dependencies of the
 * next panel already order it after every use in this one (the V1/U/T
 * blocks rotate among AUX_SETS sets, so that the next panel of the same
 * process column does not wait for this one's last updates). */
#include "config.h"

#include "algo/qr.h"
#include "algo/panel_pack_tasks.h"
#include "algo/strip_tasks.h"
#include "kernels/qr_kernels.h"

enum { PRIO_UPDATE = 0, PRIO_REDUCE = 1, PRIO_PANEL = 2, PRIO_STRIDE = 3 };
enum { AUX_V1 = 0, AUX_U, AUX_T, AUX_PER_SET };
enum { AUX_SETS = 4 };
/* VTQ sets: 0 for panels whose tree runs on the host, 1..4 for those whose
 * down pass runs on a device, by the panel's accelerator slot (a set's
 * tiles live on the slot of its number: the panel's GPU when the rank's
 * GPUs divide 4). */
enum { VTQ_DEVICE_SETS = 4, VTQ_SETS = 1 + VTQ_DEVICE_SETS };

/* First id of each kind of auxiliary tile. */
typedef struct qr_ids {
    int rt, vtq, set, tau, part, next, buf, pack, end;
} qr_ids;

/* With groups of columns in strips (hs_strip_group), the next panel's
 * column's P and W take one of these slots of its process column and
 * row, alternately (update_trailing). */
enum { NEXT_SLOTS = 2 };

static qr_ids ids_of(const hs_geometry *g)
{
    qr_ids x;
    x.rt = g->np * g->mt;                                /* [pcol][tile row] */
    x.vtq = x.rt + g->npcol * g->mt;                     /* [pcol][vtq set][tile row] */
    x.set = x.vtq + g->npcol * VTQ_SETS * g->mt;         /* [pcol][prow][2][3] */
    x.tau = x.set + g->npcol * g->nprow * AUX_SETS * AUX_PER_SET;   /* [panel] */
    x.part = x.tau + g->np;                              /* [prow][panel] */
    x.next = x.part + g->nprow * g->np;                  /* [pcol][prow][slot] */
    x.buf = x.next + g->npcol * g->nprow * NEXT_SLOTS;   /* gathered: [buffer] */
    x.pack = x.buf + (g->gathered ? hs_geometry_panel_buffers(g) : 0);
    x.end = x.pack + hs_strip_pack_tiles(g);
    return x;
}

static int rt_id(const hs_geometry *g, int q, int r)
{
    return ids_of(g).rt + q * g->mt + r;
}

static int vtq_id(const hs_geometry *g, int q, int v, int r)
{
    return ids_of(g).vtq + (q * VTQ_SETS + v) * g->mt + r;
}

/* Whether panel k's tree steps down on its device: its leaves are there
 * (the call's panels on the devices, and k a device column). */
static int device_tree(const hs_geometry *g, int k)
{
    return g->device_panels && g->panel[k].device;
}

static int vtq_set(const hs_geometry *g, int k)
{
    return device_tree(g, k) ? 1 + (hs_panel_slot(g, k) - 1) % VTQ_DEVICE_SETS : 0;
}

static int set_id(const hs_geometry *g, int q, int p, int parity, int which)
{
    return ids_of(g).set + ((q * g->nprow + p) * AUX_SETS + parity) * AUX_PER_SET + which;
}

static int part_id(const hs_geometry *g, int p, int j)
{
    return ids_of(g).part + p * g->np + j;
}

/* The P tiles of an update: column col's, or with slot >= 0 process
 * column q's next-column slot. */
typedef struct p_at {
    int col, q, slot;
} p_at;

static int p_tile(const hs_geometry *g, int p, p_at at)
{
    return at.slot < 0 ? part_id(g, p, at.col)
                       : ids_of(g).next + (at.q * g->nprow + p) * NEXT_SLOTS + at.slot;
}

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

static int max_int(int a, int b)
{
    return a > b ? a : b;
}

/* Whether a TSQR panel of process column q uses VTQ set v. */
static int vtq_set_used(const hs_geometry *g, int q, int v)
{
    for (int c = 0; c < g->np; c++)
        if (hs_panel_pcol(g, c) == q && hs_qr_reflectors(g, c) > 0
            && hs_panel_diag_row(g, c) < g->mt - 1 && vtq_set(g, c) == v)
            return 1;
    return 0;
}

/* The columns of the updates that share strips from column j0 on
 * (hs_strip_group), one below the other in P^H and W^H: their width. */
static int group_width(const hs_geometry *g, int j0)
{
    int cols[HS_STRIP_COLUMNS], n = hs_strip_group(g, j0, cols), w = 0;
    for (int c = 0; c < n; c++)
        w += g->panel[cols[c]].width;
    return w;
}

/* The first column of column j's aligned group (hs_strip_group_key). */
static int group_first(const hs_geometry *g, int j)
{
    int q = hs_panel_pcol(g, j), key = hs_strip_group_key(g, j), first = j;
    for (int p = j - 1; p >= 0; p--)
        if (hs_panel_pcol(g, p) == q) {
            if (hs_strip_group_key(g, p) != key)
                break;
            first = p;
        }
    return first;
}

/* Whether column j has P tiles: every column but the first (never
 * updated) without groups; with them the first column of each aligned
 * group, whose P every group of its columns uses (update_trailing), the
 * next panel's column a slot.  (A P for every column that starts a group
 * at some step, as wide as the rest of its group, holds 2.5 times as
 * many rows in groups of four: a tenth of the share at 256-blocks.) */
static int has_parts(const hs_geometry *g, int j)
{
    if (g->strip_columns == 1)
        return j > 0;
    return group_first(g, j) == j && (j > 0 || group_width(g, j) > g->panel[j].width);
}

int hs_qr_tile_count(const hs_geometry *geo)
{
    return ids_of(geo).end;
}

int hs_qr_reflectors(const hs_geometry *geo, int k)
{
    int rows = geo->n_rows - geo->panel[k].col0;
    return rows > 0 ? min_int(rows, geo->panel[k].width) : 0;
}

int hs_qr_tau_tile(const hs_geometry *geo, int k)
{
    return hs_qr_reflectors(geo, k) > 0 ? ids_of(geo).tau + k : -1;
}

void hs_qr_tile_homes(const hs_geometry *g, const int *rank_of, hs_tile_home *home)
{
    int wmax = hs_geometry_widest_panel(g), ntiles = hs_qr_tile_count(g);
    int qmax = min_int(g->npcol, g->nt_top), pmax = min_int(g->nprow, g->mt);

    for (int t = 0; t < ntiles; t++)
        home[t] = (hs_tile_home){ .rank = -1 };
    for (int c = 0; c < g->np; c++) {
        int q = hs_panel_pcol(g, c);
        for (int r = 0; r < g->mt; r++)
            home[hs_tile_id(g, r, c)] = (hs_tile_home){
                .rank = rank_of[hs_tile_prow(g, r) * g->npcol + q],
                .device = hs_tile_slot(g, r, c), .m = hs_tile_height(g, r),
                .n = g->panel[c].width };
        int tau = hs_qr_tau_tile(g, c);
        if (tau >= 0)
            home[tau] = (hs_tile_home){
                .rank = rank_of[hs_tile_prow(g, hs_panel_diag_row(g, c)) * g->npcol + q],
                .m = 1, .n = g->panel[c].width };
        for (int u = 0; has_parts(g, c) && u < pmax; u++) {
            int p = (g->prow0 + u) % g->nprow;
            home[part_id(g, p, c)] = (hs_tile_home){
                .rank = rank_of[p * g->npcol + q], .device = hs_panel_slot(g, c),
                .m = max_int(group_width(g, c), wmax), .n = wmax };
        }
    }
    for (int q = 0; q < g->npcol && g->strip_columns > 1; q++)
        for (int p = 0; p < g->nprow; p++)
            for (int slot = 0; slot < NEXT_SLOTS; slot++)
                home[p_tile(g, p, (p_at){ .q = q, .slot = slot })] = (hs_tile_home){
                    .rank = rank_of[p * g->npcol + q], .m = wmax, .n = wmax };
    /* The process columns and rows the panels and tile rows are on: the
     * first qmax (pmax) from the geometry's origin, which is the caller's
     * process column when the panels are its blocks. */
    for (int v = 0; v < qmax; v++) {
        int q = (g->pcol0 + v) % g->npcol, used[VTQ_SETS];
        for (int set = 0; set < VTQ_SETS; set++)
            used[set] = vtq_set_used(g, q, set);
        for (int r = 0; r < g->mt && !g->gathered; r++) {
            hs_tile_home h = { .rank = rank_of[hs_tile_prow(g, r) * g->npcol + q], .n = wmax };
            for (int set = 0; set < VTQ_SETS; set++)
                if (used[set]) {
                    h.device = set;
                    h.m = hs_qr_vtq_rows(wmax, set > 0);
                    home[vtq_id(g, q, set, r)] = h;
                }
            h.device = 0;
            h.m = wmax + 1;   /* R, then the taus */
            home[rt_id(g, q, r)] = h;
        }
        for (int u = 0; u < pmax; u++) {
            int p = (g->prow0 + u) % g->nprow;
            /* (gathered panels need no U) */
            for (int s = 0; s < AUX_SETS * AUX_PER_SET; s++)
                if (!g->gathered || s % AUX_PER_SET != AUX_U)
                    home[set_id(g, q, p, s / AUX_PER_SET, s % AUX_PER_SET)] = (hs_tile_home){
                        .rank = rank_of[p * g->npcol + q], .m = wmax, .n = wmax };
        }
    }
    /* Gathered panels: buffer s serves panels s, s + L, ... (only its
     * home's tasks touch it); no TSQR tree. */
    for (int s = 0; g->gathered && s < hs_geometry_panel_buffers(g); s++)
        home[ids_of(g).buf + s] = (hs_tile_home){
            .rank = rank_of[hs_tile_prow(g, hs_panel_diag_row(g, s)) * g->npcol
                            + hs_panel_pcol(g, s)],
            .m = g->n_rows - g->panel[s].col0, .n = g->panel[s].width, .stays = 1 };
    hs_strip_pack_homes(g, ids_of(g).pack, g->strip_buffers, rank_of, home);
}

typedef struct gen {
    hs_qr *qr;
    const hs_geometry *g;
} gen;

static void insert(const gen *s, const hs_task_spec *spec)
{
    if (s->qr->insert)
        s->qr->insert(s->qr->ctx, spec);
    else
        hs_dist_insert(s->qr->dist, spec);
}

static void flush(const gen *s, int tile)
{
    if (!s->qr->insert)
        hs_dist_flush(s->qr->dist, tile);
}

static void final(const gen *s, int tile, int priority)
{
    if (!s->qr->insert)
        hs_dist_final(s->qr->dist, tile, priority);
}

static int priority(const hs_geometry *g, int column, int kind)
{
    return PRIO_STRIDE * (g->np - column) + kind;
}

/* The TSQR tree of a panel whose top tile row is t0.  Group grp holds the
 * tile rows t0 + grp + i * nprow (one process row); a binary tree within
 * each group, then one across the groups' first tiles, so that the root
 * is t0 and only the second tree crosses ranks.  fn(a, b): a absorbs b;
 * down = 1 walks the same combinations in exactly the reverse order. */
typedef void (*tree_fn)(void *ctx, int a, int b);

static int group_size(const hs_geometry *g, int t0, int grp)
{
    int first = t0 + grp;
    return first < g->mt ? (g->mt - first + g->nprow - 1) / g->nprow : 0;
}

static void tree_walk(const hs_geometry *g, int t0, int down, tree_fn fn, void *ctx)
{
    int nr = g->mt - t0, ngroups = min_int(nr, g->nprow);
    int in_levels = 0, x_levels = 0;
    while ((1 << in_levels) < group_size(g, t0, 0))
        in_levels++;
    while ((1 << x_levels) < ngroups)
        x_levels++;

    if (!down) {
        for (int l = 0; l < in_levels; l++)
            for (int grp = 0; grp < ngroups; grp++) {
                int n = group_size(g, t0, grp), s = 1 << l;
                for (int i = 0; i + s < n; i += 2 * s)
                    fn(ctx, t0 + grp + i * g->nprow, t0 + grp + (i + s) * g->nprow);
            }
        for (int l = 0; l < x_levels; l++) {
            int s = 1 << l;
            for (int grp = 0; grp + s < ngroups; grp += 2 * s)
                fn(ctx, t0 + grp, t0 + grp + s);
        }
        return;
    }
    for (int l = x_levels - 1; l >= 0; l--) {
        int s = 1 << l, last = -1;
        for (int grp = 0; grp + s < ngroups; grp += 2 * s)
            last = grp;
        for (int grp = last; grp >= 0; grp -= 2 * s)
            fn(ctx, t0 + grp, t0 + grp + s);
    }
    for (int l = in_levels - 1; l >= 0; l--)
        for (int grp = ngroups - 1; grp >= 0; grp--) {
            int n = group_size(g, t0, grp), s = 1 << l, last = -1;
            for (int i = 0; i + s < n; i += 2 * s)
                last = i;
            for (int i = last; i >= 0; i -= 2 * s)
                fn(ctx, t0 + grp + i * g->nprow, t0 + grp + (i + s) * g->nprow);
        }
}

/* up_left: the up pass's steps still to insert (its last makes the
 * root's identity when dev_tree). */
typedef struct tree_ctx {
    const gen *s;
    int q, v, w, prio, first, dev_tree, up_left;
} tree_ctx;

/* Inserts a task of the tree at the panel's priority, on the host
 * unless it is a down step of a device tree (its VTQ tiles' device);
 * SPEC holds its accesses and parameters. */
static void insert_tree_task(const tree_ctx *c, const hs_task_kind *kind, hs_task_spec *spec)
{
    spec->kind = kind;
    spec->priority = c->prio;
    spec->urgent = 1;
    spec->host_only = !(c->dev_tree && kind == &hs_kind_qr_tree_down);
    insert(c->s, spec);
}

static void tree_up(void *arg, int a, int b)
{
    tree_ctx *c = arg;
    const hs_geometry *g = c->s->g;
    int root = c->dev_tree && --c->up_left == 0;
    hs_task_spec spec = { .nacc = root ? 4 : 3,
                          .acc = { { rt_id(g, c->q, a), HS_RW }, { rt_id(g, c->q, b), HS_R },
                                   { vtq_id(g, c->q, c->v, b), HS_W },
                                   { vtq_id(g, c->q, c->v, a), HS_W } } };
    hs_qr_tree_up_args_put(spec.iparam,
                           (hs_qr_tree_up_args){ .w = c->w, .team = c->s->qr->team,
                                                 .dev_tree = c->dev_tree, .root = root });
    insert_tree_task(c, &hs_kind_qr_tree_up, &spec);
}

/* A device tree's root block is the identity from the up pass's last
 * step; the host's first down step makes it. */
static void tree_down(void *arg, int a, int b)
{
    tree_ctx *c = arg;
    const hs_geometry *g = c->s->g;
    int init = c->first && !c->dev_tree;
    hs_task_spec spec = { .nacc = 2,
                          .acc = { { vtq_id(g, c->q, c->v, a), init ? HS_W : HS_RW },
                                   { vtq_id(g, c->q, c->v, b), HS_RW } } };
    hs_qr_tree_down_args_put(spec.iparam,
                             (hs_qr_tree_down_args){ .w = c->w, .init = init,
                                                     .team = c->s->qr->team,
                                                     .dev_tree = c->dev_tree });
    insert_tree_task(c, &hs_kind_qr_tree_down, &spec);
    c->first = 0;
}

/* Which of the two V1/U/T sets panel k uses: they alternate among the
 * panels that share k's home (process column, top process row). */
static int set_parity(const hs_geometry *g, int k)
{
    int q = hs_panel_pcol(g, k), p = hs_tile_prow(g, hs_panel_diag_row(g, k)), n = 0;
    for (int c = 0; c < k; c++)
        if (hs_qr_reflectors(g, c) > 0 && hs_panel_pcol(g, c) == q
            && hs_tile_prow(g, hs_panel_diag_row(g, c)) == p)
            n++;
    return n % AUX_SETS;
}

static void insert_spec(void *ctx, const hs_task_spec *spec)
{
    insert(ctx, spec);
}

/* Panel k's tiles into (gather) or out of buffer buf, whose row 0 is row
 * base of sub(A). */
static void pack(const gen *s, int k, int buf, int base, int gather)
{
    hs_panel_pack_tasks(s->g, k, buf, base, gather, priority(s->g, k, PRIO_PANEL), insert_spec,
                        (void *)s);
}

/* Panel k gathered into its buffer, factored there as one tile (LAPACK's
 * own answer, over a team where the task allows) and scattered back. */
static void factor_gathered(const gen *s, int k, int v1, int tt, int tau)
{
    const hs_geometry *g = s->g;
    int slot = k % hs_geometry_panel_buffers(g), buf = ids_of(g).buf + slot;
    int base = g->panel[slot].col0;
    pack(s, k, buf, base, 1);
    hs_task_spec spec = {
        .kind = &hs_kind_qr_geqrf, .host_only = 1,
        .priority = priority(g, k, PRIO_PANEL), .nacc = 4,
        .acc = { { buf, HS_RW }, { v1, HS_W }, { tt, HS_W }, { tau, HS_W } } };
    hs_qr_panel_args_put(spec.iparam,
                         (hs_qr_panel_args){ .off = g->panel[k].col0 - base,
                                             .w = g->panel[k].width, .team = s->qr->team });
    insert(s, &spec);
    pack(s, k, buf, base, 0);
}

/* Factors panel k: afterwards its tiles hold R and V, and V1, T and TAU
 * are set. */
static void factor_panel(const gen *s, int k, int v1, int u, int tt, int tau)
{
    const hs_geometry *g = s->g;
    const hs_panel *pk = &g->panel[k];
    int q = hs_panel_pcol(g, k), t0 = hs_panel_diag_row(g, k), off = hs_panel_diag_offset(g, k);
    int w = pk->width, prio = priority(g, k, PRIO_PANEL);

    if (t0 == g->mt - 1) {
        int on_device = hs_panel_slot(g, k) && !s->qr->host_panels;
        hs_task_spec spec = {
            .kind = &hs_kind_qr_geqrf, .host_only = !on_device,
            .priority = prio, .urgent = 1, .nacc = 4,
            .acc = { { hs_tile_id(g, t0, k), HS_RW }, { v1, HS_W }, { tt, HS_W },
                     { tau, HS_W } } };
        hs_qr_panel_args_put(spec.iparam,
                             (hs_qr_panel_args){ .off = off, .w = w, .on_device = on_device,
                                                 .team = s->qr->team });
        insert(s, &spec);
        return;
    }
    if (g->gathered) {
        factor_gathered(s, k, v1, tt, tau);
        return;
    }
    for (int r = t0; r < g->mt; r++) {
        hs_task_spec spec = {
            .kind = &hs_kind_qr_leaf,
            .host_only = s->qr->host_panels,
            .priority = prio, .urgent = 1, .nacc = 2,
            .acc = { { hs_tile_id(g, r, k), HS_RW }, { rt_id(g, q, r), HS_W } } };
        hs_qr_piece_args_put(spec.iparam,
                             (hs_qr_piece_args){ .off = r == t0 ? off : 0, .w = w });
        insert(s, &spec);
    }
    int v = vtq_set(g, k);
    tree_ctx c = { .s = s, .q = q, .v = v, .w = w, .prio = prio, .first = 1,
                   .dev_tree = device_tree(g, k), .up_left = g->mt - t0 - 1 };
    tree_walk(g, t0, 0, tree_up, &c);
    tree_walk(g, t0, 1, tree_down, &c);
    for (int r = t0; r < g->mt; r++) {
        hs_task_spec spec = {
            .kind = &hs_kind_qr_leaf_q,
            .host_only = s->qr->host_panels,
            .priority = prio, .urgent = 1, .nacc = 3,
            .acc = { { hs_tile_id(g, r, k), HS_RW }, { rt_id(g, q, r), HS_R },
                     { vtq_id(g, q, v, r), HS_R } } };
        hs_qr_piece_args_put(spec.iparam,
                             (hs_qr_piece_args){ .off = r == t0 ? off : 0, .w = w });
        insert(s, &spec);
    }
    hs_task_spec rec = {
        .kind = &hs_kind_qr_reconstruct,
        .priority = prio, .urgent = 1, .nacc = 6,
        .acc = { { hs_tile_id(g, t0, k), HS_RW }, { rt_id(g, q, t0), HS_R }, { v1, HS_W },
                 { u, HS_W }, { tt, HS_W }, { tau, HS_W } } };
    hs_qr_reconstruct_args_put(rec.iparam, (hs_qr_reconstruct_args){
                                               .off = off, .w = w,
                                               .single_row_last = g->n_rows - pk->col0 == w,
                                               .team = s->qr->team });
    insert(s, &rec);
    for (int r = t0 + 1; r < g->mt; r++) {
        hs_task_spec spec = {
            .kind = &hs_kind_qr_trsm, .priority = prio, .urgent = 1, .nacc = 2,
            .acc = { { hs_tile_id(g, r, k), HS_RW }, { u, HS_R } } };
        hs_qr_trsm_args_put(spec.iparam, (hs_qr_trsm_args){ .w = w });
        insert(s, &spec);
    }
    for (int r = t0; r < g->mt; r++) {
        flush(s, rt_id(g, q, r));
        flush(s, vtq_id(g, q, v, r));
    }
    flush(s, u);
}

/* The strips of panel k's update of columns cols[0..nc) (qr_kernels.h),
 * whose P^H and W^H are in P tiles `at`, from row wcol: each process row's
 * tile rows from t0, hs_qr_strip_rows at a time, reading the panel's
 * tiles beside them or, on another process column than the panel's,
 * the panel's rows from its pack buffer (hs_strip_pack_panel); `update`
 * 0: P^H (+)= A^H V into that process row's P, 1: A -= V W. */
static void insert_strips(const gen *s, int k, p_at at, const int *cols, int nc, int wcol,
                          int v1, int update)
{
    const hs_geometry *g = s->g;
    int j = cols[0], t0 = hs_panel_diag_row(g, k), ngroups = min_int(g->mt - t0, g->nprow);
    int wj = p_tile(g, hs_tile_prow(g, t0), at);
    for (int grp = 0; grp < ngroups; grp++)
        for (int r = t0 + grp; r < g->mt;) {
            int top = r == t0, first = r == t0 + grp, row0 = hs_strip_pack_row(g, r);
            int buf = hs_strip_pack_buffer(g, ids_of(g).pack, k, j, r), packed = buf >= 0;
            hs_task_spec spec = {
                .kind = update ? &hs_kind_qr_update_strip : &hs_kind_qr_vta_strip,
                .priority = priority(g, j, PRIO_UPDATE), .urgent = j == k + 1,
                .host_only = 1 };
            if (!update)
                hs_task_spec_add(&spec, p_tile(g, hs_tile_prow(g, r), at), first ? HS_W : HS_RW);
            int n = hs_strip_add_tiles(&spec, g, cols, nc, k, &r, hs_qr_strip_rows(nc, packed),
                                       update ? HS_RW : HS_R, buf);
            if (update)
                hs_task_spec_add(&spec, wj, HS_R);
            if (top)
                hs_task_spec_add(&spec, v1, HS_R);
            hs_qr_strip_args_put(spec.iparam, (hs_qr_strip_args){
                                                  .off = top ? hs_panel_diag_offset(g, k) : 0,
                                                  .kk = hs_qr_reflectors(g, k),
                                                  .first = first, .top = top, .tiles = n,
                                                  .cols = nc, .packed = packed, .row0 = row0,
                                                  .wcol = wcol });
            insert(s, &spec);
        }
}

/* A panel in one tile row applies its Q^H to columns cols[0..nc) in one
 * task, its scratch P `at`. */
static void update_columns_one_row(const gen *s, int k, const int *cols, int nc, p_at at,
                                   int v1, int tt)
{
    const hs_geometry *g = s->g;
    int j = cols[0], t0 = hs_panel_diag_row(g, k), p0 = hs_tile_prow(g, t0);
    hs_task_spec spec = { .kind = &hs_kind_qr_column, .priority = priority(g, j, PRIO_UPDATE),
                          .urgent = j == k + 1, .host_only = nc > 1 };
    for (int c = 0; c < nc; c++)
        hs_task_spec_add(&spec, hs_tile_id(g, t0, cols[c]), HS_RW);
    hs_task_spec_add(&spec, hs_tile_id(g, t0, k), HS_R);
    hs_task_spec_add(&spec, p_tile(g, p0, at), HS_W);
    hs_task_spec_add(&spec, v1, HS_R);
    hs_task_spec_add(&spec, tt, HS_R);
    hs_qr_column_args_put(spec.iparam,
                          (hs_qr_column_args){ .off = hs_panel_diag_offset(g, k),
                                               .kk = hs_qr_reflectors(g, k), .cols = nc });
    insert(s, &spec);
    flush(s, p_tile(g, p0, at));
}

/* Applies panel k's Q^T to columns cols[0..nc) (one process column's,
 * several only in strips), their P and W in P tiles `at`; on the
 * urgent streams for the next panel's column, which the next panel waits
 * for. */
static void update_columns(const gen *s, int k, const int *cols, int nc, p_at at, int v1,
                           int tt)
{
    const hs_geometry *g = s->g;
    int j = cols[0], t0 = hs_panel_diag_row(g, k), off = hs_panel_diag_offset(g, k);
    int kk = hs_qr_reflectors(g, k), p0 = hs_tile_prow(g, t0);
    int ngroups = min_int(g->mt - t0, g->nprow), wj = p_tile(g, p0, at);
    int next = j == k + 1, width = 0;

    if (t0 == g->mt - 1) {
        update_columns_one_row(s, k, cols, nc, at, v1, tt);
        return;
    }
    for (int c = 0; c < nc; c++)
        width += g->panel[cols[c]].width;
    int strips = s->qr->strips
                 && (g->strip_buffers || hs_panel_pcol(g, j) == hs_panel_pcol(g, k));
    if (strips)
        insert_strips(s, k, at, cols, nc, 0, v1, 0);
    for (int r = t0; r < g->mt && !strips; r++) {
        int top = r == t0, first = r - t0 < g->nprow;
        hs_task_spec spec = {
            .kind = &hs_kind_qr_vta,
            .priority = priority(g, j, PRIO_UPDATE), .urgent = next, .nacc = top ? 4 : 3,
            .acc = { { p_tile(g, hs_tile_prow(g, r), at), first ? HS_W : HS_RW },
                     { hs_tile_id(g, r, k), HS_R }, { hs_tile_id(g, r, j), HS_R },
                     { v1, HS_R } } };
        hs_qr_accumulate_args_put(spec.iparam,
                                  (hs_qr_accumulate_args){ .off = top ? off : 0, .kk = kk,
                                                           .first = first, .top = top });
        insert(s, &spec);
    }
    /* W = T^H sum_p P(p, j) in the top process row's P: T^H on it in
     * place, then each other process row's T^H P added. */
    for (int grp = 0; grp < ngroups; grp++) {
        int part = p_tile(g, (p0 + grp) % g->nprow, at);
        hs_task_spec spec = {
            .kind = &hs_kind_qr_ttp,
            .priority = priority(g, j, PRIO_REDUCE), .urgent = next,
            .nacc = grp == 0 ? 2 : 3, .host_only = strips,
            .acc = { { wj, HS_RW }, { tt, HS_R }, { part, HS_R } } };
        hs_qr_apply_t_args_put(spec.iparam,
                               (hs_qr_apply_t_args){ .kk = kk, .wj = width, .trans = strips });
        insert(s, &spec);
        if (grp > 0)
            flush(s, part);
    }
    /* Each column's update in strips of its own, as tall as they come:
     * the update's GEMM keeps its rate with one panel's width of output,
     * and the next panel's column waits for no other. */
    for (int c = 0, wcol = 0; strips && c < nc; wcol += g->panel[cols[c++]].width)
        insert_strips(s, k, at, &cols[c], 1, wcol, v1, 1);
    for (int r = t0; r < g->mt && !strips; r++) {
        int top = r == t0;
        hs_task_spec spec = {
            .kind = &hs_kind_qr_update,
            .priority = priority(g, j, PRIO_UPDATE), .urgent = next, .nacc = top ? 4 : 3,
            .acc = { { hs_tile_id(g, r, j), HS_RW }, { hs_tile_id(g, r, k), HS_R },
                     { wj, HS_R }, { v1, HS_R } } };
        hs_qr_update_args_put(spec.iparam,
                              (hs_qr_update_args){ .off = top ? off : 0, .kk = kk, .top = top });
        insert(s, &spec);
    }
    flush(s, wj);
}

/* Whether column j (right of the next panel's) starts one of the groups
 * hs_strip_group makes: the columns of its process column and group key
 * between the next panel's and j number a multiple of strip_columns. */
static int starts_group(const hs_geometry *g, int k, int j)
{
    int q = hs_panel_pcol(g, j), key = hs_strip_group_key(g, j), before = 0;

    for (int p = j - 1; p > k + 1; p--)
        if (hs_panel_pcol(g, p) == q) {
            if (hs_strip_group_key(g, p) != key)
                break;
            before++;
        }
    return before % g->strip_columns == 0;
}

/* Panel k's updates of the later columns: the next panel's column alone,
 * then, in strips over the caller's array, the others of each process
 * column in the groups hs_strip_group makes (groups: whether to group;
 * without, each column's update is its own, the same result: P and W are
 * as wide as a group, their columns from the first).  With groups, a
 * group's P and W are its aligned group's first column's (has_parts),
 * which is free once that column is the next panel's (whose P and W take
 * a slot) or left of it. */
static void update_trailing(const gen *s, int k, int v1, int tt, int groups)
{
    const hs_geometry *g = s->g;
    int cols[HS_STRIP_COLUMNS];

    for (int j = k + 1; j < g->np; j++) {
        int nc = 1;
        p_at at = { .col = j, .slot = -1 };
        cols[0] = j;
        if (j == k + 1 && groups)
            at = (p_at){ .q = hs_panel_pcol(g, j), .slot = j % NEXT_SLOTS };
        if (j > k + 1 && groups) {
            if (!starts_group(g, k, j))
                continue;
            nc = hs_strip_group(g, j, cols);
            at.col = group_first(g, j);
        }
        update_columns(s, k, cols, nc, at, v1, tt);
    }
}

void hs_qr_generate(void *arg)
{
    gen s = { .qr = arg, .g = ((hs_qr *)arg)->geo };
    const hs_geometry *g = s.g;
    int groups = s.qr->strips && g->strip_columns > 1;

    for (int k = 0; k < g->np; k++) {
        if (hs_qr_reflectors(g, k) == 0)
            continue;
        int q = hs_panel_pcol(g, k), t0 = hs_panel_diag_row(g, k), parity = set_parity(g, k);
        int p0 = hs_tile_prow(g, t0), tau = hs_qr_tau_tile(g, k);
        int v1 = set_id(g, q, p0, parity, AUX_V1), u = set_id(g, q, p0, parity, AUX_U);
        int tt = set_id(g, q, p0, parity, AUX_T);

        factor_panel(&s, k, v1, u, tt, tau);
        final(&s, tau, priority(g, k, PRIO_UPDATE));
        if (s.qr->strips && g->strip_buffers && t0 < g->mt - 1)
            hs_strip_pack_panel(g, k, t0, ids_of(g).pack, priority(g, k + 1, PRIO_REDUCE),
                                insert_spec, &s);
        update_trailing(&s, k, v1, tt, groups);
        flush(&s, v1);
        flush(&s, tt);
        /* Panel k is final, and so is its top tile row in the later
         * columns unless the next panel starts in the same tile row. */
        for (int r = t0; r < g->mt; r++)
            final(&s, hs_tile_id(g, r, k), priority(g, k, PRIO_UPDATE));
        if (k + 1 < g->np && hs_panel_diag_row(g, k + 1) > t0)
            for (int j = k + 1; j < g->np; j++)
                final(&s, hs_tile_id(g, t0, j), priority(g, k, PRIO_UPDATE));
    }
    if (!s.qr->insert)
        hs_dist_finish(s.qr->dist);
}
