/* The QR tester's built-in input: small but covering M < N, M > N, one row,
 * one column, odd sizes, MB != NB, unaligned offsets, shifted and flat
 * grids.  Runs in seconds on 4 ranks/2 cores. */
#include "config.h"

#include "qr_input.h"

static const char default_input[] =
    "'built-in 1/2: shapes, square and flat grids'\n"
    "'MPI machine'\n"
    "'QR.out'       output file name (ignored: results go to stdout)\n"
    "6              device out (ignored)\n"
    "1              number of factorizations\n"
    "'QR'           factorizations: only QR is PDGEQRF\n"
    "7              number of problem sizes\n"
    "1 1 9 17 100 64 201      values of M\n"
    "1 7 1 33  37 100 150     values of N\n"
    "2              number of blocking sizes\n"
    "32 16          values of MB\n"
    "32  8          values of NB\n"
    "6              number of process grids (ordered pairs P & Q)\n"
    "1 1 2 2 1 4    values of P\n"
    "1 2 1 2 4 1    values of Q\n"
    "20.0           threshold\n"
    "'built-in 2/2: tiny and unequal blocks, offset sub(A), shifted grids'\n"
    "'MPI machine'\n"
    "'QR.out'\n"
    "6\n"
    "1\n"
    "'QR'\n"
    "4              number of problem sizes\n"
    "13 5 40 60     values of M\n"
    "5 13 40 25     values of N\n"
    "3              number of blocking sizes\n"
    "1 3 2          values of MB\n"
    "1 2 5          values of NB\n"
    "3              number of process grids\n"
    "1 2 1          values of P\n"
    "1 2 3          values of Q\n"
    "20.0           threshold\n"
    "2              number of offset sets\n"
    "0 0 0 0        IOFF JOFF RSRC CSRC: IA = 1 + IOFF, JA = 1 + JOFF\n"
    "3 5 1 1\n";

const char *qr_default_input(void)
{
    return default_input;
}
