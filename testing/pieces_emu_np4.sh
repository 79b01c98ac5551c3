#!/bin/sh
# testing/pieces_np4.sh with 2 emulated GPUs a rank.
: "${top_srcdir:=$(dirname "$0")/..}"
PIECES_DEVICES=emu:2
export PIECES_DEVICES
exec sh "$top_srcdir/testing/pieces_np4.sh"
