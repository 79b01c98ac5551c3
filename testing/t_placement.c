/* Placement test of the hybrid Cholesky on emulated GPUs: with the
 * multi-level layout (B-high tile rows, b-wide host panels, one Bg-wide
 * accelerator panel per B columns) the runtime's counters must show
 *   - every task whose output is in an accelerator panel (the diagonal
 *     factorization, TRSM, SYRK, GEMM) run on the accelerator its home
 *     rank maps that panel to, and every host-panel task on CPU workers;
 *   - exactly the host-to-device and device-to-host copies the placement
 *     requires (testing/placement_model.c),
 * and the factor must equal LAPACK's.
 * Usage: t_placement N b B Bg G NPROW NPCOL (NPROW*NPCOL ranks). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <mpi.h>

#include "algo/cholesky.h"
#include "device/device.h"
#include "runtime/session.h"
#include "testing/placement_model.h"
#include "util/blas.h"

static double entry(int i, int j, int n)
{
    return i == j ? n + 1.0 : 1.0 / (1.0 + i + j);   /* diagonally dominant */
}

int main(int argc, char **argv)
{
    int me, nranks, failures = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    if (argc != 8) {
        if (me == 0)
            fprintf(stderr, "usage: t_placement N b B Bg G NPROW NPCOL\n");
        MPI_Finalize();
        return 2;
    }
    int n = atoi(argv[1]), b = atoi(argv[2]), B = atoi(argv[3]), Bg = atoi(argv[4]);
    int gpus = atoi(argv[5]), nprow = atoi(argv[6]), npcol = atoi(argv[7]);
    if (nprow * npcol != nranks)
        MPI_Abort(MPI_COMM_WORLD, 2);

    hs_device **devs;
    int ndev;
    char spec[32], msg[256];
    snprintf(spec, sizeof spec, "emu:%d", gpus);
    if (hs_devices_open(spec, 0, 1, &devs, &ndev, msg, sizeof msg) != 0 || ndev != gpus + 1) {
        fprintf(stderr, "cannot open %s: %s\n", spec, msg);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }

    hs_geometry geo;
    if (hs_geometry_init_hybrid(&geo, n, n, B, b, Bg, nprow, npcol) != 0)
        MPI_Abort(MPI_COMM_WORLD, 2);
    int ntiles = hs_cholesky_tile_count(&geo);
    int *rank_of = malloc((size_t)nranks * sizeof *rank_of);
    hs_tile_home *home = calloc((size_t)ntiles, sizeof *home);
    for (int r = 0; r < nranks; r++)
        rank_of[r] = r;   /* grid position p*npcol+q is rank p*npcol+q */
    hs_cholesky_tile_homes(&geo, rank_of, home);

    hs_dist *dist;
    if (hs_dist_create(&dist, MPI_COMM_WORLD, ntiles, home, HS_PREC_D) != 0)
        MPI_Abort(MPI_COMM_WORLD, 2);
    for (int c = 0; c < geo.np; c++)
        for (int r = geo.panel[c].top; r < geo.mt; r++) {
            double *t = hs_dist_tile_data(dist, hs_tile_id(&geo, r, c));
            int h = hs_tile_height(&geo, r);
            for (int j = 0; t && j < geo.panel[c].width; j++)
                for (int i = 0; i < h; i++)
                    t[i + (size_t)j * h] = entry(r * B + i, geo.panel[c].col0 + j, n);
        }
    int kept = hs_dist_use_devices(dist, devs, ndev);

    placement_model model;
    if (placement_model_init(&model, ntiles, home, me, gpus) != 0)
        MPI_Abort(MPI_COMM_WORLD, 2);
    placement_model_peers(&model, devs, ndev);
    hs_dist_observe(dist, placement_model_observe, &model);
    hs_cholesky ch = { .geo = &geo, .dist = dist };
    hs_engine_limits limits = { .workers = 2, .window = 64, .copy_budget = 1e9,
                                .devs = devs, .ndev = ndev };
    hs_engine_stats st;
    int err = hs_session_run(MPI_COMM_WORLD, &limits, hs_cholesky_generate, &ch, &st);
    if (err || kept || hs_dist_local_status(dist)) {
        fprintf(stderr, "rank %d: run error %d, %d tiles kept on the host, status %d\n", me,
                err, kept, hs_dist_local_status(dist));
        failures++;
    }

    /* Counters against the placement. */
    long accel = 0, accel_model = 0;
    for (int x = 0; x <= gpus; x++) {
        if (st.device_tasks[x] != model.tasks[x]) {
            fprintf(stderr, "rank %d: %ld tasks on device %d, the placement says %ld\n", me,
                    st.device_tasks[x], x, model.tasks[x]);
            failures++;
        }
        if (x > 0) {
            accel += st.device_tasks[x];
            accel_model += model.tasks[x];
        }
    }
    if (st.copies_h2d != model.h2d || st.copies_d2h != model.d2h
        || st.copies_d2d != model.d2d) {
        fprintf(stderr, "rank %d: copies h2d %ld d2h %ld d2d %ld, the placement says %ld %ld %ld\n",
                me, st.copies_h2d, st.copies_d2h, st.copies_d2d, model.h2d, model.d2h,
                model.d2d);
        failures++;
    }
    /* Independent of the model: one task per tile update, by panel kind. */
    long want_host = 0, want_accel = 0;
    for (int j = 0; j < geo.np; j++) {
        int tj = geo.panel[j].top;
        for (int r = tj; r < geo.mt; r++) {
            if (home[hs_tile_id(&geo, r, j)].rank != me)
                continue;
            /* potrf or trsm, plus one update per earlier panel, all on
             * the panel's device. */
            long updates = j + 1;
            if (geo.panel[j].device)
                want_accel += updates;
            else
                want_host += updates;
        }
    }
    if (st.device_tasks[0] != want_host || accel != want_accel) {
        fprintf(stderr, "rank %d: %ld host and %ld accelerator tasks, expected %ld and %ld\n",
                me, st.device_tasks[0], accel, want_host, want_accel);
        failures++;
    }

    /* The factor against LAPACK on the whole matrix (small n). */
    double *full = malloc((size_t)n * n * sizeof *full), worst = 0;
    int info;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            full[i + (size_t)j * n] = entry(i, j, n);
    dpotrf_("L", &n, full, &n, &info, 1);
    for (int c = 0; c < geo.np; c++)
        for (int r = geo.panel[c].top; r < geo.mt; r++) {
            double *t = hs_dist_tile_data(dist, hs_tile_id(&geo, r, c));
            int h = hs_tile_height(&geo, r);
            for (int j = 0; t && j < geo.panel[c].width; j++)
                for (int i = 0; i < h; i++) {
                    int gi = r * B + i, gj = geo.panel[c].col0 + j;
                    if (gi >= gj) {
                        double d = fabs(t[i + (size_t)j * h] - full[gi + (size_t)gj * n]);
                        worst = d > worst ? d : worst;
                    }
                }
        }
    if (info != 0 || !(worst < 1e-12 * n)) {
        fprintf(stderr, "rank %d: factor differs from LAPACK's by %.3g (info %d)\n", me, worst,
                info);
        failures++;
    }

    int all;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    printf("t_placement rank %d: N=%d b=%d B=%d Bg=%d, %d emulated GPU(s), grid %dx%d: "
           "%ld host tasks, %ld GPU tasks (model %ld), h2d %ld (model %ld), d2h %ld "
           "(model %ld), d2d %ld (model %ld), factor error %.2g: %s\n",
           me, n, b, B, Bg, gpus, nprow, npcol, st.device_tasks[0], accel, accel_model,
           st.copies_h2d, model.h2d, st.copies_d2h, model.d2h, st.copies_d2d, model.d2d, worst,
           failures ? "FAILED" : "ok");

    placement_model_free(&model);
    free(full);
    hs_dist_destroy(dist);
    hs_geometry_free(&geo);
    free(home);
    free(rank_of);
    hs_engine_shutdown();
    hs_devices_close(devs, ndev);
    MPI_Finalize();
    return all ? 1 : 0;
}
