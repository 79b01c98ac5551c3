/* How wide the accelerator panel of each top-level tile column is
 * (doc/ARCHITECTURE.md section 4): the host and the accelerators get
 * shares of the column in proportion to their DGEMM rates, kept in the
 * rates file (runtime/device_rates.h) and agreed over the grid at each
 * call. */
#ifndef HETSCAL_API_DEVICE_SPLIT_H
#define HETSCAL_API_DEVICE_SPLIT_H

#include "util/config.h"

/* Width Bg of the accelerator panel of a B-wide column whose host part is
 * cut into b-wide panels, from the rates agreed over the grid
 * (hs_config_agree), so the same on every rank: 0 when no rank has an
 * accelerator.  HETSCAL_NB_GPU (rank (0,0)'s) overrides the rates. */
int hs_accelerator_panel_width(const hs_config *cfg, int B, int b);

/* What decided that width, as one word for HETSCAL_VERBOSE:
 * "HETSCAL_NB_GPU", "rates_file" (every rank read its accelerators' rates
 * there: the width is the same run after run) or "measured". */
const char *hs_accelerator_split_source(const hs_config *cfg);

#endif
