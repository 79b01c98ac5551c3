/* Block-cyclic <-> hybrid tile repartition (see repartition.h).
 *
 * Both layouts cut each axis of sub(A) into intervals; their common
 * refinement gives "segments", each with one source owner (and local index)
 * and one destination tile part (and offset).  A rectangle of a row segment
 * and a column segment has one source and one destination rank.  Senders
 * enumerate their rectangles in (column, row) order and pack; receivers
 * enumerate theirs in the same order and unpack, so the two sides agree on
 * the message layout without exchanging any index. */
#include "config.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "include/hetscal.h"
#include "layout/copy_strided.h"
#include "layout/desc.h"
#include "layout/repartition.h"
#include "util/fork_guard.h"
#include "util/mem.h"
#include "util/precision.h"
#include "util/thread_name.h"

typedef struct segment {
    int g0, len;     /* interval of sub(A) indices */
    int src;         /* owning process row/column in the caller's layout */
    int lidx;        /* local index of g0 there (0-based) */
    int part;        /* destination tile row or panel */
    int off;         /* offset of g0 inside that part */
    int coord;       /* process row/column of that part */
} segment;

typedef struct axis {
    segment *seg;
    int nseg;
} axis;

typedef struct dest_parts {
    int n;
    int *start;      /* n + 1 entries */
    int *coord;
} dest_parts;

static void dest_parts_free(dest_parts *d)
{
    free(d->start);
    free(d->coord);
}

/* Tile rows (uniform height H) or panels of the geometry as a partition. */
static int dest_parts_make(dest_parts *d, const hs_geometry *geo, int rows)
{
    d->n = rows ? geo->mt : geo->np;
    d->start = malloc((size_t)(d->n + 1) * sizeof *d->start);
    d->coord = malloc((size_t)(d->n + 1) * sizeof *d->coord);
    if (!d->start || !d->coord)
        return HETSCAL_ERR_NOMEM;
    for (int k = 0; k < d->n; k++) {
        d->start[k] = rows ? k * geo->H : geo->panel[k].col0;
        d->coord[k] = rows ? hs_tile_prow(geo, k) : hs_panel_pcol(geo, k);
    }
    d->start[d->n] = rows ? geo->n_rows : geo->n_cols;
    return HETSCAL_SUCCESS;
}

/* Common refinement of an axis of length n: block-cyclic blocks of size nb
 * starting at global index first (0-based) on process src0 of nprocs, the
 * destination parts d, and breaks every `slice` indices (0: none). */
static int axis_make(axis *ax, int n, int first, int nb, int src0, int nprocs,
                     const dest_parts *d, int slice)
{
    int cap = n / nb + d->n + (slice ? n / slice : 0) + 4, part = 0;

    ax->nseg = 0;
    ax->seg = malloc((size_t)cap * sizeof *ax->seg);
    if (!ax->seg)
        return HETSCAL_ERR_NOMEM;
    for (int g = 0; g < n;) {
        int glob = first + g;
        /* Lengths, not ends: g + nb passes INT_MAX when one block is the
         * whole dimension (nb = M) near 2^31. */
        int len = nb - glob % nb;
        segment *s = &ax->seg[ax->nseg++];
        while (d->start[part + 1] <= g)
            part++;
        if (len > d->start[part + 1] - g)
            len = d->start[part + 1] - g;
        if (slice && len > slice - g % slice)
            len = slice - g % slice;
        if (len > n - g)
            len = n - g;
        s->g0 = g;
        s->len = len;
        s->src = hs_g2p(glob, nb, src0, nprocs);
        s->lidx = hs_g2l(glob, nb, nprocs);
        s->part = part;
        s->off = g - d->start[part];
        s->coord = d->coord[part];
        g += len;
    }
    return HETSCAL_SUCCESS;
}

/* Rows [*lo, *hi) of row segment r that lie in the moving part of column q. */
static void clip_rows(enum hs_part part, const segment *r, int q, int *lo, int *hi)
{
    *lo = r->g0;
    *hi = r->g0 + r->len;
    hs_part_clip(part, q, lo, hi);
}

typedef struct plan {
    const hs_redist *rd;
    const hs_proc_grid *tgrid;   /* the tiles' grid */
    axis rows, cols;
    int nranks, me;
    int myrow, mycol;            /* in A's grid */
    int lld;
    size_t es;                   /* bytes of a value */
    int conj;                    /* tile-side copies conjugate (a Hermitian
                                    matrix's transposed triangle) */
} plan;

/* Address of sub(A)(p, q) in the tiles, and the stride between rows. */
static char *tile_addr(const plan *pl, const segment *rs, const segment *cs,
                       int p, int q, int *row_stride)
{
    const hs_redist *rd = pl->rd;
    const hs_geometry *geo = rd->geo;
    int trow, tcol, i, j, ld;

    if (!rd->transpose) {
        trow = rs->part; tcol = cs->part;
        i = rs->off + (p - rs->g0); j = cs->off + (q - cs->g0);
        ld = hs_tile_height(geo, trow);
        *row_stride = 1;
    } else {
        trow = cs->part; tcol = rs->part;
        i = cs->off + (q - cs->g0); j = rs->off + (p - rs->g0);
        ld = hs_tile_height(geo, trow);
        *row_stride = ld;
    }
    return (char *)rd->tiles[hs_tile_id(geo, trow, tcol)] + (i + (size_t)j * ld) * pl->es;
}

static char *matrix_addr(const plan *pl, const segment *rs, const segment *cs,
                         int p, int q)
{
    return (char *)pl->rd->a +
           ((rs->lidx + (p - rs->g0)) + (size_t)(cs->lidx + (q - cs->g0)) * pl->lld) * pl->es;
}

static int dest_rank(const plan *pl, const segment *rs, const segment *cs)
{
    const hs_proc_grid *g = pl->tgrid;
    return pl->rd->transpose ? hs_proc_grid_rank(g, cs->coord, rs->coord)
                             : hs_proc_grid_rank(g, rs->coord, cs->coord);
}

static int is_my_dest_row(const plan *pl, const segment *s)
{
    return s->coord == (pl->rd->transpose ? pl->tgrid->mycol : pl->tgrid->myrow);
}

static int is_my_dest_col(const plan *pl, const segment *s)
{
    return s->coord == (pl->rd->transpose ? pl->tgrid->myrow : pl->tgrid->mycol);
}

enum side { SIDE_MATRIX, SIDE_TILES };
/* COUNT, PACK and UNPACK concern other ranks' data; DIRECT_TO_TILES and
 * DIRECT_TO_MATRIX copy this rank's own rectangles without any buffer. */
enum action { COUNT, PACK, UNPACK, DIRECT_TO_TILES, DIRECT_TO_MATRIX };

/* One pass over this rank's rectangles of column slice [c0, c1) on one
 * side: counts per peer, packs into buf at cursor[peer], unpacks, or (on
 * the matrix side) copies the rectangles that stay on this rank. */
static void walk(const plan *pl, enum side side, enum action act, int c0, int c1, int *count,
                 char *buf, int *cursor)
{
    const hs_redist *rd = pl->rd;
    const hs_proc_grid *g = &rd->grid;

    for (int ci = 0; ci < pl->cols.nseg; ci++) {
        const segment *cs = &pl->cols.seg[ci];
        if (cs->g0 < c0 || cs->g0 >= c1)
            continue;
        if (side == SIDE_MATRIX ? cs->src != pl->mycol : !is_my_dest_col(pl, cs))
            continue;
        for (int ri = 0; ri < pl->rows.nseg; ri++) {
            const segment *rs = &pl->rows.seg[ri];
            int peer;
            if (side == SIDE_MATRIX ? rs->src != pl->myrow : !is_my_dest_row(pl, rs))
                continue;
            peer = side == SIDE_MATRIX ? dest_rank(pl, rs, cs)
                                       : hs_proc_grid_rank(g, rs->src, cs->src);
            if ((peer == pl->me) != (act == DIRECT_TO_TILES || act == DIRECT_TO_MATRIX))
                continue;
            for (int q = cs->g0; q < cs->g0 + cs->len; q++) {
                int lo, hi, stride;
                clip_rows(rd->part, rs, q, &lo, &hi);
                if (hi <= lo)
                    continue;
                if (act == DIRECT_TO_TILES || act == DIRECT_TO_MATRIX) {
                    char *x = matrix_addr(pl, rs, cs, lo, q);
                    char *t = tile_addr(pl, rs, cs, lo, q, &stride);
                    if (act == DIRECT_TO_TILES)
                        hs_copy_strided(t, stride, x, 1, hi - lo, pl->es, pl->conj);
                    else
                        hs_copy_strided(x, 1, t, stride, hi - lo, pl->es, pl->conj);
                    continue;
                }
                if (act == COUNT) {
                    count[peer] += hi - lo;
                    continue;
                }
                char *msg = buf + (size_t)cursor[peer] * pl->es;
                cursor[peer] += hi - lo;
                if (side == SIDE_MATRIX) {
                    char *x = matrix_addr(pl, rs, cs, lo, q);
                    if (act == PACK)
                        memcpy(msg, x, (size_t)(hi - lo) * pl->es);
                    else
                        memcpy(x, msg, (size_t)(hi - lo) * pl->es);
                } else {
                    char *t = tile_addr(pl, rs, cs, lo, q, &stride);
                    if (act == PACK)
                        hs_copy_strided(msg, 1, t, stride, hi - lo, pl->es, pl->conj);
                    else
                        hs_copy_strided(t, stride, msg, 1, hi - lo, pl->es, pl->conj);
                }
            }
        }
    }
}

/* A rank's copies run on several threads when there is enough to copy:
 * one thread cannot saturate the memory bandwidth, and on one rank the
 * direct copies are the whole repartition.  A slice's columns are cut
 * into consecutive ranges, each packed or unpacked with its own cursors
 * (where its values start in each peer's message), so that the ranges
 * laid end to end give the message order of one pass whatever the
 * number of threads, which ranks need not agree on. */
typedef struct copy_job {
    const plan *pl;
    enum side side;
    enum action act;
    char *buf;
    const int *bound;           /* column ranges [bound[r], bound[r + 1]) */
    int *cursor;                /* np per range (PACK, UNPACK) */
    int first, last;            /* this job's ranges */
    MPI_Request *poll;          /* tested after each range, or NULL */
    int *failed;                /* set when that test fails */
    atomic_int *done;           /* jobs finished (the helpers') */
} copy_job;

/* Progress on the round in flight (MPICH moves a nonblocking
 * collective's data only inside MPI calls). */
static void poll_round(MPI_Request *req, int *failed)
{
    int flag;
    if (*req == MPI_REQUEST_NULL)
        return;
    /* inside the fork guard, as the runtime's tests (comm/messages.h) */
    hs_fork_guard_enter();
    int rc = MPI_Test(req, &flag, MPI_STATUS_IGNORE);
    hs_fork_guard_leave();
    if (rc != MPI_SUCCESS) {
        *failed = 1;
        *req = MPI_REQUEST_NULL;   /* the call fails on every rank (agreed) */
    }
}

static void copy_job_run(const copy_job *j)
{
    for (int r = j->first; r < j->last; r++) {
        walk(j->pl, j->side, j->act, j->bound[r], j->bound[r + 1], NULL, j->buf,
             j->cursor ? j->cursor + (size_t)r * j->pl->nranks : NULL);
        if (j->poll)
            poll_round(j->poll, j->failed);
    }
}

/* The helpers are named; the calling thread (the application's) keeps
 * its own name. */
static void *copy_thread(void *arg)
{
    copy_job *j = arg;
    hs_thread_name("repartition", -1);
    copy_job_run(j);
    atomic_fetch_add(j->done, 1);
    return NULL;
}

/* Runs the jobs, the calling thread keeping the round in flight (req)
 * moving: alone, it tests between its ranges; with helpers, they copy
 * while it tests, sleeping between tests so as to leave its core to
 * them. */
static void run_jobs(copy_job *job, int njobs, MPI_Request *req, int *failed)
{
    pthread_t tid[HS_REDIST_MAX_COPY_THREADS];
    int started[HS_REDIST_MAX_COPY_THREADS] = { 0 }, nstarted = 0;
    int watch = *req != MPI_REQUEST_NULL && njobs > 1;
    atomic_int done = 0;
    for (int p = watch ? 0 : 1; p < njobs; p++) {
        job[p].done = &done;
        started[p] = pthread_create(&tid[p], NULL, copy_thread, &job[p]) == 0;
        nstarted += started[p];
    }
    if (watch) {
        while (*req != MPI_REQUEST_NULL && atomic_load(&done) < nstarted) {
            poll_round(req, failed);
            nanosleep(&(struct timespec){ .tv_nsec = 20000 }, NULL);
        }
    } else {
        job[0].poll = req;
        job[0].failed = failed;
        copy_job_run(&job[0]);
    }
    for (int p = watch ? 0 : 1; p < njobs; p++) {
        if (started[p]) {
            pthread_join(tid[p], NULL);
            continue;
        }
        job[p].poll = req;   /* no thread: do that part here */
        job[p].failed = failed;
        copy_job_run(&job[p]);
    }
}

enum { COPY_GRAIN = 1 << 18 };

/* One side's messages of a slice in column ranges: each range's values
 * per peer, and where they start in the buffer. */
typedef struct ranges {
    int n;          /* ranges: the thread cap, or fewer columns */
    int *bound;     /* n + 1 */
    int *count;     /* n x np */
    int *cursor;    /* n x np */
    int sum;        /* values in the side's buffer */
} ranges;

static int ranges_make(ranges *rg, int np)
{
    rg->n = HS_REDIST_MAX_COPY_THREADS;
    rg->bound = malloc((size_t)(rg->n + 1) * sizeof *rg->bound);
    rg->count = malloc((size_t)rg->n * np * sizeof *rg->count);
    rg->cursor = malloc((size_t)rg->n * np * sizeof *rg->cursor);
    return rg->bound && rg->count && rg->cursor ? HETSCAL_SUCCESS : HETSCAL_ERR_NOMEM;
}

static void ranges_free(ranges *rg)
{
    free(rg->bound);
    free(rg->count);
    free(rg->cursor);
}

/* Entries of column q of sub(A) that move. */
static double column_entries(const hs_redist *rd, int q)
{
    if (rd->part == HS_PART_LOWER)
        return q < rd->m ? rd->m - q : 0;
    if (rd->part == HS_PART_UPPER)
        return q < rd->m ? q + 1 : rd->m;
    return rd->m;
}

/* rg->n ranges of slice [c0, c1) with about as many moving entries each
 * (a triangle's columns shorten). */
static void range_bounds(const hs_redist *rd, ranges *rg, int c0, int c1)
{
    double all = 0, acc = 0;
    for (int q = c0; q < c1; q++)
        all += column_entries(rd, q);
    rg->bound[0] = c0;
    int r = 1;
    for (int q = c0; q < c1 && r < rg->n; q++) {
        acc += column_entries(rd, q);
        while (r < rg->n && acc >= all * r / rg->n)
            rg->bound[r++] = q + 1;
    }
    while (r <= rg->n)
        rg->bound[r++] = c1;
}

/* Counts of slice [c0, c1) on one side by range; the per-peer totals to
 * total, and each range's cursors from their prefix sums, written to
 * disp; returns the sum. */
static int ranges_count(const plan *pl, ranges *rg, enum side side, int c0, int c1, int *total,
                        int *disp)
{
    int np = pl->nranks, sum = 0;
    rg->n = c1 - c0 < HS_REDIST_MAX_COPY_THREADS ? c1 - c0 : HS_REDIST_MAX_COPY_THREADS;
    if (rg->n < 1)
        rg->n = 1;
    memset(rg->count, 0, (size_t)rg->n * np * sizeof *rg->count);
    memset(total, 0, (size_t)np * sizeof *total);
    range_bounds(pl->rd, rg, c0, c1);
    for (int r = 0; r < rg->n; r++)
        walk(pl, side, COUNT, rg->bound[r], rg->bound[r + 1], rg->count + (size_t)r * np, NULL,
             NULL);
    for (int p = 0; p < np; p++) {
        disp[p] = sum;
        for (int r = 0; r < rg->n; r++) {
            rg->cursor[(size_t)r * np + p] = sum;
            sum += rg->count[(size_t)r * np + p];
            total[p] += rg->count[(size_t)r * np + p];
        }
    }
    return sum;
}

/* Copies of one kind (DIRECT_*, PACK, UNPACK) over a slice's ranges,
 * shared out to threads in consecutive groups: the rank's threads (at
 * most the cap), each with copy_grain values at least. */
static void copy_ranges(const plan *pl, const ranges *rg, enum side side, enum action act,
                        char *buf, double volume, MPI_Request *req, int *failed)
{
    int direct = act == DIRECT_TO_TILES || act == DIRECT_TO_MATRIX;
    int n = pl->rd->threads;
    int grain = pl->rd->copy_grain > 0 ? pl->rd->copy_grain : COPY_GRAIN;
    if (n > rg->n)
        n = rg->n;
    if (n > volume / grain)
        n = (int)(volume / grain);
    if (n < 1)
        n = 1;
    copy_job job[HS_REDIST_MAX_COPY_THREADS];
    for (int p = 0; p < n; p++)
        job[p] = (copy_job){ .pl = pl, .side = direct ? SIDE_MATRIX : side, .act = act,
                             .buf = buf, .bound = rg->bound,
                             .cursor = direct ? NULL : rg->cursor, .first = rg->n * p / n,
                             .last = rg->n * (p + 1) / n };
    run_jobs(job, n, req, failed);
}

static void plan_free(plan *pl)
{
    free(pl->rows.seg);
    free(pl->cols.seg);
}

/* Column slices: enough rounds that each round's buffers hold about
 * SLICE_BYTES of a rank's share (the same count on every rank; two
 * rounds' buffers are held at once, redistribute).  A round moves at
 * most m * slice entries in all, so slices of at most INT_MAX / m columns
 * keep every count, displacement and total of MPI_Ialltoallv in an int on
 * every rank, whatever the layouts (messages may still pass 2 GiB: the
 * counts are in values).  That bound only adds rounds past 2^36 entries
 * of sub(A): below, MAX_ROUNDS rounds are narrower. */
enum { SLICE_BYTES = 8 << 20, MAX_ROUNDS = 32 };

static int slice_width_of(int m, int n, int nranks, size_t value_bytes, double slice_bytes)
{
    double share = (double)m * n * (double)value_bytes / nranks;
    double q = share / slice_bytes;
    int rounds = q < MAX_ROUNDS ? (int)q + 1 : MAX_ROUNDS;
    if (rounds > n)
        rounds = n > 0 ? n : 1;
    int slice = n / rounds + (n % rounds != 0);
    if (m > 0 && slice > INT_MAX / m)
        slice = INT_MAX / m;
    return slice > 0 ? slice : 1;
}

int hs_redist_slice_width(int m, int n, int nranks, size_t value_bytes)
{
    return slice_width_of(m, n, nranks, value_bytes, SLICE_BYTES);
}

static int slice_width(const hs_redist *rd)
{
    return slice_width_of(rd->m, rd->n, rd->grid.size, hs_prec_bytes(rd->prec),
                          rd->slice_bytes > 0 ? rd->slice_bytes : SLICE_BYTES);
}

/* End of the slice that starts at column c0 (c0 + slice may pass INT_MAX). */
static int slice_end(int c0, int slice, int n)
{
    return n - c0 > slice ? c0 + slice : n;
}

static int plan_make(plan *pl, const hs_redist *rd)
{
    const int *d = rd->desca;
    const hs_proc_grid *g = &rd->grid;
    dest_parts tile_rows = { 0 }, panels = { 0 };
    int err;

    memset(pl, 0, sizeof *pl);
    pl->rd = rd;
    pl->tgrid = &rd->tile_grid;
    pl->nranks = g->size;
    pl->me = g->rank;
    pl->myrow = g->myrow;
    pl->mycol = g->mycol;
    pl->lld = d[HS_LLD];
    pl->es = hs_prec_bytes(rd->prec);
    pl->conj = rd->transpose && hs_prec_complex(rd->prec);
    err = dest_parts_make(&tile_rows, rd->geo, 1);
    if (!err)
        err = dest_parts_make(&panels, rd->geo, 0);
    if (!err)
        err = axis_make(&pl->rows, rd->m, rd->ia - 1, d[HS_MB], d[HS_RSRC], g->nprow,
                        rd->transpose ? &panels : &tile_rows, 0);
    if (!err)
        err = axis_make(&pl->cols, rd->n, rd->ja - 1, d[HS_NB], d[HS_CSRC], g->npcol,
                        rd->transpose ? &tile_rows : &panels, slice_width(rd));
    dest_parts_free(&tile_rows);
    dest_parts_free(&panels);
    return err;
}

/* Agree on success: an error anywhere fails the call everywhere. */
static int agree(const hs_proc_grid *g, int err)
{
    int all;
    if (MPI_Allreduce(&err, &all, 1, MPI_INT, MPI_MIN, g->comm) != MPI_SUCCESS)
        return HETSCAL_ERR_MPI;
    return all;
}

/* Sends and receives per peer of slice [c0, c1), with displacements;
 * returns the totals. */
static void slice_counts(const plan *pl, enum side from, int c0, int c1, int *counts,
                         int np, int *stot, int *rtot)
{
    enum side to = from == SIDE_MATRIX ? SIDE_TILES : SIDE_MATRIX;
    int *scount = counts, *rcount = counts + np, *sdisp = counts + 2 * np,
        *rdisp = counts + 3 * np;

    memset(counts, 0, (size_t)4 * np * sizeof *counts);
    walk(pl, from, COUNT, c0, c1, scount, NULL, NULL);
    walk(pl, to, COUNT, c0, c1, rcount, NULL, NULL);
    *stot = *rtot = 0;
    for (int p = 0; p < np; p++) {
        sdisp[p] = *stot;
        rdisp[p] = *rtot;
        *stot += scount[p];
        *rtot += rcount[p];
    }
}

/* MPI's type of a value of the precision. */
static MPI_Datatype value_type(int prec)
{
    switch (prec) {
    case HS_PREC_S:
        return MPI_FLOAT;
    case HS_PREC_C:
        return MPI_C_FLOAT_COMPLEX;
    case HS_PREC_Z:
        return MPI_C_DOUBLE_COMPLEX;
    default:
        return MPI_DOUBLE;
    }
}

/* A round's slice: its ranges on both sides (the sending side's also
 * cut its direct copies), counts and displacements, and buffers. */
typedef struct round {
    ranges send, recv;
    int *counts;             /* scount, rcount, sdisp, rdisp: np each */
    char *sbuf, *rbuf;
    int c0, c1;
} round;

static void round_count(const plan *pl, round *rn, enum side from, int c0, int c1)
{
    int np = pl->nranks;
    enum side to = from == SIDE_MATRIX ? SIDE_TILES : SIDE_MATRIX;
    rn->c0 = c0;
    rn->c1 = c1;
    rn->send.sum = ranges_count(pl, &rn->send, from, c0, c1, rn->counts, rn->counts + 2 * np);
    rn->recv.sum = ranges_count(pl, &rn->recv, to, c0, c1, rn->counts + np, rn->counts + 3 * np);
}

/* Round r + 1's direct copies and packing, while round r moves. */
static void round_pack(const plan *pl, round *rn, enum side from, MPI_Request *req, int *failed)
{
    double volume = (double)(rn->c1 - rn->c0) * pl->rd->m;
    copy_ranges(pl, &rn->send, from, from == SIDE_MATRIX ? DIRECT_TO_TILES : DIRECT_TO_MATRIX,
                NULL, volume, req, failed);
    copy_ranges(pl, &rn->send, from, PACK, rn->sbuf, rn->send.sum, req, failed);
}

/* Rounds of MPI_Ialltoallv over column slices, pipelined: while round r
 * moves, the calling thread keeps it moving and the rank's threads
 * unpack round r - 1 and pack round r + 1 (two rounds' buffers, each
 * half a slice of the single-buffered size, so the memory is the
 * same). */
static int redistribute(const hs_redist *rd, enum side from)
{
    enum side to = from == SIDE_MATRIX ? SIDE_TILES : SIDE_MATRIX;
    const hs_proc_grid *g = &rd->grid;
    int np = g->size, err, slice, smax = 0, rmax = 0, stot, rtot, nrounds = 0;
    int *counts = calloc((size_t)4 * np * 3, sizeof *counts);
    char *sbuf = NULL, *rbuf = NULL;
    plan pl = { 0 };
    round rn[2] = { 0 };
    MPI_Datatype type = value_type(rd->prec);

    err = counts ? plan_make(&pl, rd) : HETSCAL_ERR_NOMEM;
    slice = slice_width(rd);
    /* Buffers for the largest slice, allocated once; one agreement covers
     * every allocation of the call. */
    for (int c0 = 0; c0 < rd->n && !err; c0 = slice_end(c0, slice, rd->n)) {
        slice_counts(&pl, from, c0, slice_end(c0, slice, rd->n), counts, np, &stot, &rtot);
        smax = stot > smax ? stot : smax;
        rmax = rtot > rmax ? rtot : rmax;
        nrounds++;
    }
    int nslots = nrounds > 1 ? 2 : 1;
    size_t sbytes = (size_t)(smax ? smax : 1) * pl.es, rbytes = (size_t)(rmax ? rmax : 1) * pl.es;
    if (!err) {
        sbuf = hs_mem_alloc_kept(HS_KEPT_SEND, nslots * sbytes);
        rbuf = hs_mem_alloc_kept(HS_KEPT_RECEIVE, nslots * rbytes);
        err = sbuf && rbuf ? HETSCAL_SUCCESS : HETSCAL_ERR_NOMEM;
    }
    for (int k = 0; k < 2 && !err; k++) {
        rn[k].counts = counts + (size_t)4 * np * (k + 1);
        rn[k].sbuf = sbuf + (size_t)(k % nslots) * sbytes;
        rn[k].rbuf = rbuf + (size_t)(k % nslots) * rbytes;
        if (ranges_make(&rn[k].send, np) || ranges_make(&rn[k].recv, np))
            err = HETSCAL_ERR_NOMEM;
    }
    err = agree(g, err);
    /* Every rank makes every slice's collective, even after one failed
     * here (MPI_ERRORS_RETURN): a rank leaving the loop early would leave
     * the others waiting in the next one.  The outcome is agreed after. */
    int planned = !err, failed = 0;
    MPI_Request req = MPI_REQUEST_NULL;
    if (planned) {
        round_count(&pl, &rn[0], from, 0, slice_end(0, slice, rd->n));
        round_pack(&pl, &rn[0], from, &req, &failed);
    }
    for (int r = 0; planned && r < nrounds; r++) {
        /* The other slot holds round r - 1, then round r + 1. */
        round *cur = &rn[r % nslots], *other = &rn[(r + 1) % nslots];
        int *c = cur->counts;
        hs_fork_guard_enter();   /* as poll_round's tests */
        int rc = MPI_Ialltoallv(cur->sbuf, c, c + 2 * np, type, cur->rbuf, c + np, c + 3 * np,
                                type, g->comm, &req);
        hs_fork_guard_leave();
        if (rc != MPI_SUCCESS) {
            failed = 1;
            req = MPI_REQUEST_NULL;
        }
        if (r > 0 && !failed)
            copy_ranges(&pl, &other->recv, to, UNPACK, other->rbuf, other->recv.sum, &req,
                        &failed);
        if (r + 1 < nrounds) {
            int c0 = cur->c1;
            round_count(&pl, other, from, c0, slice_end(c0, slice, rd->n));
            round_pack(&pl, other, from, &req, &failed);
        }
        if (req != MPI_REQUEST_NULL && MPI_Wait(&req, MPI_STATUS_IGNORE) != MPI_SUCCESS)
            failed = 1;
        if (r + 1 == nrounds && !failed)
            copy_ranges(&pl, &cur->recv, to, UNPACK, cur->rbuf, cur->recv.sum, &req, &failed);
    }
    if (planned)
        err = agree(g, failed ? HETSCAL_ERR_MPI : HETSCAL_SUCCESS);
    hs_mem_keep(HS_KEPT_SEND, sbuf);      /* for the next call: see mem.h */
    hs_mem_keep(HS_KEPT_RECEIVE, rbuf);
    for (int k = 0; k < 2; k++) {
        ranges_free(&rn[k].send);
        ranges_free(&rn[k].recv);
    }
    plan_free(&pl);
    free(counts);
    return err;
}

/* Tiles kept transposed never move: they are the caller's blocks. */
int hs_redist_to_tiles(const hs_redist *rd)
{
    return rd->geo->transposed ? HETSCAL_ERR_INTERNAL : redistribute(rd, SIDE_MATRIX);
}

int hs_redist_to_matrix(const hs_redist *rd)
{
    return rd->geo->transposed ? HETSCAL_ERR_INTERNAL : redistribute(rd, SIDE_TILES);
}

/* ---- one tile at a time (hs_redist_copy_tile) -------------------------- */

/* Local address of sub(A)(p, q) (0-based), or NULL when another rank
 * holds it. */
static char *local_entry(const hs_redist *rd, int p, int q)
{
    const int *d = rd->desca;
    const hs_proc_grid *g = &rd->grid;
    int gp = rd->ia - 1 + p, gq = rd->ja - 1 + q;
    if (hs_g2p(gp, d[HS_MB], d[HS_RSRC], g->nprow) != g->myrow
        || hs_g2p(gq, d[HS_NB], d[HS_CSRC], g->npcol) != g->mycol)
        return NULL;
    return (char *)rd->a + (hs_g2l(gp, d[HS_MB], g->nprow)
                            + (size_t)hs_g2l(gq, d[HS_NB], g->npcol) * d[HS_LLD])
                               * hs_prec_bytes(rd->prec);
}

/* Rows [p0, p1) of column q of sub(A) to or from the tile, whose entry for
 * row p0 is at t (entries `stride` apart): one piece per caller block.
 * 0, or -1 when a piece is not here. */
static int copy_column_piece(const hs_redist *rd, int q, int p0, int p1, char *t,
                             int stride, int to_tiles)
{
    int mb = rd->desca[HS_MB];
    size_t es = hs_prec_bytes(rd->prec);
    int conj = rd->transpose && hs_prec_complex(rd->prec);
    for (int p = p0; p < p1;) {
        int len = mb - (rd->ia - 1 + p) % mb;
        if (len > p1 - p)
            len = p1 - p;
        char *x = local_entry(rd, p, q);
        if (!x)
            return -1;
        if (to_tiles)
            hs_copy_strided(t, stride, x, 1, len, es, conj);
        else
            hs_copy_strided(x, 1, t, stride, len, es, conj);
        t += (size_t)len * stride * es;
        p += len;
    }
    return 0;
}

int hs_redist_copy_tile(const hs_redist *rd, int tile, void *data, int to_tiles)
{
    const hs_geometry *geo = rd->geo;
    if (geo->transposed)   /* only ever in the caller's array */
        return HETSCAL_ERR_INTERNAL;
    int r = tile % geo->mt, c = tile / geo->mt;
    int h = hs_tile_height(geo, r), w = geo->panel[c].width;
    int row0 = r * geo->H, col0 = geo->panel[c].col0;
    /* Column q of sub(A) and the range of its rows in the tile: a tile
     * column, or (transposed) a tile row. */
    int q0 = rd->transpose ? row0 : col0, nq = rd->transpose ? h : w;
    int p_lo = rd->transpose ? col0 : row0, p_hi = p_lo + (rd->transpose ? w : h);

    for (int q = q0; q < q0 + nq; q++) {
        int lo, hi;
        segment rows = { .g0 = p_lo, .len = p_hi - p_lo };
        clip_rows(rd->part, &rows, q, &lo, &hi);
        if (hi <= lo)
            continue;
        size_t at = rd->transpose ? (q - row0) + (size_t)(lo - col0) * h
                                  : (lo - row0) + (size_t)(q - col0) * h;
        char *t = (char *)data + at * hs_prec_bytes(rd->prec);
        if (copy_column_piece(rd, q, lo, hi, t, rd->transpose ? h : 1, to_tiles))
            return HETSCAL_ERR_INTERNAL;
    }
    return HETSCAL_SUCCESS;
}

/* ---- tiles in the caller's array --------------------------------------- */

/* Rows [g, g + len) of A along one dimension (blocks of nb from process
 * src0 over nprocs) lie in one process's local array, consecutive there:
 * its process, or -1. */
static int consecutive_on(int g, int len, int nb, int src0, int nprocs)
{
    int p = hs_g2p(g, nb, src0, nprocs), last = g + len - 1;
    if (hs_g2p(last, nb, src0, nprocs) != p
        || hs_g2l(last, nb, nprocs) - hs_g2l(g, nb, nprocs) != len - 1)
        return -1;
    return p;
}

/* Tile `tile`'s rectangle of sub(A) (rows, then columns, 0-based; of a
 * tile kept transposed, the block that stores it) and the process that
 * holds it whole and consecutive in its local array, or -1 (tiles copied
 * transposed never are). */
static int tile_rectangle_owner(const hs_redist *rd, int tile, int *p0, int *q0)
{
    const hs_geometry *geo = rd->geo;
    const int *d = rd->desca;
    const hs_proc_grid *g = &rd->grid;
    int r = tile % geo->mt, c = tile / geo->mt;
    int h = hs_tile_height(geo, r), w = geo->panel[c].width;
    *p0 = r * geo->H;
    *q0 = geo->panel[c].col0;
    if (rd->transpose || h <= 0 || w <= 0)
        return -1;
    if (geo->transposed) {
        int p = *p0;
        *p0 = *q0;
        *q0 = p;
        h = geo->panel[c].width;
        w = hs_tile_height(geo, r);
    }
    int prow = consecutive_on(rd->ia - 1 + *p0, h, d[HS_MB], d[HS_RSRC], g->nprow);
    int pcol = consecutive_on(rd->ja - 1 + *q0, w, d[HS_NB], d[HS_CSRC], g->npcol);
    if (prow < 0 || pcol < 0)
        return -1;
    return hs_proc_grid_rank(g, prow, pcol);
}

int hs_redist_tile_owner(const hs_redist *rd, int tile)
{
    int p0, q0;
    return tile_rectangle_owner(rd, tile, &p0, &q0);
}

void *hs_redist_tile_in_caller(const hs_redist *rd, int tile, int *ld)
{
    int p0, q0;
    if (tile_rectangle_owner(rd, tile, &p0, &q0) != rd->grid.rank)
        return NULL;
    *ld = rd->desca[HS_LLD];
    return local_entry(rd, p0, q0);
}
