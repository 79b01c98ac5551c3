# The verdict of timing/targets.sh, on the targets of the issue "Do no
# harm": reads lapack.csv and lapack_after.csv (kind,n,threads,best_s,
# gflops), scalapack.csv and scalapack_2x2.csv (time_scalapack -csv) and
# memory.txt (routine NB peak_extra_MB share_MB, one line per rank) and
# prints every target with the measured value:
#   - every caller's setup (routine, N, NB, grid): hetscal's best time at
#     most the reference's (reference / hetscal >= 1), with hetscal's plan
#     of its last call (handed on, or its layout and tile);
#   - the median of reference / hetscal over those cases >= 1.10;
#   - one rank of 2 threads (the 1x1 grid), N = 4000 and 8000, each NB: at
#     least as fast as LAPACK's own routine on 2 threads (the best of each
#     over targets.sh's alternating rounds, one_rank_*.csv);
#   - extra peak memory at most half the local share on 2x2, N = 8000
#     (the largest over the ranks).
# The DGEMM rate (the larger of the 2-thread rates measured before and
# after the distributed cases) and each routine's N = 8000 rate as a share
# of it are printed for information.

function verdict(name, value, need, sense,   ok) {
    ok = sense == ">=" ? value >= need : value <= need
    printf "%-62s %8.3f  %s %6.3f  %s\n", name, value, sense, need, ok ? "PASS" : "MISS"
    checks++
    if (ok)
        passed++
}

function info(name, value) {
    printf "%-62s %8.3f  (information)\n", name, value
}

# time_scalapack's hs_plan (hetscal_last_call) in a few words: "handed
# on", or the layout and tile, "caller's" when the tiles are the caller's
# blocks and "in place" when they stay in its array.
function short_plan(s,   layout, tile, words) {
    if (index(s, "handed on to LAPACK")) return "to LAPACK"
    if (index(s, "handed on")) return "to ScaLAPACK"
    layout = s; sub(/.*layout /, "", layout); sub(/;.*/, "", layout)
    tile = s; sub(/.*tile /, "", tile); sub(/[^0-9].*/, "", tile)
    words = layout " " tile
    if (index(s, "caller's blocks")) words = words " caller's"
    if (index(s, "in place")) words = words " in place"
    return index(s, "hetscal;") ? words : "?"
}

FILENAME ~ /(^|\/)lapack(_after)?\.csv$/ && FNR > 1 {
    split($0, f, ",")
    if (f[1] == "dgemm" && f[3] == 2 && f[5] > dgemm2) dgemm2 = f[5]
    if (FILENAME ~ /lapack\.csv$/ && f[1] ~ /^dg|^dp/ && f[1] != "dgemm")
        lapack["P" toupper(f[1]), f[2]] = f[4]
}
# The one-rank rounds (targets.sh): the best of each side over the rounds.
FILENAME ~ /one_rank_lapack_[0-9]+\.csv$/ && FNR > 1 {
    split($0, f, ",")
    k = "P" toupper(f[1]) SUBSEP f[2]
    if (f[1] != "dgemm" && f[4] > 0 && (!(k in round_lapack) || f[4] < round_lapack[k]))
        round_lapack[k] = f[4]
}
FILENAME ~ /one_rank_hetscal_[0-9]+\.csv$/ && FNR > 1 {
    split($0, f, ",")
    k = f[1] SUBSEP f[3] SUBSEP f[4]
    if (f[21] != "FAILED" && f[10] > 0 && (!(k in round_hs) || f[10] < round_hs[k]))
        round_hs[k] = f[10]
}
FILENAME ~ /(^|\/)scalapack(_2x2)?\.csv$/ && FNR > 1 {
    split($0, f, ",")
    if (f[21] == "FAILED") { failed++; next }
    if (f[10] <= 0 || f[13] <= 0) next
    g = f[5] "x" f[6]
    key = f[1] SUBSEP f[3] SUBSEP f[4] SUBSEP g
    if (!(key in hs)) order[++ncases] = key
    hs[key] = f[10]; ref[key] = f[13]; gf[key] = f[12]
    plan[key] = f[22] == 1 ? "reference itself" : short_plan(f[23])
}
FILENAME ~ /(^|\/)memory\.txt$/ {
    split($0, f, " ")
    r = toupper(f[1]); ratio = f[4] > 0 ? f[3] / f[4] : 0
    if (!((r, f[2]) in mem)) mem_keys[++nmem] = r SUBSEP f[2]
    if (!((r, f[2]) in mem) || ratio > mem[r, f[2]]) mem[r, f[2]] = ratio
}

END {
    printf "\n2-thread DGEMM: %.2f GF/s\n\n", dgemm2
    printf "%-62s %8s  %s\n", "target", "measured", "required"
    n_ratios = 0
    for (k = 1; k <= ncases; k++) {
        key = order[k]
        split(key, p, SUBSEP)
        if (p[2] < 500)
            continue
        ratio = ref[key] / hs[key]
        ratios[++n_ratios] = ratio
        verdict(sprintf("%s N=%d NB=%d %s (%s): ref / hetscal", p[1], p[2], p[3], p[4],
                        plan[key]), ratio, 1.0, ">=")
    }
    if (n_ratios > 0) {
        # insertion sort: a few hundred cases
        for (i = 2; i <= n_ratios; i++)
            for (j = i; j > 1 && ratios[j - 1] > ratios[j]; j--) {
                t = ratios[j]; ratios[j] = ratios[j - 1]; ratios[j - 1] = t
            }
        if (n_ratios % 2)
            median = ratios[(n_ratios + 1) / 2]
        else
            median = (ratios[n_ratios / 2] + ratios[n_ratios / 2 + 1]) / 2
        verdict(sprintf("median of reference / hetscal over the %d cases", n_ratios),
                median, 1.10, ">=")
    }
    for (k = 1; k <= ncases; k++) {
        key = order[k]
        split(key, p, SUBSEP)
        if (p[4] != "1x1" || (p[2] != 4000 && p[2] != 8000))
            continue
        if (((p[1], p[2]) in round_lapack) && ((p[1], p[2], p[3]) in round_hs))
            verdict(sprintf("%s N=%d NB=%d 1 rank x 2 threads: LAPACK / hetscal (rounds)",
                            p[1], p[2], p[3]),
                    round_lapack[p[1], p[2]] / round_hs[p[1], p[2], p[3]], 1.0, ">=")
        else if ((p[1], p[2]) in lapack)
            verdict(sprintf("%s N=%d NB=%d 1 rank x 2 threads: LAPACK / hetscal", p[1], p[2],
                            p[3]), lapack[p[1], p[2]] / hs[key], 1.0, ">=")
    }
    for (k = 1; k <= nmem; k++) {
        split(mem_keys[k], p, SUBSEP)
        verdict(sprintf("%s N=8000 NB=%d 2x2: extra peak memory / share", p[1], p[2]),
                mem[mem_keys[k]], 0.5, "<=")
    }
    if (dgemm2 > 0)
        for (k = 1; k <= ncases; k++) {
            key = order[k]
            split(key, p, SUBSEP)
            if (p[2] == 8000 && (p[4] == "1x1" || p[4] == "1x2"))
                info(sprintf("%s N=8000 NB=%d %s, of 2-thread DGEMM", p[1], p[3], p[4]),
                     gf[key] / dgemm2)
        }
    printf "\n%d of %d targets met%s\n", passed, checks,
           failed ? sprintf("; %d cases FAILED their residual check", failed) : ""
}
