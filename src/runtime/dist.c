/* Distributed task assignment (see dist.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "include/hetscal.h"
#include "runtime/dist.h"
#include "runtime/status.h"
#include "util/mem.h"

typedef struct dtile {
    hs_tile_home home;
    int version;           /* writes so far, the same count on every rank */
    hs_handle local;       /* the home copy, when home.rank == me */
    hs_handle *copy;       /* a received/produced copy held here */
    int copy_version;
    int *holders;          /* home side: ranks holding the current version */
    int nholders, capholders;
} dtile;

struct hs_dist {
    int me, nranks, tag_limit;
    int ntiles;
    dtile *tile;
    int *send_seq, *recv_seq;   /* messages so far per destination/source */
};

int hs_dist_create(hs_dist **out, MPI_Comm comm, int ntiles, const hs_tile_home *home)
{
    hs_dist *d = calloc(1, sizeof *d);
    int *tag_ub, flag;

    *out = NULL;
    if (!d)
        return HETSCAL_ERR_NOMEM;
    MPI_Comm_rank(comm, &d->me);
    MPI_Comm_size(comm, &d->nranks);
    MPI_Comm_get_attr(comm, MPI_TAG_UB, &tag_ub, &flag);
    d->tag_limit = flag ? *tag_ub : 32767;
    d->ntiles = ntiles;
    d->tile = calloc((size_t)(ntiles ? ntiles : 1), sizeof *d->tile);
    d->send_seq = calloc((size_t)d->nranks, sizeof *d->send_seq);
    d->recv_seq = calloc((size_t)d->nranks, sizeof *d->recv_seq);
    if (!d->tile || !d->send_seq || !d->recv_seq) {
        hs_dist_destroy(d);
        return HETSCAL_ERR_NOMEM;
    }
    for (int t = 0; t < ntiles; t++) {
        dtile *dt = &d->tile[t];
        dt->home = home[t];
        if (dt->home.rank != d->me)
            continue;
        size_t count = (size_t)dt->home.m * dt->home.n + 1;
        double *data = hs_mem_alloc(count * sizeof *data);
        if (!data) {
            hs_dist_destroy(d);
            return HETSCAL_ERR_NOMEM;
        }
        hs_handle_wrap(&dt->local, data, dt->home.m, dt->home.n);
    }
    *out = d;
    return HETSCAL_SUCCESS;
}

void hs_dist_destroy(hs_dist *d)
{
    if (!d)
        return;
    for (int t = 0; d->tile && t < d->ntiles; t++) {
        dtile *dt = &d->tile[t];
        hs_mem_free(dt->local.data);
        if (dt->copy)
            hs_handle_detach(dt->copy);
        free(dt->holders);
    }
    free(d->tile);
    free(d->send_seq);
    free(d->recv_seq);
    free(d);
}

double *hs_dist_tile_data(const hs_dist *d, int tile)
{
    return d->tile[tile].home.rank == d->me ? d->tile[tile].local.data : NULL;
}

static int next_tag(hs_dist *d, int *seq, int peer)
{
    int tag = seq[peer] % d->tag_limit;
    seq[peer]++;
    return tag;
}

static int main_output(const hs_task_spec *spec)
{
    for (int k = 0; k < spec->nacc; k++)
        if (spec->acc[k].mode & HS_W)
            return spec->acc[k].tile;
    return spec->acc[0].tile;
}

static void submit_transfer(hs_dist *d, int queue, hs_handle *h, int peer, int priority,
                            int tile)
{
    hs_task *t = hs_task_new(queue, NULL, queue == HS_Q_SEND ? "send" : "recv", priority);
    if (!t)
        abort();   /* a few bytes: nothing sensible is left to do */
    t->peer = peer;
    t->tile = tile;
    t->tag = next_tag(d, queue == HS_Q_SEND ? d->send_seq : d->recv_seq, peer);
    hs_task_access(t, h, queue == HS_Q_SEND ? HS_R : HS_W);
    hs_task_submit(t);
}

static void holders_clear(dtile *dt)
{
    dt->nholders = 0;
}

static int holders_has(const dtile *dt, int rank)
{
    for (int k = 0; k < dt->nholders; k++)
        if (dt->holders[k] == rank)
            return 1;
    return 0;
}

static void holders_add(dtile *dt, int rank)
{
    if (dt->nholders == dt->capholders) {
        int cap = dt->capholders ? 2 * dt->capholders : 4;
        int *h = realloc(dt->holders, (size_t)cap * sizeof *h);
        if (!h)
            abort();
        dt->holders = h;
        dt->capholders = cap;
    }
    dt->holders[dt->nholders++] = rank;
}

static void drop_copy(dtile *dt)
{
    if (dt->copy) {
        hs_handle_detach(dt->copy);
        dt->copy = NULL;
    }
}

static hs_handle *allocate_copy(int m, int n)
{
    hs_handle *h = hs_handle_new(m, n);
    if (!h) {
        /* Everything inserted so far can run and free its copies. */
        hs_engine_drain_wait();
        h = hs_handle_new(m, n);
    }
    if (!h) {
        /* TODO: a receive that cannot be posted still has to match its
         * send; until copies can fail cleanly, stop loudly. */
        fprintf(stderr, "hetscal: out of memory for a %d x %d received tile\n", m, n);
        abort();
    }
    return h;
}

/* A new copy of an alien tile on this rank; it becomes the cached one. */
static hs_handle *new_copy(dtile *dt, int version)
{
    hs_handle *h = allocate_copy(dt->home.m, dt->home.n);
    drop_copy(dt);
    dt->copy = h;
    dt->copy_version = version;
    return h;
}

/* The current version of an alien tile on this rank: the cached copy, or a
 * new copy filled by a receive from the tile's home. */
static hs_handle *current_copy(hs_dist *d, dtile *dt, int priority)
{
    if (dt->copy && dt->copy_version == dt->version)
        return dt->copy;
    hs_handle *h = new_copy(dt, dt->version);
    submit_transfer(d, HS_Q_RECV, h, dt->home.rank, priority, (int)(dt - d->tile));
    return h;
}

static void insert_executed_here(hs_dist *d, const hs_task_spec *spec)
{
    hs_task *t = hs_task_new(HS_Q_HOST, spec->kernel, spec->name, spec->priority);
    hs_handle *minor[HS_MAX_ACCESSES];
    int minor_rank[HS_MAX_ACCESSES], nminor = 0;

    if (!t)
        abort();
    memcpy(t->iparam, spec->iparam, sizeof t->iparam);
    t->tile = main_output(spec);
    for (int k = 0; k < spec->nacc; k++) {
        dtile *dt = &d->tile[spec->acc[k].tile];
        int mode = spec->acc[k].mode;
        hs_handle *h;
        if (dt->home.rank == d->me) {
            h = &dt->local;
        } else {
            h = (mode & HS_R) ? current_copy(d, dt, spec->priority)
                              : new_copy(dt, dt->version);
            if (mode & HS_W) {
                minor[nminor] = h;
                minor_rank[nminor++] = dt->home.rank;
            }
        }
        hs_task_access(t, h, mode);
    }
    hs_task_submit(t);
    for (int k = 0; k < nminor; k++)
        submit_transfer(d, HS_Q_SEND, minor[k], minor_rank[k], spec->priority, main_output(spec));
}

static void insert_elsewhere(hs_dist *d, const hs_task_spec *spec, int exec)
{
    for (int k = 0; k < spec->nacc; k++) {
        dtile *dt = &d->tile[spec->acc[k].tile];
        int mode = spec->acc[k].mode;
        if (dt->home.rank != d->me)
            continue;
        if ((mode & HS_R) && !holders_has(dt, exec)) {
            submit_transfer(d, HS_Q_SEND, &dt->local, exec, spec->priority, spec->acc[k].tile);
            holders_add(dt, exec);
        }
        if (mode & HS_W)
            submit_transfer(d, HS_Q_RECV, &dt->local, exec, spec->priority, spec->acc[k].tile);
    }
}

void hs_dist_insert(hs_dist *d, const hs_task_spec *spec)
{
    int exec = d->tile[main_output(spec)].home.rank;

    hs_engine_window_wait();
    if (exec == d->me)
        insert_executed_here(d, spec);
    else
        insert_elsewhere(d, spec, exec);

    /* New versions of the written tiles, tracked identically everywhere. */
    for (int k = 0; k < spec->nacc; k++) {
        dtile *dt = &d->tile[spec->acc[k].tile];
        if (!(spec->acc[k].mode & HS_W))
            continue;
        dt->version++;
        if (dt->home.rank == d->me) {
            holders_clear(dt);
            if (exec != d->me)
                holders_add(dt, exec);
        } else if (exec == d->me) {
            dt->copy_version = dt->version;   /* our copy is the new version */
        } else {
            drop_copy(dt);
        }
    }
}

void hs_dist_flush(hs_dist *d, int tile)
{
    dtile *dt = &d->tile[tile];
    if (dt->home.rank == d->me)
        holders_clear(dt);
    else
        drop_copy(dt);
}

int hs_dist_local_status(const hs_dist *d)
{
    int status = 0;
    for (int t = 0; t < d->ntiles; t++) {
        const dtile *dt = &d->tile[t];
        if (dt->home.rank != d->me)
            continue;
        status = hs_status_merge(status,
                                 (int)*hs_handle_status_word((hs_handle *)&dt->local));
    }
    return status;
}
