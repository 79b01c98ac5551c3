/* How much of a large message one MPI progress call moves while the
 * receiver computes between calls.  A one-thread rank of hetscal tests
 * its requests between tasks; MPICH over UCX, for one, copies a large
 * message between ranks of a node in parts, one part per test, so such
 * a rank tests again while its tests copy (runtime/progress.c).
 * Rank 1 posts a receive, then computes COMPUTE_MS between MPI_Test
 * calls until it completes; rank 0 sends (and waits).  For each size:
 * the tests it took, the bytes per test, and the same message's time
 * when the receiver waits in MPI_Recv (its bandwidth when it does nothing
 * else).  Prints `KiB per test: K` (the smallest over the sizes that took
 * several tests; 0 when every message took one test: no limit seen).
 * Run on two ranks of one node:
 *   mpiexec -n 2 timing/time_mpi_progress [COMPUTE_MS] */
#include "config.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void compute(double seconds)
{
    double t0 = MPI_Wtime();
    volatile double x = 0;
    while (MPI_Wtime() - t0 < seconds)
        x += 1;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double pause = (argc > 1 ? atof(argv[1]) : 1.0) * 1e-3;
    if (size != 2 || pause <= 0) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n 2 %s [COMPUTE_MS > 0]\n", argv[0]);
        MPI_Finalize();
        return 2;
    }
    static const int kib[] = { 64, 256, 1024, 4096, 16384 };
    enum { NSIZES = sizeof kib / sizeof kib[0], REPS = 3 };
    char *buf = malloc((size_t)kib[NSIZES - 1] * 1024);
    if (!buf)
        MPI_Abort(MPI_COMM_WORLD, 1);
    memset(buf, 1, (size_t)kib[NSIZES - 1] * 1024);
    double kib_per_test = 0;
    if (rank == 0)
        printf("message_kib tests_busy kib_per_test seconds_busy seconds_idle idle_gbs "
               "(receiver computes %.2f ms between tests)\n", pause * 1e3);
    for (int s = 0; s < NSIZES; s++) {
        int count = kib[s] * 1024, tests = 1 << 30;
        double busy = 1e30, idle = 1e30;
        for (int r = 0; r < REPS; r++) {
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            if (rank == 1) {
                MPI_Request req;
                int done = 0, n = 0;
                MPI_Irecv(buf, count, MPI_BYTE, 0, 0, MPI_COMM_WORLD, &req);
                while (!done) {
                    compute(pause);
                    MPI_Test(&req, &done, MPI_STATUS_IGNORE);
                    n++;
                }
                tests = n < tests ? n : tests;
                double t = MPI_Wtime() - t0;
                busy = t < busy ? t : busy;
            } else {
                MPI_Send(buf, count, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
            }
            MPI_Barrier(MPI_COMM_WORLD);
            t0 = MPI_Wtime();
            if (rank == 1) {
                MPI_Recv(buf, count, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                double t = MPI_Wtime() - t0;
                idle = t < idle ? t : idle;
            } else {
                MPI_Send(buf, count, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
            }
        }
        if (rank == 1) {
            double per = (double)kib[s] / tests;
            if (tests > 1 && (kib_per_test == 0 || per < kib_per_test))
                kib_per_test = per;
            double out[4] = { tests, busy, idle, kib_per_test };
            MPI_Send(out, 4, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD);
        } else {
            double in[4];
            MPI_Recv(in, 4, MPI_DOUBLE, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            kib_per_test = in[3];
            printf("%11d %10.0f %12.1f %12.6f %12.6f %8.2f\n", kib[s], in[0], kib[s] / in[0],
                   in[1], in[2], count / in[2] * 1e-9);
        }
    }
    if (rank == 0)
        printf("KiB per test: %.0f\n", kib_per_test);
    free(buf);
    MPI_Finalize();
    return 0;
}
