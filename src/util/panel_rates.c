/* Panel-kernel rates (see panel_rates.h). */
#include "config.h"

#include <math.h>

#include "util/kernel_rates_file.h"
#include "util/panel_rates.h"

const int hs_panel_size[HS_PANEL_SIZES] = { 256, 512, 1024, 2048 };

double hs_panel_rate_at(const hs_panel_rates *r, int k, int w)
{
    const double *rate = r->rate[k];
    if (rate[0] <= 0)
        return 0;
    if (w <= hs_panel_size[0])
        return rate[0];
    for (int s = 1; s < HS_PANEL_SIZES; s++) {
        if (rate[s] <= 0)
            return rate[s - 1];   /* the largest measured size's */
        if (w <= hs_panel_size[s]) {
            double t = (double)(w - hs_panel_size[s - 1]) / (hs_panel_size[s] - hs_panel_size[s - 1]);
            return rate[s - 1] + t * (rate[s] - rate[s - 1]);
        }
    }
    return rate[HS_PANEL_SIZES - 1];
}

int hs_panel_rates_sane(const hs_panel_rates *r)
{
    if (!isfinite(r->link_gbs) || r->link_gbs < 0 || r->link_gbs > HS_DEVICE_RATE_MAX_GFS)
        return 0;
    for (int k = 0; k < HS_NPANEL_KERNELS; k++) {
        if (!(r->rate[k][0] > 0))
            return 0;
        for (int s = 0; s < HS_PANEL_SIZES; s++)
            if (!isfinite(r->rate[k][s]) || r->rate[k][s] < 0
                || r->rate[k][s] > HS_DEVICE_RATE_MAX_GFS)
                return 0;
    }
    return 1;
}
