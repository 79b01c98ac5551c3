/* Placement of the panel factorizations (see panel_placement.h). */
#include "config.h"

#include "plan/panel_placement.h"
#include "util/flop_counts.h"
#include "util/precision.h"

static double panel_flops(int kernel, double h, double w)
{
    return kernel == HS_PANEL_POTRF   ? hs_flops_potrf(w)
           : kernel == HS_PANEL_GETRF ? hs_flops_getrf(h, w)
                                      : hs_flops_geqrf(h, w);
}

int hs_panels_on_host(const hs_config *cfg, int kernel, int m, int n, int w, int prec)
{
    if (cfg->panels != HS_PANELS_COST)
        return cfg->panels == HS_PANELS_HOST;
    if (cfg->accel_ranks == 0 || w < 1)
        return 0;
    double host = hs_panel_rate_at(&cfg->panel_host, kernel, w);
    double accel = hs_panel_rate_at(&cfg->panel_accel, kernel, w);
    double link = cfg->panel_accel.link_gbs;
    if (host <= 0 || accel <= 0 || link <= 0)
        return 0;
    /* Both sides run the same flops; the host also moves each panel. */
    double flops = 0, bytes = 0, es = (double)hs_prec_bytes(prec);
    for (int j = 0; j * (double)w < n; j++) {
        double wj = n - j * (double)w < w ? n - j * (double)w : w;
        double h = kernel == HS_PANEL_POTRF ? wj : m - j * (double)w;
        if (h < wj)
            break;
        flops += panel_flops(kernel, h, wj) * (hs_prec_complex(prec) ? 4 : 1);
        bytes += 2 * h * wj * es;
    }
    double on_host = flops / (host * 1e9) + bytes / (link * 1e9);
    return on_host < flops / (accel * 1e9);
}

const char *hs_panels_source(const hs_config *cfg)
{
    return cfg->panels == HS_PANELS_COST ? "cost" : "HETSCAL_PANELS";
}
