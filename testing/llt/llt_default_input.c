/* The tester's built-in input: small but covering odd sizes, NB = 1, block
 * sizes that do not divide N, flat grids, both triangles, and an offset
 * sub(A) on a shifted grid.  Runs in seconds on 4 ranks/2 cores. */
#include "config.h"

#include "llt_input.h"

static const char default_input[] =
    "'built-in 1/2: typical blocks, square and flat grids'\n"
    "'MPI machine'\n"
    "'LLT.out'      output file name (ignored: results go to stdout)\n"
    "6              device out (ignored)\n"
    "'LU'           UPLO letters: L, U or both\n"
    "4              number of problem sizes\n"
    "1 17 100 378   values of N\n"
    "2              number of NB's\n"
    "32 93          values of NB\n"
    TESTER_RHS_DEFAULT_RECORDS
    "4              number of process grids (ordered pairs P & Q)\n"
    "1 2 1 4        values of P\n"
    "1 2 4 1        values of Q\n"
    "16.0           threshold\n"
    "T              (ignored)\n"
    "'built-in 2/2: tiny blocks, offset sub(A), shifted grid'\n"
    "'MPI machine'\n"
    "'LLT.out'\n"
    "6\n"
    "'LU'\n"
    "2              number of problem sizes\n"
    "17 60          values of N\n"
    "2              number of NB's\n"
    "1 3            values of NB\n"
    "1              number of NRHS's\n"
    "2              values of NRHS\n"
    "1              number of NBRHS's\n"
    "1              values of NBRHS\n"
    "3              number of process grids\n"
    "1 2 1          values of P\n"
    "1 2 4          values of Q\n"
    "16.0           threshold\n"
    "T\n"
    "1              number of offset sets\n"
    "1 2 1 1        IOFF JOFF RSRC CSRC: IA = 1 + IOFF*NB, JA = 1 + JOFF*NB\n";

const char *llt_default_input(void)
{
    return default_input;
}
