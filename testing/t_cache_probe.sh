#!/bin/sh
# The measured cache size (testing/t_cache_probe.c), in a scratch directory.
dir=$(mktemp -d "${TMPDIR:-/tmp}/hetscal-cache.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
exec timeout -k 10 "${HETSCAL_TEST_TIMEOUT:-600}" "$top_builddir/testing/t_cache_probe" "$dir"
