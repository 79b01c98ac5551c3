/* MPI_Finalize, exported by libhetscal: the one point that every rank of
 * MPI_COMM_WORLD passes at the end, whether or not it ever called hetscal
 * (ranks outside every BLACS grid do not), while MPI still works: where
 * HETSCAL_SUMMARY's collective table is made (api/run_summary.h).  The
 * MPI_COMM_SELF attribute that stops the runtime at MPI_Finalize
 * (runtime/session.c) exists only on ranks that called hetscal, so a
 * collective there could wait forever.  Then the next MPI_Finalize in the
 * link chain runs (MPI's own, or a profiling tool's linked after
 * hetscal); PMPI_Finalize when there is none (a static MPI). */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <mpi.h>

#include "api/export.h"
#include "api/run_summary.h"

typedef int (*finalize_fn)(void);

HETSCAL_EXPORT int MPI_Finalize(void)
{
    hs_run_summary_at_finalize();
    finalize_fn next = (finalize_fn)dlsym(RTLD_NEXT, "MPI_Finalize");
    return next ? next() : PMPI_Finalize();
}
