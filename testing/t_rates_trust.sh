#!/bin/sh
# Rates that can be trusted (testing/t_rates_trust.c), in a scratch
# directory: the checks, the rates file, the probe measuring again what it
# cannot trust, and no forced run writing the default file.
OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
export OPENBLAS_NUM_THREADS OMP_NUM_THREADS
dir=$(mktemp -d "${TMPDIR:-/tmp}/hetscal-trust.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
exec timeout -k 10 "${HETSCAL_TEST_TIMEOUT:-600}" "$top_builddir/testing/t_rates_trust" "$dir"
