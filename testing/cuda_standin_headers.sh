#!/bin/sh
# The stand-in against the CUDA toolkit's own headers, where a toolkit is
# installed (${CUDA_HOME:-/usr/local/cuda}/include): every stand-in source
# compiles with them (a signature that differs from CUDA's fails), and the
# constants of testing/cuda_standin/enum_values.c have the same values.
: "${top_srcdir:=$(dirname "$0")/..}"
inc=${CUDA_HOME:-/usr/local/cuda}/include
if [ ! -f "$inc/cuda_runtime.h" ] || [ ! -f "$inc/cublas_v2.h" ] || [ ! -f "$inc/cusolverDn.h" ]; then
    echo "no CUDA toolkit headers in $inc: skipped"; exit 77
fi
cc=${STANDIN_CC:-cc} dir=$top_srcdir/testing/cuda_standin
tmp=$(mktemp -d "${TMPDIR:-/tmp}/standin-headers.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
status=0
for src in "$dir"/standin_*.c; do
    # -isystem: the toolkit's own warnings are not ours
    $cc $STANDIN_CFLAGS -isystem "$inc" -I"$dir" -fsyntax-only "$src" ||
        { echo "FAILED: $(basename "$src") against $inc"; status=1; }
done
$cc -isystem "$inc" "$dir/enum_values.c" -o "$tmp/real" &&
    $cc -I"$dir/include" "$dir/enum_values.c" -o "$tmp/standin" &&
    "$tmp/real" > "$tmp/real.txt" && "$tmp/standin" > "$tmp/standin.txt" || status=1
if ! diff "$tmp/real.txt" "$tmp/standin.txt"; then
    echo "FAILED: constants differ (< toolkit, > stand-in)"; status=1
fi
[ $status -eq 0 ] && echo "stand-in sources and $(wc -l < "$tmp/real.txt") constants agree with $inc"
exit $status
