/* The placement model of the tests (see placement_model.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "testing/placement_model.h"

int placement_model_init(placement_model *m, int ntiles, const hs_tile_home *home,
                         int me, int gpus)
{
    *m = (placement_model){ .ntiles = ntiles, .me = me, .gpus = gpus, .home = home };
    m->valid = calloc((size_t)ntiles + 1, sizeof *m->valid);
    m->holders = calloc((size_t)ntiles + 1, sizeof *m->holders);
    if (!m->valid || !m->holders)
        return -1;
    for (int t = 0; t < ntiles; t++)
        m->valid[t] = home[t].rank == me ? 1u : 0u;   /* home tiles start on the host */
    return 0;
}

void placement_model_free(placement_model *m)
{
    free(m->valid);
    free(m->holders);
}

void placement_model_peers(placement_model *m, hs_device **devs, int ndev)
{
    const char *env = getenv("HETSCAL_PEER_COPIES");
    m->peer = ndev > 2 && devs[1]->ops->peer && devs[1]->ops->peer(devs[1], devs[2])
              && !(env && !strcmp(env, "off"));
    /* Emulated GPUs: MPI takes their memory only when told so. */
    env = getenv("HETSCAL_GPU_MESSAGES");
    m->gpu_messages = ndev > 1 && env && !strcmp(env, "on");
}

static int mine(const placement_model *m, int t)
{
    return m->home[t].rank == m->me;
}

/* The accelerator holding a home tile of slot s: 1 + (s-1) mod G. */
static int home_device(const placement_model *m, int t)
{
    int slot = m->home[t].device;
    return mine(m, t) && slot > 0 && m->gpus > 0 ? 1 + (slot - 1) % m->gpus : 0;
}

/* The current version of t is needed at location x on this rank. */
static void fetch(placement_model *m, int t, int x)
{
    if (m->valid[t] & (1u << x))
        return;
    if (x && m->peer && (m->valid[t] & ~1u)) {
        m->d2d++;                /* from another accelerator directly */
        m->valid[t] |= 1u << x;
        return;
    }
    if (x && m->gpu_messages && !mine(m, t) && !m->valid[t]) {
        m->valid[t] |= 1u << x;  /* received on the accelerator itself */
        return;
    }
    if (!(m->valid[t] & 1u)) {
        if (m->valid[t])
            m->d2h++;            /* from an accelerator; else received */
        m->valid[t] |= 1u;
    }
    if (x) {
        m->h2d++;
        m->valid[t] |= 1u << x;
    }
}

/* A send of t's current version: from an accelerator that holds it when
 * MPI takes their memory and the host holds none, else from the host. */
static void send_from(placement_model *m, int t)
{
    if (!(m->gpu_messages && (m->valid[t] & ~1u) && !(m->valid[t] & 1u)))
        fetch(m, t, 0);
}

static int main_output(const hs_task_spec *s)
{
    for (int a = 0; a < s->nacc; a++)
        if (s->acc[a].mode & HS_W)
            return s->acc[a].tile;
    return s->acc[0].tile;
}

static void insert(placement_model *m, const hs_task_spec *s)
{
    int main_tile = main_output(s), exec = m->home[main_tile].rank;
    if (exec == m->me) {
        int x = s->host_only || s->kind->host_only ? 0 : home_device(m, main_tile);
        m->tasks[x]++;
        for (int a = 0; a < s->nacc; a++)
            if (s->acc[a].mode & HS_R)
                fetch(m, s->acc[a].tile, x);
        for (int a = 0; a < s->nacc; a++) {
            int t = s->acc[a].tile;
            if (!(s->acc[a].mode & HS_W))
                continue;
            m->valid[t] = 1u << x;
            if (mine(m, t))
                m->holders[t] = 0;
            else
                send_from(m, t);   /* a minor output goes home */
        }
        return;
    }
    for (int a = 0; a < s->nacc; a++) {
        int t = s->acc[a].tile;
        if (mine(m, t) && (s->acc[a].mode & HS_R) && !(m->holders[t] & (1u << exec))) {
            send_from(m, t);
            m->holders[t] |= 1u << exec;
        }
    }
    for (int a = 0; a < s->nacc; a++) {
        int t = s->acc[a].tile;
        if (!(s->acc[a].mode & HS_W))
            continue;
        if (mine(m, t)) {
            m->valid[t] = 1u;     /* received into the host buffer */
            m->holders[t] = 1u << exec;
        } else {
            m->valid[t] = 0;
        }
    }
}

static void flush(placement_model *m, int t)
{
    if (!mine(m, t)) {
        m->valid[t] = 0;
        return;
    }
    unsigned keep = 1u | (1u << home_device(m, t));
    m->holders[t] = 0;
    if (!(m->valid[t] & keep))
        fetch(m, t, 0);
    m->valid[t] = (m->valid[t] & 1u) ? 1u : 1u << home_device(m, t);
}

void placement_model_observe(void *arg, int event, const hs_task_spec *spec, int tile)
{
    placement_model *m = arg;
    switch (event) {
    case HS_DIST_INSERT:
        insert(m, spec);
        break;
    case HS_DIST_FLUSH:
        flush(m, tile);
        break;
    case HS_DIST_FINAL:
        flush(m, tile);
        if (mine(m, tile))
            fetch(m, tile, 0);
        break;
    case HS_DIST_HOME:
        if (mine(m, tile))
            fetch(m, tile, 0);
        break;
    default:   /* HS_DIST_FINISH: everything home goes back to the host */
        for (int t = 0; t < m->ntiles; t++)
            if (mine(m, t))
                fetch(m, t, 0);
    }
}
