/* The critical path of a simulated call (see sim_path.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "include/hetscal.h"
#include "sim/sim_impl.h"

void hs_sim_path_ready(void *state, hs_task *t)
{
    const sim_rank *r = state;
    t->t_ready = r->sim->now;
    t->cause = r->sim->completing;
}

void hs_sim_path_step(sim *S, const hs_task *t, double start, int where)
{
    if (!S->s->path)
        return;
    if (hs_sim_room_for_one((void **)&S->steps, S->nsteps, &S->capsteps, 4096,
                            sizeof *S->steps)) {
        S->err = HETSCAL_ERR_NOMEM;
        return;
    }
    S->steps[S->nsteps] = (path_step){ .ready = t->t_ready, .start = start, .end = S->now,
                                       .cause = t->cause, .name = t->name, .where = where };
    S->completing = (long)S->nsteps++;
}

/* What a step's run and its wait are called, by where it ran; a
 * kernel's run also by its name. */
static const char *const run_name[HS_SIM_NWHERE] = {
    "on the CPUs", "on the GPUs", "copies host to GPU", "copies GPU to host",
    "copies GPU to GPU", "messages"
};
static const char *const wait_name[HS_SIM_NWHERE] = {
    "waiting for a CPU worker", "waiting for a GPU stream", "waiting for a link to a GPU",
    "waiting for a link to the host", "waiting for a GPU-GPU link", "waiting for the network"
};

/* A part of the path: a kernel's runs at `where` (name; copies and
 * messages whatever their name), waiting there (wait), or, where < 0,
 * generation. */
typedef struct part {
    const char *name;
    int where, wait;
    double seconds;
} part;

enum { MAX_PARTS = 256 };

static int same_part(const part *p, const char *name, int where, int wait)
{
    if (p->where != where || p->wait != wait)
        return 0;
    if (wait || where < 0 || where > HS_SIM_AT_GPU)
        return 1;
    return p->name == name || (p->name && name && !strcmp(p->name, name));
}

static void add(part *parts, int *n, const char *name, int where, int wait, double seconds)
{
    if (seconds <= 0)
        return;
    for (int k = 0; k < *n; k++)
        if (same_part(&parts[k], name, where, wait)) {
            parts[k].seconds += seconds;
            return;
        }
    if (*n < MAX_PARTS)
        parts[(*n)++] = (part){ name, where, wait, seconds };
}

static int larger_first(const void *a, const void *b)
{
    double x = ((const part *)a)->seconds, y = ((const part *)b)->seconds;
    return (x < y) - (x > y);
}

void hs_sim_path_walk(const sim *S, hs_sim_path *path)
{
    part parts[MAX_PARTS];
    int n = 0;
    memset(path, 0, sizeof *path);
    if (S->nsteps == 0)
        return;
    long k = 0;
    for (size_t i = 1; i < S->nsteps; i++)
        if (S->steps[i].end >= S->steps[k].end)
            k = (long)i;
    path->seconds = S->steps[k].end;
    /* Each step's cause ended before it (the engine makes a task ready
     * when a step ends), so the walk ends. */
    while (k >= 0) {
        const path_step *s = &S->steps[k];
        path->steps++;
        add(parts, &n, s->name, s->where, 0, s->end - s->start);
        add(parts, &n, NULL, s->where, 1, s->start - s->ready);
        if (s->cause < 0 || s->cause >= k) {
            add(parts, &n, NULL, -1, 0, s->ready);
            break;
        }
        /* A receive made ready by its send's producer (sim.c) may start
         * its transfer only once the link is free: its wait. */
        add(parts, &n, NULL, s->where, 1, s->ready - S->steps[s->cause].end);
        k = s->cause;
    }
    qsort(parts, (size_t)n, sizeof *parts, larger_first);
    for (int i = 0; i < n && i < HS_SIM_PATH_PARTS; i++) {
        const part *p = &parts[i];
        char *what = path->part[i].what;
        size_t room = sizeof path->part[i].what;
        if (p->where < 0)
            snprintf(what, room, "generation");
        else if (p->wait)
            snprintf(what, room, "%s", wait_name[p->where]);
        else if (p->where <= HS_SIM_AT_GPU)
            snprintf(what, room, "%s %s", p->name ? p->name : "tasks", run_name[p->where]);
        else
            snprintf(what, room, "%s", run_name[p->where]);
        path->part[i].seconds = parts[i].seconds;
        path->nparts = i + 1;
    }
}
