/* GPU placement over a node's ranks (see gpu_placement.h). */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "plan/gpu_placement.h"
#include "blacs_shim/grid.h"
#include "device/device.h"
#include "util/mem.h"

enum { SLOT_BYTES = HS_MAX_PLACED * HS_UUID_BYTES };

/* The launcher's count of this job's ranks on the node and this rank's
 * index among them (MPICH's Hydra, Open MPI), or 0. */
static int launcher_local(int *index)
{
    static const char *const names[][2] = {
        { "MPI_LOCALNRANKS", "MPI_LOCALRANKID" },
        { "OMPI_COMM_WORLD_LOCAL_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK" } };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        const char *size = getenv(names[k][0]), *rank = getenv(names[k][1]);
        if (size && rank && atoi(size) > 0 && atoi(rank) >= 0 && atoi(rank) < atoi(size)) {
            *index = atoi(rank);
            return atoi(size);
        }
    }
    return 0;
}

static void place(hetscal_grid *g, MPI_Comm node)
{
    const char *spec = getenv("HETSCAL_DEVICES");
    unsigned char mine[HS_MAX_PLACED][HS_UUID_BYTES];
    int nranks = g->local_ranks, me = g->local_index, count;

    memset(mine, 0, sizeof mine);
    count = hs_devices_visible_uuids(spec ? spec : "", mine, HS_MAX_PLACED);
    int *counts = hs_mem_alloc((size_t)nranks * sizeof *counts);
    unsigned char (*all)[HS_UUID_BYTES] = hs_mem_alloc((size_t)nranks * SLOT_BYTES);
    int ok = counts && all, all_ok = 0;
    /* Every rank takes part in the exchange or none does. */
    if (MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, node) == MPI_SUCCESS && all_ok &&
        MPI_Allgather(&count, 1, MPI_INT, counts, 1, MPI_INT, node) == MPI_SUCCESS &&
        MPI_Allgather(mine, SLOT_BYTES, MPI_BYTE, all, SLOT_BYTES, MPI_BYTE, node)
            == MPI_SUCCESS) {
        /* Packed: rank r's UUIDs right after rank r-1's. */
        int packed = 0;
        for (int r = 0; r < nranks; r++)
            for (int i = 0; i < counts[r]; i++, packed++)
                memmove(all[packed], all[r * HS_MAX_PLACED + i], HS_UUID_BYTES);
        g->gpu_count = hs_devices_assign(nranks, counts, all, me, -1, g->gpu_ordinals);

        /* The grid has fewer of the node's ranks than the launcher
         * started there: the others may use these GPUs too, and cannot be
         * asked now.  Take turns by the launcher's local rank. */
        int index = 0, launched = launcher_local(&index);
        if (launched > nranks) {
            g->gpu_count = 0;
            for (int o = index; o < count; o += launched)
                g->gpu_ordinals[g->gpu_count++] = o;
        }
    }
    hs_mem_free(counts);
    hs_mem_free(all);
}

static void install(void)
{
    hetscal_grid_set_build_hook(place);
}

void hs_gpu_placement_install(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install);
}

const hs_gpu_placement *hs_grid_gpus(const hetscal_grid *g, hs_gpu_placement *buf)
{
    if (g->gpu_count < 0)
        return NULL;
    buf->count = g->gpu_count;
    memcpy(buf->ordinals, g->gpu_ordinals, sizeof buf->ordinals);
    return buf;
}
