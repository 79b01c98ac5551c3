#!/bin/sh
# Runtime vs sequential execution of random task programs on 1 rank(s).
exec "$LAUNCH" 1 "$top_builddir/testing/t_runtime" 200 300
