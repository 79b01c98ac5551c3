/* The rates that place a call's panel factorizations (plan/panel_placement.h)
 * and size the accelerators' tiles (plan/top_tile.h): GF/s of one
 * processor's ?POTRF, ?GETRF, ?GEQRF and ?GEMM on square matrices of a few
 * sizes, the host's on one thread (a host panel is one task on one
 * core), an accelerator's on the device, and for an accelerator the
 * bandwidth of its link to the host (what a panel factored on the host
 * costs in copies).  Measured by runtime/panel_probe.h and kept in the
 * rates file; in a simulation, a machine file's cpu.* and gpu.* rates and
 * link.gbs (sim/sim_call.c). */
#ifndef HETSCAL_UTIL_PANEL_RATES_H
#define HETSCAL_UTIL_PANEL_RATES_H

enum hs_panel_kernel {
    HS_PANEL_POTRF, HS_PANEL_GETRF, HS_PANEL_GEQRF, HS_PANEL_GEMM, HS_NPANEL_KERNELS
};
enum { HS_PANEL_SIZES = 4 };

/* The sizes rated: 256, 512, 1024, 2048. */
extern const int hs_panel_size[HS_PANEL_SIZES];

typedef struct hs_panel_rates {
    /* GF/s of kernel k at hs_panel_size[s]; 0: not measured (a size
     * whose kernel would take too long to probe takes the rate of the
     * largest measured one, hs_panel_rate_at). */
    double rate[HS_NPANEL_KERNELS][HS_PANEL_SIZES];
    double link_gbs;   /* host <-> accelerator, each way; 0 for the host */
} hs_panel_rates;

/* Kernel k's rate at size w: interpolated between the rated sizes, the
 * smallest's below them and the largest measured one's above; 0 when k
 * has none. */
double hs_panel_rate_at(const hs_panel_rates *r, int k, int w);

/* Whether r can be a processor's: every value finite, at least 0 and at
 * most HS_DEVICE_RATE_MAX_GFS (util/
 * kernel_rates_file.h), the smallest size of each kernel measured. */
int hs_panel_rates_sane(const hs_panel_rates *r);

#endif
