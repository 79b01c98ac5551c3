/* The parts of a task spread over ranks (hs_task_kind.gang), simulated
 * as they run: each part holds its worker from its start until every
 * part of its group has started, and all end together, the longest
 * part's time after the last start.  Their exchanges go in lockstep, a
 * record a column (runtime/exchange.h), so a part whose peers start late
 * waits for them; timed alone, each part would end its own time after
 * its own start and the prediction would lean early wherever the peers'
 * ranks are busy.  A part on the host holds a worker; a part on an
 * accelerator holds its driver thread, which waits for the device and
 * for its peers' records without taking a core. */
#include "config.h"

#include <stdlib.h>

#include "include/hetscal.h"
#include "sim/sim_impl.h"

typedef struct gang_member {
    int rank, kind, slot;
    hs_task *task;
    double start;
} gang_member;

/* A group whose parts have not all started. */
struct hs_sim_gang {
    long key;
    int members, joined;
    double last_start, longest;
    gang_member *part;   /* members of them, joined so far */
};

static hs_sim_gang *find(sim *S, long key)
{
    for (size_t k = 0; k < S->ngangs; k++)
        if (S->gangs[k].key == key)
            return &S->gangs[k];
    return NULL;
}

static hs_sim_gang *open_gang(sim *S, long key, int members)
{
    if (hs_sim_room_for_one((void **)&S->gangs, S->ngangs, &S->capgangs, 4, sizeof *S->gangs))
        return NULL;
    gang_member *part = calloc((size_t)members, sizeof *part);
    if (!part)
        return NULL;
    hs_sim_gang *g = &S->gangs[S->ngangs++];
    *g = (hs_sim_gang){ .key = key, .members = members, .part = part };
    return g;
}

/* Every part started: each ends at the last start plus the longest. */
static void close_gang(sim *S, hs_sim_gang *g)
{
    double end = g->last_start + g->longest;
    for (int k = 0; k < g->members; k++) {
        const gang_member *m = &g->part[k];
        sim_rank *r = &S->rank[m->rank];
        event e = { .version = m->kind == EV_TASK ? ++r->version[m->slot] : 0, .time = end,
                    .start = m->start, .kind = m->kind, .rank = m->rank, .slot = m->slot,
                    .task = m->task };
        if (hs_sim_push_event(S, e))
            S->err = HETSCAL_ERR_NOMEM;
    }
    free(g->part);
    *g = S->gangs[--S->ngangs];
}

int hs_sim_gang_start(sim *S, sim_rank *r, hs_task *t, int kind, int slot, double seconds)
{
    long key = 0;
    int members = t->kind && t->kind->gang ? t->kind->gang(t, &key) : 0;
    if (members < 2)
        return 0;
    hs_sim_gang *g = find(S, key);
    if (!g && !(g = open_gang(S, key, members))) {
        S->err = HETSCAL_ERR_NOMEM;
        return 1;
    }
    if (g->joined >= g->members) {   /* more parts than the group has */
        S->err = HETSCAL_ERR_INTERNAL;
        return 1;
    }
    /* It computes, or polls its exchanges hot, on a core of the node
     * from now on; not among the tasks that a change of the node's share
     * of its cores re-times (running[]): the group's end is its own. */
    if (kind == EV_TASK) {
        r->members[slot] = 1;
        r->began[slot] = S->now;
        hs_sim_node_change(S, r->index, 1);
    }
    g->part[g->joined++] = (gang_member){ r->index, kind, slot, t, S->now };
    if (S->now > g->last_start)
        g->last_start = S->now;
    if (seconds > g->longest)
        g->longest = seconds;
    if (g->joined == g->members)
        close_gang(S, g);
    return 1;
}

void hs_sim_gangs_free(sim *S)
{
    for (size_t k = 0; k < S->ngangs; k++)
        free(S->gangs[k].part);
    free(S->gangs);
    S->gangs = NULL;
    S->ngangs = S->capgangs = 0;
}
