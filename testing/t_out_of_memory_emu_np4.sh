#!/bin/sh
# Allocations failing mid-call on one rank, with 2 emulated GPUs per rank
# (device copies of a tile there is no host memory for), 2x2 grid.
# The panels stay on the GPUs: this test is about running out of memory.
# (Once, under ASan in CI, the clean call after the failures placed its
# panels otherwise than the first and its bits differed; the panel rates
# are now kept for the process across devices opened again.)
HETSCAL_DEVICES=emu:2 HETSCAL_PANELS=device; export HETSCAL_DEVICES HETSCAL_PANELS
exec "$LAUNCH" 4 "$top_builddir/testing/t_out_of_memory"
