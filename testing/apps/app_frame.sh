# Sourced by the real-application tests (testing/cp2k_np2.sh,
# testing/nwchem_np124.sh): an application, run as its users run it, once
# on the reference ScaLAPACK and once with hetscal preloaded, must give the
# same energy, and hetscal's verbose lines must show that every rank's
# calls went through hetscal.  The test sets `me`, calls app_setup, and
# defines app_command (the command line of one run; its output goes to
# TAG.log in the working directory) and app_energy TAG (prints the
# energy the run TAG reported).
: "${LAUNCH:?run through make check, or set LAUNCH=testing/launch}"
: "${top_srcdir:=.}"
# Absolute: the runs happen in a scratch directory (app_setup).
abs_path() { case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
top_srcdir=$(abs_path "$top_srcdir") LAUNCH=$(abs_path "$LAUNCH")
[ -z "${HETSCAL_LIB:-}" ] || HETSCAL_LIB=$(abs_path "$HETSCAL_LIB")

app_mpi_of() { ldd "$1" | grep -o -E 'libmpi(ch)?\.so\.[0-9]+' | head -1; }

# app_setup PACKAGE PROGRAM...: the first PROGRAM on the PATH becomes $app
# (skipped, 77, without any, without the shared library, or when the
# program's MPI is not this build's); then a scratch directory becomes
# the working directory, removed at exit.
app_setup() {
    package=$1
    shift
    app=
    for p; do
        app=$(command -v "$p") && break
    done
    [ -n "$app" ] || { echo "$me: none of $* (apt-get install $package): skipped"; exit 77; }
    [ -f "$HETSCAL_LIB" ] || { echo "$me: no shared $HETSCAL_LIB: skipped"; exit 77; }
    if [ "$(app_mpi_of "$app")" != "$(app_mpi_of "$HETSCAL_LIB")" ]; then
        echo "$me: $app uses $(app_mpi_of "$app"), this build $(app_mpi_of "$HETSCAL_LIB"): skipped"
        exit 77
    fi
    app_tmp=$(mktemp -d "${TMPDIR:-/tmp}/hetscal-$me.XXXXXX") || exit 1
    trap 'rm -rf "$app_tmp"' EXIT
    cd "$app_tmp" || exit 1
}

# app_run NP TAG [VAR=VALUE...]: one run on NP ranks; with variables, with
# hetscal preloaded (verbose) and those variables set.  Prints the energy.
app_run() {
    np=$1 tag=$2
    shift 2
    if [ $# -gt 0 ]; then
        (export LD_PRELOAD="$HETSCAL_LIB" HETSCAL_VERBOSE=1 "$@"
         app_command "$np" "$tag" >"$tag.log" 2>&1)
    else
        (app_command "$np" "$tag" >"$tag.log" 2>&1)
    fi || {
        echo "$me: $tag: $app failed" >&2
        for f in "$tag.log" "$tag.out"; do
            [ -f "$f" ] && tail -n 20 "$f" >&2
        done
        return 1
    }
    app_energy "$tag"
}

# app_compare NP ROUTINE REF HS TAG TOL: the two energies within TOL (in
# the application's unit) and ROUTINE's verbose lines in TAG.log from
# every one of NP ranks.  Returns non-zero and says why otherwise.
app_compare() {
    np=$1 routine=$2 ref=$3 hs=$4 tag=$5 tol=$6
    lines="^hetscal: $routine rank [0-9]*/$np "
    calls=$(grep -c "$lines" "$tag.log")
    ranks=$(grep "$lines" "$tag.log" | sed 's/ grid.*//' | sort -u | wc -l)
    if [ -z "$ref" ] || [ -z "$hs" ]; then
        echo "$me: $tag: no energy (reference '$ref', hetscal '$hs')"
        return 1
    elif ! awk -v a="$ref" -v b="$hs" -v t="$tol" 'BEGIN { d = a - b; exit !(d <= t && d >= -t) }'; then
        echo "$me: $tag: energies differ by more than $tol: reference $ref, hetscal $hs"
        return 1
    elif [ "$ranks" -ne "$np" ]; then
        echo "$me: $tag: hetscal's $routine lines from $ranks of $np ranks ($calls lines)"
        return 1
    fi
    echo "$me: $tag: energy $ref (reference) $hs (hetscal), $calls hetscal $routine lines: PASSED"
    grep -m 1 "$lines" "$tag.log"
}
