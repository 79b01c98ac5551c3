/* The reduction of one case's results over MPI_COMM_WORLD (outcome.h). */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <string.h>

#include "outcome.h"
#include "testing/tester/scalapack.h"

void tester_local_init(struct tester_local *r, int context)
{
    memset(r, 0, sizeof *r);
    r->info_ok = r->setup_ok = r->own_ok = 1;
    for (int i = 0; i < TESTER_MAX_RESID; i++)
        r->resid[i] = NAN;
    if (context >= 0)
        r->setup_ok = 0;
}

void tester_reduce(const struct tester_local *r, int context,
                   struct tester_outcome *out)
{
    int flags[3], all_flags[3], infos[2], all_infos[2];
    long counts[2], all_counts[2];
    double resid[TESTER_MAX_RESID];

    flags[0] = r->info_ok;
    flags[1] = r->setup_ok;
    flags[2] = r->own_ok;
    MPI_Allreduce(flags, all_flags, 3, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    counts[0] = r->damaged_guards;
    counts[1] = r->changed_outside;
    MPI_Allreduce(counts, all_counts, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    /* minimum and maximum of INFO in one MPI_MIN: (info, -info) */
    infos[0] = context >= 0 ? r->info : INT_MAX;
    infos[1] = context >= 0 ? -r->info : INT_MAX;
    MPI_Allreduce(infos, all_infos, 2, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&r->seconds, &out->seconds, 1, MPI_DOUBLE, MPI_MAX,
                  MPI_COMM_WORLD);
    memcpy(resid, r->resid, sizeof resid);
    MPI_Bcast(resid, TESTER_MAX_RESID, MPI_DOUBLE, 0, MPI_COMM_WORLD);

    memcpy(out->resid, resid, sizeof resid);
    out->info_min = all_infos[0];
    out->info_max = -all_infos[1];
    out->info_ok = all_flags[0];
    out->setup_ok = all_flags[1];
    out->own_ok = all_flags[2];
    out->damaged_guards = all_counts[0];
    out->changed_outside = all_counts[1];
    out->passed = 0;
}

int tester_outcome_clean(const struct tester_outcome *o)
{
    return o->info_ok && o->setup_ok && o->own_ok &&
           o->damaged_guards == 0 && o->changed_outside == 0;
}

int tester_ranks_with_nonzero_info(int context, int info)
{
    int count = info != 0;
    Cigsum2d(context, "All", " ", 1, 1, &count, 1, -1, -1);
    return count;
}
