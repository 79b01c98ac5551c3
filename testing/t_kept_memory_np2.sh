#!/bin/sh
# The tile block kept between calls, reused, released; NaN-poisoned, 2 ranks.
HETSCAL_POISON_MEMORY=1; export HETSCAL_POISON_MEMORY
exec "$LAUNCH" 2 "$top_builddir/testing/t_kept_memory"
