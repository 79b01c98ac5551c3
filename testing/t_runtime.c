/* Runtime test: random serial programs of tasks over tiles (reads, writes,
 * read-writes, several outputs, flushes), run by the distributed dataflow
 * runtime on every rank, compared bit for bit with sequential execution.
 * Covers RAW/WAR/WAW hazards, alien inputs, minor outputs on other ranks,
 * tiny task windows and status propagation from a failing task.
 * With accelerators (third argument G > 0: G emulated GPUs per rank), tiles
 * get random accelerator homes, some tasks are host-only and some drive
 * their device themselves (hs_task_kind.drives_device: the driver thread,
 * the driver stream): every device copy, eviction and fallback path runs, results must still be exact, and
 * the numbers of host-to-device and device-to-host copies each rank made
 * must equal those of a model of the placement rules (dist.h).
 * Some programs forward copies along binomial trees or chains
 * (hs_dist_forward_copies): on 4
 * ranks and more some copies must then come from a rank not their home.
 * Every other program sends through a window of one message at a time
 * (runtime/send_window.h): its sends leave in priority order, the tasks'
 * random priorities, and none may wait forever, with no room for received
 * copies or with tags that wrap too.
 * A third of the tiles are of variable length (hs_tile_home.variable):
 * each version's first value says how many of its values hold data, the
 * writer sets that prefix (hs_handle_set_prefix) and messages carry only
 * it (runtime/progress.c), so a copy's values beyond it are stale and
 * a kernel that read them would differ from the sequential run.
 * Usage: t_runtime [programs] [tasks per program] [G]. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "device/device.h"
#include "runtime/dist.h"
#include "runtime/engine.h"
#include "runtime/session.h"
#include "testing/placement_model.h"

enum { MAX_TILES = 40, MAX_PROGRAM = 400 };

typedef struct program {
    int ntiles, ntasks;
    hs_tile_home home[MAX_TILES];
    hs_task_spec task[MAX_PROGRAM];
    int flush_after[MAX_PROGRAM];   /* tile to flush after task k, or -1 */
    int failing_task;               /* returns status 7, or -1 */
} program;

static unsigned long rng_state;
static hs_device **devs;   /* [0] host, [1..ndev-1] emulated GPUs */
static int ndev = 1;

static unsigned rnd(unsigned bound)
{
    rng_state = rng_state * 6364136223846793005UL + 1442695040888963407UL;
    return (unsigned)(rng_state >> 33) % bound;
}

/* The values of a variable tile's version that hold data: its first
 * value says how many (itself included). */
static int valid_values(const hs_handle *h)
{
    return h->variable ? (int)((const double *)h->data)[0] : h->m * h->n;
}

/* What task `id` leaves valid of its w-th access, a variable tile of
 * `size` values (header included). */
static int prefix_values(int id, int w, int size)
{
    return 1 + (id * 7 + w) % size;
}

/* Input value i of a tile: a variable tile's from its valid values
 * after the header (none: 0). */
static double input_value(const hs_handle *in, int i)
{
    const double *d = in->data;
    if (!in->variable)
        return d[i % (in->m * in->n)];
    int valid = valid_values(in);
    return valid > 1 ? d[1 + i % (valid - 1)] : 0.0;
}

/* out = out * a + sum_k in_k * b_k + c for every written tile, in access
 * order; a W-only output starts from 0; of a variable tile, its valid
 * values only.  iparam[0] = task number. */
static void mix(void *task)
{
    hs_task *t = task;
    int id = t->iparam[0];
    for (int w = 0; w < t->nacc; w++) {
        if (!(t->acc[w].mode & HS_W))
            continue;
        hs_handle *out = t->acc[w].handle;
        int size = out->m * out->n, first = out->variable ? 1 : 0;
        int end = out->variable ? prefix_values(id, w, size) : size;
        int old = (t->acc[w].mode & HS_R) ? valid_values(out) : 0;
        double *od = out->data;
        for (int i = first; i < end; i++) {
            double v = i < old ? od[i] * 0.5 : 0.0;
            for (int r = 0; r < t->nacc; r++) {
                if (r == w || t->acc[r].mode != HS_R)
                    continue;
                v += input_value(t->acc[r].handle, i) * (0.25 + 0.125 * r);
            }
            od[i] = v + id + 0.001 * w;
        }
        if (out->variable)
            od[0] = end;
    }
}

/* On the host at once; on an emulated GPU (host memory) in its compute
 * stream's order, as a kernel runs there: after what the stream waits for
 * (the copies a chained task follows, engine.h).  A missing copy or wait
 * reads emu's poison (NaN) and shows. */
static int mix_kernel(hs_task *t, hs_device *dev)
{
    if (dev && dev->kind == HS_DEV_CUDA)
        return -1;
    /* The prefixes, as a kernel sets them: when it is called, before its
     * device work runs. */
    for (int w = 0; w < t->nacc; w++) {
        hs_handle *out = t->acc[w].handle;
        if ((t->acc[w].mode & HS_W) && out->variable)
            hs_handle_set_prefix(out, (size_t)prefix_values(t->iparam[0], w, out->m * out->n));
    }
    if (dev && dev->index > 0) {
        int err = dev->ops->callback(dev, HS_STREAM_COMPUTE, mix, t);
        return err ? err : t->iparam[1];
    }
    mix(t);
    return t->iparam[1];   /* nonzero for the failing task */
}

/* Its tiles hold doubles (hs_dist_create below). */
static const hs_task_kind mix_kind = {
    .name = "mix", .nacc = 0, .kernel = { [HS_PREC_D] = mix_kernel },
};

/* The same work driving its device itself (hs_task_kind.drives_device):
 * on an accelerator, on the driver stream, waited for before it returns,
 * on a thread that is not the management thread's. */
static int mix_driven_kernel(hs_task *t, hs_device *dev)
{
    if (!dev || dev->index == 0)
        return mix_kernel(t, dev);
    if (dev->kind == HS_DEV_CUDA || t->stream != HS_STREAM_DRIVER)
        return -1;
    for (int w = 0; w < t->nacc; w++) {
        hs_handle *out = t->acc[w].handle;
        if ((t->acc[w].mode & HS_W) && out->variable)
            hs_handle_set_prefix(out, (size_t)prefix_values(t->iparam[0], w, out->m * out->n));
    }
    hs_event *ev;
    int err = dev->ops->callback(dev, t->stream, mix, t);
    if (!err && !(err = dev->ops->event_record(dev, t->stream, &ev))) {
        err = dev->ops->event_wait(dev, ev);
        dev->ops->event_free(dev, ev);
    }
    return err ? err : t->iparam[1];
}

static const hs_task_kind mix_driven_kind = {
    .name = "mix_driven", .nacc = 0, .kernel = { [HS_PREC_D] = mix_driven_kernel },
    .drives_device = 1,
};

static void make_program(program *p, int nranks, int ntasks)
{
    p->ntiles = 3 + (int)rnd(MAX_TILES - 3);
    p->ntasks = ntasks;
    p->failing_task = rnd(3) == 0 ? (int)rnd((unsigned)ntasks) : -1;
    for (int t = 0; t < p->ntiles; t++) {
        p->home[t].rank = (int)rnd((unsigned)nranks);
        p->home[t].device = ndev > 1 ? (int)rnd(4) : 0;   /* slot, 0: host */
        p->home[t].m = 1 + (int)rnd(4);
        p->home[t].n = 1 + (int)rnd(3);
        p->home[t].stays = 0;
        p->home[t].variable = rnd(3) == 0;
    }
    for (int k = 0; k < ntasks; k++) {
        hs_task_spec *s = &p->task[k];
        int used[MAX_TILES] = { 0 };
        memset(s, 0, sizeof *s);
        s->kind = &mix_kind;
        s->priority = (int)rnd(5);
        s->host_only = ndev > 1 && rnd(4) == 0;
        if (ndev > 1 && !s->host_only && k % 5 == 2)   /* no draw: the programs stay */
            s->kind = &mix_driven_kind;
        s->nacc = 1 + (int)rnd(4);
        if (s->nacc > p->ntiles)
            s->nacc = p->ntiles;
        for (int a = 0; a < s->nacc; a++) {
            int tile;
            do
                tile = (int)rnd((unsigned)p->ntiles);
            while (used[tile]);
            used[tile] = 1;
            s->acc[a].tile = tile;
            /* The first access is the main output; others read, read-write
             * (minor outputs) or write only. */
            int choice = (int)rnd(6);
            s->acc[a].mode = a == 0 ? (choice < 4 ? HS_RW : HS_W)
                                    : (choice < 4 ? HS_R : choice == 4 ? HS_RW : HS_W);
        }
        s->iparam[0] = k + 1;
        s->iparam[1] = k == p->failing_task ? 7 : 0;
        p->flush_after[k] = rnd(4) == 0 ? (int)rnd((unsigned)p->ntiles) : -1;
    }
}

/* A variable tile starts with all its values valid. */
static double initial_value(const program *p, int tile, int i)
{
    if (p->home[tile].variable && i == 0)
        return p->home[tile].m * p->home[tile].n;
    return 1.0 + tile + 0.01 * i;
}

/* Sequential execution with the same kernel and the same status rules. */
static void run_sequential(const program *p, double **data, int *status)
{
    for (int t = 0; t < p->ntiles; t++)
        status[t] = 0;
    for (int k = 0; k < p->ntasks; k++) {
        const hs_task_spec *s = &p->task[k];
        hs_handle h[HS_MAX_ACCESSES];
        hs_task task;
        int st = 0;
        memset(&task, 0, sizeof task);
        task.nacc = s->nacc;
        memcpy(task.iparam, s->iparam, sizeof task.iparam);
        for (int a = 0; a < s->nacc; a++) {
            int tile = s->acc[a].tile;
            hs_handle_wrap(&h[a], data[tile], p->home[tile].m, p->home[tile].n,
                           (int)sizeof(double));
            h[a].variable = p->home[tile].variable;
            task.acc[a].handle = &h[a];
            task.acc[a].mode = s->acc[a].mode;
            if ((s->acc[a].mode & HS_R) && !st)
                st = status[tile];
        }
        if (!st)
            st = mix_kernel(&task, NULL);
        for (int a = 0; a < s->nacc; a++)
            if (s->acc[a].mode & HS_W)
                status[s->acc[a].tile] = st;
    }
}

typedef struct run_arg {
    const program *p;
    hs_dist *dist;
} run_arg;

static void generate(void *arg)
{
    run_arg *ra = arg;
    for (int k = 0; k < ra->p->ntasks; k++) {
        hs_dist_insert(ra->dist, &ra->p->task[k]);
        if (ra->p->flush_after[k] >= 0)
            hs_dist_flush(ra->dist, ra->p->flush_after[k]);
    }
    hs_dist_finish(ra->dist);
}

static long copies_checked;

/* Runs one program with the runtime and checks this rank's tiles. */
static long forwarded;   /* copies sent on by a rank not their home */
static long reordered;   /* sends posted before an older one */
static long prefixes;    /* messages of variable tiles' prefixes */

/* Columns of a grid of all ranks in `rows` rows (0: no such grid, which
 * hs_dist_forward_copies takes as one row). */
static int nranks_of(int rows)
{
    int n;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    return n % rows == 0 ? n / rows : 0;
}

static int check_program(const program *p, int me, const hs_engine_limits *limits,
                         int forward)
{
    double *seq[MAX_TILES];
    int seq_status[MAX_TILES], failures = 0;
    hs_dist *dist;
    hs_engine_stats stats;

    for (int t = 0; t < p->ntiles; t++) {
        int size = p->home[t].m * p->home[t].n;
        seq[t] = malloc((size_t)(size + 1) * sizeof **seq);
        for (int i = 0; i < size; i++)
            seq[t][i] = initial_value(p, t, i);
    }
    run_sequential(p, seq, seq_status);

    if (hs_dist_create(&dist, MPI_COMM_WORLD, p->ntiles, p->home, HS_PREC_D) != 0) {
        fprintf(stderr, "rank %d: hs_dist_create failed\n", me);
        return 1;
    }
    /* Forwarding over one row of the ranks, or (forward 2) two rows, along
     * binomial trees, or (forward 3) along chains of one row. */
    int rows = forward == 2 ? 2 : 1;
    if (forward && hs_dist_forward_copies(dist, rows, nranks_of(rows), NULL, forward == 3) != 0) {
        fprintf(stderr, "rank %d: hs_dist_forward_copies failed\n", me);
        return 1;
    }
    for (int t = 0; t < p->ntiles; t++) {
        double *d = hs_dist_tile_data(dist, t);
        for (int i = 0; d && i < p->home[t].m * p->home[t].n; i++)
            d[i] = initial_value(p, t, i);
    }
    int fallbacks = hs_dist_use_devices(dist, devs, ndev);
    placement_model m;
    if (placement_model_init(&m, p->ntiles, p->home, me, ndev - 1) != 0)
        return 1;
    placement_model_peers(&m, devs, ndev);
    hs_dist_observe(dist, placement_model_observe, &m);
    run_arg ra = { p, dist };
    int err = hs_session_run(MPI_COMM_WORLD, limits, generate, &ra, &stats);
    reordered += stats.sends_reordered;
    prefixes += stats.prefix_messages;
    if (ndev > 1 && fallbacks == 0 && hs_dist_evictions(dist) == 0 && p->failing_task < 0) {
        if (m.h2d != stats.copies_h2d || m.d2h != stats.copies_d2h
            || m.d2d != stats.copies_d2d) {
            fprintf(stderr, "rank %d: copies h2d %ld d2h %ld d2d %ld, the model says %ld %ld %ld\n",
                    me, stats.copies_h2d, stats.copies_d2h, stats.copies_d2d, m.h2d, m.d2h,
                    m.d2d);
            failures++;
        }
        copies_checked += m.h2d + m.d2h + m.d2d;
    }
    placement_model_free(&m);
    if (!forward && hs_dist_forwarded(dist) != 0) {
        fprintf(stderr, "rank %d: copies forwarded without forwarding\n", me);
        failures++;
    }
    forwarded += hs_dist_forwarded(dist);
    if (err) {
        fprintf(stderr, "rank %d: session error %d\n", me, err);
        failures++;
    }
    for (int t = 0; t < p->ntiles; t++) {
        double *d = hs_dist_tile_data(dist, t);
        int size = p->home[t].m * p->home[t].n;
        if (!d)
            continue;
        if ((int)d[size] != seq_status[t]) {
            fprintf(stderr, "rank %d tile %d: status %d, expected %d\n", me, t,
                    (int)d[size], seq_status[t]);
            failures++;
        }
        /* A skipped task leaves a write-only output unspecified: values
         * are compared only where the status says they are valid (of a
         * variable tile, those its header counts). */
        int valid = p->home[t].variable ? (int)seq[t][0] : size;
        for (int i = 0; i < valid && seq_status[t] == 0; i++) {
            if (d[i] != seq[t][i] || !(d[i] - d[i] == 0)) {
                fprintf(stderr, "rank %d tile %d entry %d: %.17g expected %.17g\n",
                        me, t, i, d[i], seq[t][i]);
                failures++;
                break;
            }
        }
    }
    hs_dist_destroy(dist);
    for (int t = 0; t < p->ntiles; t++)
        free(seq[t]);
    return failures;
}

int main(int argc, char **argv)
{
    int me, nranks, nprograms, ntasks, failed = 0, total_failed, cases = 0;
    static const int windows[] = { 4, 5, 7, 16, 1024 };
    static program p;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    nprograms = argc > 1 ? atoi(argv[1]) : 60;
    ntasks = argc > 2 ? atoi(argv[2]) : 120;
    int gpus = argc > 3 ? atoi(argv[3]) : 0;
    if (gpus > 0) {
        char spec[32], msg[256];
        snprintf(spec, sizeof spec, "emu:%d", gpus);
        if (hs_devices_open(spec, 0, 1, &devs, &ndev, msg, sizeof msg) != 0 || ndev != gpus + 1) {
            fprintf(stderr, "cannot open %s: %s\n", spec, msg);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
    if (ntasks > MAX_PROGRAM)
        ntasks = MAX_PROGRAM;

    for (int prog = 0; prog < nprograms; prog++) {
        rng_state = 12345u + 977u * (unsigned)prog;   /* same program everywhere */
        make_program(&p, nranks, 1 + (int)rnd((unsigned)ntasks));
        /* Every third program runs with no room for received copies: the
         * generator then waits for each copy to drain, never forever.
         * Every fourth has no worker: the calling thread generates, runs
         * the tasks and (on several ranks) drives the messages itself. */
        hs_engine_limits limits = { .workers = prog % 4, .window = windows[prog % 5],
                                    .copy_budget = prog % 3 == 2 ? 0 : 1e9,
                                    .devs = devs, .ndev = ndev,
                                    .send_window = prog % 2 ? 1 : 0 };
        int window = limits.window, workers = limits.workers;
        /* Every fifth program wraps its tags after 9 messages per pair. */
        hs_dist_limit_tags(prog % 5 == 3 ? 9 : 0);
        /* Programs 1, 3, 5 of every 7 forward copies: 1 along binomial
         * trees of one row of ranks, 3 of two rows, 5 along chains of one
         * row. */
        int forward = prog % 7 % 2 ? (prog % 7 == 3 ? 2 : prog % 7 == 5 ? 3 : 1) : 0;
        int f = check_program(&p, me, &limits, forward);
        int any;
        MPI_Allreduce(&f, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        cases++;
        if (any) {
            failed++;
            if (me == 0)
                printf("program %d (%d tasks, %d tiles, window %d, %d workers): FAILED\n",
                       prog, p.ntasks, p.ntiles, window, workers);
        }
    }
    long all_forwarded, all_reordered;
    MPI_Allreduce(&forwarded, &all_forwarded, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&reordered, &all_reordered, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (nranks >= 2 && nprograms >= 20 && all_reordered == 0) {
        if (me == 0)
            printf("no send left before an older one\n");
        failed++;
    }
    long all_prefixes;
    MPI_Allreduce(&prefixes, &all_prefixes, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (nranks >= 2 && nprograms >= 20 && all_prefixes == 0) {
        if (me == 0)
            printf("no variable tile went as its prefix\n");
        failed++;
    }
    /* From 4 ranks on a reader can be below another in a tree (relative
     * rank 3 below 2): the random programs must have made such sends. */
    if (nranks >= 4 && nprograms >= 7 && all_forwarded == 0) {
        if (me == 0)
            printf("no copy was forwarded\n");
        failed++;
    }
    MPI_Allreduce(&failed, &total_failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (me == 0) {
        printf("t_runtime: %d ranks, %d accelerators each, %d programs, %d failed, "
               "%ld device copies on rank 0 as the model says, %ld copies forwarded, "
               "%ld sends ahead of older ones, %ld prefixes sent\n",
               nranks, ndev - 1, cases, total_failed, copies_checked, all_forwarded,
               all_reordered, all_prefixes);
        printf("%d passed, %d failed\n", cases - total_failed, total_failed);
    }
    hs_engine_shutdown();
    if (devs)
        hs_devices_close(devs, ndev);
    MPI_Finalize();
    return total_failed ? 1 : 0;
}
