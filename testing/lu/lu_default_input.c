/* The LU tester's built-in input: small but covering odd sizes, M < N and
 * M > N, one row, one column, NB of 1, 3 and larger than the matrix,
 * offset sub(A), first blocks away from process (0,0), and every grid
 * shape of up to 4 ranks.  Runs in seconds on 4 ranks/2 cores. */
#include "config.h"

#include "lu_input.h"

static const char default_input[] =
    "'built-in 1/2: shapes, square and flat grids'\n"
    "'MPI machine'\n"
    "'LU.out'       output file name (ignored: results go to stdout)\n"
    "6              device out (ignored)\n"
    "7              number of problem sizes\n"
    "1 7 17 100  64 151 45    values of M\n"
    "5 1 33  37 100 120 45    values of N\n"
    "2              number of NB's\n"
    "32 8           values of NB (MB = NB)\n"
    TESTER_RHS_DEFAULT_RECORDS
    "4              number of process grids (ordered pairs P & Q)\n"
    "1 2 1 4        values of P\n"
    "1 2 4 1        values of Q\n"
    "20.0           threshold\n"
    "F              (T or F: condition estimation, not tested)\n"
    "G              matrix kinds: G random (Z, S, L singular)\n"
    "'built-in 2/2: NB 1, 3 and larger than the matrix, offset sub(A), "
    "shifted grids'\n"
    "'MPI machine'\n"
    "'LU.out'\n"
    "6\n"
    "4              number of problem sizes\n"
    "13 5 40 29     values of M\n"
    "5 13 40 29     values of N\n"
    "3              number of NB's\n"
    "1 3 64         values of NB\n"
    "2              number of NRHS's\n"
    "1 4            values of NRHS\n"
    "1              number of NBRHS's\n"
    "3              values of NBRHS\n"
    "5              number of process grids\n"
    "1 2 1 3 2      values of P\n"
    "2 1 3 1 2      values of Q\n"
    "20.0           threshold\n"
    "F\n"
    "G\n"
    "2              number of offset sets\n"
    "0 0 0 0        IOFF JOFF RSRC CSRC: IA = 1 + IOFF*NB, JA = 1 + JOFF*NB\n"
    "1 2 1 1\n";

const char *lu_default_input(void)
{
    return default_input;
}
