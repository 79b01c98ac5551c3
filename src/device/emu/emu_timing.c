/* Timed emulation: the cost of an emulated GPU's operations (see
 * emu_timing.h), from a machine file read with the simulation's own
 * reader (util/machine_file.h), so that both sides take the same rates. */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "device/emu/emu_timing.h"
#include "util/flop_counts.h"
#include "util/machine_file.h"
#include "util/precision.h"

static hs_sim_machine machine;
static int timed;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void read_machine(void)
{
    const char *path = getenv("HETSCAL_EMU_TIMING");
    char err[512];
    if (!path || !*path)
        return;
    if (hs_sim_machine_read_gpus(path, &machine, err, sizeof err)) {
        fprintf(stderr, "hetscal: HETSCAL_EMU_TIMING: %s; emulated GPUs untimed\n", err);
        return;
    }
    timed = 1;
}

int hs_emu_timed(void)
{
    pthread_once(&once, read_machine);
    return timed;
}

/* Seconds of `flops` real flops (complex ones count 4) of rate class cls
 * at the rate of size `size` and, for a panel kernel, of its `rows`
 * (0: not one), in c's precision. */
static double class_seconds(const hs_kernel_call *c, int cls, double flops, int size, int rows)
{
    if (hs_prec_complex(c->prec))
        flops *= 4;
    double rate = hs_sim_class_rate(machine.gpu, cls, size)
                  * hs_sim_gpu_rows_factor(&machine, cls, rows);
    if (c->prec == HS_PREC_S || c->prec == HS_PREC_C)
        rate *= machine.single_speedup;
    return flops / (rate * 1e9);
}

/* The rate class, real flops and rate-setting size of a call, as the
 * simulation's kernel_work counts a task's kernels: GEMM 2mnk, SYRK/HERK
 * n^2 k, TRSM/TRMM the triangle's side squared times the other, the
 * factorizations and reflectors as util/flop_counts.h; a complex
 * flop is 4 real ones; GEMM's size is the side of the cube of the same
 * work. */
double hs_emu_kernel_seconds(const hs_kernel_call *c)
{
    switch (c->op) {
    case HS_K_LASWP:
    case HS_K_ROWS:
        /* No flops: 2k (LASWP) or m (ROWS) rows of n values move within
         * the GPU's memory, which the machine file does not rate; next to
         * the update that follows the rows' interchange (k^2 n flops at
         * least) it is free. */
        return 0;
    case HS_K_IAMAX:
        /* One pass over n values, unrated as the row moves are: its cost
         * in a spread panel's column is the round trip through the host
         * that follows it, which testing/gpu/spread_column.c measures. */
        return 0;
    case HS_K_GEMM:
        return class_seconds(c, HS_WORK_GEMM, 2.0 * c->m * c->n * c->k,
                             (int)cbrt((double)c->m * c->n * c->k), 0);
    case HS_K_HERK:
        return class_seconds(c, HS_WORK_SYRK, (double)c->n * c->n * c->k, c->n, 0);
    case HS_K_GETRF:
        return class_seconds(c, HS_WORK_GETRF, hs_flops_getrf(c->m, c->n), c->n, c->m);
    case HS_K_POTRF:
        return class_seconds(c, HS_WORK_POTRF, hs_flops_potrf(c->n), c->n, 0);
    case HS_K_GEQRF:
        return class_seconds(c, HS_WORK_GEQRF, hs_flops_geqrf(c->m, c->n), c->n, c->m);
    case HS_K_ORMQR:
        /* cuSOLVER's ?ORMQR: the block reflectors' GEMMs, at the rate the
         * machine file gives applying reflectors (gemqrt, or gemm's). */
        return class_seconds(c, HS_WORK_GEMQRT, hs_flops_apply_reflectors(c->m, c->n, c->k),
                             c->n, 0);
    case HS_K_LARFT:
        return class_seconds(c, HS_WORK_LARFT, hs_flops_larft(c->m, c->k), c->k, 0);
    default:   /* TRSM, TRMM */
        if (c->side == 'L')
            return class_seconds(c, HS_WORK_TRSM, (double)c->m * c->m * c->n, c->m, 0);
        return class_seconds(c, HS_WORK_TRSM, (double)c->m * c->n * c->n, c->n, 0);
    }
}

int hs_emu_peer_link(void)
{
    return !hs_emu_timed() || machine.peer_gbs > 0;
}

int hs_emu_stream_priorities(void)
{
    return !hs_emu_timed() || machine.stream_priorities;
}

int hs_emu_mpi_memory(void)
{
    return hs_emu_timed() && machine.mpi_gpu_memory;
}

double hs_emu_peer_seconds(size_t bytes)
{
    return machine.peer_latency_us * 1e-6 + (double)bytes / (machine.peer_gbs * 1e9);
}

double hs_emu_copy_seconds(int m, int n, int esize)
{
    return machine.link_latency_us * 1e-6 + (double)m * n * esize / (machine.link_gbs * 1e9);
}
