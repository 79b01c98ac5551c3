#!/bin/sh
# Random task programs with 2 emulated GPUs on 1 rank: exact results and
# the device copy counts of the placement model (see t_runtime.c).
exec "$LAUNCH" 1 "$top_builddir/testing/t_runtime" 120 250 2
