/* A machine description: the rates of its kernels by rate class
 * (util/work_class.h) and size, its memory, links and network, read from
 * a small text file (timing/machines/NAME.machine) or measured on this
 * host (timing/predict's `local`).  The simulation's cost model
 * (sim/sim_machine.h) and the timed emulation of GPUs (device/emu) both
 * take their rates from it.
 *
 * File format: one `key = value` per line, `#` starts a comment.  Rate
 * keys take `size:GF/s` pairs, the double-precision rate of one core (or
 * one GPU) with every core busy, for tiles or panels of that width;
 * between two sizes the rate is interpolated linearly, outside them the
 * nearest is taken.  A class without rates takes its fallback's
 * (hs_work_fallback: the QR tree kernels', the team kernels' and QR's
 * sums' nearest class), else gemm's. */
#ifndef HETSCAL_UTIL_MACHINE_FILE_H
#define HETSCAL_UTIL_MACHINE_FILE_H

#include <stddef.h>

#include "util/work_class.h"

enum { HS_SIM_MAX_SIZES = 16 };

typedef struct hs_sim_rates {
    int count;
    int size[HS_SIM_MAX_SIZES];      /* increasing */
    double gflops[HS_SIM_MAX_SIZES];
} hs_sim_rates;

typedef struct hs_sim_machine {
    char name[64];
    int cores;                       /* cores: CPU cores of a node */
    int gpus;                        /* gpus: per node */
    hs_sim_rates cpu[HS_NWORK];      /* cpu.gemm, cpu.syrk ... cpu.orhr */
    double cpu_memory_gbs;           /* cpu.memory_gbs: one core's copies,
                                        every core copying */
    double first_touch_gbs;          /* cpu.first_touch_gbs: fresh memory one
                                        thread faults in (0: not counted) */
    double single_speedup;           /* single_speedup: S and C rates over
                                        D and Z (default 2) */
    hs_sim_rates gpu[HS_NWORK];      /* gpu.gemm ... */
    hs_sim_rates gpu_rows[HS_NWORK]; /* gpu.getrf.rows, gpu.geqrf.rows (no
                                        other class): a panel kernel's rate
                                        by its height, as factors of the
                                        class's rate (rated on 16384 rows,
                                        factor 1), "4096:0.35 16384:1 ..."
                                        (none: 1 at every height) */
    double gpu_memory_gib;           /* gpu.memory_gib */
    double link_gbs, link_latency_us;   /* link.gbs, link.latency_us:
                                           host <-> GPU, each way */
    double peer_gbs, peer_latency_us;   /* peer.gbs, peer.latency_us: GPU to
                                           GPU of one node without the host
                                           (NVLink), each way, per pair
                                           (0: no such link; copies between
                                           GPUs go through the host) */
    double net_gbs, net_latency_us;  /* net.gbs (one link, each way),
                                        net.latency_us */
    int net_links;                   /* net.links: per node */
    double shm_gbs, shm_latency_us;  /* shm.gbs, shm.latency_us: between
                                        ranks of a node */
    double task_overhead_us;         /* task_overhead_us: the runtime's
                                        cost per task */
    double gpu_task_us;              /* gpu.task_us: a GPU task's fixed
                                        cost beyond its kernel's rate (the
                                        launch, its completion callback,
                                        the management thread), as
                                        timing/bench_runtime measures it
                                        on the GPU; 0: task_overhead_us */
    double team_round_us;            /* team.round_us: a round of a host
                                        kernel's team (runtime/team.h) with
                                        one helper: published, claimed,
                                        reported done (0: teams get no
                                        helpers in the model) */
    double team_member_us;           /* team.member_us: what each further
                                        member adds to a round (its claims
                                        and completion on shared lines) */
    double cache_mib;                /* cache_mib: last-level cache of a node
                                        (0: unknown; timing/predict then
                                        has no share fit in a cache) */
    int mpi_gpu_memory;              /* mpi.gpu_memory = yes: the nodes' MPI
                                        sends from and receives into GPU
                                        memory (CUDA-aware, GPUDirect
                                        RDMA), so GPU tiles travel between
                                        ranks without the host (no, the
                                        default: through it) */
    int stream_priorities;           /* gpu.stream_priorities = yes: the GPUs
                                        start a high-priority stream's
                                        kernels before a low one's waiting
                                        kernels (CUDA from compute
                                        capability 3.5), so kernels may use
                                        the urgent stream (device/device.h);
                                        no, the default: one compute stream */
    int host_panels;                 /* panels = host: the GPUs have no panel
                                        factorizations (they predate
                                        cuSOLVER): calls run as with
                                        HETSCAL_PANELS=host */
} hs_sim_machine;

/* Reads a machine file; 0, or -1 with a one-line reason in err.  _gpus:
 * a file of which only the GPUs are used (gpu.gemm and link.gbs are
 * required, the CPU's keys not: timing/machines/emu.machine). */
int hs_sim_machine_read(const char *path, hs_sim_machine *m, char *err, size_t errlen);
int hs_sim_machine_read_gpus(const char *path, hs_sim_machine *m, char *err, size_t errlen);

/* Parses one rate value ("128:9.5 256:10.1"); 0 or -1. */
int hs_sim_rates_parse(const char *text, hs_sim_rates *r);

/* GF/s at `size` (interpolated; below the smallest size rated, that
 * size's rate, above the largest, the largest's); 0 when r has no rates. */
double hs_sim_rate_at(const hs_sim_rates *r, int size);

/* The factor of class c's GPU rate for a panel of `rows` rows
 * (gpu_rows[c], or its fallback class's where c has none, between its
 * heights, its ends beyond them); 1 where the machine gives none or
 * rows < 1. */
double hs_sim_gpu_rows_factor(const hs_sim_machine *m, int c, int rows);

/* GF/s of class c (enum hs_work_class) at `size` in table (a machine's
 * cpu[] or gpu[]): its own rates, else its fallback's (hs_work_fallback),
 * else GEMM's; 0 when the table has none of them. */
double hs_sim_class_rate(const hs_sim_rates table[], int c, int size);

/* The rates hs_sim_class_rate takes for class c in table (its own, its
 * fallback's or GEMM's); NULL when the table has none of them. */
const hs_sim_rates *hs_sim_class_rates(const hs_sim_rates table[], int c);

#endif
