/* ScaLAPACK-exact argument checks shared by every entry point. */
#include "config.h"

#include <limits.h>

#include "api/check_args.h"
#include "layout/desc.h"

/* First part of CHK1MAT: the first failure in this order wins. */
static int check_shape_and_descriptor(int ma, int mapos, int na, int napos, int ia,
                                      int ja, const int *desc, int descpos,
                                      int nprow, int npcol, int myrow, int mycol)
{
    const int d = descpos * 100 + 1;   /* code of descriptor entry 1 */

    if (desc[HS_DTYPE] != 1)
        return d + HS_DTYPE;
    if (ma < 0)
        return mapos * 100;
    if (na < 0)
        return napos * 100;
    if (ia < 1)
        return (descpos - 2) * 100;
    if (ja < 1)
        return (descpos - 1) * 100;
    if (desc[HS_MB] < 1)
        return d + HS_MB;
    if (desc[HS_NB] < 1)
        return d + HS_NB;
    if (desc[HS_RSRC] < 0 || desc[HS_RSRC] >= nprow)
        return d + HS_RSRC;
    if (desc[HS_CSRC] < 0 || desc[HS_CSRC] >= npcol)
        return d + HS_CSRC;
    if (desc[HS_LLD] < 1)
        return d + HS_LLD;
    if (desc[HS_M] >= 0 && desc[HS_N] >= 0) {
        int locr = hs_numroc(desc[HS_M], desc[HS_MB], myrow, desc[HS_RSRC], nprow);
        int locc = hs_numroc(desc[HS_N], desc[HS_NB], mycol, desc[HS_CSRC], npcol);
        if (locc > 0 && desc[HS_LLD] < locr)
            return d + HS_LLD;
    }
    return 0;
}

static int smaller_code(int a, int b)
{
    return a == 0 ? b : b == 0 ? a : a < b ? a : b;
}

/* Second part: the ranges of sub(A) inside A.  Evaluated even after a
 * failure in the first part; ScaLAPACK keeps the smaller code.  IA + MA
 * - 1 and JA + NA - 1 are formed in 64 bits: ScaLAPACK's INTEGER sums
 * wrap past 2^31 - 1 and pass (its run then crashes or aborts), where the
 * check means "sub(A) does not fit in A". */
static int check_ranges(int ma, int mapos, int na, int napos, int ia, int ja,
                        const int *desc, int descpos)
{
    const int d = descpos * 100 + 1;

    if (ma == 0 || na == 0) {
        if (desc[HS_M] < 0)
            return d + HS_M;
        return desc[HS_N] < 0 ? d + HS_N : 0;
    }
    if (desc[HS_M] < 1)
        return d + HS_M;
    if (desc[HS_N] < 1)
        return d + HS_N;
    if (ia > desc[HS_M])
        return (descpos - 2) * 100;
    if (ja > desc[HS_N])
        return (descpos - 1) * 100;
    return smaller_code((long long)ia + ma - 1 > desc[HS_M] ? mapos * 100 : 0,
                        (long long)ja + na - 1 > desc[HS_N] ? napos * 100 : 0);
}

int hs_chk1mat(int ma, int mapos, int na, int napos, int ia, int ja,
               const int *desc, int descpos,
               int nprow, int npcol, int myrow, int mycol)
{
    return smaller_code(check_shape_and_descriptor(ma, mapos, na, napos, ia, ja, desc,
                                                   descpos, nprow, npcol, myrow, mycol),
                        check_ranges(ma, mapos, na, napos, ia, ja, desc, descpos));
}

int hs_pchk1mat(const hetscal_grid *grid, int code,
                int ma, int mapos, int na, int napos, int ia, int ja,
                const int *desc, int descpos,
                int nextra, const int *extra, const int *extra_code,
                int nroot, int *root_words)
{
    enum { NFIXED = 11, MAXEXTRA = 8, MAXROOT = 4 };
    static const int desc_entries[7] = { HS_DTYPE, HS_M, HS_N, HS_MB, HS_NB,
                                         HS_RSRC, HS_CSRC };
    int mine[NFIXED + MAXEXTRA], pos[NFIXED + MAXEXTRA];
    int nval = 0, result;
    int local = code == 0 ? INT_MAX : code;

    mine[nval] = ma; pos[nval++] = mapos * 100;
    mine[nval] = na; pos[nval++] = napos * 100;
    mine[nval] = ia; pos[nval++] = (descpos - 2) * 100;
    mine[nval] = ja; pos[nval++] = (descpos - 1) * 100;
    for (int k = 0; k < 7; k++) {
        mine[nval] = desc[desc_entries[k]];
        pos[nval++] = descpos * 100 + desc_entries[k] + 1;
    }
    for (int k = 0; k < nextra && k < MAXEXTRA; k++) {
        mine[nval] = extra[k];
        pos[nval++] = extra_code[k];
    }
    /* One reduction instead of PCHK1MAT's broadcast and reduction (a small
     * call's time is mostly its collectives): a value differs from process
     * (0,0)'s on some process exactly when its minimum and maximum over the
     * grid differ, and the smallest code over the grid is the smallest of
     * the processes' own codes and of those mismatches' positions, which
     * is what each process comparing with (0,0)'s values and taking the
     * minimum gives.  The maximum is the minimum of the negated values, in
     * 64 bits so that -INT_MIN stays exact. */
    long long both[1 + 2 * (NFIXED + MAXEXTRA) + MAXROOT];
    int is_root = grid->rank == hetscal_grid_rank(grid, 0, 0), words = 1 + 2 * nval;
    both[0] = local;
    for (int k = 0; k < nval; k++) {
        both[1 + k] = mine[k];
        both[1 + nval + k] = -(long long)mine[k];
    }
    /* Process (0,0)'s words travel in the same reduction: the others add
     * a value above any word. */
    for (int k = 0; k < nroot && k < MAXROOT; k++)
        both[words++] = is_root ? root_words[k] : LLONG_MAX;
    /* A failed reduction (only under MPI_ERRORS_RETURN) leaves this
     * process's own code and words: the runtime's first collective then
     * fails and is reported on every process. */
    if (MPI_Allreduce(MPI_IN_PLACE, both, words, MPI_LONG_LONG, MPI_MIN, grid->comm) !=
        MPI_SUCCESS)
        return code;
    for (int k = 0; k < nroot && k < MAXROOT; k++)
        root_words[k] = (int)both[1 + 2 * nval + k];
    result = (int)both[0];
    for (int k = 0; k < nval; k++)
        if (both[1 + k] != -both[1 + nval + k] && pos[k] < result)
            result = pos[k];
    return result == INT_MAX ? 0 : result;
}

double hs_geqrf_lwmin(int m, int n, int ia, int ja, const int *desc,
                      int nprow, int npcol, int myrow, int mycol)
{
    int mb = desc[HS_MB], nb = desc[HS_NB];
    int iroff = (ia - 1) % mb, icoff = (ja - 1) % nb;
    int iarow = hs_g2p(ia - 1, mb, desc[HS_RSRC], nprow);
    int iacol = hs_g2p(ja - 1, nb, desc[HS_CSRC], npcol);
    int mp0 = hs_numroc(m + iroff, mb, myrow, iarow, nprow);
    int nq0 = hs_numroc(n + icoff, nb, mycol, iacol, npcol);

    /* Exact in a double: a tall local panel (M = 10^7 on one process,
     * NB = 256) passes INT_MAX. */
    return (double)nb * ((double)mp0 + nq0 + nb);
}

int hs_check_square_aligned(int ia, int ja, const int *desc)
{
    if ((ia - 1) % desc[HS_MB] != 0)
        return 400;
    if ((ja - 1) % desc[HS_NB] != 0)
        return 500;
    if (desc[HS_MB] != desc[HS_NB])
        return 600 + HS_NB + 1;
    return 0;
}
