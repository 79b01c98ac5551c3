/* pdpotrf_c: the C caller of testing/cmake/'s project.  PDPOTRF (through
 * hetscal.h's prototype, with mpi.h: both directories come from the
 * imported target) on an 8 x 8 symmetric positive definite matrix in
 * 4 x 4 blocks, one rank; checks INFO = 0 and the residual
 * max|A - L L^T| / (max|A| n eps) <= 10.  Prints PASSED or FAILED; the
 * exit status is the number of failed checks. */
#include <float.h>
#include <math.h>
#include <stdio.h>

#include <mpi.h>
#include <hetscal.h>

/* BLACS and ScaLAPACK, declared here as a user's program does. */
void Cblacs_pinfo(int *rank, int *nprocs);
void Cblacs_get(int context, int what, int *value);
void Cblacs_gridinit(int *context, const char *order, int nprow, int npcol);
void Cblacs_gridexit(int context);
void descinit_(int *desc, const int *m, const int *n, const int *mb, const int *nb,
               const int *irsrc, const int *icsrc, const int *ictxt, const int *lld,
               int *info);

enum { N = 8, NB = 4 };

int main(int argc, char **argv)
{
    double a[N * N], a0[N * N];
    int desc[9], info, ictxt, rank, nprocs, failed = 0;
    const int n = N, nb = NB, zero = 0, one = 1;

    MPI_Init(&argc, &argv);
    Cblacs_pinfo(&rank, &nprocs);
    Cblacs_get(-1, 0, &ictxt);
    Cblacs_gridinit(&ictxt, "Row", 1, 1);
    descinit_(desc, &n, &n, &nb, &nb, &zero, &zero, &ictxt, &n, &info);
    if (info != 0) {
        printf("pdpotrf_c: DESCINIT INFO=%d FAILED\n", info);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* Hilbert's matrix plus n I: symmetric, positive definite. */
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++)
            a[i + j * N] = a0[i + j * N] = 1.0 / (i + j + 1) + (i == j ? N : 0);

    pdpotrf_("L", &n, a, &one, &one, desc, &info);

    double amax = 0, rmax = 0;
    for (int j = 0; j < N; j++)
        for (int i = j; i < N; i++) {
            double llt = 0;
            for (int k = 0; k <= j; k++)
                llt += a[i + k * N] * a[j + k * N];
            rmax = fmax(rmax, fabs(a0[i + j * N] - llt));
            amax = fmax(amax, fabs(a0[i + j * N]));
        }
    double resid = rmax / (amax * N * DBL_EPSILON);
    /* resid - resid == 0 is false for NaN and infinity */
    if (info != 0 || !(resid - resid == 0) || resid > 10)
        failed++;
    printf("pdpotrf_c: hetscal %s n=%d nb=%d INFO=%d residual=%.3e %s\n",
           hetscal_version(), N, NB, info, resid, failed ? "FAILED" : "PASSED");
    Cblacs_gridexit(ictxt);
    MPI_Finalize();
    return failed;
}
