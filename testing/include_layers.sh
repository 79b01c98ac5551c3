#!/bin/sh
# The layers of doc/ARCHITECTURE.md section 2, checked against the code:
# a file's layer is its folder (src/FOLDER/..., or blacs_shim/), in the
# order of the document's "    layers: " line (top first; "->" goes one
# layer down, "{a, b}" are peers), and every #include "x/y.h" of a file in
# src/ or blacs_shim/ must name a folder x of a lower layer than its own,
# or its own.  An include that points up, or sideways to a peer, fails
# with the file, the line and the include; so does a folder the line does
# not place.
#
# With -graph it prints the include edges between folders instead (src/,
# blacs_shim/ and tools/; include/hetscal.h, used by all, left out), as
# section 2 shows them.  POSIX sh, grep, sed and awk.
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top_srcdir" || exit 99

order=$(sed -n 's/^    layers: //p' doc/ARCHITECTURE.md)
if [ -z "$order" ]; then
    echo "FAIL: doc/ARCHITECTURE.md has no '    layers: ' line (section 2)"
    exit 1
fi

mode=check
dirs="src blacs_shim"
if [ "$1" = -graph ]; then
    mode=graph
    dirs="src blacs_shim tools"
fi

# file:line:#include "x/y.h", every quoted include with a folder in it.
find $dirs -name '*.[ch]' -exec \
    grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[^"]*/' /dev/null {} + |
sort |
awk -v order="$order" -v mode="$mode" '
BEGIN {
    shown = order
    gsub(/[{}]/, "", order)
    nlayer = split(order, layer, /->/)
    for (i = 1; i <= nlayer; i++) {
        n = split(layer[i], peer, /,/)
        for (j = 1; j <= n; j++) {
            f = peer[j]
            gsub(/[[:space:]]/, "", f)
            if (f != "") {
                rank[f] = i
                name[++nfolder] = f
            }
        }
    }
    bad = 0
}
{
    file = $0; sub(/:.*/, "", file)
    rest = substr($0, length(file) + 2)
    line = rest; sub(/:.*/, "", line)
    inc = rest; sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc)
    n = split(file, part, "/")
    from = part[1] == "src" ? part[2] : part[1]
    to = inc; sub(/\/.*/, "", to)
    if (mode == "graph") {
        if (to != from && to != "include")
            edge[from, to] = 1
        seen[from] = 1
        next
    }
    if (!(from in rank)) {
        if (!(from in unplaced))
            print "FAIL: " file ": folder " from " is not in the layers line of doc/ARCHITECTURE.md"
        unplaced[from] = 1
        bad++
    } else if (!(to in rank)) {
        print "FAIL: " file ":" line ": #include \"" inc "\": " to " is not in the layers line of doc/ARCHITECTURE.md"
        bad++
    } else if (rank[to] < rank[from]) {
        print "FAIL: " file ":" line ": #include \"" inc "\" points up (" from " is below " to ")"
        bad++
    } else if (rank[to] == rank[from] && to != from) {
        print "FAIL: " file ":" line ": #include \"" inc "\" points sideways (" from " and " to " are peers)"
        bad++
    }
    checked++
}
END {
    if (mode == "graph") {
        name[++nfolder] = "tools"
        for (i = 1; i <= nfolder; i++) {
            f = name[i]
            if (!(f in seen))
                continue
            out = ""
            for (j = 1; j <= nfolder; j++)
                if ((f, name[j]) in edge)
                    out = out (out == "" ? "" : ", ") name[j]
            if (out != "")
                printf "    %-10s -> %s\n", f, out
        }
        exit 0
    }
    if (bad) {
        print "FAIL: " bad " include(s) against the layers: " shown
        exit 1
    }
    print "PASS: " checked " includes between folders, all downward: " shown
}'
