/* Where a call's accelerator panels are factored: on the accelerator that
 * holds the column, or on the host. */
#ifndef HETSCAL_API_PANEL_PLACEMENT_H
#define HETSCAL_API_PANEL_PLACEMENT_H

#include "util/config.h"

/* 1: on the host.  HETSCAL_PANELS=host or device decides; by default
 * (cost) the host when the grid's agreed panel rates (cfg->panel_host,
 * cfg->panel_accel) say that it factors the call's panels sooner than the
 * accelerators do, the copy of each panel to the host and back included:
 * n / w panels of width w (the last narrower) of kernel `kernel` (util/
 * panel_rates.h), the j-th m - j w high (Cholesky's diagonal blocks: w x
 * w), elements of precision prec.  Without both sides' rates (no
 * accelerator, a machine file that does not rate the kernel) the
 * accelerators keep them.  The same answer on every rank, and in a
 * simulation of the call given the same rates. */
int hs_panels_on_host(const hs_config *cfg, int kernel, int m, int n, int w, int prec);

/* What decided: "HETSCAL_PANELS" or "cost". */
const char *hs_panels_source(const hs_config *cfg);

#endif
