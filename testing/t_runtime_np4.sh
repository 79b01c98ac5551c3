#!/bin/sh
# Runtime vs sequential execution of random task programs on 4 rank(s).
exec "$LAUNCH" 4 "$top_builddir/testing/t_runtime" 200 300
