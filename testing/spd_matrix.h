/* A diagonally dominant SPD test matrix for the C tests that call PDPOTRF
 * directly: A(i, j) = 1 / (1 + i + j) off the diagonal, N on it, filled
 * into one process's block-cyclic part (blocks nb x nb from process
 * (0, 0)). */
#ifndef TESTING_SPD_MATRIX_H
#define TESTING_SPD_MATRIX_H

#include <stddef.h>

static inline void spd_matrix_fill(double *a, int lld, int nloc_r, int nloc_c, int n, int nb,
                                   int myrow, int mycol, int nprow, int npcol)
{
    for (int jl = 0; jl < nloc_c; jl++)
        for (int il = 0; il < nloc_r; il++) {
            int i = (il / nb * nprow + myrow) * nb + il % nb;
            int j = (jl / nb * npcol + mycol) * nb + jl % nb;
            a[il + (size_t)jl * lld] = i == j ? n : 1.0 / (1.0 + i + j);
        }
}

#endif
