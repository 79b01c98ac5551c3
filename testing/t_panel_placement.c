/* The panels' placement rule (src/plan/panel_placement.c) against hand
 * computations: the host at 1 GF/s on one core, a link of 1 GB/s, the GPU
 * at R GF/s; the GPUs keep a call's panels when sum(flops) / R is less
 * than sum(flops) / 1 GF/s plus the panels' copies down and back.  Flop
 * counts are LAPACK Working Note 41's (util/flop_counts.h).
 *   PDGETRF, M = N = 512, w = 256: panels 512 x 256 (27929472 flops) and
 *     256 x 256 (11152256): 39.081728 ms; copies 2 x 196608 doubles,
 *     3.145728 ms: the GPUs for R > 0.925505.
 *   The same in complex double: 4 x the flops, 16-byte elements:
 *     156.326912 + 6.291456 ms, R > 0.961312.
 *   PDGETRF, M = 256 < N = 512: the one 256 x 256 panel (the next has no
 *     rows): 11.152256 + 1.048576 ms, R > 0.914057.
 *   PDGEQRF, M = N = 256, w = 256: 22501888 flops, 22.501888 + 1.048576
 *     ms, R > 0.955475.
 * And: forced placements, no GPU rank, a side without rates, the rates'
 * interpolation.  Exit status: failures. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "plan/panel_placement.h"
#include "testing/t_expect.h"
#include "util/precision.h"


/* One GPU rank; every kernel at 1 GF/s on the host and R on the GPU, at
 * the smallest rated size only (the others unmeasured). */
static hs_config setup(double gpu_rate)
{
    hs_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.panels = HS_PANELS_COST;
    cfg.accel_ranks = 1;
    for (int k = 0; k < HS_NPANEL_KERNELS; k++) {
        cfg.panel_host.rate[k][0] = 1;
        cfg.panel_accel.rate[k][0] = gpu_rate;
    }
    cfg.panel_accel.link_gbs = 1;
    return cfg;
}

static void threshold(const char *what, int kernel, int m, int n, int prec, double below,
                      double above)
{
    hs_config slow = setup(below), fast = setup(above);
    char line[160];
    snprintf(line, sizeof line, "%s: a GPU at %.2f GF/s leaves the panels to the host", what, below);
    expect(hs_panels_on_host(&slow, kernel, m, n, 256, prec) == 1, line);
    snprintf(line, sizeof line, "%s: a GPU at %.2f GF/s keeps them", what, above);
    expect(hs_panels_on_host(&fast, kernel, m, n, 256, prec) == 0, line);
}

int main(void)
{
    threshold("getrf 512 x 512", HS_PANEL_GETRF, 512, 512, HS_PREC_D, 0.92, 0.93);
    threshold("zgetrf 512 x 512", HS_PANEL_GETRF, 512, 512, HS_PREC_Z, 0.96, 0.97);
    threshold("getrf 256 x 512", HS_PANEL_GETRF, 256, 512, HS_PREC_D, 0.91, 0.92);
    threshold("geqrf 256 x 256", HS_PANEL_GEQRF, 256, 256, HS_PREC_D, 0.95, 0.96);

    hs_config cfg = setup(0.001);
    cfg.panels = HS_PANELS_DEVICE;
    expect(!hs_panels_on_host(&cfg, HS_PANEL_POTRF, 512, 512, 256, HS_PREC_D),
           "HETSCAL_PANELS=device keeps a slow GPU's panels");
    cfg = setup(1000);
    cfg.panels = HS_PANELS_HOST;
    expect(hs_panels_on_host(&cfg, HS_PANEL_POTRF, 512, 512, 256, HS_PREC_D),
           "HETSCAL_PANELS=host takes a fast GPU's panels");
    cfg = setup(0.001);
    cfg.accel_ranks = 0;
    expect(!hs_panels_on_host(&cfg, HS_PANEL_POTRF, 512, 512, 256, HS_PREC_D),
           "without GPU ranks nothing moves");
    cfg = setup(0.001);
    cfg.panel_host.rate[HS_PANEL_GETRF][0] = 0;
    expect(!hs_panels_on_host(&cfg, HS_PANEL_GETRF, 512, 512, 256, HS_PREC_D),
           "a host without getrf rates leaves the panels on the GPUs");
    cfg = setup(0.001);
    cfg.panel_accel.link_gbs = 0;
    expect(!hs_panels_on_host(&cfg, HS_PANEL_POTRF, 512, 512, 256, HS_PREC_D),
           "an unmeasured link leaves the panels on the GPUs");

    hs_panel_rates r;
    memset(&r, 0, sizeof r);
    r.rate[HS_PANEL_POTRF][0] = 10;
    r.rate[HS_PANEL_POTRF][1] = 20;
    r.rate[HS_PANEL_POTRF][2] = 40;
    expect(hs_panel_rate_at(&r, HS_PANEL_POTRF, 100) == 10, "below the sizes: the smallest's rate");
    expect(hs_panel_rate_at(&r, HS_PANEL_POTRF, 384) == 15, "between 256 and 512: interpolated");
    expect(hs_panel_rate_at(&r, HS_PANEL_POTRF, 2048) == 40,
           "above the largest measured size: its rate");
    expect(hs_panel_rate_at(&r, HS_PANEL_GETRF, 512) == 0, "a kernel without rates: 0");
    expect(hs_panel_rates_sane(&r) == 0, "rates without every kernel's smallest size are not sane");

    printf("t_panel_placement: %d failure(s)\n", failures);
    return failures;
}
