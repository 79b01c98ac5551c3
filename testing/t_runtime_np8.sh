#!/bin/sh
# Runtime vs sequential execution of random task programs on 8 rank(s):
# trees of forwarded copies over one row and two rows of the ranks, and
# chains over one row.
exec "$LAUNCH" 8 "$top_builddir/testing/t_runtime" 140 300
