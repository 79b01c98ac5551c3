/* hetscal-info: one rank's facts (see hetscal_info.h), read where a call
 * reads them, so that the report says what a call would do: the
 * configuration through hs_config_read and hs_config_agree, the devices
 * through the session's opening under the node's agreed GPU placement,
 * the kernel rates from the rates file that the tile-size choice reads. */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <math.h>
#include <mpi.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/config_agree.h"
#include "plan/gpu_placement.h"
#include "api/run_summary.h"
#include "blacs_shim/grid.h"
#include "device/device.h"
#include "include/hetscal.h"
#include "runtime/session.h"
#include "tools/hetscal_info.h"
#include "util/config.h"
#include "util/kernel_rates.h"
#include "util/kernel_rates_file.h"

/* The shared object that defines address p, or `none`. */
static void library_of(void *p, char *out, size_t bytes, const char *none)
{
    Dl_info info;
    if (p && dladdr(p, &info) && info.dli_fname && *info.dli_fname)
        snprintf(out, bytes, "%s", info.dli_fname);
    else
        snprintf(out, bytes, "%s", none);
}

static void build_facts(info_rank *me)
{
    char lib[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;

    snprintf(me->version, sizeof me->version, "%s", hetscal_version());
#if defined(OMPI_MAJOR_VERSION)
    snprintf(me->mpi_flavour, sizeof me->mpi_flavour, "Open MPI");
#elif defined(MPICH_VERSION)
    snprintf(me->mpi_flavour, sizeof me->mpi_flavour, "MPICH");
#else
    snprintf(me->mpi_flavour, sizeof me->mpi_flavour, "unknown");
#endif
    /* The first line names the library and its version; MPICH goes on
     * with its whole configure line. */
    if (MPI_Get_library_version(lib, &len) == MPI_SUCCESS) {
        lib[strcspn(lib, "\n")] = '\0';
        for (char *c = lib; *c; c++)
            if (*c == '\t')
                *c = ' ';
        snprintf(me->mpi_library, sizeof me->mpi_library, "%.*s", INFO_TEXT - 1, lib);
    } else {
        snprintf(me->mpi_library, sizeof me->mpi_library, "unknown");
    }

    /* OpenBLAS says what it was built for; any other BLAS only where it
     * comes from. */
    typedef char *(*config_fn)(void);
    config_fn get_config = (config_fn)dlsym(RTLD_DEFAULT, "openblas_get_config");
    const char *cfg = get_config ? get_config() : NULL;
    snprintf(me->blas, sizeof me->blas, "%s", cfg && *cfg ? cfg : "unknown");
    me->blas[strcspn(me->blas, "\n")] = '\0';
    library_of(dlsym(RTLD_DEFAULT, "dgemm_"), me->blas_path, sizeof me->blas_path,
               "unknown");

    /* HETSCAL_DISABLE hands a call to the next PDPOTRF in the link chain
     * after hetscal's (api/call_entry.c): the same lookup here. */
    library_of(dlsym(RTLD_NEXT, "pdpotrf_"), me->scalapack, sizeof me->scalapack,
               "none: a forwarded call has no ScaLAPACK to go to");

#ifdef HETSCAL_HAVE_CUDA
    me->cuda_built = 1;
    hetscal_info_cuda_versions(me->cuda, sizeof me->cuda);
#else
    me->cuda_built = 0;
    snprintf(me->cuda, sizeof me->cuda, "not built with CUDA");
#endif
}

/* The affinity mask as a list of ranges ("0-3,8"); the count returned. */
static int cpu_facts(char *out, size_t bytes)
{
    cpu_set_t set;
    size_t used = 0;
    out[0] = '\0';
    if (sched_getaffinity(0, sizeof set, &set) != 0) {
        snprintf(out, bytes, "unknown");
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        return n > 0 ? (int)n : 1;
    }
    for (int c = 0; c < CPU_SETSIZE; c++) {
        if (!CPU_ISSET(c, &set))
            continue;
        int last = c;
        while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, &set))
            last++;
        int n = last > c ? snprintf(out + used, bytes - used, "%s%d-%d", used ? "," : "", c, last)
                         : snprintf(out + used, bytes - used, "%s%d", used ? "," : "", c);
        if (n < 0 || (size_t)n >= bytes - used)
            break;
        used += (size_t)n;
        c = last;
    }
    return CPU_COUNT(&set);
}

/* NVIDIA's spelling of a UUID: GPU-8-4-4-4-12 hex digits. */
static void uuid_text(const unsigned char *u, char *out, size_t bytes)
{
    size_t used = (size_t)snprintf(out, bytes, "GPU-");
    for (int i = 0; i < HS_UUID_BYTES && used + 3 < bytes; i++) {
        int dash = i == 4 || i == 6 || i == 8 || i == 10;
        used += (size_t)snprintf(out + used, bytes - used, "%s%02x", dash ? "-" : "", u[i]);
    }
}

/* The devices a call of this rank would run on, opened as the first call
 * opens them (HETSCAL_DEVICES, the node's agreed placement). */
static void device_facts(const hetscal_grid *grid, info_rank *me)
{
    hs_gpu_placement place;
    hs_device **devs;
    int ndev = 0;
    const char *msg = "";
    const char *spec = getenv("HETSCAL_DEVICES");
    static unsigned char uuid[HS_MAX_PLACED * 4][HS_UUID_BYTES];

    if (hs_session_devices(grid->local_index, grid->local_ranks, hs_grid_gpus(grid, &place),
                           &devs, &ndev, &msg) != HETSCAL_SUCCESS) {
        snprintf(me->devices, sizeof me->devices, "cpu only: the devices cannot be opened");
        hs_session_devices_release();
        return;
    }
    if (strncmp(msg, "devices: ", 9) == 0)
        msg += 9;
    if (ndev <= 1 && strncmp(msg, "cpu only", 8) != 0)
        snprintf(me->devices, sizeof me->devices, "cpu only: %s", msg);
    else
        snprintf(me->devices, sizeof me->devices, "%s", msg);

    int nuuid = hs_devices_visible_uuids(spec ? spec : "", uuid, HS_MAX_PLACED * 4);
    me->ngpus = 0;
    for (int d = 1; d < ndev && me->ngpus < INFO_MAX_GPUS; d++) {
        info_gpu *g = &me->gpus[me->ngpus++];
        snprintf(g->name, sizeof g->name, "%s", devs[d]->name);
        g->uuid[0] = '\0';
        /* A CUDA device is named after its ordinal, which indexes the
         * visible UUIDs; an emulated GPU has none. */
        int ordinal = devs[d]->kind == HS_DEV_CUDA ? atoi(devs[d]->name + 5) : -1;
        if (ordinal >= 0 && ordinal < nuuid)
            uuid_text(uuid[ordinal], g->uuid, sizeof g->uuid);
    }
    hs_session_devices_release();
}

/* The rates the tile-size choice would use, without measuring them
 * unless asked (--measure measures as a first large call does). */
static void rate_facts(const hetscal_grid *grid, const info_options *opt, info_rank *me)
{
    char sig[HS_RATES_SIGNATURE];
    const char *forced = getenv("HETSCAL_KERNEL_RATES");

    if (!hs_rates_file_path(me->rates_file, sizeof me->rates_file))
        snprintf(me->rates_file, sizeof me->rates_file, "none");
    memset(me->known, 0, sizeof me->known);
    memset(me->rates, 0, sizeof me->rates);
    me->rates_source = -1;
    /* HETSCAL_KERNEL_RATES wins over everything, as in a call; a
     * malformed value is ignored there too (and the rates measured). */
    if (forced && *forced && hs_kernel_rates_parse(forced, me->rates) == 0) {
        me->rates_source = HS_RATES_FORCED;
        for (int s = 0; s < HS_RATE_SIZES; s++)
            me->known[s] = 1;
        return;
    }
    memset(me->rates, 0, sizeof me->rates);
    if (opt->measure) {
        me->rates_source = hs_kernel_rates(HS_RATE_SIZES, me->threads, grid->local_ranks,
                                           me->rates);
        for (int s = 0; s < HS_RATE_SIZES; s++)
            me->known[s] = me->rates[s][HS_RATE_GEMM] > 0;
        return;
    }
    hs_rates_signature(sig, me->threads, grid->local_ranks);
    for (int s = 0; s < HS_RATE_SIZES; s++)
        if (hs_rates_file_load(sig, hs_rate_size[s], me->rates[s]) == 0) {
            me->known[s] = 1;
            me->rates_source = HS_RATES_FILE;
        }
}

/* A memory bound of util/config.c in words: "none", "any size" or MiB. */
static void bound_text(double bytes, char *out, size_t len)
{
    if (bytes <= 0)
        snprintf(out, len, "none");
    else if (bytes > 1e200)
        snprintf(out, len, "any size");
    else
        snprintf(out, len, "%.0f MiB", bytes / (1024.0 * 1024.0));
}

static void config_facts(const hs_config *cfg, info_rank *me)
{
    int ncommon = hs_config_common_count();
    for (int k = 0; k < ncommon && k < INFO_MAX_COMMON; k++)
        me->common[k] = hs_config_common_value(cfg, k);
    me->threads = cfg->num_threads;
    me->copy_percent = (int)lround(cfg->copy_fraction * 100);
    bound_text(cfg->keep_bytes, me->keep_memory, sizeof me->keep_memory);
    bound_text(cfg->keep_device_bytes, me->keep_device_memory, sizeof me->keep_device_memory);
    snprintf(me->panels, sizeof me->panels, "%s",
             cfg->panels == HS_PANELS_HOST     ? "host"
             : cfg->panels == HS_PANELS_DEVICE ? "device"
                                               : "cost");
    snprintf(me->summary, sizeof me->summary, "%s", hs_run_summary_wanted() ? "on" : "off");
}

int hetscal_info_facts(int ctxt, const info_options *opt, info_rank *me, info_grid *grid)
{
    hs_config cfg, agreed;
    int err = 0;

    memset(me, 0, sizeof *me);
    MPI_Comm_rank(MPI_COMM_WORLD, &me->rank);
    if (gethostname(me->host, sizeof me->host - 1) != 0)
        snprintf(me->host, sizeof me->host, "unknown");
    build_facts(me);
    me->cores = cpu_facts(me->cpus, sizeof me->cpus);

    /* The grid as a call sets it up: the GPU placement hook first, so
     * that the node's ranks agree on their GPUs when it is built. */
    hs_gpu_placement_install();
    const hetscal_grid *g = hetscal_grid_get(ctxt, &err);
    if (!g)
        return err ? err : HETSCAL_ERR_INTERNAL;
    me->local_index = g->local_index;
    me->local_ranks = g->local_ranks;

    hs_config_read(&cfg, g->local_ranks);
    config_facts(&cfg, me);
    agreed = cfg;
    err = hs_config_agree(&agreed, g);
    hs_session_devices_release();
    if (err)
        return err;
    device_facts(g, me);
    rate_facts(g, opt, me);

    memset(grid, 0, sizeof *grid);
    grid->nranks = g->size;
    grid->nprow = g->nprow;
    grid->npcol = g->npcol;
    grid->ncommon = hs_config_common_count();
    if (grid->ncommon > INFO_MAX_COMMON)
        grid->ncommon = INFO_MAX_COMMON;
    for (int k = 0; k < grid->ncommon; k++) {
        grid->common_name[k] = hs_config_common_name(k);
        grid->common[k] = hs_config_common_value(&agreed, k);
    }
    grid->grid_threads = agreed.grid_threads;
    grid->accel_ranks = agreed.accel_ranks;
    grid->accel_host_rate = agreed.accel_host_rate;
    grid->accel_rate = agreed.accel_rate;
    grid->forward_cholesky = hs_config_forward_copies(&agreed, g->size, HS_FORWARD_CHAIN);
    grid->forward_lu_qr = hs_config_forward_copies(&agreed, g->size, HS_FORWARD_TREE);
    return 0;
}
