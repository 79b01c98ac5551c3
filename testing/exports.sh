#!/bin/sh
# exports.sh: libhetscal.so must define the ScaLAPACK entry points, each
# under its three names (P?POTRF, P?GEQRF and P?GETRF for ? = S, D, C, Z:
# pspotrf_, pspotrf, PSPOTRF, ..., pzgetrf_, pzgetrf, PZGETRF: 36 names),
# and MPI_Finalize (api/mpi_finalize.c: the one point every rank passes at
# the end, where HETSCAL_SUMMARY's table is reduced over MPI_COMM_WORLD;
# it then calls the next MPI_Finalize in the link chain), and may define
# besides only hetscal_* symbols (STYLE.md: built with -fvisibility=hidden);
# prints every other exported symbol and every missing one, and fails.
lib=${HETSCAL_LIB:?run through make check, or set HETSCAL_LIB}
if [ ! -f "$lib" ]; then
    echo "exports: $lib not built (static-only build?): skipped"
    exit 77
fi
command -v nm > /dev/null 2>&1 || { echo "exports: no nm: skipped"; exit 77; }

syms=$(nm -D --defined-only "$lib" | awk 'NF >= 3 { sub(/@.*/, "", $3); print $3 }' | sort -u)
[ -n "$syms" ] || { echo "exports: nm -D found no symbol in $lib"; exit 1; }

entries=
for r in potrf geqrf getrf; do
    for p in s d c z; do
        name=p$p$r NAME=$(echo "p$p$r" | tr a-z A-Z)
        entries="$entries ${name}_ $name $NAME"
    done
done
allowed=$(echo $entries | tr ' ' '|')
bad=$(echo "$syms" | grep -v -x -E \
    "$allowed|MPI_Finalize|hetscal_.*|_init|_fini|_edata|_end|__bss_start")
nentries=$(echo $entries | wc -w)
[ "$nentries" -eq 36 ] || { echo "exports: $nentries entry names, not 36"; exit 1; }
missing=
for s in $entries MPI_Finalize; do
    echo "$syms" | grep -q -x "$s" || missing="$missing $s"
done

echo "exports: $(echo "$syms" | wc -l) dynamic symbols defined by $lib"
status=0
if [ -n "$bad" ]; then
    echo "exports: FAILED: symbols outside the allowed list:"
    echo "$bad" | sed 's/^/    /'
    status=1
fi
if [ -n "$missing" ]; then
    echo "exports: FAILED: entry points (or MPI_Finalize) not exported:$missing"
    status=1
fi
[ "$status" -eq 0 ] && echo "exports: PASSED ($nentries entry points and MPI_Finalize)"
exit $status
