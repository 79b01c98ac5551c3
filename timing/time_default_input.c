/* The timer's built-in input: the three routines (in the precisions of
 * -precision, default D) at two small sizes on one rank and on a 1 x 2
 * grid (skipped when there are fewer processes), threads per rank from
 * the cores.  A minute or so on 2 ranks of a 2-core machine;
 * the .dat files in timing/ hold longer runs. */
#include "config.h"

#include "time_scalapack.h"

static const char default_input[] =
    "'built-in: P?POTRF, P?GEQRF and P?GETRF, small sizes'  title\n"
    "'POTRF GEQRF GETRF'  routines: POTRF, GEQRF, GETRF (precision: "
    "-precision)\n"
    "'L'             UPLO (P?POTRF)\n"
    "2               number of problem sizes\n"
    "1000 2000       values of N\n"
    "0               number of M's (GEQRF, GETRF; 0: M = N, else one per "
    "N)\n"
    "                values of M\n"
    "1               number of NB's\n"
    "128             values of NB (MB = NB)\n"
    "2               number of process grids (ordered pairs P & Q)\n"
    "1 1             values of P\n"
    "1 2             values of Q\n"
    "1               number of thread counts\n"
    "0               threads per rank (0: cores of the node / grid ranks on it)\n"
    "1               number of HETSCAL_DEVICES values\n"
    "'-'             HETSCAL_DEVICES values ('-': as in the environment)\n"
    "3               repetitions of each routine (interleaved)\n"
    "T               check the residual of hetscal's result\n"
    "16.0            residual threshold\n"
    "0               GEMM size of the ceiling (0: min(N, 384))\n";

const char *time_default_input(void)
{
    return default_input;
}
