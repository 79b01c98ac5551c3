#!/bin/sh
# The P?POTRF tester in single, complex and double complex on 2 ranks with
# the real CUDA backend on the CUDA stand-in (HETSCAL_DEVICES=cuda): the
# cuBLAS calls of every precision, each precision with GPU tasks
# (testing/llt_prec_emu_np2.sh with the devices changed).
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_PREC_DEVICES=cuda exec sh "$top_srcdir/testing/llt_prec_emu_np2.sh"
