#!/bin/sh
# Random task programs on emulated GPUs whose memory holds only a few
# tiles: home tiles fall back to the host, cached copies are evicted,
# tasks move to the host; results must stay exact.  Messages go from and
# to the GPUs' memory (HETSCAL_GPU_MESSAGES=on): alien tiles received
# there are evicted too.
HETSCAL_GPU_MESSAGES=on HETSCAL_EMU_MEMORY=3k exec "$LAUNCH" 2 "$top_builddir/testing/t_runtime" 100 200 2
