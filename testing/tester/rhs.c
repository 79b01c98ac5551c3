/* The NRHS and NBRHS records of the factorization testers' inputs, on the
 * shared .dat reader (testing/tester/dat_reader.c), and their legality. */
#include "config.h"

#include "rhs.h"

int tester_read_rhs(struct dat_reader *r, struct tester_rhs *rhs)
{
    if (tester_read_list(r, &rhs->nnrhs, rhs->nrhs, "values of NRHS") != 0)
        return -1;
    return tester_read_list(r, &rhs->nnbrhs, rhs->nbrhs, "values of NBRHS");
}

int tester_rhs_legal(const struct tester_rhs *rhs)
{
    for (int i = 0; i < rhs->nnrhs; i++)
        if (rhs->nrhs[i] < 0)
            return 0;
    for (int i = 0; i < rhs->nnbrhs; i++)
        if (rhs->nbrhs[i] < 1)
            return 0;
    return 1;
}
