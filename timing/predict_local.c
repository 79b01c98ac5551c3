/* This host as a machine for timing/predict (see predict.h).  The block
 * kernels' rates are the granularity probe's (the rates a real call on
 * this host reads too); what the probe does not measure is measured here,
 * briefly: the panel kernels, QR's tree and reconstruction kernels and T
 * of a panel's reflectors on one core (they run on the critical path),
 * QR's sums and the copy bandwidth with every busy core at it. */
#define _GNU_SOURCE   /* process_vm_readv */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "predict.h"
#include "kernels/cholesky_kernels.h"
#include "kernels/lu_kernels.h"
#include "kernels/lu_spread_panel.h"
#include "kernels/qr_kernels.h"
#include "runtime/team.h"
#include "util/blas.h"
#include "util/clock.h"
#include "util/config.h"
#include "util/flop_counts.h"
#include "util/cache_probe.h"
#include "util/kernel_rates.h"
#include "util/mem.h"

/* The panel width of ?GEQRT's blocks in the QR panel kernel. */
enum { PANEL_IB = 64 };

/* Rows of the panels measured: a panel of a single tile row is whole
 * columns (N - col0 rows); this is a middle height for N of a few
 * thousand. */
enum { PANEL_ROWS = 3072 };

static double fill(double *a, size_t n)
{
    unsigned long long x = 88172645463325252ull;
    for (size_t k = 0; k < n; k++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        a[k] = (double)(x >> 11) * 0x1p-53 - 0.5;
    }
    return a[0];
}

/* A spread LU panel's exchange with itself alone. */
static int alone(void *ctx, const void *mine, void *all, size_t bytes)
{
    (void)ctx;
    memmove(all, mine, bytes);
    return 0;
}

/* The spread LU panel (kernels/lu_spread_panel.h) of one member holding
 * every row: its own loop, without exchanges (the model prices those
 * apart). */
static int spread_alone(double *a, int m, int b, int *piv)
{
    int *row = malloc((size_t)m * sizeof *row);
    if (!row)
        return -1;
    for (int i = 0; i < m; i++)
        row[i] = i;
    hs_lu_rows dist = { .ia = 1, .ja = 1, .m_a = m, .mb = m, .nprow = 1, .npcol = 1 };
    hs_lu_spread_rows rows = { .m = m, .m_all = m, .w = b, .row = row, .dist = &dist };
    hs_lu_spread_team team = { .members = 1, .me = 0, .allgather = alone };
    int err = hs_lu_spread_panel(HS_PREC_D, a, m, &rows, &team, piv);
    free(row);
    return err;
}

/* GF/s of one ?GEQRT / ?GETRF of a PANEL_ROWS x b panel (with team 1: LU's
 * team panel, kernels/lu_panel_team_body.h, every piece on this core, as
 * the cost model's GETRF_TEAM rate is one member's; 2: the spread LU
 * panel of one member, its LU_SPREAD rate): the best of 3. */
static double panel_rate(int getrf, int team, int b)
{
    int m = PANEL_ROWS > 2 * b ? PANEL_ROWS : 2 * b, ib = b < PANEL_IB ? b : PANEL_IB, info;
    size_t n = (size_t)m * b;
    double *a = malloc(n * sizeof *a), *keep = malloc(n * sizeof *a);
    double *t = malloc((size_t)ib * b * sizeof *t), *work = malloc((size_t)ib * b * sizeof *t);
    int *ipiv = malloc((size_t)(b + 1 + HS_LU_PIV_HEAD) * sizeof *ipiv);
    double best = 0;
    if (a && keep && t && work && ipiv) {
        fill(keep, n);
        for (int rep = 0; rep < 3; rep++) {
            memcpy(a, keep, n * sizeof *a);
            double t0 = hs_now();
            if (team == 2) {
                if (spread_alone(a, m, b, ipiv))
                    break;
            } else if (team) {
                if (hs_lu_panel_team_d(a, m, m, b, ipiv))
                    break;
            } else if (getrf) {
                dgetrf_(&m, &b, a, &m, ipiv, &info);
            } else {
                dgeqrt_(&m, &b, &ib, a, &m, t, &ib, work, &info);
            }
            double s = hs_now() - t0;
            double flops = getrf ? (double)m * b * b - (double)b * b * b / 3
                                 : 2.0 * m * b * b - 2.0 * b * b * b / 3;
            if (s > 0 && flops / s * 1e-9 > best)
                best = flops / s * 1e-9;
        }
    }
    free(a);
    free(keep);
    free(t);
    free(work);
    free(ipiv);
    return best;
}

/* GF/s (hs_qr_team_flops) of QR's team panel (kernels/qr_panel_team_body.h)
 * on a PANEL_ROWS x b panel, every piece on this core: the best of 3. */
static double geqrf_team_rate(int b)
{
    int m = PANEL_ROWS > 2 * b ? PANEL_ROWS : 2 * b;
    size_t n = (size_t)m * b, bb = (size_t)b * b;
    double *buf = malloc((2 * n + 2 * bb + (size_t)b) * sizeof *buf), best = 0;
    if (!buf)
        return 0;
    double *a = buf, *keep = a + n, *v1 = keep + n, *tt = v1 + bb, *tau = tt + bb;
    fill(keep, n);
    for (int rep = 0; rep < 3; rep++) {
        memcpy(a, keep, n * sizeof *a);
        double t0 = hs_now();
        if (hs_qr_panel_team_d(a, m, m, b, tau, v1, b, tt, b) != 0)
            break;
        double s = hs_now() - t0, flops = hs_qr_team_flops(m, b);
        if (s > 0 && flops / s * 1e-9 > best)
            best = flops / s * 1e-9;
    }
    free(buf);
    return best;
}

/* GF/s of Cholesky's team kernel (kernels/chol_panel_team_body.h) on a
 * b x b diagonal block (a random SPD one), every piece on this core, as
 * the cost model's POTRF_TEAM rate is one member's: the best of 3. */
static double potrf_team_rate(int b)
{
    size_t n = (size_t)b * b;
    double *a = malloc(n * sizeof *a), *keep = malloc(n * sizeof *a), best = 0;
    if (a && keep) {
        fill(keep, n);
        for (int j = 0; j < b; j++)
            keep[j + (size_t)j * b] = b;
        for (int rep = 0; rep < 3; rep++) {
            memcpy(a, keep, n * sizeof *a);
            double t0 = hs_now();
            if (hs_chol_panel_team_d(a, b, b, b) != 0)
                break;
            double s = hs_now() - t0, flops = hs_flops_potrf(b);
            if (s > 0 && flops / s * 1e-9 > best)
                best = flops / s * 1e-9;
        }
    }
    free(a);
    free(keep);
    return best;
}

/* GF/s (as kernel_work counts them) of one call of QR's tree or
 * reconstruction kernel (class c) at width w, shaped as the tasks call it
 * (kernels/qr_kernels_body.h): two w x w triangles for TPQRT and TPMQRT,
 * panel pieces as tall as the panels measured above for GEMQRT, ORHR and
 * LARFT (T of a panel's w reflectors, ?LARFT as a panel's device task
 * follows its ?GEQRF with); the best of 3. */
static double qr_kernel_rate(int c, int w)
{
    int rows = PANEL_ROWS > 2 * w ? PANEL_ROWS : 2 * w, nb = w < HS_QR_IB ? w : HS_QR_IB, info;
    size_t n = (size_t)rows * w, ww = (size_t)w * w;
    double best = 0, flops = c == HS_WORK_LARFT ? hs_flops_larft(rows, w)
                                                : hs_work_qr_kernel_flops(c, rows, w);
    double *buf = flops > 0 ? malloc((4 * n + 2 * ww) * sizeof *buf) : NULL;
    if (!buf)
        return 0;
    double *a = buf, *keep = a + n, *b = keep + n, *v = b + n, *t = v + n, *work = t + ww;
    fill(keep, n);
    fill(v, n);
    fill(t, (size_t)w * w);
    if (c == HS_WORK_ORHR) {
        /* ?ORHR_COL's input has orthonormal columns: those of the
         * reflector I - 2 u u^T / u^T u. */
        double uu = 0;
        for (int i = 0; i < rows; i++)
            uu += keep[i] * keep[i];
        for (int j = 0; j < w; j++)
            for (int i = 0; i < rows; i++)
                a[i + (size_t)j * rows] = (i == j) - 2 * keep[i] * keep[j] / uu;
        memcpy(keep, a, n * sizeof *a);
    }
    for (int rep = 0; rep < 3; rep++) {
        memcpy(a, keep, n * sizeof *a);
        memcpy(b, keep, n * sizeof *b);
        double t0 = hs_now();
        switch (c) {
        case HS_WORK_TPQRT:
            dtpqrt_(&w, &w, &w, &nb, a, &w, b, &w, t, &nb, work, &info);
            break;
        case HS_WORK_TPMQRT:
            dtpmqrt_("L", "N", &w, &w, &w, &w, &nb, v, &w, t, &nb, a, &w, b, &w, work, &info, 1,
                     1);
            break;
        case HS_WORK_LARFT:   /* the reflectors below a's diagonal, taus from v; T to t */
            dlarft_("F", "C", &rows, &w, a, &rows, v, t, &w, 1, 1);
            break;
        case HS_WORK_GEMQRT: {   /* a leaf's ?ORMQR; t holds the taus */
            int lwork = (int)ww;
            dormqr_("L", "N", &rows, &w, &w, v, &rows, t, a, &rows, work, &lwork, &info, 1, 1);
            break;
        }
        default:
            dorhr_col_(&rows, &w, &w, a, &rows, t, &w, work, &info);
            break;
        }
        double s = hs_now() - t0;
        if (s > 0 && flops / s * 1e-9 > best)
            best = flops / s * 1e-9;
    }
    free(buf);
    return best;
}

/* QR's sum (GEMM_SUM) as its strips call it, P^H = A^H V: a b x b
 * output over PANEL_ROWS rows (the class is rated by the output's rows;
 * its columns, the panel's width, change the rate less), on every busy
 * core at once, as the sums run beside the other workers' updates.  A
 * strip reads its columns from memory and the panel's V from cache: A
 * rotates over sets that together exceed this thread's part of the
 * last-level cache, V is the same. */
enum { SUM_REPS = 5 };   /* the first warms up */

typedef struct sum_gate {
    pthread_mutex_t mutex;
    pthread_cond_t opened;
    int open, cancelled;       /* cancelled: the barrier could not be made */
    pthread_barrier_t start;   /* sized once the threads are known */
} sum_gate;

typedef struct sum_thread {
    pthread_t id;
    sum_gate *gate;
    int b, sets;
    double gfs[SUM_REPS];   /* 0 where it failed */
} sum_thread;

static void *sum_main(void *arg)
{
    sum_thread *s = arg;
    int b = s->b, rows = PANEL_ROWS;
    size_t n = (size_t)rows * b;
    double *buf = malloc(((size_t)(s->sets + 1) * n + (size_t)b * b) * sizeof *buf);
    double one = 1, zero = 0;
    if (buf)
        fill(buf, (size_t)(s->sets + 1) * n);
    pthread_mutex_lock(&s->gate->mutex);
    while (!s->gate->open)
        pthread_cond_wait(&s->gate->opened, &s->gate->mutex);
    int cancelled = s->gate->cancelled;
    pthread_mutex_unlock(&s->gate->mutex);
    for (int rep = 0; rep < SUM_REPS && !cancelled; rep++) {
        pthread_barrier_wait(&s->gate->start);   /* every thread, allocated or not */
        if (!buf)
            continue;
        const double *a = buf + (size_t)(rep % s->sets) * n, *v = buf + (size_t)s->sets * n;
        double t0 = hs_now();
        dgemm_("C", "N", &b, &b, &rows, &one, a, &rows, v, &rows, &zero,
               buf + (size_t)(s->sets + 1) * n, &b, 1, 1);
        double sec = hs_now() - t0;
        s->gfs[rep] = sec > 0 ? hs_flops_gemm(b, b, rows) / sec * 1e-9 : 0;
    }
    free(buf);
    return NULL;
}

/* GF/s of the sum at b on `threads` cores sharing a last-level cache of
 * cache_bytes: each pass the slowest thread's, the best pass after the
 * first. */
static double gemm_sum_rate(int b, int threads, double cache_bytes)
{
    enum { MAX_THREADS = 256, MAX_SETS = 8 };
    sum_thread th[MAX_THREADS];
    sum_gate gate = { .mutex = PTHREAD_MUTEX_INITIALIZER, .opened = PTHREAD_COND_INITIALIZER };
    threads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
    double set_bytes = (double)PANEL_ROWS * b * sizeof(double);
    int sets = (int)(2 * cache_bytes / threads / set_bytes) + 1;
    sets = sets < 2 ? 2 : sets > MAX_SETS ? MAX_SETS : sets;
    for (int k = 0; k < threads; k++)
        th[k] = (sum_thread){ .gate = &gate, .b = b, .sets = sets };
    int started = 1;
    while (started < threads && pthread_create(&th[started].id, NULL, sum_main, &th[started]) == 0)
        started++;
    int barrier = pthread_barrier_init(&gate.start, NULL, (unsigned)started) == 0;
    pthread_mutex_lock(&gate.mutex);
    gate.open = 1;
    gate.cancelled = !barrier;
    pthread_cond_broadcast(&gate.opened);
    pthread_mutex_unlock(&gate.mutex);
    sum_main(&th[0]);
    for (int k = 1; k < started; k++)
        pthread_join(th[k].id, NULL);
    if (!barrier)
        return 0;
    pthread_barrier_destroy(&gate.start);
    double best = 0;
    for (int rep = 1; rep < SUM_REPS; rep++) {
        double slowest = th[0].gfs[rep];
        for (int k = 1; k < started; k++)
            slowest = th[k].gfs[rep] < slowest ? th[k].gfs[rep] : slowest;
        best = slowest > best ? slowest : best;
    }
    return best;
}

static void *team_helper(void *team)
{
    hs_team_help(team);
    return NULL;
}

/* A piece of PIECE_US microseconds of work (a clock read in a loop). */
#define PIECE_US 5.0
static void timed_piece(void *arg, int piece)
{
    (void)arg;
    (void)piece;
    double until = hs_now() + PIECE_US * 1e-6;
    while (hs_now() < until)
        ;
}

/* Microseconds one round of a team (runtime/team.h) of `helpers` + 1
 * members with a PIECE_US piece each takes beyond the piece: the
 * synchronization a team kernel pays per round.  The best of 3 runs of
 * 2000 rounds. */
static double team_round_us(int helpers)
{
    enum { MAX_HELPERS = 255, ROUNDS = 2000 };
    pthread_t th[MAX_HELPERS];
    hs_team team;
    hs_team_open(&team);   /* outside an engine: the helpers are ours */
    int started = 0;
    for (int k = 0; k < helpers && k < MAX_HELPERS; k++) {
        atomic_fetch_add(&team.members, 1);
        if (pthread_create(&th[k], NULL, team_helper, &team) != 0) {
            atomic_fetch_sub(&team.members, 1);
            break;
        }
        started++;
    }
    double best = 0;
    for (int rep = 0; rep < 4; rep++) {
        double t0 = hs_now();
        for (int r = 0; r < ROUNDS; r++)
            hs_team_round(&team, started + 1, timed_piece, NULL);
        double us = (hs_now() - t0) / ROUNDS * 1e6 - PIECE_US;
        if (rep > 0 && (best == 0 || us < best))   /* the first warms up */
            best = us;
    }
    hs_team_close(&team);
    for (int k = 0; k < started; k++)
        pthread_join(th[k], NULL);
    return started == helpers ? best : 0;
}

typedef struct copier {
    size_t bytes;
    double seconds;
} copier;

static void *copy_main(void *arg)
{
    copier *c = arg;
    char *src = malloc(c->bytes), *dst = malloc(c->bytes);
    c->seconds = 0;
    if (src && dst) {
        memset(src, 1, c->bytes);
        memset(dst, 2, c->bytes);
        double best = 1e30;
        for (int rep = 0; rep < 3; rep++) {
            double t0 = hs_now();
            memcpy(dst, src, c->bytes);
            double s = hs_now() - t0;
            best = s < best ? s : best;
        }
        c->seconds = best;
    }
    free(src);
    free(dst);
    return NULL;
}

/* GB/s of one thread's memcpy (read + write counted) with `threads` copying. */
static double copy_rate(int threads)
{
    enum { MAX_THREADS = 256 };
    pthread_t th[MAX_THREADS];
    copier c[MAX_THREADS];
    if (threads > MAX_THREADS)
        threads = MAX_THREADS;
    int started = 0;
    for (int k = 0; k < threads; k++) {
        c[k] = (copier){ 64u << 20, 0 };
        if (pthread_create(&th[k], NULL, copy_main, &c[k]) == 0)
            started++;
        else
            break;
    }
    double worst = 0;
    for (int k = 0; k < started; k++) {
        pthread_join(th[k], NULL);
        worst = c[k].seconds > worst ? c[k].seconds : worst;
    }
    return worst > 0 ? 2.0 * (64u << 20) / worst * 1e-9 : 0;
}

/* GB/s of a large message between ranks of this node: MPICH over UCX
 * and Open MPI have the receiver read it from the sender's memory with
 * process_vm_readv (cross-memory attach), in parts of 512 KiB with UCX
 * (timing/time_mpi_progress), which pins each part's pages and runs at a
 * fraction of memcpy's rate once the message leaves the cache (AMD EPYC,
 * session 24: 9 GB/s for 3 MiB, 5 for 16, 4 for 64; memcpy 9-36).
 * Measured the same way, on this process's own memory: a 16 MiB message
 * (a large call's tile).  0 when the system refuses cross-memory attach. */
static double shm_rate(void)
{
    enum { BYTES = 16 << 20, PART = 512 << 10 };
    char *src = malloc(BYTES), *dst = malloc(BYTES);
    double best = 0;
    if (src && dst) {
        memset(src, 1, BYTES);
        memset(dst, 2, BYTES);
        for (int rep = 0; rep < 3; rep++) {
            double t0 = hs_now();
            for (size_t off = 0; off < BYTES; off += PART) {
                struct iovec to = { dst + off, PART }, from = { src + off, PART };
                if (process_vm_readv(getpid(), &to, 1, &from, 1, 0) != PART) {
                    best = 0;
                    goto out;
                }
            }
            double s = hs_now() - t0, rate = s > 0 ? BYTES / s * 1e-9 : 0;
            best = rate > best ? rate : best;
        }
    }
out:
    free(src);
    free(dst);
    return best;
}

/* GB/s at which one thread faults in memory mapped as a call's tile block
 * is (util/mem.h: huge pages asked for): the best of 3 fresh mappings. */
static double first_touch_rate(void)
{
    enum { BYTES = 64 << 20 };
    double best = 0;
    for (int rep = 0; rep < 3; rep++) {
        char *p = hs_mem_alloc_mapped(BYTES);
        if (!p)
            break;
        double t0 = hs_now();
        memset(p, 1, BYTES);
        double s = hs_now() - t0, rate = s > 0 ? BYTES / s * 1e-9 : 0;
        best = rate > best ? rate : best;
        hs_mem_free(p);
    }
    return best;
}

/* Appends a measured rate (none if the measurement failed) to r. */
static void add_rate(hs_sim_rates *r, int size, double gflops)
{
    if (gflops > 0 && r->count < HS_SIM_MAX_SIZES) {
        r->size[r->count] = size;
        r->gflops[r->count++] = gflops;
    }
}

int predict_local_machine(int busy, hs_sim_machine *m, FILE *log)
{
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "local");
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    m->cores = cores > 0 ? (int)cores : 1;
    if (busy < 1)
        busy = m->cores;

    double rates[HS_RATE_SIZES][HS_NRATES];
    static const int cls[HS_NRATES] = { HS_WORK_GEMM, HS_WORK_SYRK, HS_WORK_TRSM,
                                        HS_WORK_POTRF };
    hs_kernel_rates(HS_RATE_SIZES, busy, 1, rates);
    for (int s = 0; s < HS_RATE_SIZES; s++)
        for (int k = 0; k < HS_NRATES; k++)
            add_rate(&m->cpu[cls[k]], hs_rate_size[s], rates[s][k]);
    if (m->cpu[HS_WORK_GEMM].count == 0)
        return -1;
    hs_config cfg;
    hs_config_read(&cfg, 1);
    m->cache_mib = (cfg.cache_kb > 0 ? cfg.cache_kb : hs_measured_cache_kb()) / 1024.0;
    static const int qr_cls[] = { HS_WORK_TPQRT, HS_WORK_TPMQRT, HS_WORK_GEMQRT, HS_WORK_ORHR,
                                  HS_WORK_LARFT };
    for (int s = 0; s < HS_RATE_SIZES; s++) {
        int b = hs_rate_size[s];
        add_rate(&m->cpu[HS_WORK_GEQRF], b, panel_rate(0, 0, b));
        add_rate(&m->cpu[HS_WORK_GETRF], b, panel_rate(1, 0, b));
        add_rate(&m->cpu[HS_WORK_GETRF_TEAM], b, panel_rate(1, 1, b));
        add_rate(&m->cpu[HS_WORK_LU_SPREAD], b, panel_rate(1, 2, b));
        add_rate(&m->cpu[HS_WORK_POTRF_TEAM], b, potrf_team_rate(b));
        add_rate(&m->cpu[HS_WORK_GEQRF_TEAM], b, geqrf_team_rate(b));
        add_rate(&m->cpu[HS_WORK_GEMM_SUM], b, gemm_sum_rate(b, busy, m->cache_mib * 1048576.0));
        for (size_t k = 0; k < sizeof qr_cls / sizeof qr_cls[0]; k++)
            add_rate(&m->cpu[qr_cls[k]], b, qr_kernel_rate(qr_cls[k], b));
    }
    /* A team's round with one helper, and what each further member adds
     * (from the largest team this host has workers for). */
    m->team_round_us = busy > 1 ? team_round_us(1) : 0;
    if (busy > 2 && m->team_round_us > 0) {
        double all = team_round_us(busy - 1);
        m->team_member_us = all > m->team_round_us ? (all - m->team_round_us) / (busy - 2) : 0;
    }
    m->cpu_memory_gbs = copy_rate(busy);
    m->first_touch_gbs = first_touch_rate();
    m->shm_gbs = shm_rate();
    if (m->shm_gbs <= 0)   /* no cross-memory attach: a copy in and a copy out
                              through shared memory */
        m->shm_gbs = copy_rate(1) / 2;
    m->shm_latency_us = 1;
    m->net_gbs = m->shm_gbs;   /* one node: no network */
    m->net_latency_us = 1;
    m->net_links = 1;
    m->single_speedup = 2;
    /* What hetscal's runtime spends per task (insert, grant, queue,
     * complete): a few microseconds (timing/bench_runtime). */
    m->task_overhead_us = 3;
    if (log) {
        fprintf(log, "local machine: %d cores, %d busy; GF/s per core:\n", m->cores, busy);
        for (int c = 0; c < HS_WORK_MEMORY; c++) {
            fprintf(log, "  %-10s", hs_work_class_name[c]);
            for (int k = 0; k < m->cpu[c].count; k++)
                fprintf(log, " %d:%.1f", m->cpu[c].size[k], m->cpu[c].gflops[k]);
            fprintf(log, "\n");
        }
        fprintf(log, "  team round %.2f us with one helper, %.3f us each further member\n",
                m->team_round_us, m->team_member_us);
        fprintf(log, "  copies %.1f GB/s per core, shared memory %.1f GB/s, fresh memory "
                "%.1f GB/s, cache %.0f MiB\n", m->cpu_memory_gbs, m->shm_gbs,
                m->first_touch_gbs, m->cache_mib);
    }
    return 0;
}
