/* The accelerator columns' width rule (src/plan/top_tile.c) against hand
 * computations: one GPU whose DGEMM runs at 1, 2, 4 and 8 GF/s on tiles
 * of 256, 512, 1024 and 2048; host tiles of b = 256, so B is 512, 1024
 * or 2048; N = 4096.  With POTRF at P GF/s where the panels run:
 *   T(B) = N^3/3 / DGEMM(B) + N/B (B^3/3 / P + 2 B^3 / DGEMM(B))
 *   P = 1:    12.884902, 9.305762, 12.884902 s: B = 1024 (4b)
 *   P = 1000: 12.527346, 7.875538, 7.164005 s: B = 2048 (8b)
 *   P = 0.1:  16.106127, 22.190664, 64.424509 s: B = 512 (2b)
 *   host panels at P = 1 with a link of 1 GB/s (each panel down and back,
 *   2 B^2 elements): 12.918456, 9.372871, 13.019120 s; in double complex
 *   (4 x the flops, 16-byte elements) 51.606716, 37.357268, 51.808043 s.
 * And: no rates (a forced placement measures none) or no accelerator give
 * 0, the caller's 4b.  Exit status: failures. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plan/top_tile.h"
#include "testing/t_expect.h"
#include "util/precision.h"

enum { N = 4096, B_HOST = 256 };

static hs_config setup(int panels, double potrf)
{
    hs_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.panels = panels;
    cfg.accel_ranks = cfg.accel_devices = 1;
    for (int s = 0; s < HS_PANEL_SIZES; s++) {
        cfg.panel_accel.rate[HS_PANEL_GEMM][s] = 1 << s;
        cfg.panel_accel.rate[HS_PANEL_POTRF][s] = potrf;
        cfg.panel_host.rate[HS_PANEL_POTRF][s] = potrf;
    }
    cfg.panel_accel.link_gbs = 1;
    return cfg;
}

static void seconds(const hs_config *cfg, int prec, const double want[3], const char *what)
{
    for (int k = 0; k < 3; k++) {
        int B = 512 << k;
        double got = hs_top_tile_cholesky_seconds(cfg, N, B, prec);
        char line[160];
        snprintf(line, sizeof line, "%s, B = %d: %.6f s (hand: %.6f)", what, B, got, want[k]);
        expect(fabs(got - want[k]) < 1e-6, line);
    }
}

static void chooses(const hs_config *cfg, int want, const char *what)
{
    int got = hs_top_tile_cholesky(cfg, N, B_HOST, HS_PREC_D);
    char line[160];
    snprintf(line, sizeof line, "%s: B = %d (hand: %d)", what, got, want);
    expect(got == want, line);
}

int main(void)
{
    hs_config cfg = setup(HS_PANELS_DEVICE, 1);
    seconds(&cfg, HS_PREC_D, (const double[]){ 12.884902, 9.305762, 12.884902 },
            "GPU panels, POTRF at 1 GF/s");
    chooses(&cfg, 1024, "POTRF at 1 GF/s");
    cfg = setup(HS_PANELS_DEVICE, 1000);
    seconds(&cfg, HS_PREC_D, (const double[]){ 12.527346, 7.875538, 7.164005 },
            "GPU panels, POTRF at 1000 GF/s");
    chooses(&cfg, 2048, "a fast POTRF");
    cfg = setup(HS_PANELS_DEVICE, 0.1);
    seconds(&cfg, HS_PREC_D, (const double[]){ 16.106127, 22.190664, 64.424509 },
            "GPU panels, POTRF at 0.1 GF/s");
    chooses(&cfg, 512, "a slow POTRF");
    cfg = setup(HS_PANELS_HOST, 1);
    seconds(&cfg, HS_PREC_D, (const double[]){ 12.918456, 9.372871, 13.019120 },
            "host panels and a link of 1 GB/s");
    seconds(&cfg, HS_PREC_Z, (const double[]){ 51.606716, 37.357268, 51.808043 },
            "host panels, double complex");

    cfg = setup(HS_PANELS_HOST, 1);
    cfg.panel_accel.link_gbs = 0;
    chooses(&cfg, 0, "host panels and an unmeasured link");
    cfg = setup(HS_PANELS_DEVICE, 1);
    memset(&cfg.panel_accel, 0, sizeof cfg.panel_accel);
    memset(&cfg.panel_host, 0, sizeof cfg.panel_host);
    chooses(&cfg, 0, "no rates (a forced placement)");
    cfg = setup(HS_PANELS_DEVICE, 1);
    cfg.accel_ranks = cfg.accel_devices = 0;
    chooses(&cfg, 0, "no accelerator");
    printf("t_top_tile: %d failure(s)\n", failures);
    return failures;
}
