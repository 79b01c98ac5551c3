#!/bin/sh
# Sizes past 2^31 on 1 rank: every tile and all of A on this rank (the
# repartition copies directly, no messages).
exec "$LAUNCH" 1 "$top_builddir/testing/t_large_sizes"
