/* hetscal-info (tools/hetscal_info_main.c): what hetscal will do in this
 * job, asked the way the application runs (mpiexec -n 4 hetscal-info).
 * Each rank fills one info_rank (tools/hetscal_info_facts.c), rank 0
 * gathers them and prints them as text or JSON (hetscal_info_print.c),
 * and every rank takes part in the self-test (hetscal_info_selftest.c).
 * A program, not part of libhetscal: nothing here is exported. */
#ifndef HETSCAL_TOOLS_HETSCAL_INFO_H
#define HETSCAL_TOOLS_HETSCAL_INFO_H

#include <stdio.h>

#include "util/kernel_rates.h"

enum { INFO_WORD = 64, INFO_TEXT = 256, INFO_LINE = 1024, INFO_MAX_GPUS = 16,
       INFO_MAX_COMMON = 16 };

/* A GPU this rank would run on: its device name ("cuda:0", "emu:1") and
 * its UUID ("GPU-xxxxxxxx-..."; empty for an emulated GPU, which has
 * none). */
typedef struct info_gpu {
    char name[INFO_WORD];
    char uuid[INFO_WORD];
} info_gpu;

/* One rank's facts: a plain struct, gathered to rank 0 as bytes (the
 * ranks of one job run the same program). */
typedef struct info_rank {
    int rank;
    char host[INFO_TEXT];
    /* Build and libraries, as this rank's process found them. */
    char version[INFO_WORD];
    char mpi_flavour[INFO_WORD];
    char mpi_library[INFO_TEXT];    /* MPI_Get_library_version's first line */
    char blas[INFO_TEXT];           /* openblas_get_config, or "unknown" */
    char blas_path[INFO_TEXT];      /* the library dgemm_ comes from */
    char scalapack[INFO_TEXT];      /* where a forwarded call goes */
    int cuda_built;
    char cuda[INFO_TEXT];           /* runtime, driver, cuBLAS, cuSOLVER */
    /* Resources. */
    int cores;                      /* CPUs in the affinity mask */
    char cpus[INFO_TEXT];           /* the mask as a list, "0-3,8" */
    int threads;                    /* HETSCAL_NUM_THREADS as a call reads it */
    int local_index, local_ranks;   /* among the grid's ranks on this node */
    char devices[INFO_LINE];        /* the registry's line, or "cpu only: ..." */
    int ngpus;
    info_gpu gpus[INFO_MAX_GPUS];
    /* The configuration as this rank reads it: the values rank (0,0)
     * decides (api/config_agree.h), then its own. */
    int common[INFO_MAX_COMMON];
    int copy_percent;
    char keep_memory[INFO_WORD];          /* HETSCAL_KEEP_MEMORY's bound */
    char keep_device_memory[INFO_WORD];   /* per GPU */
    char panels[INFO_WORD];
    char summary[INFO_WORD];
    /* Kernel rates: source -1 when no size is known (not measured yet),
     * else enum hs_rates_source; known[s] for the ladder's sizes. */
    int rates_source;
    char rates_file[INFO_TEXT];
    int known[HS_RATE_SIZES];
    double rates[HS_RATE_SIZES][HS_NRATES];
} info_rank;

/* What the grid agrees (hs_config_agree on every rank, rank 0's copy). */
typedef struct info_grid {
    int nranks, nprow, npcol;
    int ncommon;
    const char *common_name[INFO_MAX_COMMON];
    int common[INFO_MAX_COMMON];
    int grid_threads, accel_ranks;
    double accel_host_rate, accel_rate;
    int forward_cholesky, forward_lu_qr;   /* HS_FORWARD_* of P?POTRF, of P?GETRF and P?GEQRF */
} info_grid;

/* One self-test row. */
typedef struct info_test {
    const char *routine;
    int n, nb, info, ref_info, passed;
    double difference;        /* max |hetscal - reference| / (max |reference| N eps) */
    double gflops, ref_gflops;
    char note[INFO_TEXT];
} info_test;

enum { INFO_NTESTS = 3 };

typedef struct info_options {
    int json, test, measure, n, nb;
} info_options;

/* Fills *me (collective over the grid of ctxt: the configuration and
 * the GPU placement are agreed as a call agrees them) and, on rank 0,
 * *grid.  Returns 0, or a hetscal status. */
int hetscal_info_facts(int ctxt, const info_options *opt, info_rank *me, info_grid *grid);

/* The self-test on the grid of ctxt: tests[INFO_NTESTS], the same on
 * every rank; returns the number that failed. */
int hetscal_info_selftest(int ctxt, const info_options *opt, info_test *tests);

/* CUDA's versions into out (tools/hetscal_info_cuda.c, CUDA builds). */
void hetscal_info_cuda_versions(char *out, size_t bytes);

/* Rank 0: the facts of all ranks (ranks[0..nranks-1]), the grid's
 * agreement and the self-test rows (ntests 0 when skipped). */
void hetscal_info_print_text(FILE *f, const info_rank *ranks, const info_grid *grid);
void hetscal_info_print_tests_text(FILE *f, const info_test *tests, int ntests);
void hetscal_info_print_json(FILE *f, const info_rank *ranks, const info_grid *grid,
                             const info_test *tests, int ntests, int tested);

#endif
