/* Width of the accelerators' tile columns (see top_tile.h). */
#include "config.h"

#include "plan/panel_placement.h"
#include "plan/top_tile.h"
#include "util/precision.h"

double hs_top_tile_cholesky_seconds(const hs_config *cfg, int n, int B, int prec)
{
    if (cfg->accel_devices < 1 || n < 1 || B < 1)
        return 0;
    double w = B < n ? B : n, steps = (n + B - 1) / B;
    double mult = hs_prec_complex(prec) ? 4 : 1, es = (double)hs_prec_bytes(prec);
    int on_host = hs_panels_on_host(cfg, HS_PANEL_POTRF, n, n, (int)w, prec);
    const hs_panel_rates *panels = on_host ? &cfg->panel_host : &cfg->panel_accel;
    double gemm = hs_panel_rate_at(&cfg->panel_accel, HS_PANEL_GEMM, (int)w) * 1e9;
    double potrf = hs_panel_rate_at(panels, HS_PANEL_POTRF, (int)w) * 1e9;
    double link = cfg->panel_accel.link_gbs * 1e9;
    if (gemm <= 0 || potrf <= 0 || (on_host && link <= 0))
        return 0;
    double updates = mult * n * (double)n * n / 3 / (cfg->accel_devices * gemm);
    double chain = mult * w * w * w / 3 / potrf + mult * 2 * w * w * w / gemm
                   + (on_host ? 2 * w * w * es / link : 0);
    return updates + steps * chain;
}

int hs_top_tile_cholesky(const hs_config *cfg, int n, int b, int prec)
{
    /* 4b first: where the others predict no better, the width of the
     * tests' fixed rule. */
    static const int times_b[] = { 4, 2, 8 };
    int best = 0;
    double best_seconds = 0;
    for (size_t k = 0; k < sizeof times_b / sizeof *times_b; k++) {
        double t = hs_top_tile_cholesky_seconds(cfg, n, times_b[k] * b, prec);
        if (t <= 0)
            return 0;
        if (!best || t < best_seconds) {
            best = times_b[k] * b;
            best_seconds = t;
        }
    }
    return best;
}
