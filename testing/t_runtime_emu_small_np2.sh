#!/bin/sh
# Random task programs on emulated GPUs whose memory holds only a few
# tiles: home tiles fall back to the host, cached copies are evicted,
# tasks move to the host; results must stay exact.
HETSCAL_EMU_MEMORY=3k exec "$LAUNCH" 2 "$top_builddir/testing/t_runtime" 100 200 2
