/* Tile instances on this rank's accelerators (see dist.h and dist_impl.h):
 * where the current version of each tile is on this rank, and the device
 * copies that bring it where a task runs.  A version reaches a device at
 * most once: from another accelerator directly when the two are peers
 * (NVLink: faster than the host's link, which it leaves free), else
 * through the host.  Between ranks a GPU's data goes from and to the GPU
 * itself where MPI takes device memory (hs_dist_use_devices), else
 * through the host. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "include/hetscal.h"
#include "comm/messages.h"
#include "runtime/device_memory.h"
#include "runtime/dist_impl.h"
#include "util/env_word.h"
#include "util/mem.h"

static void insert_copy(hs_handle *src, hs_handle *dst, int priority, int tile)
{
    hs_task *t = hs_task_new(HS_Q_COPY, NULL, &hs_kind_copy, priority);   /* never NULL */
    t->tile = tile;
    hs_task_access(t, src, HS_R);
    hs_task_access(t, dst, HS_W);
    hs_task_submit(t);
}

static int permanent(const dtile *dt, int x)
{
    return x == dt->home.device;   /* the home instance of a device tile */
}

static void drop_instance(dtile *dt, int x)
{
    if (dt->inst && dt->inst[x] && !permanent(dt, x)) {
        hs_handle_detach(dt->inst[x]);
        dt->inst[x] = NULL;
    }
    dt->valid &= ~hs_loc_bit(x);
}

void hs_dist_free_instances(hs_dist *d, dtile *dt)
{
    for (int x = 1; dt->inst && x < d->ndev; x++)
        if (dt->inst[x])
            hs_handle_detach(dt->inst[x]);
    hs_mem_free(dt->inst);
    dt->inst = NULL;
}

/* NULL when there is no room on the device (the task runs on the host)
 * or no host memory for the bookkeeping (util/mem: then the call fails,
 * as every failed host allocation does). */
static hs_handle *new_instance(hs_dist *d, dtile *dt, int x)
{
    if (!dt->inst) {
        dt->inst = hs_mem_alloc((size_t)d->ndev * sizeof *dt->inst);
        if (!dt->inst) {
            d->failure = HETSCAL_ERR_NOMEM;
            return NULL;
        }
    }
    hs_dist_mark_mine(d, dt, 1);
    if (!dt->inst[x]) {
        int nomem = 0;
        dt->inst[x] = hs_handle_new_device(d->devs[x], dt->home.m, dt->home.n, d->esize, &nomem);
        if (dt->inst[x])
            hs_dist_mark_variable(dt, dt->inst[x]);
        if (nomem)
            d->failure = HETSCAL_ERR_NOMEM;
    }
    return dt->inst[x];
}

static int lowest_device(unsigned valid)
{
    for (int x = 1; x < 32; x++)
        if (valid & hs_loc_bit(x))
            return x;
    return 0;
}

/* The lowest accelerator holding the tile's current version that x
 * copies from directly; 0 if none. */
static int peer_source(const hs_dist *d, const dtile *dt, int x)
{
    for (int s = 1; s < d->ndev; s++)
        if ((dt->valid & hs_loc_bit(s)) && (d->peers[x] & (1u << s)))
            return s;
    return 0;
}

hs_handle *hs_dist_fetch(hs_dist *d, dtile *dt, int x, int priority)
{
    int tile = (int)(dt - d->tile), home = hs_dtile_is_home(d, dt);
    hs_handle *host;

    if (dt->valid & hs_loc_bit(x))
        return x ? dt->inst[x] : home ? dt->local : dt->copy;
    int peer = x ? peer_source(d, dt, x) : 0;
    if (peer) {
        insert_copy(dt->inst[peer], dt->inst[x], priority, tile);
        dt->valid |= hs_loc_bit(x);
        return dt->inst[x];
    }
    if (x && !home && !dt->valid && d->device_messages) {
        /* Alien and nowhere here: received on the GPU itself. */
        hs_dist_receive(d, dt, dt->inst[x], priority);
        dt->valid |= hs_loc_bit(x);
        return dt->inst[x];
    }
    if (dt->valid & hs_loc_bit(0)) {
        host = home ? dt->local : dt->copy;
    } else {
        int s = lowest_device(dt->valid);
        host = home ? dt->local : hs_dist_new_host_copy(d, dt);
        if (s)
            insert_copy(dt->inst[s], host, priority, tile);
        else
            hs_dist_receive(d, dt, host, priority);   /* alien, nowhere here */
        dt->valid |= hs_loc_bit(0);
    }
    if (!x)
        return host;
    insert_copy(host, dt->inst[x], priority, tile);
    dt->valid |= hs_loc_bit(x);
    return dt->inst[x];
}

hs_handle *hs_dist_send_source(hs_dist *d, dtile *dt, int priority)
{
    int s = d->device_messages && !(dt->valid & hs_loc_bit(0)) ? lowest_device(dt->valid) : 0;
    return s ? dt->inst[s] : hs_dist_fetch(d, dt, 0, priority);
}

/* Frees the cached instances on accelerator x that hold no only copy. */
static void evict(hs_dist *d, int x)
{
    for (int t = 0; t < d->ntiles; t++) {
        dtile *dt = &d->tile[t];
        if (!dt->inst || !dt->inst[x] || permanent(dt, x))
            continue;
        if ((dt->valid & ~hs_loc_bit(x)) || !(dt->valid & hs_loc_bit(x)))
            drop_instance(dt, x);
    }
}

static int instances_exist(hs_dist *d, const hs_task_spec *spec, int x)
{
    for (int k = 0; k < spec->nacc; k++)
        if (!(spec->acc[k].mode & HS_ON_HOST) && !new_instance(d, &d->tile[spec->acc[k].tile], x))
            return 0;
    return 1;
}

int hs_dist_plan_device(hs_dist *d, const hs_task_spec *spec, int x)
{
    if (instances_exist(d, spec, x))
        return 1;
    /* Short of device memory: free cached instances, let the tasks in
     * flight release theirs, give the cache back, and try once more. */
    d->evictions++;
    evict(d, x);
    hs_engine_drain_wait();
    hs_devmem_trim(d->devs[x]);
    return instances_exist(d, spec, x);
}

void hs_dist_written_at(hs_dist *d, dtile *dt, int x)
{
    if (!hs_dtile_is_home(d, dt) && x != 0 && dt->copy) {
        hs_handle_detach(dt->copy);
        dt->copy = NULL;
    }
    for (int y = 1; y < d->ndev; y++)
        if (y != x)
            drop_instance(dt, y);
    dt->valid = hs_loc_bit(x);
}

void hs_dist_drop_all(hs_dist *d, dtile *dt)
{
    if (dt->copy) {
        hs_handle_detach(dt->copy);
        dt->copy = NULL;
    }
    for (int y = 1; y < d->ndev; y++)
        drop_instance(dt, y);
    dt->valid = 0;
    if (!hs_dtile_is_home(d, dt))
        hs_dist_mark_mine(d, dt, 0);   /* nothing of it is left here */
}

int hs_dist_evictions(const hs_dist *d)
{
    return d->evictions;
}

static int pin_with(const void *dev, void *base, size_t bytes)
{
    hs_device *x = (hs_device *)(uintptr_t)dev;   /* hs_mem_pin passes it through */
    return x->ops->host_pin(x, base, bytes);
}

/* By the device kind's operations, which outlive every device (the block
 * may be unmapped after the device that pinned it has closed). */
static void unpin_with(const void *ops, void *base)
{
    ((const hs_device_ops *)ops)->host_unpin(base);
}

/* Host memory that crosses to GPUs is pinned, so that copies both ways
 * run asynchronously and overlap: the tile block (kept pinned between
 * calls with it, util/mem.h) and the host copies of alien tiles
 * (allocate_copy, from the pinned cache of runtime/device_memory.h).
 * Pinning may be refused (the locked-memory limit): the copies are then
 * synchronous, and still correct. */
static void pin_host_memory(hs_dist *d)
{
    d->pin_dev = NULL;
    for (int x = 1; x < d->ndev && !d->pin_dev; x++)
        if (d->devs[x]->ops->host_pin)
            d->pin_dev = d->devs[x];
    if (d->pin_dev && d->tile_memory)
        (void)hs_mem_pin(d->tile_memory, pin_with, unpin_with, d->pin_dev, d->pin_dev->ops);
}

/* Which accelerators copy from which directly: the pairs their kind
 * accepts, unless HETSCAL_PEER_COPIES=off (a node whose peer copies
 * misbehave, or a comparison).  It moves no result's bits. */
static void find_peers(hs_dist *d)
{
    static const hs_env_word words[] = { { "auto", 1 }, { "off", 0 }, { NULL, 0 } };
    int allowed = hs_env_word_setting("HETSCAL_PEER_COPIES", words, 1, "not auto or off");
    for (int x = 0; x < HS_MAX_DEVICES; x++)
        d->peers[x] = 0;
    for (int x = 1; x < d->ndev && allowed; x++)
        for (int s = 1; s < d->ndev; s++)
            if (s != x && d->devs[x]->ops->peer && d->devs[x]->ops->peer_copy
                && d->devs[x]->ops->peer(d->devs[x], d->devs[s]))
                d->peers[x] |= 1u << s;
}

/* Whether MPI reads and writes the accelerators' memory itself
 * (HETSCAL_GPU_MESSAGES: auto, on, off): by default where every
 * accelerator's MPI says so, a CUDA GPU's by asking the MPI library at
 * run time (a CUDA-aware MPICH or Open MPI), an emulated or simulated
 * one's by its mpi_memory.  "on" where MPI takes them unasked (an MPI
 * that cannot answer), "off" to stage every message through the host.
 * Each rank decides alone: a message is the same bytes either way. */
static int device_messages(const hs_dist *d)
{
    static const hs_env_word words[] = { { "auto", -1 }, { "on", 1 }, { "off", 0 },
                                         { NULL, 0 } };
    int set = hs_env_word_setting("HETSCAL_GPU_MESSAGES", words, -1, "not auto, on or off");
    if (d->ndev < 2)
        return 0;
    if (set >= 0)
        return set;
    for (int x = 1; x < d->ndev; x++)
        if (!(d->devs[x]->kind == HS_DEV_CUDA ? hs_msg_cuda_memory() : d->devs[x]->mpi_memory))
            return 0;
    return 1;
}

int hs_dist_use_devices(hs_dist *d, hs_device **devs, int ndev)
{
    int fallbacks = 0;
    if (ndev > HS_MAX_DEVICES)
        ndev = HS_MAX_DEVICES;
    d->devs = devs;
    d->ndev = ndev > 1 ? ndev : 1;
    d->device_messages = device_messages(d);
    find_peers(d);
    pin_host_memory(d);
    for (int t = 0; t < d->ntiles; t++) {
        dtile *dt = &d->tile[t];
        if (!hs_dtile_is_home(d, dt) || dt->slot <= 0 || d->ndev < 2)
            continue;
        int x = 1 + (dt->slot - 1) % (d->ndev - 1);
        if (new_instance(d, dt, x))
            dt->home.device = x;
        else
            fallbacks++;
    }
    return fallbacks;
}
