/* Distributed task assignment (see dist.h). */
#include "config.h"

#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "include/hetscal.h"
#include "runtime/dist_impl.h"
#include "runtime/status.h"
#include "runtime/device_memory.h"
#include "util/mem.h"

enum { TILE_ALIGN = 64 };
_Static_assert(sizeof(void *) != 8 || sizeof(dtile) == TILE_ALIGN,
               "a tile's state fills one cache line (dist_impl.h)");

/* A tile's share of the block, in doubles: its values and status word,
 * rounded up to whole cache lines. */
static size_t tile_doubles(const hs_tile_home *home, int esize)
{
    return (hs_value_words(home->m, home->n, esize) + 8) / 8 * 8;
}

double hs_tile_home_bytes_from(const hs_tile_home *home, int ntiles, int first, int rank,
                               int esize)
{
    double bytes = 0;
    for (int t = first; t < ntiles; t++)
        if (home[t].rank == rank)
            bytes += tile_doubles(&home[t], esize) * sizeof(double);
    return bytes;
}

double hs_tile_home_most_bytes_from(const hs_tile_home *home, int ntiles, int first,
                                    int nranks, int esize)
{
    double *bytes = calloc((size_t)(nranks > 0 ? nranks : 1), sizeof *bytes), most = 0;
    if (!bytes)
        return HUGE_VAL;
    for (int t = first; t < ntiles; t++)
        if (home[t].rank >= 0 && home[t].rank < nranks)
            bytes[home[t].rank] += tile_doubles(&home[t], esize) * sizeof(double);
    for (int r = 0; r < nranks; r++)
        most = bytes[r] > most ? bytes[r] : most;
    free(bytes);
    return most;
}

/* Doubles of the largest tile that rank `rank` may receive a copy of
 * (another rank's, not one that stays), and its size: the sink's room. */
static size_t largest_alien(const hs_tile_home *home, int ntiles, int rank, int esize, int *m,
                            int *n)
{
    size_t most = 0;
    *m = *n = 0;
    for (int t = 0; t < ntiles; t++) {
        size_t doubles = tile_doubles(&home[t], esize);
        /* rank -1: no such tile */
        if (home[t].rank >= 0 && home[t].rank != rank && !home[t].stays && doubles > most) {
            most = doubles;
            *m = home[t].m;
            *n = home[t].n;
        }
    }
    return most;
}

double hs_tile_home_sink_bytes(const hs_tile_home *home, int ntiles, int rank, int esize)
{
    int m, n;
    return (double)largest_alien(home, ntiles, rank, esize, &m, &n) * sizeof(double);
}

double hs_tile_home_stays_bytes(const hs_tile_home *home, int ntiles, int rank, int esize)
{
    double bytes = 0;
    for (int t = 0; t < ntiles; t++)
        if (home[t].rank == rank && home[t].stays)
            bytes += tile_doubles(&home[t], esize) * sizeof(double);
    return bytes;
}

static atomic_int tag_limit_for_tests;

void hs_dist_limit_tags(int limit)
{
    atomic_store(&tag_limit_for_tests, limit);
}

/* The state of both kinds of run: `data` 0 (a simulation) allocates no
 * tile memory (handles without data, nothing reads them). */
static int create(hs_dist **out, int me, int nranks, int tag_limit, int ntiles,
                  const hs_tile_home *home, int prec, int data, hs_dist_in_place where,
                  void *where_arg)
{
    int esize = (int)hs_prec_bytes(prec);
    hs_dist *d = hs_mem_alloc(sizeof *d);

    *out = NULL;
    if (!d)
        return HETSCAL_ERR_NOMEM;
    d->me = me;
    d->nranks = nranks;
    d->tag_limit = tag_limit;
    int test_limit = atomic_load(&tag_limit_for_tests);
    if (test_limit > 0 && d->tag_limit > test_limit)
        d->tag_limit = test_limit;
    d->ntiles = ntiles;
    d->prec = prec;
    d->esize = esize;
    size_t nhome = 0;
    for (int t = 0; t < ntiles; t++)
        nhome += home[t].rank == d->me;
    size_t tiles_bytes = (size_t)(ntiles ? ntiles : 1) * sizeof *d->tile;
    d->tile_block = hs_mem_alloc(TILE_ALIGN + tiles_bytes + nhome * sizeof(hs_handle));
    if (d->tile_block)
        d->tile = (dtile *)(((uintptr_t)d->tile_block + TILE_ALIGN - 1) &
                            ~(uintptr_t)(TILE_ALIGN - 1));
    d->send_seq = hs_mem_alloc((size_t)d->nranks * sizeof *d->send_seq);
    d->recv_seq = hs_mem_alloc((size_t)d->nranks * sizeof *d->recv_seq);
    d->holder_words = (d->nranks + HS_HOLDER_BITS - 1) / HS_HOLDER_BITS;
    if (d->holder_words > 1)
        d->holder_bits = hs_mem_alloc((nhome ? nhome : 1) * (size_t)d->holder_words *
                                      sizeof *d->holder_bits);
    if (!d->tile_block || !d->send_seq || !d->recv_seq
        || (d->holder_words > 1 && !d->holder_bits)) {
        hs_dist_destroy(d);
        return HETSCAL_ERR_NOMEM;
    }
    /* This rank's tiles live in one block (cache-line aligned each): one
     * mapping, huge pages, one free; those `where` places in the caller's
     * array take no room there. */
    size_t total = 0;
    int sink_m, sink_n, ld;
    size_t sink = largest_alien(home, ntiles, d->me, esize, &sink_m, &sink_n);
    for (int t = 0; t < ntiles; t++)
        if (home[t].rank == d->me && (!where || !where(where_arg, t, &ld)))
            total += tile_doubles(&home[t], esize);
    if (data)
        d->tile_memory = hs_mem_alloc_kept(HS_KEPT_TILES,
                                           (total + sink ? total + sink : 1) * sizeof(double));
    if (data && !d->tile_memory) {
        hs_dist_destroy(d);
        return HETSCAL_ERR_NOMEM;
    }
    double *next = d->tile_memory;
    unsigned long *bits = d->holder_bits;
    hs_handle *local = (hs_handle *)((char *)d->tile + tiles_bytes);
    for (int t = 0; t < ntiles; t++) {
        dtile *dt = &d->tile[t];
        dt->home.rank = home[t].rank;
        dt->home.device = home[t].device;
        dt->home.m = home[t].m;
        dt->home.n = home[t].n;
        dt->variable = (unsigned char)(home[t].variable != 0);
        dt->slot = home[t].device;
        dt->home.device = 0;   /* the host until hs_dist_use_devices */
        dt->source = home[t].rank;
        if (dt->home.rank != d->me)
            continue;
        dt->valid = hs_loc_bit(0);
        dt->keeps_holders = 1;
        if (bits) {
            dt->holders.bits = bits;
            bits += d->holder_words;
        }
        dt->local = local++;
        void *caller = where ? where(where_arg, t, &ld) : NULL;
        if (caller) {
            hs_handle_wrap_in_place(dt->local, caller, dt->home.m, dt->home.n, ld, esize);
            continue;
        }
        hs_handle_wrap(dt->local, next, dt->home.m, dt->home.n, esize);
        hs_dist_mark_variable(dt, dt->local);
        if (next)
            next += tile_doubles(&home[t], esize);
    }
    /* The status words are set at the first step of the generation
     * (set_statuses), not here: a fresh block's first touch would
     * otherwise happen now, page after page on this one thread. */
    d->statuses_pending = data;
    /* Room for one alien tile at the end: the sink of copies there is no
     * memory for (allocate_copy). */
    hs_handle_wrap(&d->sink, next, sink_m, sink_n, esize);
    d->sink.discard = 1;
    d->sink.status_apart = HETSCAL_ERR_NOMEM;
    *out = d;
    return HETSCAL_SUCCESS;
}

int hs_dist_create(hs_dist **out, MPI_Comm comm, int ntiles, const hs_tile_home *home,
                   int prec)
{
    return hs_dist_create_in_place(out, comm, ntiles, home, prec, NULL, NULL);
}

int hs_dist_create_in_place(hs_dist **out, MPI_Comm comm, int ntiles, const hs_tile_home *home,
                            int prec, hs_dist_in_place where, void *arg)
{
    int me, nranks, *tag_ub, flag = 0;
    *out = NULL;
    if (MPI_Comm_rank(comm, &me) != MPI_SUCCESS || MPI_Comm_size(comm, &nranks) != MPI_SUCCESS ||
        MPI_Comm_get_attr(comm, MPI_TAG_UB, &tag_ub, &flag) != MPI_SUCCESS)
        return HETSCAL_ERR_MPI;
    return create(out, me, nranks, flag ? *tag_ub : 32767, ntiles, home, prec, 1, where, arg);
}

int hs_dist_create_simulated(hs_dist **out, int me, int nranks, int tag_limit, int ntiles,
                             const hs_tile_home *home, int prec)
{
    return create(out, me, nranks, tag_limit, ntiles, home, prec, 0, NULL, NULL);
}

void hs_dist_destroy(hs_dist *d)
{
    if (!d)
        return;
    for (int t = 0; d->tile && t < d->ntiles; t++) {
        dtile *dt = &d->tile[t];
        if (dt->copy)
            hs_handle_detach(dt->copy);
        hs_dist_free_instances(d, dt);
    }
    hs_mem_keep(HS_KEPT_TILES, d->tile_memory);   /* for the next call: see mem.h */
    hs_mem_free(d->tile_block);
    hs_mem_free(d->send_seq);
    hs_mem_free(d->recv_seq);
    hs_mem_free(d->holder_bits);
    hs_mem_free(d->grid_rank);
    hs_mem_free(d->mine);
    hs_mem_free(d);
}

void *hs_dist_tile_data(const hs_dist *d, int tile)
{
    return d->tile[tile].home.rank == d->me ? d->tile[tile].local->data : NULL;
}

/* The tags of one peer and direction run 0, 1, 2, ...  MPI matches the
 * messages of one (source, tag) in the order they were posted, but
 * transfers are posted as they become ready, not in tag order, and nothing
 * bounds how far apart two live transfers of a peer are (the window counts
 * live tasks; it is no span of tags, nor does it hold back another rank).
 * So a tag is used again only after every transfer inserted before has
 * completed here: reserve_tags, at the start of an insertion, drains and
 * restarts from 0 every counter that this insertion could carry past
 * tag_limit - 1.  Each counter has the same value on both of its ranks
 * (A's sends to B are B's receives from A) at every insertion, so both
 * restart it at the same one.  One drain per about tag_limit messages
 * (at least 32767).  Never in the middle of an insertion: its own
 * transfers may need the other rank's part of it. */
static int next_tag(hs_dist *d, int *seq, int peer)
{
    int tag = seq[peer]++;
    if (seq[peer] > d->tag_high)
        d->tag_high = seq[peer];
    return tag;
}

/* An insertion makes at most two transfers per access with one peer. */
static void reserve_tags(hs_dist *d, int nacc)
{
    int threshold = d->tag_limit - 2 * nacc;
    if (d->tag_high < threshold)
        return;
    hs_engine_drain_wait();
    d->tag_high = 0;
    for (int p = 0; p < d->nranks; p++) {
        if (d->send_seq[p] >= threshold)
            d->send_seq[p] = 0;
        if (d->recv_seq[p] >= threshold)
            d->recv_seq[p] = 0;
        if (d->send_seq[p] > d->tag_high)
            d->tag_high = d->send_seq[p];
        if (d->recv_seq[p] > d->tag_high)
            d->tag_high = d->recv_seq[p];
    }
}

static int main_output(const hs_task_spec *spec)
{
    if (spec->at_first)
        return spec->acc[0].tile;
    for (int k = 0; k < spec->nacc; k++)
        if (spec->acc[k].mode & HS_W)
            return spec->acc[k].tile;
    return spec->acc[0].tile;
}

/* Whether global tile `tile` is a piece (hs_dist_use_pieces). */
static int is_piece(const hs_dist *d, int tile)
{
    return d->pieces.nmatrix > 0 && tile >= d->pieces.first[0];
}

/* A send or receive of h; piece: the data is a piece's (its sends are
 * background traffic, send_window.h). */
static void submit_transfer(hs_dist *d, int queue, hs_handle *h, int peer, int priority,
                            int tile, int piece)
{
    hs_task *t = hs_task_new(queue, NULL, queue == HS_Q_SEND ? &hs_kind_send : &hs_kind_recv,
                             priority);
    t->background = queue == HS_Q_SEND && piece;
    t->peer = peer;
    t->tile = tile;
    t->tag = next_tag(d, queue == HS_Q_SEND ? d->send_seq : d->recv_seq, peer);
    hs_task_access(t, h, queue == HS_Q_SEND ? HS_R : HS_W);
    hs_task_submit(t);
}

/* Rank `reader`'s task reads dt's current version: when the reader lacks
 * it, the sender this rank agrees on with every other (-1: none needed),
 * and the reader now holds it.  Ranks that keep no holders of dt (the
 * others than its home without forwarding) take no part. */
static int arrival(hs_dist *d, dtile *dt, int reader)
{
    return hs_holders_do(d, dt, HS_STEP_ARRIVAL, reader);
}

/* dt has a new version, written on rank `writer`: it alone holds it
 * besides the home, which receives it. */
static void new_version_at(hs_dist *d, dtile *dt, int writer)
{
    hs_holders_do(d, dt, HS_STEP_VERSION, writer);
}

/* A copy of an alien tile.  When memory is short even after everything
 * inserted so far has run, the call fails on this rank, but the messages
 * every rank has planned must still match: the copy is then the sink,
 * which receives (into room for any alien tile), sends only its failure
 * status and fails every task that touches it (engine.h, discard). */
static hs_handle *allocate_copy(hs_dist *d, int m, int n)
{
    if (hs_engine_failure() == HETSCAL_ERR_NOMEM)
        return &d->sink;   /* memory ran out already: no more tries */
    /* Pinned where it may cross to a GPU; pageable if pinned memory runs
     * out (slower copies, still correct). */
    hs_handle *h = d->pin_dev ? hs_handle_new_pinned(d->pin_dev, m, n, d->esize) : NULL;
    if (!h)
        h = hs_handle_new(m, n, d->esize);
    if (!h) {
        /* Everything inserted so far can run and free its copies. */
        hs_engine_drain_wait();
        h = hs_handle_new(m, n, d->esize);
    }
    if (!h) {
        hs_engine_fail(HETSCAL_ERR_NOMEM);
        h = &d->sink;
    }
    return h;
}

hs_handle *hs_dist_new_host_copy(hs_dist *d, dtile *dt)
{
    hs_dist_mark_mine(d, dt, 1);
    hs_handle *h = allocate_copy(d, dt->home.m, dt->home.n);
    if (h != &d->sink)
        hs_dist_mark_variable(dt, h);
    if (dt->copy)
        hs_handle_detach(dt->copy);
    dt->copy = h;
    return h;
}

void hs_dist_receive(hs_dist *d, dtile *dt, hs_handle *h, int priority)
{
    submit_transfer(d, HS_Q_RECV, h, dt->source, priority, (int)(dt - d->tile), 0);
}

/* The device that runs a task owned here: its main output's, unless the
 * task or its kind is host-only or the device cannot hold the task's
 * tiles. */
static int exec_device(hs_dist *d, const hs_task_spec *spec)
{
    int host = spec->host_only || spec->kind->host_only;
    int x = host ? 0 : d->tile[main_output(spec)].home.device;
    return x && hs_dist_plan_device(d, spec, x) ? x : 0;
}

/* Where access k of a task run on location x reads or writes its tile:
 * there, or on the host (HS_ON_HOST). */
static int access_location(const hs_task_spec *spec, int k, int x)
{
    return spec->acc[k].mode & HS_ON_HOST ? 0 : x;
}

static void insert_executed_here(hs_dist *d, const hs_task_spec *spec)
{
    int x = exec_device(d, spec);
    hs_task *t = hs_task_new(x ? HS_Q_DEVICE : HS_Q_HOST, spec->kind->kernel[d->prec],
                             spec->kind, spec->priority);

    t->device = x;
    if (x)
        t->stream = spec->kind->drives_device
                        ? HS_STREAM_DRIVER
                        : hs_kernel_stream(d->devs[x]->nstreams, spec->urgent);
    t->finish = spec->kind->finish;
    t->ctx = (void *)spec->ctx;
    t->ignore_status = spec->ignore_status;
    memcpy(t->iparam, spec->iparam, sizeof t->iparam);
    t->tile = main_output(spec);
    for (int k = 0; k < spec->nacc; k++) {
        dtile *dt = &d->tile[spec->acc[k].tile];
        int mode = spec->acc[k].mode & HS_RW, at = access_location(spec, k, x);
        hs_handle *h;
        if (mode & HS_R) {
            int from = arrival(d, dt, d->me);
            if (from >= 0)
                dt->source = from;   /* fetch receives from there */
            h = hs_dist_fetch(d, dt, at, spec->priority);
        }
        else if (at)
            h = dt->inst[at];
        else
            h = hs_dtile_is_home(d, dt) ? dt->local : hs_dist_new_host_copy(d, dt);
        hs_task_access(t, h, mode);
    }
    if (d->placed)
        d->placed(d->placed_arg, t, x);
    hs_task_submit(t);

    /* New versions, here; minor outputs go back to their homes. */
    for (int k = 0; k < spec->nacc; k++) {
        dtile *dt = &d->tile[spec->acc[k].tile];
        if (!(spec->acc[k].mode & HS_W))
            continue;
        new_version_at(d, dt, d->me);
        hs_dist_written_at(d, dt, access_location(spec, k, x));
        if (!hs_dtile_is_home(d, dt)) {
            hs_handle *h = hs_dist_send_source(d, dt, spec->priority);
            submit_transfer(d, HS_Q_SEND, h, dt->home.rank, spec->priority, main_output(spec),
                            is_piece(d, spec->acc[k].tile));
        }
    }
}

/* Whether tile t may have something on this rank: always, unless a
 * simulation keeps the bits (hs_dist_share).  A tile with nothing here
 * (no home, no copy, no instance; holding its version would mean a copy)
 * needs only the holders' steps of another rank's task, and they need
 * not read its state where another rank took them already. */
static int maybe_mine(const hs_dist *d, int t)
{
    enum { W = 8 * sizeof(unsigned long) };
    return !d->mine || ((d->mine[t / W] >> (t % W)) & 1);
}

static void insert_elsewhere(hs_dist *d, const hs_task_spec *spec, int exec)
{
    for (int k = 0; k < spec->nacc; k++) {
        dtile *dt = &d->tile[spec->acc[k].tile];
        int mode = spec->acc[k].mode;
        if (!maybe_mine(d, spec->acc[k].tile)) {
            if ((mode & HS_R) && hs_holders_shared(d))   /* not from here: the sender holds it */
                hs_holders_pass(d, dt, HS_STEP_ARRIVAL, exec);
            continue;
        }
        if ((mode & HS_R) && arrival(d, dt, exec) == d->me) {
            hs_handle *h = hs_dist_send_source(d, dt, spec->priority);
            submit_transfer(d, HS_Q_SEND, h, exec, spec->priority, spec->acc[k].tile,
                            is_piece(d, spec->acc[k].tile));
            d->forwarded += !hs_dtile_is_home(d, dt);
        }
        if ((mode & HS_W) && hs_dtile_is_home(d, dt))
            submit_transfer(d, HS_Q_RECV, dt->local, exec, spec->priority, spec->acc[k].tile,
                            0);
    }
    /* New versions, made on rank exec. */
    for (int k = 0; k < spec->nacc; k++) {
        dtile *dt = &d->tile[spec->acc[k].tile];
        if (!(spec->acc[k].mode & HS_W))
            continue;
        if (!maybe_mine(d, spec->acc[k].tile)) {
            if (hs_holders_shared(d))
                hs_holders_pass(d, dt, HS_STEP_VERSION, exec);
            continue;
        }
        new_version_at(d, dt, exec);
        if (hs_dtile_is_home(d, dt))
            hs_dist_written_at(d, dt, 0);   /* the receive above */
        else
            hs_dist_drop_all(d, dt);
    }
}

/* Before each step of the generation (a global task, or one tile's flush,
 * final or finish step): room in the window, which bounds what is live
 * when a step starts (engine_tasks.c, "task pool", relies on it); and a failure
 * found before the engine ran is the call's. */
/* The start of every generation step (an insertion of nacc accesses, a
 * flush, a final write-back): a failure found before the engine ran, the
 * window, and room in the tag space for what the step may post. */
static int copies_home(const hs_dist *d, int tile)
{
    return d->home_copy && tile < d->home_copy_tiles && hs_dtile_is_home(d, &d->tile[tile]);
}

/* Each home tile's status word starts at 0 (the block is reused
 * unzeroed), except those of the tiles that hs_dist_copy_home's fill
 * tasks write before any other access: their first touch, with the
 * tile's values, is then on a worker during the run.  Before the first
 * step, when no task of this dist exists yet, and at the latest when the
 * statuses are read. */
static void set_statuses(hs_dist *d)
{
    if (!d->statuses_pending)
        return;
    d->statuses_pending = 0;
    for (int t = 0; t < d->ntiles; t++) {
        dtile *dt = &d->tile[t];
        if (hs_dtile_is_home(d, dt) && !copies_home(d, t))
            *hs_handle_status_word(dt->local) = 0;
    }
}

/* window: 0 for a step that inserts nothing here and changes nothing
 * of this rank's engine (skipped): its wait would be for the same
 * condition as the next step's, which then waits for it instead, and
 * resumes at the same event. */
static void step_start(hs_dist *d, int nacc, int window, double incoming_bytes)
{
    set_statuses(d);
    if (d->failure) {
        hs_engine_fail(d->failure);
        d->failure = 0;
    }
    if (window)
        hs_engine_window_wait(incoming_bytes);
    reserve_tags(d, nacc);
}

static void step_begin(hs_dist *d, int nacc)
{
    step_start(d, nacc, 1, 0);
}

static void observe(hs_dist *d, int event, const hs_task_spec *spec, int tile)
{
    if (d->observer)
        d->observer(d->observer_arg, event, spec, tile);
}

void hs_dist_on_placed(hs_dist *d, hs_dist_placed_fn fn, void *arg)
{
    d->placed = fn;
    d->placed_arg = arg;
}

void hs_dist_observe(hs_dist *d, hs_dist_observer fn, void *arg)
{
    d->observer = fn;
    d->observer_arg = arg;
}

void hs_dist_copy_home(hs_dist *d, int nmatrix, hs_dist_home_copy copy, void *arg)
{
    d->home_copy = copy;
    d->home_copy_arg = arg;
    d->home_copy_tiles = nmatrix < d->ntiles ? nmatrix : d->ntiles;
}

void hs_dist_use_pieces(hs_dist *d, const hs_dist_pieces *pieces)
{
    d->pieces = *pieces;
    if (d->pieces.nmatrix > d->ntiles)
        d->pieces.nmatrix = d->ntiles;
}

/* How far below the factorization's priorities the pieces' tasks run. */
enum { PIECES_BELOW = 1 << 24 };

/* Tile `tile`'s gather (to_tiles) or scatter tasks, global: every rank
 * inserts them at the same step. */
static void insert_pieces(hs_dist *d, int tile, int to_tiles, int priority)
{
    const hs_dist_pieces *p = &d->pieces;
    enum { MOST = HS_GROUP_ACCESSES - 1 };
    int lo = p->first[tile], hi = p->first[tile + 1];
    if (to_tiles)
        d->tile[tile].filled = 1;
    else
        d->tile[tile].written_back = 1;
    for (int k = lo; k < hi; k += MOST) {
        int n = hi - k < MOST ? hi - k : MOST;
        /* Below every task of the factorization, in its order: a piece's
         * message leaves when the factorization's ready ones have, so
         * that it does not hold the critical path's on the links. */
        hs_task_spec s = { .kind = to_tiles ? p->gather : p->scatter,
                           .priority = priority - PIECES_BELOW,
                           .host_only = 1, .nacc = 1 + n, .ctx = p->ctx, .at_first = 1,
                           .ignore_status = !to_tiles };
        s.acc[0].tile = tile;
        s.acc[0].mode = !to_tiles ? HS_R : k == lo ? HS_W : HS_RW;
        for (int j = 0; j < n; j++) {
            s.acc[1 + j].tile = k + j;
            s.acc[1 + j].mode = to_tiles ? HS_R : p->merge[k + j - p->first[0]] ? HS_RW : HS_W;
        }
        s.iparam[0] = tile;
        s.iparam[1] = k - p->first[0];
        s.iparam[2] = n;
        hs_dist_insert(d, &s);
        /* Nothing else reads a piece: its copies go once sent or read
         * (the scatter's merged pieces come again from their homes). */
        for (int j = 0; j < n; j++)
            hs_dist_flush(d, k + j);
    }
}

static int in_pieces(const hs_dist *d, int tile)
{
    return tile < d->pieces.nmatrix;
}

static int home_copy_kernel(hs_task *t, hs_device *dev)
{
    (void)dev;
    hs_dist *d = t->ctx;
    return d->home_copy(d->home_copy_arg, t->iparam[0], hs_task_data(t, 0), t->iparam[1]);
}

/* One fill (to_tiles) or write-back task of a home tile; local only: the
 * other ranks neither see it nor count a version for it. */
static void insert_home_copy(hs_dist *d, int tile, int to_tiles, int priority)
{
    dtile *dt = &d->tile[tile];
    hs_task *t = hs_task_new(HS_Q_HOST, home_copy_kernel,
                             to_tiles ? &hs_kind_fill : &hs_kind_write_back, priority);
    t->ctx = d;
    t->tile = tile;
    t->iparam[0] = tile;
    t->iparam[1] = to_tiles;
    t->ignore_status = !to_tiles;
    hs_task_access(t, to_tiles ? dt->local : hs_dist_fetch(d, dt, 0, priority),
                   to_tiles ? HS_W : HS_R);
    hs_task_submit(t);
    if (to_tiles)
        dt->filled = 1;
    else
        dt->written_back = 1;
}


/* The write-back of a filled tile, once. */
static void write_back(hs_dist *d, int tile, int priority)
{
    const dtile *dt = &d->tile[tile];
    if (copies_home(d, tile) && dt->filled && !dt->written_back)
        insert_home_copy(d, tile, 0, priority);
    if (in_pieces(d, tile) && dt->filled && !dt->written_back)
        insert_pieces(d, tile, 0, priority);
}

/* Simulation (hs_dist_share): the task touches nothing of this rank's,
 * found without reading its tiles' state (most tasks, on many ranks).
 * Then insert_elsewhere would insert nothing, send nothing and drop
 * nothing here (a tile with no copy or instance here has nothing valid
 * here either): only the holders' steps remain. */
static int skipped(hs_dist *d, const hs_task_spec *spec)
{
    for (int k = 0; k < spec->nacc; k++)
        if (maybe_mine(d, spec->acc[k].tile))
            return 0;
    step_start(d, spec->nacc, 0, 0);
    if (!hs_holders_shared(d))
        return 1;
    int steps = 0;
    for (int k = 0; k < spec->nacc; k++)
        steps += !!(spec->acc[k].mode & HS_R) + !!(spec->acc[k].mode & HS_W);
    hs_dist_shared *s = d->shared;
    if (s->cursor[d->me] + steps <= s->length) {
        s->cursor[d->me] += steps;   /* taken by another rank already */
        return 1;
    }
    int exec = d->shared->home_rank[main_output(spec)];
    for (int k = 0; k < spec->nacc; k++)   /* in insert_elsewhere's order */
        if (spec->acc[k].mode & HS_R)
            arrival(d, &d->tile[spec->acc[k].tile], exec);
    for (int k = 0; k < spec->nacc; k++)
        if (spec->acc[k].mode & HS_W)
            new_version_at(d, &d->tile[spec->acc[k].tile], exec);
    return 1;
}

/* Bytes of the received copies that inserting spec, run by rank exec,
 * allocates on this rank (before it does): a host copy of each alien tile
 * that the task writes without reading, or reads and of which this rank
 * holds no version (insert_executed_here).
 * With messages to and from the accelerators such a tile may go to a GPU
 * instead: none counted. */
static double new_copy_bytes(const hs_dist *d, const hs_task_spec *spec, int exec)
{
    double bytes = 0;
    if (exec != d->me || d->device_messages)
        return 0;
    for (int k = 0; k < spec->nacc; k++) {
        const dtile *dt = &d->tile[spec->acc[k].tile];
        int written_only = !(spec->acc[k].mode & HS_R);
        if (!hs_dtile_is_home(d, dt) && (written_only || !dt->valid))
            bytes += (double)hs_host_copy_bytes(dt->home.m, dt->home.n, d->esize);
    }
    return bytes;
}

void hs_dist_insert(hs_dist *d, const hs_task_spec *spec)
{
    for (int k = 0; k < spec->nacc; k++) {
        int tile = spec->acc[k].tile;
        if (in_pieces(d, tile) && !d->tile[tile].filled)
            insert_pieces(d, tile, 1, spec->priority);
    }
    observe(d, HS_DIST_INSERT, spec, -1);
    if (d->shared && skipped(d, spec))
        return;
    int mo = main_output(spec);
    int exec = d->shared ? d->shared->home_rank[mo] : d->tile[mo].home.rank;
    int joined = d->joined > 0;
    if (joined)
        d->joined--;
    else
        d->joined = spec->with_next;
    if (joined)
        step_start(d, 0, 0, 0);
    else
        step_start(d, spec->nacc + spec->with_next * HS_MAX_ACCESSES, 1,
                   new_copy_bytes(d, spec, exec));
    for (int k = 0; k < spec->nacc; k++) {
        int tile = spec->acc[k].tile;
        if (copies_home(d, tile) && !d->tile[tile].filled)
            insert_home_copy(d, tile, 1, spec->priority);
    }
    if (exec == d->me)
        insert_executed_here(d, spec);
    else
        insert_elsewhere(d, spec, exec);
}

static void flush(hs_dist *d, int tile)
{
    dtile *dt = &d->tile[tile];
    if (!maybe_mine(d, tile)) {   /* alien, nothing here to drop */
        if (hs_holders_shared(d))
            hs_holders_pass(d, dt, HS_STEP_CLEAR, 0);
        return;
    }
    if (hs_dtile_is_home(d, dt)) {
        hs_holders_do(d, dt, HS_STEP_CLEAR, 0);
        /* Keep the current version on the host or the home device. */
        if (!(dt->valid & (1u | hs_loc_bit(dt->home.device))))
            hs_dist_fetch(d, dt, 0, 0);
        hs_dist_written_at(d, dt, dt->valid & 1u ? 0 : dt->home.device);
    } else {
        hs_dist_drop_all(d, dt);
        hs_holders_do(d, dt, HS_STEP_CLEAR, 0);
    }
}

void hs_dist_flush(hs_dist *d, int tile)
{
    observe(d, HS_DIST_FLUSH, NULL, tile);
    step_begin(d, HS_MAX_ACCESSES);
    flush(d, tile);
}

void hs_dist_final(hs_dist *d, int tile, int priority)
{
    dtile *dt = &d->tile[tile];
    observe(d, HS_DIST_FINAL, NULL, tile);
    step_begin(d, HS_MAX_ACCESSES);
    flush(d, tile);
    if (hs_dtile_is_home(d, dt))
        hs_dist_fetch(d, dt, 0, priority);
    write_back(d, tile, priority);
}

void hs_dist_bring_home(hs_dist *d, int tile, int priority)
{
    dtile *dt = &d->tile[tile];
    observe(d, HS_DIST_HOME, NULL, tile);
    step_begin(d, HS_MAX_ACCESSES);
    if (hs_dtile_is_home(d, dt))
        hs_dist_fetch(d, dt, 0, priority);
}

void hs_dist_finish(hs_dist *d)
{
    observe(d, HS_DIST_FINISH, NULL, -1);
    for (int t = 0; t < d->ntiles; t++) {
        step_begin(d, HS_MAX_ACCESSES);
        if (hs_dtile_is_home(d, &d->tile[t]))
            hs_dist_fetch(d, &d->tile[t], 0, 0);
        write_back(d, t, 0);   /* a tile never accessed was never filled */
    }
    step_begin(d, HS_MAX_ACCESSES);   /* a failure of the last step */
}

int hs_dist_local_status(hs_dist *d)
{
    int status = 0;
    set_statuses(d);
    for (int t = 0; t < d->ntiles; t++) {
        const dtile *dt = &d->tile[t];
        if (dt->home.rank != d->me || (copies_home(d, t) && !dt->filled))
            continue;   /* a tile never filled was never accessed */
        status = hs_status_merge(status,
                                 (int)*hs_handle_status_word(dt->local));
    }
    return status;
}
