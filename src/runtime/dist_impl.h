/* Internals of the distributed assignment shared by dist.c (the protocol
 * between ranks), dist_holders.c (which ranks hold each tile's current
 * version) and dist_devices.c (tile instances on this rank's
 * accelerators).  Generation thread only. */
#ifndef HETSCAL_RUNTIME_DIST_IMPL_H
#define HETSCAL_RUNTIME_DIST_IMPL_H

#include "runtime/dist.h"

/* Every rank keeps one of these per global tile and touches it at every
 * task that accesses the tile, its own or not: 64 bytes, one cache line
 * (the tiles are aligned to it), since these scattered reads are most of
 * what a rank does for the others' tasks. */
typedef struct dtile {
    struct {               /* its hs_tile_home but `stays`; device: this
                              rank's device, after hs_dist_use_devices (0
                              before) */
        int rank, device, m, n;
    } home;
    hs_handle *local;      /* the home copy (host), when home.rank == me */
    hs_handle *copy;       /* alien tile: a host copy held here */
    hs_handle **inst;      /* [x]: instance on accelerator x, or NULL */
    union {                /* bit r: rank r, not the home, holds the
                              current version, when keeps_holders (in a
                              simulation that shares them, unused) */
        unsigned long word;    /* d->holder_words == 1 */
        unsigned long *bits;   /* else: d->holder_words words, allocated
                                  before generation (nothing to grow and
                                  fail mid-call, where every rank must
                                  compute the same holders) */
    } holders;
    unsigned valid;        /* bit x: location x (0 = host) holds the
                              current version on this rank */
    int source;            /* alien: the rank this rank receives the
                              current version from (the home, or the
                              holder that forwards it) */
    int slot;              /* accelerator slot the algorithm asked for */
    unsigned char keeps_holders;  /* the home keeps them, and every rank
                                     when copies are forwarded (d->tree) */
    unsigned char any_holder;     /* a bit of holders is set */
    unsigned char filled : 1, written_back : 1;   /* hs_dist_copy_home's or
                                                     hs_dist_use_pieces' tasks */
    unsigned char variable : 1;   /* hs_tile_home.variable */
} dtile;

/* The holders' steps logged in call order (hs_dist_share): a step's
 * result stays until every rank has read past it. */
enum { HS_LOG_CHUNK = 1 << 16 };
struct hs_dist_shared {
    int nranks, ntiles, holder_words;
    int *home_rank;             /* [tile]: its home (denser than the dtiles) */
    unsigned long *holders;     /* ntiles x holder_words, when forwarded */
    int **chunk;                /* [position / HS_LOG_CHUNK], NULL once read */
    long nchunks;               /* entries of chunk */
    long length;                /* steps logged */
    long *cursor;               /* [rank]: its next step */
};

struct hs_dist {
    int me, nranks, tag_limit;
    int ntiles;
    dtile *tile;                /* in tile_block, cache-line aligned */
    void *tile_block;           /* the tiles, then this rank's home
                                   tiles' host handles (dtile.local) */
    int prec;                   /* of every tile (enum hs_precision) */
    int esize;                  /* bytes of a value of every tile */
    double *tile_memory;        /* this rank's home tiles, one block */
    hs_handle sink;             /* allocate_copy, when memory runs out */
    int *send_seq, *recv_seq;   /* next tag per destination/source */
    int tag_high;               /* the largest of them */
    int joined;                 /* insertions left of a with_next group:
                                   they neither wait nor reserve tags */
    unsigned long *holder_bits; /* the tiles' holders, one block, when
                                   more than one word each */
    int holder_words;           /* per tile */
    int tree;                   /* copies forwarded along trees
                                   (hs_dist_forward_copies) */
    int chain;                  /* those trees are chains */
    long forwarded;             /* sends of copies held here, not home */
    int statuses_pending;       /* home tiles' status words not yet set
                                   (set_statuses) */
    int nprow, npcol;           /* the tiles' process grid (forwarding) */
    int *grid_rank;             /* [row * npcol + col]: its rank */
    int *grid_row, *grid_col;   /* [rank]: its position */
    int failure;                /* an allocation failed before the engine
                                   ran (hs_dist_use_devices): the call fails
                                   at the first insertion */
    hs_device **devs;           /* devs[1..ndev-1]: accelerators in use */
    int ndev;
    int evictions;              /* device memory ran short this many times */
    unsigned peers[HS_MAX_DEVICES];   /* bit s of peers[x]: accelerator x
                                         copies from accelerator s without
                                         the host (device.h peer) */
    int device_messages;        /* messages go from and to the accelerators'
                                   memory (MPI takes it) */
    hs_device *pin_dev;         /* the accelerator whose kind needs pinned host
                                   memory (its ops pin), or NULL */
    hs_dist_home_copy home_copy;   /* hs_dist_copy_home, or NULL */
    void *home_copy_arg;
    int home_copy_tiles;
    hs_dist_pieces pieces;      /* hs_dist_use_pieces (nmatrix 0: none) */
    hs_dist_observer observer;  /* tests */
    void *observer_arg;
    hs_dist_placed_fn placed;   /* reports (hs_dist_on_placed) */
    void *placed_arg;
    hs_dist_shared *shared;     /* a simulation's (hs_dist_share), or NULL */
    unsigned long *mine;        /* with shared: bit t, tile t is homed here,
                                   or has a copy or an instance here */
};

static inline unsigned hs_loc_bit(int x)
{
    return 1u << x;
}

static inline int hs_dtile_is_home(const hs_dist *d, const dtile *dt)
{
    return dt->home.rank == d->me;
}

/* dt gets a copy or an instance on this rank, or (gone) has none left
 * (hs_dist_share's skipping). */
static inline void hs_dist_mark_mine(hs_dist *d, const dtile *dt, int mine)
{
    if (d->mine) {
        size_t t = (size_t)(dt - d->tile), w = 8 * sizeof *d->mine;
        if (mine)
            d->mine[t / w] |= 1ul << (t % w);
        else
            d->mine[t / w] &= ~(1ul << (t % w));
    }
}

/* h, a handle of dt's (its home buffer, a copy or a GPU's instance),
 * takes dt's variable length (hs_tile_home.variable): sent whole until a
 * writer sets its prefix. */
static inline void hs_dist_mark_variable(const dtile *dt, hs_handle *h)
{
    h->variable = dt->variable;
    h->prefix_words = -1;
}

/* dist_holders.c */
/* Bits of a holder set's words. */
enum { HS_HOLDER_BITS = 8 * sizeof(unsigned long) };
/* The steps of the holders: every rank takes the same ones in the same
 * order when copies are forwarded.  ARRIVAL: rank `rank` reads the
 * current version, which it now holds (the result: the rank that sends it
 * there, -1 for none); VERSION: `rank` wrote a new version, which it
 * alone holds besides the home; CLEAR: no rank but the home holds it. */
enum { HS_STEP_ARRIVAL, HS_STEP_VERSION, HS_STEP_CLEAR };
/* Whether the holders' steps go through the simulation's shared log. */
int hs_holders_shared(const hs_dist *d);
/* A step, taken here or, in a simulation whose ranks share the holders,
 * read from the log when another rank took it first. */
int hs_holders_do(hs_dist *d, dtile *dt, int step, int rank);
/* A step whose result this rank does not need (a tile with nothing here):
 * passed without reading the log when another rank took it. */
void hs_holders_pass(hs_dist *d, dtile *dt, int step, int rank);

/* dist.c */
hs_handle *hs_dist_new_host_copy(hs_dist *d, dtile *dt);   /* alien: replaces dt->copy */
void hs_dist_receive(hs_dist *d, dtile *dt, hs_handle *h, int priority);

/* dist_devices.c */
/* The handle at location x (0 = host) holding the current version of dt,
 * inserting the device copies (and for an alien tile the receive) that
 * bring it there. */
hs_handle *hs_dist_fetch(hs_dist *d, dtile *dt, int x, int priority);
/* The handle a send of dt's current version leaves from: an accelerator's
 * instance when messages go from device memory and the host holds no
 * copy, else the host's (inserting the copy that brings it there). */
hs_handle *hs_dist_send_source(hs_dist *d, dtile *dt, int priority);
/* Makes sure every tile of spec has an instance on accelerator x (evicting
 * cached instances if memory is short): 0 when it cannot. */
int hs_dist_plan_device(hs_dist *d, const hs_task_spec *spec, int x);
/* dt's current version is now at location x only (on this rank): drops
 * what is stale. */
void hs_dist_written_at(hs_dist *d, dtile *dt, int x);
/* Another rank holds the current version only: drop what is here. */
void hs_dist_drop_all(hs_dist *d, dtile *dt);
void hs_dist_free_instances(hs_dist *d, dtile *dt);

#endif
