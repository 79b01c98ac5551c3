#!/bin/sh
# Hostile files and values behind HETSCAL_* variables, unit by unit
# (testing/t_env_guard.c), in a scratch directory.
dir=$(mktemp -d "${TMPDIR:-/tmp}/hetscal-env.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
exec timeout -k 10 "${HETSCAL_TEST_TIMEOUT:-120}" "$top_builddir/testing/t_env_guard" "$dir"
