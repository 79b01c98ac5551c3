/* Entry and exit of every call (see call_guard.h). */
#include "config.h"

#include <mpi.h>
#include <pthread.h>

#include "api/call_guard.h"
#include "plan/gpu_placement.h"
#include "runtime/engine.h"
#include "runtime/session.h"

static pthread_mutex_t serial = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int concurrent;   /* MPI_THREAD_MULTIPLE was provided */
static _Thread_local int serialized;

static void query_level(void)
{
    int provided = MPI_THREAD_SINGLE;
    hs_gpu_placement_install();
    MPI_Query_thread(&provided);
    concurrent = provided == MPI_THREAD_MULTIPLE;
}

void hs_call_guard_enter(void)
{
    pthread_once(&once, query_level);
    serialized = !concurrent;
    if (serialized)
        pthread_mutex_lock(&serial);
}

int hs_call_guard_concurrent(void)
{
    return concurrent;
}

void hs_call_guard_leave(void)
{
    hs_engine_release();
    hs_session_devices_release();
    if (serialized)
        pthread_mutex_unlock(&serial);
    serialized = 0;
}
