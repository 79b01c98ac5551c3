/* The holders of each tile's current version (see dist_impl.h): which
 * ranks hold it, the rank that sends it to a reader (the home, or with
 * forwarding the nearest holding ancestor on a binomial tree), and in a
 * simulation whose ranks share them, the log of their steps. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "include/hetscal.h"
#include "runtime/dist_impl.h"
#include "runtime/engine.h"
#include "util/mem.h"

/* Whether the holders' steps go through the simulation's shared log. */
int hs_holders_shared(const hs_dist *d)
{
    return d->shared && d->tree;
}

/* The ranks holding a home tile's current version: a bit set sized at
 * hs_dist_create, so no step of the protocol allocates; in a simulation
 * one for all ranks (hs_dist_share). */
static unsigned long *holder_set(const hs_dist *d, dtile *dt)
{
    if (hs_holders_shared(d))
        return d->shared->holders + (size_t)(dt - d->tile) * d->holder_words;
    return d->holder_words == 1 ? &dt->holders.word : dt->holders.bits;
}

static void holders_clear(const hs_dist *d, dtile *dt)
{
    if (hs_holders_shared(d)) {
        memset(holder_set(d, dt), 0, (size_t)d->holder_words * sizeof(unsigned long));
        return;
    }
    if (dt->any_holder) {
        if (d->holder_words == 1)
            dt->holders.word = 0;
        else
            memset(dt->holders.bits, 0, (size_t)d->holder_words * sizeof *dt->holders.bits);
    }
    dt->any_holder = 0;
}

static int holders_has(const hs_dist *d, dtile *dt, int rank)
{
    const unsigned long *w = holder_set(d, dt);
    return (w[rank / HS_HOLDER_BITS] >> (rank % HS_HOLDER_BITS)) & 1;
}

static void holders_add(const hs_dist *d, dtile *dt, int rank)
{
    unsigned long *w = holder_set(d, dt);
    w[rank / HS_HOLDER_BITS] |= 1ul << (rank % HS_HOLDER_BITS);
    dt->any_holder = 1;
}

int hs_dist_forward_copies(hs_dist *d, int nprow, int npcol, const int *rank_of, int chain)
{
    int valid = nprow >= 1 && npcol >= 1 && nprow * npcol == d->nranks;
    for (int k = 0; valid && rank_of && k < d->nranks; k++)
        valid = rank_of[k] >= 0 && rank_of[k] < d->nranks;
    if (!valid) {   /* one row of the ranks in order */
        nprow = 1;
        npcol = d->nranks;
        rank_of = NULL;
    }
    size_t p = (size_t)d->nranks;
    unsigned long *bits = NULL;
    if (d->holder_words > 1)
        bits = hs_mem_alloc((size_t)(d->ntiles ? d->ntiles : 1) *
                            (size_t)d->holder_words * sizeof *bits);
    int *grid = hs_mem_alloc(3 * p * sizeof *grid);
    if ((d->holder_words > 1 && !bits) || !grid) {
        hs_mem_free(bits);
        hs_mem_free(grid);
        return HETSCAL_ERR_NOMEM;
    }
    d->nprow = nprow;
    d->npcol = npcol;
    hs_mem_free(d->grid_rank);
    d->grid_rank = grid;
    d->grid_row = grid + p;
    d->grid_col = grid + 2 * p;
    for (int k = 0; k < d->nranks; k++) {
        int r = rank_of ? rank_of[k] : k;
        d->grid_rank[k] = r;
        d->grid_row[r] = k / npcol;
        d->grid_col[r] = k % npcol;
    }
    /* Before generation: no holder is set yet. */
    hs_mem_free(d->holder_bits);
    d->holder_bits = bits;
    for (int t = 0; t < d->ntiles; t++) {
        d->tile[t].keeps_holders = 1;
        if (bits)
            d->tile[t].holders.bits = bits + (size_t)t * d->holder_words;
    }
    d->tree = 1;
    d->chain = chain != 0;
    return HETSCAL_SUCCESS;
}

hs_dist_shared *hs_dist_shared_new(int nranks, int ntiles)
{
    hs_dist_shared *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->nranks = nranks;
    s->ntiles = ntiles;
    s->holder_words = (nranks + HS_HOLDER_BITS - 1) / HS_HOLDER_BITS;
    s->cursor = calloc((size_t)(nranks ? nranks : 1), sizeof *s->cursor);
    if (!s->cursor) {
        free(s);
        return NULL;
    }
    return s;
}

void hs_dist_shared_free(hs_dist_shared *s)
{
    if (!s)
        return;
    for (long k = 0; k < s->nchunks; k++)
        free(s->chunk[k]);
    free(s->chunk);
    free(s->holders);
    free(s->home_rank);
    free(s->cursor);
    free(s);
}

int hs_dist_share(hs_dist *d, hs_dist_shared *s)
{
    enum { W = 8 * sizeof(unsigned long) };
    unsigned long *mine = hs_mem_alloc(((size_t)d->ntiles / W + 1) * sizeof *mine);
    if (!mine)
        return HETSCAL_ERR_NOMEM;
    if (d->tree && !s->holders) {
        s->holders = calloc((size_t)(s->ntiles ? s->ntiles : 1) * (size_t)s->holder_words,
                            sizeof *s->holders);
        if (!s->holders) {
            hs_mem_free(mine);
            return HETSCAL_ERR_NOMEM;
        }
    }
    if (!s->home_rank) {
        s->home_rank = malloc((size_t)(d->ntiles ? d->ntiles : 1) * sizeof *s->home_rank);
        if (!s->home_rank) {
            hs_mem_free(mine);
            return HETSCAL_ERR_NOMEM;
        }
        for (int t = 0; t < d->ntiles; t++)
            s->home_rank[t] = d->tile[t].home.rank;
    }
    for (int t = 0; t < d->ntiles; t++)
        if (hs_dtile_is_home(d, &d->tile[t]))
            mine[t / W] |= 1ul << (t % W);
    d->mine = mine;
    d->shared = s;
    return HETSCAL_SUCCESS;
}

long hs_dist_forwarded(const hs_dist *d)
{
    return d->forwarded;
}

/* The rank that sends dt's current version to `reader`, which does not
 * hold it: the home, or with forwarding its nearest holding ancestor in a
 * tree rooted at the home.  Positions are taken on the process grid
 * relative to the home's, (dr, dc) cyclically; an ancestor clears the
 * lowest set bit of dr, then once dr is 0 those of dc (a binomial tree),
 * or in a chain is one less in dr, then in dc.  Readers along one
 * process column (dc fixed: Cholesky's L(i,k) read by the updates of tile
 * column i, in another process column than its home) so form a tree of
 * that column, and readers along the home's process row (dr = 0: the
 * updates of tile row i, LU's and QR's one-row layouts) one of the row.
 * Readers that arrive in increasing distance (the next tiles in turn)
 * find every ancestor holding: the home sends about log2 of their count
 * copies along a binomial tree, one along a chain, whose last reader is
 * as many hops away as there are readers (the chain suits a routine whose
 * panels' homes would otherwise carry most of the traffic, see
 * hs_factorization's broadcast).  Other orders fall back to a nearer
 * ancestor or the home, never a rank without the version.  Every rank
 * tracks the same holders, so both ends of each transfer agree. */
static int sender_for(const hs_dist *d, dtile *dt, int reader)
{
    int home = dt->home.rank;
    if (!d->tree)
        return home;
    int hr = d->grid_row[home], hc = d->grid_col[home];
    unsigned dr = (unsigned)((d->grid_row[reader] - hr + d->nprow) % d->nprow);
    unsigned dc = (unsigned)((d->grid_col[reader] - hc + d->npcol) % d->npcol);
    for (;;) {
        if (dr)
            dr = d->chain ? dr - 1 : dr & (dr - 1);
        else
            dc = d->chain ? dc - 1 : dc & (dc - 1);
        if (!dr && !dc)
            return home;
        int r = d->grid_rank[(size_t)((hr + (int)dr) % d->nprow) * d->npcol +
                            (hc + (int)dc) % d->npcol];
        if (holders_has(d, dt, r))
            return r;
    }
}

static int holders_step(hs_dist *d, dtile *dt, int step, int rank)
{
    if (!dt->keeps_holders)
        return -1;
    if (step == HS_STEP_ARRIVAL) {
        if (rank == dt->home.rank || holders_has(d, dt, rank))
            return -1;
        int from = sender_for(d, dt, rank);
        holders_add(d, dt, rank);
        return from;
    }
    holders_clear(d, dt);
    if (step == HS_STEP_VERSION && rank != dt->home.rank)
        holders_add(d, dt, rank);
    return -1;
}

static int *log_entry(hs_dist_shared *s, long pos)
{
    return &s->chunk[pos / HS_LOG_CHUNK][pos % HS_LOG_CHUNK];
}

/* Room for the next step's result: the chunks every rank has read past
 * are freed.  0 without memory. */
static int log_room(hs_dist_shared *s)
{
    long c = s->length / HS_LOG_CHUNK;
    if (s->length % HS_LOG_CHUNK)
        return 1;
    long least = s->length;
    for (int r = 0; r < s->nranks; r++)
        if (s->cursor[r] < least)
            least = s->cursor[r];
    for (long k = least / HS_LOG_CHUNK - 1; k >= 0 && s->chunk[k]; k--) {
        free(s->chunk[k]);
        s->chunk[k] = NULL;
    }
    if (c == s->nchunks) {
        long more = s->nchunks ? 2 * s->nchunks : 64;
        int **chunk = realloc(s->chunk, (size_t)more * sizeof *chunk);
        if (!chunk)
            return 0;
        memset(chunk + s->nchunks, 0, (size_t)(more - s->nchunks) * sizeof *chunk);
        s->chunk = chunk;
        s->nchunks = more;
    }
    s->chunk[c] = malloc(HS_LOG_CHUNK * sizeof **s->chunk);
    return s->chunk[c] != NULL;
}

/* A step of the holders, taken here or, in a simulation whose ranks
 * share them, read from the log when another rank took it first.
 * Without memory for the log the call fails (every rank's next step then
 * takes it again: what the holders say no longer matters). */
int hs_holders_do(hs_dist *d, dtile *dt, int step, int rank)
{
    if (!hs_holders_shared(d))
        return holders_step(d, dt, step, rank);
    hs_dist_shared *s = d->shared;
    long pos = s->cursor[d->me];
    if (pos < s->length) {
        s->cursor[d->me] = pos + 1;
        return *log_entry(s, pos);
    }
    int result = holders_step(d, dt, step, rank);
    if (!log_room(s)) {
        hs_engine_fail(HETSCAL_ERR_NOMEM);
        return result;
    }
    *log_entry(s, pos) = result;
    s->length = pos + 1;
    s->cursor[d->me] = pos + 1;
    return result;
}

/* A step whose result this rank does not need (a tile with nothing here,
 * maybe_mine): passed without reading the log when another rank took it. */
void hs_holders_pass(hs_dist *d, dtile *dt, int step, int rank)
{
    hs_dist_shared *s = d->shared;
    if (s->cursor[d->me] < s->length)
        s->cursor[d->me]++;
    else
        hs_holders_do(d, dt, step, rank);
}
