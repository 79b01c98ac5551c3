/* The spread LU panel's own time (kernels/lu_spread_panel.h): an M x W
 * panel of doubles in H-high tile rows dealt over P members, the members
 * threads of this process (testing/spread_team.h: their exchange costs
 * a barrier, not a network), each with its rows on the host or on a
 * device of its own (emulated, or the CUDA GPU q mod the GPUs seen), and
 * beside it the panel gathered: ?GETRF of the whole panel on the host
 * (LAPACK) and, on devices, on member 0's device (HS_K_GETRF, cuSOLVER on
 * a GPU).  Best of the repetitions; the rows go to the devices before
 * each and are not timed.  What a column costs on a device (the search's
 * index and the offered rows back, the chosen rows in, the updates) is
 * the per-column figure the model's spread panels on GPUs need
 * (doc/PERFORMANCE.md, session 84); exchange_us is what the threads'
 * barriers alone take a column, to be taken off it.
 * Usage: time_spread_panel [-m M] [-w W] [-h H] [-p P] [-on host|emu|cuda] [-reps R] */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/backends.h"
#include "kernels/lu_kernels.h"
#include "kernels/lu_spread_panel.h"
#include "runtime/device_memory.h"
#include "testing/spread_team.h"
#include "util/clock.h"
#include "util/precision.h"

void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);

enum { MAXP = 64 };

typedef struct member {
    spread_seat seat;
    hs_lu_spread_team team;
    hs_lu_spread_rows rows;
    int ld, err, *row, piv[4096 + HS_LU_PIV_HEAD];
    double *host;   /* its rows, ld apart */
    void *a;        /* where the panel runs on them */
    hs_device *dev;
} member;

static void *run_member(void *arg)
{
    member *me = arg;
    me->err = hs_lu_spread_panel(HS_PREC_D, me->a, me->ld, &me->rows, &me->team, me->piv);
    return NULL;
}

static hs_device *open_device(const char *on, int q)
{
    char msg[200] = "";
    hs_device *d = NULL;
    if (!strcmp(on, "emu"))
        d = hs_emu_device_open(1 + q, (size_t)4 << 30, 0, 1);
#ifdef HETSCAL_HAVE_CUDA
    else if (!strcmp(on, "cuda")) {
        int count = hs_cuda_device_count(msg, sizeof msg);
        d = count > 0 ? hs_cuda_device_open(1 + q, q % count, msg, sizeof msg) : NULL;
    }
#endif
    if (!d)
        fprintf(stderr, "time_spread_panel: no %s device for member %d %s\n", on, q, msg);
    return d;
}

static int upload(member *me, int w)
{
    if (!me->dev)
        return 0;
    int err = me->dev->ops->copy(me->dev, HS_STREAM_IN, HS_COPY_H2D, me->ld, w, 8, me->host,
                                 me->ld, me->a, me->ld);
    return err ? err : me->dev->ops->synchronize(me->dev);
}

/* One spread panel: its seconds, or a negative number on failure. */
static double spread_once(member *mem, int P, int w)
{
    pthread_t th[MAXP];
    for (int q = 0; q < P; q++)
        if (upload(&mem[q], w))
            return -1;
    double t0 = hs_now();
    for (int q = 0; q < P; q++)
        pthread_create(&th[q], NULL, run_member, &mem[q]);
    for (int q = 0; q < P; q++)
        pthread_join(th[q], NULL);
    double t = hs_now() - t0;
    for (int q = 0; q < P; q++)
        if (mem[q].err)
            return -1;
    return t;
}

/* The exchanges alone, as many as a panel's (one a column and the
 * first), of a record's size: what the threads' barriers cost. */
static void *exchange_member(void *arg)
{
    member *me = arg;
    size_t bytes = hs_lu_spread_record_bytes(me->rows.w, 8);
    int members = me->team.members;
    double *rec = calloc(bytes / 8 * ((size_t)members + 1), 8);
    for (int j = 0; rec && j <= me->rows.w && j <= me->rows.m_all; j++)
        me->err |= me->team.allgather(me->team.ctx, rec, rec + bytes / 8, bytes);
    free(rec);
    return NULL;
}

static double exchanges_once(member *mem, int P)
{
    pthread_t th[MAXP];
    double t0 = hs_now();
    for (int q = 0; q < P; q++)
        pthread_create(&th[q], NULL, exchange_member, &mem[q]);
    for (int q = 0; q < P; q++)
        pthread_join(th[q], NULL);
    return hs_now() - t0;
}

/* The whole panel gathered: ?GETRF on the host, or on dev. */
static double gathered_once(const double *panel, int m, int w, hs_device *dev)
{
    size_t n = (size_t)m * w;
    double *a = dev ? dev->ops->host_alloc(dev, n * sizeof *a) : malloc(n * sizeof *a);
    if (!a)
        return -1;
    int *ipiv = malloc(sizeof(int) * (size_t)(w + 1)), info = 0;
    memcpy(a, panel, n * sizeof *a);
    double t = -1;
    if (!dev) {
        double t0 = hs_now();
        dgetrf_(&m, &w, a, &m, ipiv, &info);
        t = hs_now() - t0;
    } else {
        void *da = dev->ops->alloc(dev, n * sizeof *a);
        int *dd = dev->ops->alloc(dev, sizeof(int) * (size_t)(w + 1));
        if (da && dd && !dev->ops->copy(dev, HS_STREAM_IN, HS_COPY_H2D, m, w, 8, a, m, da, m)
            && !dev->ops->synchronize(dev)) {
            double t0 = hs_now();
            if (!hs_dev_getrf(dev, HS_STREAM_COMPUTE, HS_PREC_D, m, w, da, m, dd)
                && !dev->ops->synchronize(dev))
                t = hs_now() - t0;
        }
        if (da)
            dev->ops->free(dev, da);
        if (dd)
            dev->ops->free(dev, dd);
        dev->ops->host_free(dev, a);
        a = NULL;
    }
    free(a);
    free(ipiv);
    return t;
}

int main(int argc, char **argv)
{
    int m = 20000, w = 256, H = 256, P = 4, reps = 3;
    const char *on = "host";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "-m"))
            m = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-w"))
            w = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-h"))
            H = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-p"))
            P = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-on"))
            on = argv[i + 1];
        else if (!strcmp(argv[i], "-reps"))
            reps = atoi(argv[i + 1]);
        else
            argc = 0;
    }
    int host = !strcmp(on, "host");
    if (argc == 0 || m < 1 || w < 1 || w > 4096 || H < 1 || P < 1 || P > MAXP || reps < 1
        || (!host && strcmp(on, "emu") && strcmp(on, "cuda"))) {
        fprintf(stderr, "usage: time_spread_panel [-m M] [-w W<=4096] [-h H] [-p P<=%d] "
                        "[-on host|emu|cuda] [-reps R]\n", MAXP);
        return 2;
    }
    double *panel = malloc(sizeof(double) * (size_t)m * w);
    unsigned seed = 7;
    for (size_t i = 0; i < (size_t)m * w; i++) {
        seed = seed * 1103515245u + 12345u;
        panel[i] = (double)((seed >> 8) & 0xffffff) / 0x1000000 * 2 - 1;
    }
    spread_exchange ex;
    if (spread_exchange_init(&ex, P, hs_lu_spread_record_bytes(w, 8) + 64))
        return 1;
    hs_lu_rows dist = { .ia = 1, .ja = 1, .m_a = m, .mb = H, .rsrc = 0, .nprow = P, .npcol = 1 };
    member *mem = calloc((size_t)P, sizeof *mem);
    int status = 0;
    for (int q = 0; q < P && !status; q++) {
        member *me = &mem[q];
        me->row = malloc(sizeof(int) * (size_t)m);
        int n = 0;
        for (int r = 0; r < m; r++)
            if ((r / H) % P == q)
                me->row[n++] = r;
        me->ld = n > 0 ? n : 1;
        size_t bytes = sizeof(double) * (size_t)me->ld * w;
        /* a device's rows pinned on the host, as the runtime's are */
        me->dev = host ? NULL : open_device(on, q);
        me->host = me->dev ? me->dev->ops->host_alloc(me->dev, bytes) : malloc(bytes);
        me->a = me->dev && me->host ? me->dev->ops->alloc(me->dev, bytes) : me->host;
        status = !me->a || !me->host || (!host && !me->dev);
        for (int i = 0; !status && i < n; i++)
            for (int c = 0; c < w; c++)
                me->host[i + (size_t)c * me->ld] = panel[me->row[i] + (size_t)c * m];
        me->seat = (spread_seat){ &ex, q };
        me->team = (hs_lu_spread_team){ .members = P, .me = q,
                                        .allgather = spread_exchange_allgather,
                                        .ctx = &me->seat };
        me->rows = (hs_lu_spread_rows){ .m = n, .m_all = m, .w = w, .row = me->row,
                                        .dist = &dist, .device = me->dev,
                                        .stream = HS_STREAM_COMPUTE };
    }
    double spread = -1, host_getrf = -1, dev_getrf = -1, exchanges = -1;
    for (int r = 0; r < reps && !status; r++) {
        double t = exchanges_once(mem, P);
        if (exchanges < 0 || t < exchanges)
            exchanges = t;
        t = spread_once(mem, P, w);
        if (t < 0)
            status = 1;
        else if (spread < 0 || t < spread)
            spread = t;
        if (host) {   /* the host's members run in place: their rows again */
            for (int q = 0; q < P; q++)
                for (int i = 0; i < mem[q].rows.m; i++)
                    for (int c = 0; c < w; c++)
                        mem[q].host[i + (size_t)c * mem[q].ld] = panel[mem[q].row[i] + (size_t)c * m];
        }
        t = gathered_once(panel, m, w, NULL);
        if (host_getrf < 0 || t < host_getrf)
            host_getrf = t;
        if (!host) {
            t = gathered_once(panel, m, w, mem[0].dev);
            if (t >= 0 && (dev_getrf < 0 || t < dev_getrf))
                dev_getrf = t;
        }
    }
    if (status) {
        fprintf(stderr, "time_spread_panel: the panel failed on %s\n", on);
    } else {
        int kk = m < w ? m : w;
        printf("%-5s %8s %6s %5s %5s %12s %12s %12s %14s %14s\n", "on", "m", "w", "H", "P",
               "spread_s", "us_a_column", "exchange_us", "getrf_host_s", "getrf_device_s");
        printf("%-5s %8d %6d %5d %5d %12.6f %12.2f %12.2f %14.6f %14.6f\n", on, m, w, H, P,
               spread, spread * 1e6 / kk, exchanges * 1e6 / (kk + 1), host_getrf, dev_getrf);
    }
    for (int q = 0; q < P; q++) {
        if (mem[q].dev) {
            if (mem[q].a && mem[q].a != mem[q].host)
                mem[q].dev->ops->free(mem[q].dev, mem[q].a);
            if (mem[q].host)
                mem[q].dev->ops->host_free(mem[q].dev, mem[q].host);
            hs_devmem_forget(mem[q].dev);   /* the members' cached scratch */
            mem[q].dev->ops->close(mem[q].dev);
        } else {
            free(mem[q].host);
        }
        free(mem[q].row);
    }
    free(mem);
    free(panel);
    spread_exchange_destroy(&ex);
    return status;
}
