/* Split of a tile column between host and accelerators (see
 * device_split.h). */
#include "config.h"

#include "plan/device_split.h"

int hs_accelerator_panel_width(const hs_config *cfg, int B, int b)
{
    if (cfg->accel_ranks == 0)
        return 0;   /* ranks without accelerators run those panels on the host */
    if (cfg->nb_gpu > 0)
        return cfg->nb_gpu < B ? cfg->nb_gpu : B;
    if (cfg->accel_rate <= 0)
        return 0;
    double host = cfg->accel_host_rate;
    int panels = (int)(host / (host + cfg->accel_rate) * B / b + 0.5);
    return panels * b < B ? B - panels * b : 0;
}

const char *hs_accelerator_split_source(const hs_config *cfg)
{
    return cfg->nb_gpu > 0 ? "HETSCAL_NB_GPU" : cfg->accel_rates_kept ? "rates_file" : "measured";
}
