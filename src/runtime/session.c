/* Runtime session and lifecycle (see session.h). */
#include "config.h"

#include <stdlib.h>

#include "blacs_shim/grid.h"
#include "comm/progress.h"
#include "include/hetscal.h"
#include "runtime/session.h"

int hs_session_run(MPI_Comm comm, const hs_engine_limits *limits,
                   void (*generate)(void *arg), void *arg, hs_engine_stats *stats)
{
    int nranks, err;

    MPI_Comm_size(comm, &nranks);
    err = hs_engine_begin(limits);
    if (err)
        return err;
    hs_engine_generate(generate, arg);
    if (nranks > 1)
        err = hs_comm_run(comm);
    else
        hs_engine_wait_finished();
    if (!err)
        err = hs_engine_failure();
    hs_engine_end(stats);
    return err;
}

/* MPI_Finalize deletes MPI_COMM_SELF's attributes first, while MPI still
 * works: the place to stop threads and free our communicators. */
static int at_finalize(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm; (void)keyval; (void)value; (void)extra;
    hs_engine_shutdown();
    hetscal_grid_free_all();
    return MPI_SUCCESS;
}

static void at_exit(void)
{
    hs_engine_shutdown();
}

void hs_session_register_shutdown(void)
{
    static int registered;
    int keyval;
    if (registered)
        return;
    registered = 1;
    atexit(at_exit);
    if (MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, &keyval, NULL) == MPI_SUCCESS)
        MPI_Comm_set_attr(MPI_COMM_SELF, keyval, NULL);
}
