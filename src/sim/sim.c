/* The simulator (see sim.h): one fiber per simulated rank (sim_fiber.h)
 * runs the real generation into that rank's engine; the calling thread
 * serves every rank's ready queues against a virtual clock.  A rank's
 * fiber runs only between resume() and its next yield(), the simulator
 * only while no rank runs. */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "include/hetscal.h"
#include "runtime/trace.h"
#include "sim/sim_impl.h"
#include "util/config.h"
#include "util/thread_name.h"


static void *sim_alloc(hs_device *dev, size_t bytes)
{
    sim_device *d = dev->impl;
    if (d->used + bytes > dev->capacity)
        return NULL;
    size_t *p = malloc(sizeof *p);   /* a distinct pointer that knows its size */
    if (p) {
        *p = bytes;
        d->used += bytes;
    }
    return p;
}

static int sim_free(hs_device *dev, void *ptr)
{
    sim_device *d = dev->impl;
    d->used -= *(size_t *)ptr;
    free(ptr);
    return 0;
}

static int sim_peer(hs_device *dst, hs_device *src)
{
    return dst != src;
}

/* The simulator moves no data: its copies are events (start_copy). */
static int sim_peer_copy(hs_device *dst, int stream, hs_device *src, const void *srcp,
                         void *dstp, size_t bytes)
{
    (void)dst, (void)stream, (void)src, (void)srcp, (void)dstp, (void)bytes;
    return HETSCAL_ERR_DEVICE;
}

/* The simulated GPUs of a machine without a peer link, and with one. */
static const hs_device_ops sim_device_ops = { .alloc = sim_alloc, .free = sim_free };
static const hs_device_ops sim_peer_device_ops = { .alloc = sim_alloc, .free = sim_free,
                                                   .peer = sim_peer,
                                                   .peer_copy = sim_peer_copy };

/* devs[0]: the host, which the simulation never runs anything on. */
static hs_device sim_host = { .kind = HS_DEV_CPU, .index = 0, .name = "sim-host" };

/* A rank's generation runs the real algorithm and runtime: a thread's
 * usual stack (its pages are taken only as it grows). */
enum { RANK_STACK_BYTES = 8 << 20 };

/* ---- the turns ---------------------------------------------------------- */

/* A rank's generation waits (window full, or its tasks not done): the
 * simulator's turn. */
static void yield(void *state)
{
    sim_rank *r = state;
    r->blocked = 1;
    hs_fiber_switch(r->fiber, r->sim->thread);
    r->blocked = 0;
}

/* Runs rank r's generation until it yields or ends, with its own engine
 * as the thread's. */
static void resume(sim *S, sim_rank *r)
{
    hs_engine_hold simulator = hs_engine_hold_swap(r->hold);
    hs_fiber_switch(S->thread, r->fiber);
    r->hold = hs_engine_hold_swap(simulator);
}

static void generate(void *arg)
{
    sim_rank *r = arg;
    r->sim->s->generate(r->sim->s->arg, r->dist);
}

static void rank_main(void *arg)
{
    sim_rank *r = arg;
    sim *S = r->sim;
    const hs_sim_setup *s = S->s;

    int esize = (int)hs_prec_bytes(s->prec);
    double stays = hs_tile_home_stays_bytes(s->home, s->ntiles, r->index, esize);
    int window = hs_task_window(s->window, s->cpus, r->ndev - 1);
    /* as the call's budget (api/call_driver.c) */
    double block = hs_tile_home_bytes_from(s->home, s->ntiles, s->nmatrix, r->index, esize) +
                   hs_runtime_reserve_bytes(window, hs_tile_home_sink_bytes(s->home, s->ntiles,
                                                                            r->index, esize));
    double copy_budget = hs_copy_budget_bounded(s->copy_budget, stays, s->memory_bound, block);
    hs_engine_limits lim = { .workers = 0, .window = window,
                             .copy_budget = copy_budget,
                             .devs = r->ndev > 1 ? r->devs : NULL, .ndev = r->ndev,
                             .sim = &r->hook };
    r->err = hs_engine_begin(&lim);
    if (!r->err) {
        r->engine = hs_engine_cur;
        r->err = hs_dist_create_simulated(&r->dist, r->index, s->nranks, s->tag_limit,
                                          s->ntiles, s->home, s->prec);
        if (!r->err && s->forward_copies)
            r->err = hs_dist_forward_copies(r->dist, s->nprow, s->npcol, s->rank_of,
                                           s->forward_copies == HS_FORWARD_CHAIN);
        if (!r->err)
            r->err = hs_dist_share(r->dist, S->shared);
        if (!r->err && r->ndev > 1)
            r->gpu_fallbacks = hs_dist_use_devices(r->dist, r->devs, r->ndev);
        if (!r->err && s->prepare)
            s->prepare(s->arg, r->index, r->dist);
        if (!r->err) {
            hs_engine_generate_here(generate, r);
            hs_engine_wait_finished();   /* yields until the rank's tasks are done */
        }
        hs_engine_end(&r->stats);
        hs_dist_destroy(r->dist);
        r->dist = NULL;
    }
    hs_engine_release();
    r->done = 1;
}

/* Room for one more of an array's n items (*cap of them allocated,
 * doubled from `first`); 0, or -1 (nothing changed) without memory. */
int hs_sim_room_for_one(void **items, size_t n, size_t *cap, size_t first, size_t size)
{
    if (n < *cap)
        return 0;
    size_t more = *cap ? 2 * *cap : first;
    void *p = realloc(*items, more * size);
    if (!p)
        return -1;
    *items = p;
    *cap = more;
    return 0;
}

/* ---- events ------------------------------------------------------------ */

static int before(const event *a, const event *b)
{
    return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

int hs_sim_push_event(sim *S, event e)
{
    if (S->nev == S->capev) {
        size_t cap = S->capev ? 2 * S->capev : 1024;
        event *ev = realloc(S->ev, cap * sizeof *ev);
        if (!ev)
            return HETSCAL_ERR_NOMEM;
        S->ev = ev;
        S->capev = cap;
    }
    e.seq = S->seq++;
    size_t k = S->nev++;
    while (k > 0 && before(&e, &S->ev[(k - 1) / 2])) {
        S->ev[k] = S->ev[(k - 1) / 2];
        k = (k - 1) / 2;
    }
    S->ev[k] = e;
    return HETSCAL_SUCCESS;
}

static event pop_event(sim *S)
{
    event top = S->ev[0], last = S->ev[--S->nev];
    size_t k = 0;
    for (;;) {
        size_t c = 2 * k + 1;
        if (c >= S->nev)
            break;
        if (c + 1 < S->nev && before(&S->ev[c + 1], &S->ev[c]))
            c++;
        if (!before(&S->ev[c], &last))
            break;
        S->ev[k] = S->ev[c];
        k = c;
    }
    if (S->nev)
        S->ev[k] = last;
    return top;
}

/* ---- the cores of a node ------------------------------------------------ */

int hs_sim_node_of(const sim *S, int rank)
{
    return rank / (S->s->ranks_per_node > 0 ? S->s->ranks_per_node : 1);
}

/* The share of a core each computing thread of the node gets. */
double hs_sim_node_rate(const sim *S, int node)
{
    int busy = S->node_busy[node], cores = S->s->node_cores;
    return cores > 0 && busy > cores ? (double)cores / busy : 1.0;
}

/* Calls fn on every host task running on the node's workers. */
static void node_each(sim *S, int node, void (*fn)(sim *, sim_rank *, int, double))
{
    int rpn = S->s->ranks_per_node > 0 ? S->s->ranks_per_node : 1;
    int cpus = S->s->cpus > 0 ? S->s->cpus : 1;
    double rate = hs_sim_node_rate(S, node);
    for (int k = node * rpn; k < (node + 1) * rpn && k < S->s->nranks; k++)
        for (int slot = 0; slot < cpus; slot++)
            if (S->rank[k].running[slot])
                fn(S, &S->rank[k], slot, rate);
}

/* The work done since the last change, at the rate of that time. */
static void settle(sim *S, sim_rank *r, int slot, double rate)
{
    r->left[slot] -= (S->now - r->since[slot]) * rate;
    if (r->left[slot] < 0)
        r->left[slot] = 0;
    r->since[slot] = S->now;
}

/* A new end at the new rate; the old end event goes stale. */
static void reschedule(sim *S, sim_rank *r, int slot, double rate)
{
    event e = { .time = S->now + r->left[slot] / rate, .start = r->began[slot],
                .version = ++r->version[slot], .kind = EV_TASK, .rank = r->index,
                .slot = slot, .task = r->running[slot] };
    if (hs_sim_push_event(S, e))
        S->err = HETSCAL_ERR_NOMEM;
}

/* Whether the node's running tasks must be re-timed when its computing
 * threads go from `before` to `after`: only if the share of a core
 * changes (not while every thread has a core). */
static int share_changes(const sim *S, int before, int after)
{
    int cores = S->s->node_cores;
    return S->share && (before > cores || after > cores);
}

/* delta more threads of rank's node compute from now on: the node's
 * running host tasks go on at the new share of a core.  Returns whether
 * they were re-timed (each given a new end event). */
int hs_sim_node_change(sim *S, int rank, int delta)
{
    int node = hs_sim_node_of(S, rank), before = S->node_busy[node];
    int retime = share_changes(S, before, before + delta);
    if (retime)
        node_each(S, node, settle);
    S->node_busy[node] += delta;
    if (retime)
        node_each(S, node, reschedule);
    return retime;
}

void hs_sim_record(sim_rank *r, int track, const char *name, double t0, double t1, int arg,
                   long bytes)
{
    if (!r->sim->s->trace)
        return;
    if (hs_sim_room_for_one((void **)&r->spans, r->nspans, &r->capspans, 1024, sizeof *r->spans))
        return;   /* the trace is for reading, not for the result */
    r->spans[r->nspans++] = (span){ name, track, arg, bytes, t0, t1 };
}


/* ---- serving the ready queues ------------------------------------------ */

/* A free worker of r, now busy. */
static int take_worker(sim_rank *r)
{
    int slot = 0;
    while (r->cpu_busy[slot])
        slot++;
    r->cpu_busy[slot] = 1;
    r->cpu_free--;
    return slot;
}

/* Task t starts on worker `slot` with `members` cores of its rank (a
 * team's, runtime/team.h; 1 for any other task), for d seconds. */
static void start_on_worker(sim *S, sim_rank *r, hs_task *t, int slot, int members, double d)
{
    r->members[slot] = members;
    r->began[slot] = S->now;
    if (S->share) {   /* running: node_change may re-time it */
        r->running[slot] = t;
        r->left[slot] = d;
        r->since[slot] = S->now;
    }
    if (hs_sim_node_change(S, r->index, members))
        return;   /* its end was scheduled with the others' */
    event e = { .version = ++r->version[slot], .time = S->now + d,
                .start = S->now, .kind = EV_TASK, .rank = r->index, .slot = slot, .task = t };
    if (hs_sim_push_event(S, e))
        S->err = HETSCAL_ERR_NOMEM;
}

static void start_host_task(sim *S, sim_rank *r, hs_task *t)
{
    const hs_sim_costs *c = &S->s->costs;
    int slot = take_worker(r);
    double seconds = c->task_overhead + c->task_seconds(c->arg, t, 0);
    if (!hs_sim_gang_start(S, r, t, EV_TASK, slot, seconds))
        start_on_worker(S, r, t, slot, 1, seconds);
}

/* A team task waits with its worker taken until the ready tasks have
 * workers: the workers still free then join it, as idle workers join a
 * team in a real run (the model leaves out those that would join later,
 * and a team never has more members than pieces). */
enum { MAX_DEFERRED_TEAMS = 4 };
typedef struct deferred_team {
    hs_task *task;
    int slot, pieces;
} deferred_team;

static void start_team(sim *S, sim_rank *r, const deferred_team *d, int teams_left)
{
    const hs_sim_costs *c = &S->s->costs;
    int helpers = r->cpu_free / teams_left;
    if (helpers > d->pieces - 1)
        helpers = d->pieces - 1;
    for (int k = 0; k < helpers; k++)
        r->team_of[take_worker(r)] = d->slot + 1;
    double seconds = c->team_seconds(c->arg, d->task, 1 + helpers);
    if (!S->share) {   /* workers that come free may join it (join_teams) */
        r->team_task[d->slot] = d->task;
        r->team_pieces[d->slot] = d->pieces;
        r->team_done[d->slot] = 0;
        r->team_since[d->slot] = S->now + c->task_overhead;
        r->team_seconds[d->slot] = seconds;
        r->team_busy[d->slot] = c->task_overhead * (1 + helpers);
        r->teams_running++;
    }
    start_on_worker(S, r, d->task, d->slot, 1 + helpers, c->task_overhead + seconds);
}

/* Workers still free once the ready tasks have theirs join the rank's
 * running teams, as idle workers join a team in a real run: each team
 * goes on from what it has done at the pace of its new members.  (Not
 * on nodes whose cores are shared: a task's pace there is the node's.) */
static void join_teams(sim *S, sim_rank *r)
{
    const hs_sim_costs *c = &S->s->costs;
    for (int slot = 0; slot < S->s->cpus && r->cpu_free > 0; slot++) {
        hs_task *t = r->team_task[slot];
        int pieces = r->team_pieces[slot];
        if (!t || r->members[slot] >= pieces || S->now < r->team_since[slot])
            continue;
        int more = pieces - r->members[slot];
        if (more > r->cpu_free)
            more = r->cpu_free;
        for (int k = 0; k < more; k++)
            r->team_of[take_worker(r)] = slot + 1;
        r->team_done[slot] += (S->now - r->team_since[slot]) / r->team_seconds[slot];
        if (r->team_done[slot] > 1)
            r->team_done[slot] = 1;
        r->team_busy[slot] += (S->now - r->team_since[slot]) * r->members[slot];
        r->team_since[slot] = S->now;
        r->members[slot] += more;
        r->team_seconds[slot] = c->team_seconds(c->arg, t, r->members[slot]);
        hs_sim_node_change(S, r->index, more);
        event e = { .version = ++r->version[slot],
                    .time = S->now + (1 - r->team_done[slot]) * r->team_seconds[slot],
                    .start = r->began[slot], .kind = EV_TASK, .rank = r->index, .slot = slot,
                    .task = t };
        if (hs_sim_push_event(S, e))
            S->err = HETSCAL_ERR_NOMEM;
    }
}

/* Work enqueued on a stream free at *lane: it starts when the lane is
 * free, and the lane is busy until it ends. */
static void enqueue(sim *S, sim_rank *r, double *lane, double seconds, int kind, int slot,
                    hs_task *t)
{
    double start = *lane > S->now ? *lane : S->now;
    *lane = start + seconds;
    event e = { .time = *lane, .start = start, .kind = kind, .rank = r->index, .slot = slot,
                .task = t };
    if (hs_sim_push_event(S, e))
        S->err = HETSCAL_ERR_NOMEM;
}

/* Accelerator x starts its next kernel, if it is idle and has one: the
 * urgent stream's first, else the compute stream's. */
static void start_next_kernel(sim *S, sim_rank *r, int x)
{
    sim_device *d = &r->dev[x];
    int l = d->nwaiting[1] ? 1 : 0;
    if (d->running || !d->nwaiting[l])
        return;
    hs_task *t = d->waiting[l][d->first[l]];
    d->first[l] = (d->first[l] + 1) % HS_DEVICE_QUEUE_MAX;
    d->nwaiting[l]--;
    d->running = 1;
    const hs_sim_costs *c = &S->s->costs;
    double end = S->now + c->gpu_task_overhead + c->task_seconds(c->arg, t, x);
    event e = { .time = end, .start = S->now, .kind = EV_DEVICE, .rank = r->index, .slot = x,
                .task = t };
    if (hs_sim_push_event(S, e))
        S->err = HETSCAL_ERR_NOMEM;
}

/* On the stream the runtime puts it on (t->stream; at most
 * hs_device_queue_depth tasks a stream). */
static void start_device_task(sim *S, sim_rank *r, hs_task *t, int x)
{
    sim_device *d = &r->dev[x];
    int l = hs_stream_lane(t->stream);
    d->queued[l]++;
    d->waiting[l][(d->first[l] + d->nwaiting[l]++) % HS_DEVICE_QUEUE_MAX] = t;
    start_next_kernel(S, r, x);
}

/* On accelerator x's driver thread, one at a time (engine_drivers.c):
 * its kernels beside the streams' (not in the device's one-at-a-time
 * order: the model leaves out what they take from the others). */
static void start_driven_task(sim *S, sim_rank *r, hs_task *t, int x)
{
    const hs_sim_costs *c = &S->s->costs;
    double seconds = c->gpu_task_overhead + c->task_seconds(c->arg, t, x);
    r->dev[x].driving = 1;
    if (hs_sim_gang_start(S, r, t, EV_DRIVEN, x, seconds))
        return;
    event e = { .time = S->now + seconds, .start = S->now, .kind = EV_DRIVEN,
                .rank = r->index, .slot = x, .task = t };
    if (hs_sim_push_event(S, e))
        S->err = HETSCAL_ERR_NOMEM;
}

static double copy_bytes(const hs_task *t)
{
    const hs_handle *src = t->acc[0].handle;
    return (double)src->m * src->n * src->esize;
}

/* On the stream the runtime puts it on (engine_devices.c run_copy): the
 * accelerator's in-stream, or its out-stream for a copy to the host. */
static void start_copy(sim *S, sim_rank *r, hs_task *t)
{
    const hs_sim_costs *c = &S->s->costs;
    const hs_handle *src = t->acc[0].handle, *dst = t->acc[1].handle;
    int dir = hs_copy_task_dir(t), x = dir == HS_COPY_D2H ? src->dev->index : dst->dev->index;
    hs_copy_prefix(t);
    sim_device *d = &r->dev[x];
    double seconds = dir == HS_COPY_D2D ? c->peer_latency + copy_bytes(t) / c->peer_bandwidth
                                        : c->link_latency + copy_bytes(t) / c->link_bandwidth;
    enqueue(S, r, dir == HS_COPY_D2H ? &d->out_free : &d->in_free, seconds, EV_COPY, x, t);
}

/* The sends rank r's window lets go now. */
static void post_sends(sim *S, sim_rank *r)
{
    hs_task *t;
    while ((t = hs_send_window_next(&r->sends)) != NULL)
        hs_sim_post(S, r->index, t);
}

/* Hands rank r's ready work to its free workers and its new messages to
 * the network (the simulator's thread takes r's engine meanwhile). */
static void dispatch(sim *S, sim_rank *r)
{
    if (!r->engine)
        return;
    hs_engine_cur = r->engine;
    hs_task *list = hs_engine_take_comm_tasks();
    while (list) {
        hs_task *t = list;
        list = t->next;
        t->next = NULL;
        if (t->queue != HS_Q_SEND || hs_send_window_add(&r->sends, t))
            hs_sim_post(S, r->index, t);
    }
    post_sends(S, r);
    hs_sim_poll_messages(S, r);   /* the calling thread polls before its next task */
    post_sends(S, r);             /* room its completed sends made */
    pthread_mutex_lock(&E.lock);
    const hs_sim_costs *c = &S->s->costs;
    deferred_team teams[MAX_DEFERRED_TEAMS];
    int nteams = 0;
    while (r->cpu_free > 0) {
        hs_task *t = hs_heap_pop(&E.host);
        if (!t)
            break;
        int pieces = c->team_pieces && nteams < MAX_DEFERRED_TEAMS ? c->team_pieces(c->arg, t)
                                                                   : 0;
        if (pieces > 1)
            teams[nteams++] = (deferred_team){ t, take_worker(r), pieces };
        else
            start_host_task(S, r, t);
    }
    for (int k = 0; k < nteams; k++)
        start_team(S, r, &teams[k], nteams - k);
    if (r->teams_running && r->cpu_free > 0)
        join_teams(S, r);
    /* A GPU's management thread enqueues what is ready, in priority
     * order, the urgent stream's first, while each compute stream holds
     * fewer tasks than hs_device_queue_depth allows; the copy thread all
     * that is ready.  Each stream runs its tasks in that order, the GPU
     * one at a time (start_next_kernel). */
    for (int x = 1; x < r->ndev; x++) {
        hs_task *t;
        if (!r->dev[x].driving && (t = hs_heap_pop(&E.dev[x].driven)) != NULL)
            start_driven_task(S, r, t, x);
    }
    for (int x = 1; x < r->ndev; x++)
        for (int l = HS_LANES - 1; l >= 0; l--) {
            hs_task *t;
            while (r->dev[x].queued[l] < hs_device_queue_depth(r->dev[x].task_seconds)
                   && (t = hs_heap_pop(&E.dev[x].ready[l])) != NULL)
                start_device_task(S, r, t, x);
        }
    hs_task *t;
    while ((t = hs_heap_pop(&E.copies)) != NULL)
        start_copy(S, r, t);
    pthread_mutex_unlock(&E.lock);
}

void hs_sim_complete(sim *S, sim_rank *r, hs_task *t, double start, int where)
{
    hs_engine_cur = r->engine;
    if (t->kind && t->kind->simulated && !t->skipped)
        t->kind->simulated(t);
    hs_sim_path_step(S, t, start, where);
    if (t->queue == HS_Q_SEND)
        hs_send_window_done(&r->sends, t);
    hs_engine_complete(t);
    if (S->now > r->finish)
        r->finish = S->now;
}

static void handle(sim *S, const event *e)
{
    sim_rank *r = &S->rank[e->rank];
    if (e->kind == EV_DEVICE) {
        r->dev[e->slot].queued[hs_stream_lane(e->task->stream)]--;
        r->dev[e->slot].running = 0;
        start_next_kernel(S, r, e->slot);   /* the device goes on at once */
        r->dev[e->slot].task_seconds =
            hs_device_task_average(r->dev[e->slot].task_seconds, e->time - e->start);
        r->tasks_run++;
        r->device_tasks[e->slot]++;
        r->urgent += e->task->stream == HS_STREAM_URGENT;
        r->device_busy += e->time - e->start;
        hs_sim_record(r, HS_TRACE_DEVICE_TRACK + e->slot, e->task->name, e->start, e->time,
               e->task->tile, 0);
        hs_sim_complete(S, r, e->task, e->start, HS_SIM_AT_GPU);
        return;
    }
    if (e->kind == EV_DRIVEN) {
        r->dev[e->slot].driving = 0;
        r->tasks_run++;
        r->device_tasks[e->slot]++;
        r->device_busy += e->time - e->start;
        hs_sim_record(r, HS_TRACE_DEVICE_TRACK + e->slot, e->task->name, e->start, e->time,
                      e->task->tile, 0);
        hs_sim_complete(S, r, e->task, e->start, HS_SIM_AT_GPU);
        return;
    }
    if (e->kind == EV_COPY) {
        int dir = hs_copy_task_dir(e->task);
        double bytes = copy_bytes(e->task);
        *(dir == HS_COPY_H2D ? &r->copies_h2d
          : dir == HS_COPY_D2H ? &r->copies_d2h : &r->copies_d2d) += 1;
        *(dir == HS_COPY_H2D ? &r->bytes_h2d
          : dir == HS_COPY_D2H ? &r->bytes_d2h : &r->bytes_d2d) += bytes;
        hs_sim_record(r, HS_TRACE_COPY_TRACK, hs_copy_dir_name[dir], e->start, e->time,
                      e->task->tile, (long)bytes);
        hs_sim_complete(S, r, e->task, e->start,
                        dir == HS_COPY_H2D   ? HS_SIM_AT_H2D
                        : dir == HS_COPY_D2H ? HS_SIM_AT_D2H
                                             : HS_SIM_AT_D2D);
        return;
    }
    if (e->kind == EV_TASK) {
        if (S->share)
            r->running[e->slot] = NULL;   /* done: the others go on */
        int members = r->members[e->slot];
        /* the cores it took: a team's members changed as workers joined */
        double busy = (e->time - e->start) * members;
        if (r->team_task[e->slot]) {
            r->team_task[e->slot] = NULL;
            r->teams_running--;
            busy = r->team_busy[e->slot] + (e->time - r->team_since[e->slot]) * members;
        }
        r->cpu_busy[e->slot] = 0;
        r->cpu_free++;
        if (members > 1)   /* its team's helpers are free again */
            for (int k = 0; k < S->s->cpus; k++)
                if (r->team_of[k] == e->slot + 1) {
                    r->team_of[k] = 0;
                    r->cpu_busy[k] = 0;
                    r->cpu_free++;
                }
        hs_sim_node_change(S, e->rank, -members);
        r->tasks_run++;
        r->busy += busy;
        hs_sim_record(r, e->slot + 1, e->task->name, e->start, e->time, e->task->tile, 0);
        hs_sim_complete(S, r, e->task, e->start, HS_SIM_AT_CPU);
        return;
    }
    sim_rank *p = &S->rank[e->peer_rank];
    if (e->slot >= 0) {
        p->cpu_busy[e->slot] = 0;
        p->cpu_free++;
        hs_sim_node_change(S, e->peer_rank, -1);
    }
    long bytes = (long)hs_sim_message_bytes(e->task);
    hs_sim_record(p, HS_TRACE_COMM_TRACK, "recv", e->start, e->time, e->rank, bytes);
    /* The receive waited for whichever side was ready last: its own
     * buffer, or the send (what its producer made ready). */
    if (e->task->t_ready > e->peer_task->t_ready) {
        e->peer_task->t_ready = e->task->t_ready;
        e->peer_task->cause = e->task->cause;
    }
    hs_sim_complete(S, p, e->peer_task, e->start, HS_SIM_AT_NET);
    if (!S->s->calling_thread) {
        hs_sim_record(r, HS_TRACE_COMM_TRACK, "send", e->start, e->time, e->peer_rank, bytes);
        hs_sim_complete(S, r, e->task, e->start, HS_SIM_AT_NET);
        return;
    }
    if (hs_sim_room_for_one((void **)&r->arrived, r->narrived, &r->caparrived, 64,
                     sizeof *r->arrived)) {
        S->err = HETSCAL_ERR_NOMEM;
        return;
    }
    r->arrived[r->narrived++] = (arrived_send){ e->task, e->start };
    hs_sim_poll_messages(S, r);   /* at once when its thread waits in MPI */
}

/* ---- the trace --------------------------------------------------------- */

static void write_trace(const sim *S, const sim_rank *r)
{
    char path[4096];
    snprintf(path, sizeof path, "%s.%d.json", S->s->trace, r->index);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "hetscal: cannot write the trace %s\n", path);
        return;
    }
    fprintf(f, "{\"traceEvents\":[\n{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%d,"
               "\"args\":{\"name\":\"rank %d (simulated)\"}}", r->index, r->index);
    for (int k = 0; k < S->s->cpus; k++)
        fprintf(f, ",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%d,"
                   "\"args\":{\"name\":\"cpu worker %d\"}}", r->index, k + 1, k + 1);
    for (int x = 1; x < r->ndev; x++)
        fprintf(f, ",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%d,"
                   "\"args\":{\"name\":\"gpu %d\"}}", r->index, HS_TRACE_DEVICE_TRACK + x, x);
    if (r->ndev > 1)
        fprintf(f, ",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%d,"
                   "\"args\":{\"name\":\"device copies\"}}", r->index, HS_TRACE_COPY_TRACK);
    fprintf(f, ",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%d,"
               "\"args\":{\"name\":\"MPI\"}}", r->index, HS_TRACE_COMM_TRACK);
    for (size_t k = 0; k < r->nspans; k++) {
        const span *s = &r->spans[k];
        fprintf(f, ",\n{\"ph\":\"X\",\"name\":\"%s\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,"
                   "\"dur\":%.3f,\"args\":{\"call\":1,\"%s\":%d,\"bytes\":%ld}}",
                s->name, r->index, s->track, s->t0 * 1e6, (s->t1 - s->t0) * 1e6,
                s->track == HS_TRACE_COMM_TRACK ? "peer" : "tile", s->arg, s->bytes);
    }
    fprintf(f, "\n]}\n");
    fclose(f);
}

/* ---- the run ----------------------------------------------------------- */

static int all_done(const sim *S)
{
    for (int k = 0; k < S->s->nranks; k++)
        if (!S->rank[k].done)
            return 0;
    return 1;
}

/* Lets rank r go on: its generator, if it has yielded and what it waits
 * for has come (or `force`: a stalled run tries every generator), then its
 * ready work to its workers and the network. */
static void step_rank(sim *S, sim_rank *r, int force)
{
    if (r->blocked && !r->done && (force || !r->engine || !hs_engine_sim_waits(r->engine)))
        resume(S, r);
    dispatch(S, r);
}

/* What has happened so far, to tell a stalled run from a slow one. */
static long progress(const sim *S)
{
    long p = (long)S->ntable + S->seq;
    for (int k = 0; k < S->s->nranks; k++) {
        const sim_rank *r = &S->rank[k];
        p += r->done;
        if (r->engine) {
            pthread_mutex_lock(&r->engine->lock);
            p += r->engine->seq;
            pthread_mutex_unlock(&r->engine->lock);
        }
    }
    return p;
}

static int simulate(sim *S)
{
    int R = S->s->nranks;
    for (int k = 0; k < R; k++)
        resume(S, &S->rank[k]);   /* each generates until it first waits */
    for (int k = 0; k < R; k++)
        dispatch(S, &S->rank[k]);
    while (!S->err) {
        if (S->nev == 0) {
            if (all_done(S))
                return HETSCAL_SUCCESS;
            /* Nothing in flight: only a waiting generator can go on. */
            long before_step = progress(S);
            for (int k = 0; k < R; k++)
                step_rank(S, &S->rank[k], 1);
            if (S->nev == 0 && progress(S) == before_step)
                return HETSCAL_ERR_INTERNAL;
            continue;
        }
        event e = pop_event(S);
        if (e.kind == EV_TASK && e.version != S->rank[e.rank].version[e.slot])
            continue;   /* its task's end moved (a node's cores changed hands) */
        S->now = e.time;
        handle(S, &e);
        step_rank(S, &S->rank[e.rank], 0);
        if (e.kind == EV_MESSAGE)
            step_rank(S, &S->rank[e.peer_rank], 0);
    }
    return S->err;
}

int hs_sim_run(const hs_sim_setup *setup, double *seconds, hs_sim_rank_result *ranks)
{
    sim S = { .s = setup, .completing = -1 };
    int R = setup->nranks, cpus = setup->cpus > 0 ? setup->cpus : 1;
    int rpn = setup->ranks_per_node > 0 ? setup->ranks_per_node : 1;
    int links = setup->costs.net_links > 0 ? setup->costs.net_links : 1;
    int err = HETSCAL_SUCCESS;

    *seconds = 0;
    S.nnodes = (R + rpn - 1) / rpn;
    S.thread = hs_fiber_of_thread();
    S.rank = calloc((size_t)R, sizeof *S.rank);
    S.out_link = calloc((size_t)S.nnodes * links, sizeof *S.out_link);
    S.in_link = calloc((size_t)S.nnodes * links, sizeof *S.in_link);
    S.node_busy = calloc((size_t)S.nnodes, sizeof *S.node_busy);
    S.share = setup->node_cores > 0 && rpn * cpus > setup->node_cores;
    S.shared = hs_dist_shared_new(R, setup->ntiles);
    if (!S.thread || !S.rank || !S.out_link || !S.in_link || !S.node_busy || !S.shared
        || hs_sim_table_grow(&S))
        err = HETSCAL_ERR_NOMEM;
    for (int k = 0; k < R && !err; k++) {
        sim_rank *r = &S.rank[k];
        r->sim = &S;
        r->index = k;
        r->hook = (hs_engine_sim){ .yield = yield, .ready = hs_sim_path_ready, .state = r };
        r->cpu_free = cpus;
        hs_send_window_init(&r->sends, setup->send_window);
        r->cpu_busy = calloc((size_t)cpus, 1);
        r->running = calloc((size_t)cpus, sizeof *r->running);
        r->left = calloc((size_t)cpus * 3, sizeof *r->left);
        r->version = calloc((size_t)cpus, sizeof *r->version);
        r->team_of = calloc((size_t)cpus * 3, sizeof *r->team_of);
        if (r->team_of) {
            r->members = r->team_of + cpus;
            r->team_pieces = r->team_of + 2 * cpus;
        }
        r->team_task = calloc((size_t)cpus, sizeof *r->team_task);
        r->team_done = calloc((size_t)cpus * 4, sizeof *r->team_done);
        if (r->team_done) {
            r->team_since = r->team_done + cpus;
            r->team_seconds = r->team_done + 2 * cpus;
            r->team_busy = r->team_done + 3 * cpus;
        }
        if (r->left) {
            r->since = r->left + cpus;
            r->began = r->left + 2 * cpus;
        }
        int gpus = setup->gpus ? setup->gpus[k] : 0;
        if (gpus > HS_MAX_DEVICES - 1)
            gpus = HS_MAX_DEVICES - 1;
        r->ndev = 1 + gpus;
        r->devs = calloc((size_t)r->ndev, sizeof *r->devs);
        r->dev = calloc((size_t)r->ndev, sizeof *r->dev);
        if (!r->devs || !r->dev) {
            err = HETSCAL_ERR_NOMEM;
            break;
        }
        r->devs[0] = &sim_host;
        for (int x = 1; x < r->ndev; x++) {
            hs_device *dev = &r->dev[x].dev;
            *dev = (hs_device){ .ops = setup->costs.peer_bandwidth > 0 ? &sim_peer_device_ops
                                                                      : &sim_device_ops,
                                .kind = HS_DEV_EMU, .index = x,
                                .nstreams = setup->costs.stream_priorities
                                                    && hs_urgent_stream_allowed()
                                                ? HS_NSTREAMS : HS_STREAM_URGENT,
                                .mpi_memory = setup->costs.mpi_gpu_memory,
                                .capacity = (size_t)setup->gpu_capacity, .impl = &r->dev[x] };
            snprintf(dev->name, sizeof dev->name, "sim:%d", x);
            r->devs[x] = dev;
        }
        if (!r->cpu_busy || !r->running || !r->left || !r->version || !r->team_of
            || !r->team_task || !r->team_done || !(r->fiber = hs_fiber_new(rank_main, r, RANK_STACK_BYTES)))
            err = HETSCAL_ERR_NOMEM;
    }
    if (!err)
        err = simulate(&S);
    /* After an error, the ranks' generations still waiting are dropped
     * with their fibers (their engines stay taken: an internal error). */
    for (int k = 0; S.rank && k < R; k++) {
        sim_rank *r = &S.rank[k];
        hs_fiber_free(r->fiber);
        if (!err && r->err)
            err = r->err;
        if (!err && setup->trace)
            write_trace(&S, r);
        if (r->finish > *seconds)
            *seconds = r->finish;
        if (ranks) {
            hs_sim_rank_result *o = &ranks[k];
            o->stats = r->stats;
            o->stats.tasks_run = r->tasks_run;
            o->stats.busy_seconds = r->busy;
            for (int x = 1; x < r->ndev; x++)
                o->stats.device_tasks[x] = r->device_tasks[x];
            o->stats.device_tasks[0] = r->tasks_run;
            for (int x = 1; x < r->ndev; x++)
                o->stats.device_tasks[0] -= r->device_tasks[x];
            o->stats.device_busy_seconds = r->device_busy;
            o->stats.urgent = r->urgent;
            o->stats.copies_h2d = r->copies_h2d;
            o->stats.copies_d2h = r->copies_d2h;
            o->stats.bytes_h2d = r->bytes_h2d;
            o->stats.bytes_d2h = r->bytes_d2h;
            o->stats.copies_d2d = r->copies_d2d;
            o->stats.bytes_d2d = r->bytes_d2d;
            o->gpu_fallbacks = r->gpu_fallbacks;
            o->stats.messages_sent = r->sent;
            o->stats.messages_received = r->received;
            o->stats.bytes_sent = r->bytes_sent;
            o->finish = r->finish;
            o->message_seconds = r->message_seconds;
        }
        free(r->cpu_busy);
        free(r->running);
        free(r->left);
        free(r->version);
        free(r->team_of);
        free(r->team_task);
        free(r->team_done);
        free(r->pending);
        free(r->arrived);
        hs_send_window_free(&r->sends);
        hs_sim_link_free(&r->shm_out);
        hs_sim_link_free(&r->shm_in);
        hs_sim_link_free(&r->peer_out);
        hs_sim_link_free(&r->peer_in);
        free(r->spans);
        free(r->devs);
        free(r->dev);
    }
    if (!err && setup->path)
        hs_sim_path_walk(&S, setup->path);
    free(S.steps);
    free(S.rank);
    for (int k = 0; S.out_link && S.in_link && k < S.nnodes * links; k++) {
        hs_sim_link_free(&S.out_link[k]);
        hs_sim_link_free(&S.in_link[k]);
    }
    free(S.out_link);
    free(S.in_link);
    free(S.node_busy);
    free(S.ev);
    free(S.table);
    hs_sim_gangs_free(&S);
    hs_dist_shared_free(S.shared);
    hs_fiber_free(S.thread);
    return err;
}
