#!/bin/sh
# testing/pieces_np4.sh with 2 emulated GPUs a rank, on llt_hard.dat
# without its part 5 (large N in blocks of 1 and 3: the most pieces a tile
# has, which the host run takes; the emulated GPUs' tiles are other
# shapes of the same layouts), and qr_hard.dat's and lu_hard.dat's parts
# 1 and 3 (large, odd and offset sizes, blocks of one to three; their
# part 2's 288 small and middle cases are the host run's).
: "${top_srcdir:=$(dirname "$0")/..}"
PIECES_DEVICES=emu:2 LLT_HARD_PARTS=${LLT_HARD_PARTS:-1 2 3 4}
QR_HARD_PARTS=${QR_HARD_PARTS:-1 3} LU_HARD_PARTS=${LU_HARD_PARTS:-1 3}
export PIECES_DEVICES LLT_HARD_PARTS QR_HARD_PARTS LU_HARD_PARTS
exec sh "$top_srcdir/testing/pieces_np4.sh"
