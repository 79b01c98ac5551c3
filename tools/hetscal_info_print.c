/* hetscal-info's report on rank 0: text for a person (one block for the
 * build, one per node with a line per rank, the grid's agreed
 * configuration, the self-test), or the same as one JSON document.  The
 * ranks whose facts differ from rank 0's are listed in both: for a value
 * the grid agrees, rank (0,0)'s (rank 0's) is the one every call uses. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tools/hetscal_info.h"
#include "util/config.h"
#include "util/kernel_rates.h"

/* One difference from rank 0: what, its value here and on rank 0, and
 * whether the grid agrees it (then rank 0's is used). */
typedef struct difference {
    int rank, agreed;
    char what[INFO_WORD];
    char value[INFO_TEXT], rank0[INFO_TEXT];
} difference;

static void gpu_list(const info_rank *r, char *out, size_t bytes)
{
    size_t used = 0;
    out[0] = '\0';
    if (r->ngpus == 0)
        snprintf(out, bytes, "none");
    for (int i = 0; i < r->ngpus && used < bytes; i++) {
        int n = snprintf(out + used, bytes - used, "%s%s", i ? " " : "", r->gpus[i].name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

/* The facts compared between ranks, as text, k-th of them (name, value);
 * 0 past the last.  *agreed: a value that the grid agrees. */
static int fact(const info_rank *r, const info_grid *g, int k, char *name, char *value,
                int *agreed)
{
    const char *const own[] = { "hetscal", "MPI", "BLAS", "BLAS library", "ScaLAPACK", "CUDA",
                                "GPUs", "HETSCAL_COPY_PERCENT", "HETSCAL_SUMMARY",
                                "HETSCAL_KEEP_MEMORY", "HETSCAL_KEEP_DEVICE_MEMORY" };
    int nown = (int)(sizeof own / sizeof own[0]);
    *agreed = 0;
    if (k < nown) {
        snprintf(name, INFO_WORD, "%s", own[k]);
        switch (k) {
        case 0: snprintf(value, INFO_TEXT, "%s", r->version); break;
        case 1: snprintf(value, INFO_TEXT, "%s", r->mpi_library); break;
        case 2: snprintf(value, INFO_TEXT, "%s", r->blas); break;
        case 3: snprintf(value, INFO_TEXT, "%s", r->blas_path); break;
        case 4: snprintf(value, INFO_TEXT, "%s", r->scalapack); break;
        case 5: snprintf(value, INFO_TEXT, "%s", r->cuda); break;
        case 6: gpu_list(r, value, INFO_TEXT); break;
        case 7: snprintf(value, INFO_TEXT, "%d", r->copy_percent); break;
        case 8: snprintf(value, INFO_TEXT, "%s", r->summary); break;
        case 9: snprintf(value, INFO_TEXT, "%s", r->keep_memory); break;
        default: snprintf(value, INFO_TEXT, "%s", r->keep_device_memory); break;
        }
        return 1;
    }
    k -= nown;
    if (k >= g->ncommon)
        return 0;
    *agreed = 1;
    snprintf(name, INFO_WORD, "%s", g->common_name[k]);
    snprintf(value, INFO_TEXT, "%d", r->common[k]);
    return 1;
}

/* The differences from rank 0, at most max; their count. */
static int differences(const info_rank *ranks, const info_grid *g, difference *d, int max)
{
    int n = 0;
    for (int r = 1; r < g->nranks; r++) {
        char name[INFO_WORD], value[INFO_TEXT], name0[INFO_WORD], value0[INFO_TEXT];
        int agreed;
        for (int k = 0; fact(&ranks[r], g, k, name, value, &agreed); k++) {
            fact(&ranks[0], g, k, name0, value0, &agreed);
            if (strcmp(value, value0) == 0 || n >= max)
                continue;
            d[n] = (difference){ .rank = r, .agreed = agreed };
            snprintf(d[n].what, sizeof d[n].what, "%s", name);
            snprintf(d[n].value, sizeof d[n].value, "%s", value);
            snprintf(d[n].rank0, sizeof d[n].rank0, "%s", value0);
            n++;
        }
    }
    return n;
}

enum { MAX_DIFFERENCES = 256 };

static const char *source_name(int source)
{
    return source == HS_RATES_MEASURED ? "measured now"
           : source == HS_RATES_FORCED ? "forced by HETSCAL_KERNEL_RATES" : "from the rates file";
}

static void print_rates_text(FILE *f, const info_rank *r)
{
    if (r->rates_source < 0) {
        fprintf(f, "    kernel rates: not measured yet (rates file %s; --measure measures them)\n",
                r->rates_file);
        return;
    }
    fprintf(f, "    kernel rates, %s (%s), GF/s per thread, gemm/syrk/trsm/potrf by tile size:\n"
               "     ", source_name(r->rates_source), r->rates_file);
    for (int s = 0; s < HS_RATE_SIZES; s++)
        if (r->known[s])
            fprintf(f, " %d: %.1f/%.1f/%.1f/%.1f", hs_rate_size[s], r->rates[s][0],
                    r->rates[s][1], r->rates[s][2], r->rates[s][3]);
    fprintf(f, "\n");
}

static void print_rank_text(FILE *f, const info_rank *r)
{
    fprintf(f, "  rank %d: %d core(s) (cpus %s), HETSCAL_NUM_THREADS %d, local rank %d of %d\n",
            r->rank, r->cores, r->cpus, r->threads, r->local_index, r->local_ranks);
    fprintf(f, "    devices: %s\n", r->devices);
    for (int i = 0; i < r->ngpus; i++)
        fprintf(f, "    gpu %s: %s\n", r->gpus[i].name,
                r->gpus[i].uuid[0] ? r->gpus[i].uuid : "emulated, no UUID");
    print_rates_text(f, r);
}

/* The grid's broadcast shapes, as HETSCAL_BROADCAST's words. */
static const char *broadcast_word(int forward)
{
    return forward == HS_FORWARD_CHAIN ? "chain" : forward == HS_FORWARD_TREE ? "tree" : "flat";
}

static void print_config_text(FILE *f, const info_rank *r0, const info_grid *g)
{
    fprintf(f, "configuration the grid agrees on (rank (0,0)'s values; 0: the default rule)\n");
    for (int k = 0; k < g->ncommon; k++)
        fprintf(f, "  %-24s %d\n", g->common_name[k], g->common[k]);
    if (g->forward_cholesky == g->forward_lu_qr)
        fprintf(f, "  %-24s %s (on this grid's %d ranks)\n", "broadcast",
                broadcast_word(g->forward_cholesky), g->nranks);
    else
        fprintf(f, "  %-24s %s for P?POTRF, %s for P?GETRF and P?GEQRF (on this grid's %d ranks)\n",
                "broadcast", broadcast_word(g->forward_cholesky),
                broadcast_word(g->forward_lu_qr), g->nranks);
    fprintf(f, "  %-24s %d\n", "grid threads", g->grid_threads);
    fprintf(f, "  %-24s %d", "ranks with GPUs", g->accel_ranks);
    if (g->accel_ranks)
        fprintf(f, " (DGEMM %.1f GF/s host, %.1f GF/s GPUs, averages)", g->accel_host_rate,
                g->accel_rate);
    fprintf(f, "\n  %-24s %s\n", "panels", r0->panels);
    fprintf(f, "each rank's own (rank 0's shown)\n");
    fprintf(f, "  %-24s %d\n", "HETSCAL_COPY_PERCENT", r0->copy_percent);
    fprintf(f, "  %-24s %s\n", "HETSCAL_SUMMARY", r0->summary);
    fprintf(f, "  %-24s %s kept between calls\n", "HETSCAL_KEEP_MEMORY", r0->keep_memory);
    fprintf(f, "  %-24s %s per GPU\n", "HETSCAL_KEEP_DEVICE_MEMORY", r0->keep_device_memory);
}

void hetscal_info_print_text(FILE *f, const info_rank *ranks, const info_grid *g)
{
    static difference d[MAX_DIFFERENCES];
    const info_rank *r0 = &ranks[0];
    int nd = differences(ranks, g, d, MAX_DIFFERENCES);

    fprintf(f, "hetscal-info: %d rank(s), grid %d x %d\n", g->nranks, g->nprow, g->npcol);
    fprintf(f, "build (rank 0)\n");
    fprintf(f, "  %-12s %s\n", "hetscal", r0->version);
    fprintf(f, "  %-12s %s: %s\n", "MPI", r0->mpi_flavour, r0->mpi_library);
    fprintf(f, "  %-12s %s (%s)\n", "BLAS", r0->blas, r0->blas_path);
    fprintf(f, "  %-12s %s (where a forwarded call goes)\n", "ScaLAPACK", r0->scalapack);
    fprintf(f, "  %-12s %s%s\n", "CUDA", r0->cuda_built ? "yes: " : "no: ", r0->cuda);

    /* One block per node, in the order of its first rank. */
    for (int r = 0; r < g->nranks; r++) {
        int first = 1;
        for (int q = 0; q < r && first; q++)
            first = strcmp(ranks[q].host, ranks[r].host) != 0;
        if (!first)
            continue;
        fprintf(f, "node %s: ranks", ranks[r].host);
        for (int q = r; q < g->nranks; q++)
            if (strcmp(ranks[q].host, ranks[r].host) == 0)
                fprintf(f, " %d", q);
        fprintf(f, "\n");
        for (int q = r; q < g->nranks; q++)
            if (strcmp(ranks[q].host, ranks[r].host) == 0)
                print_rank_text(f, &ranks[q]);
    }
    print_config_text(f, r0, g);
    fprintf(f, "ranks that differ from rank 0: %s\n", nd ? "" : "none");
    for (int i = 0; i < nd; i++)
        fprintf(f, "  rank %d differs: %s=%s (rank 0: %s)%s\n", d[i].rank, d[i].what,
                d[i].value, d[i].rank0,
                d[i].agreed ? "; rank (0,0)'s value is used on the whole grid" : "");
}

void hetscal_info_print_tests_text(FILE *f, const info_test *t, int ntests)
{
    if (ntests == 0) {
        fprintf(f, "self-test: skipped (--no-test)\n");
        return;
    }
    fprintf(f, "self-test against the reference ScaLAPACK (N = %d, NB = %d)\n", t[0].n,
            t[0].nb);
    int failed = 0;
    for (int k = 0; k < ntests; k++) {
        fprintf(f, "  %-8s %s  difference %.3g N eps  hetscal %.2f GF/s  reference %.2f GF/s",
                t[k].routine, t[k].passed ? "PASSED" : "FAILED", t[k].difference, t[k].gflops,
                t[k].ref_gflops);
        fprintf(f, "%s%s\n", t[k].note[0] ? "  " : "", t[k].note);
        failed += !t[k].passed;
    }
    fprintf(f, "self-test: %d of %d failed\n", failed, ntests);
}

/* JSON: strings escaped, numbers that are not finite written as null. */
static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void json_number(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.6g", v);
    else
        fprintf(f, "null");
}

static void json_key(FILE *f, const char *key, const char *value, int comma)
{
    json_string(f, key);
    fprintf(f, ": ");
    json_string(f, value);
    fprintf(f, "%s", comma ? ", " : "");
}

static void json_rank(FILE *f, const info_rank *r, const info_grid *g)
{
    fprintf(f, "    {\"rank\": %d, ", r->rank);
    json_key(f, "host", r->host, 1);
    json_key(f, "hetscal", r->version, 1);
    json_key(f, "mpi_flavour", r->mpi_flavour, 1);
    json_key(f, "mpi_library", r->mpi_library, 1);
    json_key(f, "blas", r->blas, 1);
    json_key(f, "blas_library", r->blas_path, 1);
    json_key(f, "scalapack", r->scalapack, 1);
    fprintf(f, "\"cuda_built\": %s, ", r->cuda_built ? "true" : "false");
    json_key(f, "cuda", r->cuda, 1);
    fprintf(f, "\n     \"cores\": %d, ", r->cores);
    json_key(f, "cpus", r->cpus, 1);
    fprintf(f, "\"threads\": %d, \"local_rank\": %d, \"local_ranks\": %d, ", r->threads,
            r->local_index, r->local_ranks);
    json_key(f, "devices", r->devices, 1);
    fprintf(f, "\"gpus\": [");
    for (int i = 0; i < r->ngpus; i++) {
        fprintf(f, "%s{", i ? ", " : "");
        json_key(f, "name", r->gpus[i].name, 1);
        json_key(f, "uuid", r->gpus[i].uuid, 0);
        fprintf(f, "}");
    }
    fprintf(f, "],\n     \"config\": {");
    for (int k = 0; k < g->ncommon; k++)
        fprintf(f, "\"%s\": %d, ", g->common_name[k], r->common[k]);
    fprintf(f, "\"HETSCAL_COPY_PERCENT\": %d, ", r->copy_percent);
    json_key(f, "panels", r->panels, 1);
    json_key(f, "HETSCAL_SUMMARY", r->summary, 1);
    json_key(f, "HETSCAL_KEEP_MEMORY", r->keep_memory, 1);
    json_key(f, "HETSCAL_KEEP_DEVICE_MEMORY", r->keep_device_memory, 0);
    fprintf(f, "},\n     \"kernel_rates\": {");
    json_key(f, "source", r->rates_source < 0 ? "not measured yet" : source_name(r->rates_source),
             1);
    json_key(f, "file", r->rates_file, 1);
    fprintf(f, "\"sizes\": [");
    int first = 1;
    for (int s = 0; s < HS_RATE_SIZES; s++) {
        if (!r->known[s])
            continue;
        fprintf(f, "%s{\"b\": %d, \"gemm\": ", first ? "" : ", ", hs_rate_size[s]);
        json_number(f, r->rates[s][HS_RATE_GEMM]);
        fprintf(f, ", \"syrk\": ");
        json_number(f, r->rates[s][HS_RATE_SYRK]);
        fprintf(f, ", \"trsm\": ");
        json_number(f, r->rates[s][HS_RATE_TRSM]);
        fprintf(f, ", \"potrf\": ");
        json_number(f, r->rates[s][HS_RATE_POTRF]);
        fprintf(f, "}");
        first = 0;
    }
    fprintf(f, "]}}");
}

void hetscal_info_print_json(FILE *f, const info_rank *ranks, const info_grid *g,
                             const info_test *t, int ntests, int tested)
{
    static difference d[MAX_DIFFERENCES];
    int nd = differences(ranks, g, d, MAX_DIFFERENCES), failed = 0;

    fprintf(f, "{\n  \"nranks\": %d, \"grid\": [%d, %d],\n  \"ranks\": [\n", g->nranks,
            g->nprow, g->npcol);
    for (int r = 0; r < g->nranks; r++) {
        json_rank(f, &ranks[r], g);
        fprintf(f, "%s\n", r + 1 < g->nranks ? "," : "");
    }
    fprintf(f, "  ],\n  \"agreed\": {");
    for (int k = 0; k < g->ncommon; k++)
        fprintf(f, "\"%s\": %d, ", g->common_name[k], g->common[k]);
    json_key(f, "broadcast_potrf", broadcast_word(g->forward_cholesky), 1);
    json_key(f, "broadcast_getrf_geqrf", broadcast_word(g->forward_lu_qr), 1);
    json_key(f, "panels", ranks[0].panels, 1);
    fprintf(f, "\"grid_threads\": %d, \"accel_ranks\": %d, \"accel_host_gflops\": ",
            g->grid_threads, g->accel_ranks);
    json_number(f, g->accel_host_rate);
    fprintf(f, ", \"accel_gflops\": ");
    json_number(f, g->accel_rate);
    fprintf(f, "},\n  \"differences\": [");
    for (int i = 0; i < nd; i++) {
        fprintf(f, "%s\n    {\"rank\": %d, ", i ? "," : "", d[i].rank);
        json_key(f, "what", d[i].what, 1);
        json_key(f, "value", d[i].value, 1);
        json_key(f, "rank0", d[i].rank0, 1);
        fprintf(f, "\"agreed\": %s}", d[i].agreed ? "true" : "false");
    }
    fprintf(f, "%s],\n  \"self_test\": {\"run\": %s, \"tests\": [", nd ? "\n  " : "",
            tested ? "true" : "false");
    for (int k = 0; k < ntests; k++) {
        fprintf(f, "%s\n    {", k ? "," : "");
        json_key(f, "routine", t[k].routine, 1);
        fprintf(f, "\"n\": %d, \"nb\": %d, \"passed\": %s, \"info\": %d, \"reference_info\": %d, "
                   "\"difference_n_eps\": ", t[k].n, t[k].nb, t[k].passed ? "true" : "false",
                t[k].info, t[k].ref_info);
        json_number(f, t[k].difference);
        fprintf(f, ", \"gflops\": ");
        json_number(f, t[k].gflops);
        fprintf(f, ", \"reference_gflops\": ");
        json_number(f, t[k].ref_gflops);
        fprintf(f, ", ");
        json_key(f, "note", t[k].note, 0);
        fprintf(f, "}");
        failed += !t[k].passed;
    }
    fprintf(f, "%s], \"failed\": %d}\n}\n", ntests ? "\n  " : "", failed);
}
