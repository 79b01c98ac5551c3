/* BLACS context -> hetscal grid (see grid.h).  The BLACS communicator of a
 * context is Cblacs2sys_handle(Cblacs_get(ctxt, 10)); the runtime works on
 * its own MPI_Comm_dup of it so that its messages never meet the
 * application's.  Ranks of grid positions are gathered, never assumed. */
#define _GNU_SOURCE   /* sched_getaffinity */
#include "config.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "blacs_shim/blacs.h"
#include "blacs_shim/grid.h"
#include "include/hetscal.h"
#include "util/mem.h"

/* Cblacs_get request for the system handle of a context's communicator. */
enum { BLACS_GET_SYSTEM_CONTEXT = 10 };

/* Calls may run at once on different contexts (application threads):
 * the lock guards the list only, never a collective, so a thread waiting
 * in one grid's collective cannot hold up another grid's call. */
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static hetscal_grid *cached_grids;
/* Duplicates made and not freed (tests); calls on several threads may
 * build and free grids at once, outside cache_lock. */
static atomic_int live_comms;

void hetscal_grid_info(int ctxt, int *nprow, int *npcol, int *myrow, int *mycol)
{
    Cblacs_gridinfo(ctxt, nprow, npcol, myrow, mycol);
}

static void grid_free(hetscal_grid *g)
{
    int finalized = 0;
    if (!g)
        return;
    MPI_Finalized(&finalized);
    if (!finalized && g->comm != MPI_COMM_NULL) {
        MPI_Comm_free(&g->comm);
        atomic_fetch_sub(&live_comms, 1);
    }
    hs_mem_free(g->rank_of);
    hs_mem_free(g);
}

static void (*_Atomic build_hook)(hetscal_grid *g, MPI_Comm node);

void hetscal_grid_set_build_hook(void (*hook)(hetscal_grid *g, MPI_Comm node))
{
    build_hook = hook;
}

/* The CPUs that the grid's ranks on this node may run on, together: a
 * rank bound to some cores sees only those, so the node's are the union
 * of its ranks' masks.  0 when a mask or the reduction fails. */
static int node_cpus(MPI_Comm node)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    int ok = sched_getaffinity(0, sizeof set, &set) == 0, all_ok = 0;
    if (MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, node) != MPI_SUCCESS || !all_ok)
        return 0;
    if (MPI_Allreduce(MPI_IN_PLACE, &set, (int)sizeof set, MPI_BYTE, MPI_BOR, node)
        != MPI_SUCCESS)
        return 0;
    return CPU_COUNT(&set);
}

/* The grid's collective set-up: g and g->rank_of allocated on every rank
 * or on none (one agreement first: a rank without them leaving here would
 * leave the others waiting in MPI_Comm_dup). */
static int grid_build(hetscal_grid *g, MPI_Comm sys)
{
    int nranks = g ? g->nprow * g->npcol : 1;
    int *all = hs_mem_alloc(2 * (size_t)nranks * sizeof *all);
    int ok = g && g->rank_of && all, all_ok = 0;
    int rc = MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, sys);
    if (rc != MPI_SUCCESS || !all_ok) {
        hs_mem_free(all);
        return rc != MPI_SUCCESS ? HETSCAL_ERR_MPI : HETSCAL_ERR_NOMEM;
    }
    int coords[2] = { g->myrow, g->mycol };
    MPI_Comm node;
    if (MPI_Comm_dup(sys, &g->comm) != MPI_SUCCESS) {
        hs_mem_free(all);
        return HETSCAL_ERR_MPI;
    }
    atomic_fetch_add(&live_comms, 1);
    MPI_Comm_rank(g->comm, &g->rank);
    MPI_Comm_size(g->comm, &g->size);
    MPI_Allgather(coords, 2, MPI_INT, all, 2, MPI_INT, g->comm);
    for (int r = 0; r < g->size; r++)
        g->rank_of[all[2 * r] * g->npcol + all[2 * r + 1]] = r;
    hs_mem_free(all);

    MPI_Comm_split_type(g->comm, MPI_COMM_TYPE_SHARED, g->rank, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &g->local_ranks);
    MPI_Comm_rank(node, &g->local_index);
    g->node_cpus = node_cpus(node);
    g->gpu_count = -1;
    void (*hook)(hetscal_grid *, MPI_Comm) = build_hook;
    if (hook)
        hook(g, node);
    MPI_Comm_free(&node);
    return HETSCAL_SUCCESS;
}

static int grid_matches(const hetscal_grid *g, int ctxt, MPI_Comm sys,
                        int nprow, int npcol, int myrow, int mycol)
{
    int cmp;
    if (g->ctxt != ctxt || g->nprow != nprow || g->npcol != npcol ||
        g->myrow != myrow || g->mycol != mycol)
        return 0;
    /* A context number can be reused after blacs_gridexit: make sure the
     * cached duplicate still has the same processes in the same order. */
    MPI_Comm_compare(g->comm, sys, &cmp);
    return cmp == MPI_IDENT || cmp == MPI_CONGRUENT;
}

const hetscal_grid *hetscal_grid_get(int ctxt, int *err)
{
    int nprow, npcol, myrow, mycol, handle;
    MPI_Comm sys;
    hetscal_grid **link, *g;

    Cblacs_gridinfo(ctxt, &nprow, &npcol, &myrow, &mycol);
    if (nprow < 1) {
        *err = HETSCAL_ERR_INTERNAL;
        return NULL;
    }
    Cblacs_get(ctxt, BLACS_GET_SYSTEM_CONTEXT, &handle);
    sys = Cblacs2sys_handle(handle);

    /* Reuse a cached grid only if every rank of the grid can: context
     * numbers are per process and reused after blacs_gridexit, so one rank
     * may hold a stale entry where another holds none (and must build,
     * which is collective). */
    hetscal_grid *cached = NULL;
    pthread_mutex_lock(&cache_lock);
    for (g = cached_grids; g; g = g->next)
        if (g->ctxt == ctxt) {
            cached = g;
            break;
        }
    pthread_mutex_unlock(&cache_lock);
    /* Only a call on this context touches its entry, and calls on one
     * context come one at a time (as for ScaLAPACK itself). */
    int reuse = cached && grid_matches(cached, ctxt, sys, nprow, npcol, myrow, mycol);
    int all_reuse = 0;
    MPI_Allreduce(&reuse, &all_reuse, 1, MPI_INT, MPI_MIN, sys);
    if (all_reuse) {
        *err = HETSCAL_SUCCESS;
        return cached;
    }
    if (cached) {
        pthread_mutex_lock(&cache_lock);
        for (link = &cached_grids; *link != cached; link = &(*link)->next)
            ;
        *link = cached->next;
        pthread_mutex_unlock(&cache_lock);
        grid_free(cached);
    }

    g = hs_mem_alloc(sizeof *g);   /* zeroed */
    if (g) {
        g->ctxt = ctxt;
        g->nprow = nprow;
        g->npcol = npcol;
        g->myrow = myrow;
        g->mycol = mycol;
        g->sys_comm = sys;
        g->comm = MPI_COMM_NULL;
        g->rank_of = hs_mem_alloc((size_t)nprow * npcol * sizeof *g->rank_of);
    }
    *err = grid_build(g, sys);
    if (*err != HETSCAL_SUCCESS) {
        grid_free(g);
        return NULL;
    }
    pthread_mutex_lock(&cache_lock);
    g->next = cached_grids;
    cached_grids = g;
    pthread_mutex_unlock(&cache_lock);
    return g;
}

void hetscal_grid_free_all(void)
{
    pthread_mutex_lock(&cache_lock);
    hetscal_grid *all = cached_grids;
    cached_grids = NULL;
    pthread_mutex_unlock(&cache_lock);
    while (all) {
        hetscal_grid *g = all;
        all = g->next;
        grid_free(g);
    }
}

int hetscal_grid_comm_count(void)
{
    return atomic_load(&live_comms);
}
