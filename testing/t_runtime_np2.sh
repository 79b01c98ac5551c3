#!/bin/sh
# Runtime vs sequential execution of random task programs on 2 rank(s).
exec "$LAUNCH" 2 "$top_builddir/testing/t_runtime" 200 300
