/* Threads per rank, set the same way for both routines: hetscal gets T
 * workers (HETSCAL_NUM_THREADS, read at every call) and keeps its BLAS
 * single-threaded inside them; the reference gets T BLAS threads
 * (openblas_set_num_threads, which overrides OPENBLAS_NUM_THREADS, so
 * testing/launch's OPENBLAS_NUM_THREADS=1 does not matter).  HETSCAL_DEVICES
 * is set here too, and the ranks outside a grid wait here without taking
 * a core from those inside. */
#define _GNU_SOURCE
#include "config.h"

#include <mpi.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "time_scalapack.h"

static int cores_available(void)
{
    cpu_set_t set;
    long n;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

int time_threads_per_rank(int requested, int in_grid)
{
    static MPI_Comm node = MPI_COMM_NULL;
    int on_node, mine, fewest;

    if (node == MPI_COMM_NULL)
        MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0,
                            MPI_INFO_NULL, &node);
    MPI_Allreduce(&in_grid, &on_node, 1, MPI_INT, MPI_SUM, node);
    /* the same count on every rank: that of the busiest node */
    mine = in_grid ? cores_available() / on_node : 1 << 30;
    MPI_Allreduce(&mine, &fewest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (requested > 0)
        return requested;
    return fewest > 0 ? fewest : 1;
}

void time_threads_apply(int threads, const char *devices)
{
    static int saved;
    static char *initial;
    char value[16];

    if (!saved) {
        const char *env = getenv("HETSCAL_DEVICES");
        initial = env != NULL ? strdup(env) : NULL;
        saved = 1;
    }
    snprintf(value, sizeof value, "%d", threads);
    setenv("HETSCAL_NUM_THREADS", value, 1);
    if (strcmp(devices, "-") != 0)
        setenv("HETSCAL_DEVICES", devices, 1);
    else if (initial != NULL)
        setenv("HETSCAL_DEVICES", initial, 1);
    else
        unsetenv("HETSCAL_DEVICES");
    time_blas_threads(threads);
}

void time_idle_barrier(void)
{
    const struct timespec nap = { 0, 200000 };
    MPI_Request req;
    int done = 0;
    MPI_Ibarrier(MPI_COMM_WORLD, &req);
    for (MPI_Test(&req, &done, MPI_STATUS_IGNORE); !done;
         MPI_Test(&req, &done, MPI_STATUS_IGNORE))
        nanosleep(&nap, NULL);
}
