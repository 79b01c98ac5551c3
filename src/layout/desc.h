/* ScaLAPACK array-descriptor layout and the block-cyclic index arithmetic
 * (NUMROC, INDXG2P, INDXG2L) in C, 0-based where noted. */
#ifndef HETSCAL_LAYOUT_DESC_H
#define HETSCAL_LAYOUT_DESC_H

/* 0-based positions of the descriptor entries (Fortran DTYPE_ = 1 ...). */
enum { HS_DTYPE = 0, HS_CTXT, HS_M, HS_N, HS_MB, HS_NB, HS_RSRC, HS_CSRC,
       HS_LLD, HS_DLEN };

/* Number of rows/columns of a dimension of size n in blocks of nb that
 * process iproc holds when the first block is on isrc (NUMROC). */
static inline int hs_numroc(int n, int nb, int iproc, int isrc, int nprocs)
{
    int mydist = (nprocs + iproc - isrc) % nprocs;
    int nblocks = n / nb;
    int num = (nblocks / nprocs) * nb;
    int extra = nblocks % nprocs;
    if (mydist < extra)
        num += nb;
    else if (mydist == extra)
        num += n % nb;
    return num;
}

/* Process coordinate owning 0-based global index g (INDXG2P). */
static inline int hs_g2p(int g, int nb, int isrc, int nprocs)
{
    return (isrc + g / nb) % nprocs;
}

/* 0-based local index of 0-based global index g on its owner (INDXG2L).
 * nb * nprocs is a 64-bit product: one block of the whole dimension
 * (nb = M) on several processes would overflow an int. */
static inline int hs_g2l(int g, int nb, int nprocs)
{
    return (int)((long long)nb * (g / ((long long)nb * nprocs))) + g % nb;
}

#endif
