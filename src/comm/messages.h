/* MPI messages of doubles (tiles of every precision travel as whole
 * doubles, runtime/engine.h), the only MPI the runtime's communication loop
 * (runtime/progress.c) makes: posts of any count (past INT_MAX doubles a
 * message is one element of a derived type), tests of the requests and
 * the count a completed receive brought; plus the fault injection of the
 * tests, which makes a chosen post fail as if MPI had returned an error.
 * Knows nothing of tasks or the engine.
 *
 * Posts and tests run inside the fork guard (util/fork_guard.h): inside
 * them MPI may hold a lock of its own (UCX's registration cache, which
 * every munmap in the process takes too) that a child forked meanwhile
 * would wait on in its exit.  None of them blocks, so a fork waits for
 * them a few microseconds. */
#ifndef HETSCAL_COMM_MESSAGES_H
#define HETSCAL_COMM_MESSAGES_H

#include <mpi.h>
#include <stddef.h>

/* MPI_Isend / MPI_Irecv of count doubles; an MPI error code. */
int hs_msg_isend(void *buf, size_t count, int peer, int tag, MPI_Comm comm, MPI_Request *req);
int hs_msg_irecv(void *buf, size_t count, int peer, int tag, MPI_Comm comm, MPI_Request *req);

/* The same for a tile of ncols columns of col_doubles doubles each,
 * ld_bytes apart from data on (a tile in place in the caller's array),
 * and its status word at status (NULL: none): one message of the
 * signature of ncols * col_doubles + 1 doubles (+ 0 without the word).
 * send: 1 to send, 0 to receive. */
int hs_msg_post_columns(int send, void *data, size_t col_doubles, int ncols, size_t ld_bytes,
                        double *status, int peer, int tag, MPI_Comm comm, MPI_Request *req);

/* MPI_Test and MPI_Testsome. */
int hs_msg_test(MPI_Request *req, int *flag, MPI_Status *status);
int hs_msg_testsome(int n, MPI_Request *req, int *done, int *index, MPI_Status *status);

/* 1 when this process's MPI sends from and receives into CUDA device
 * memory (MPIX_Query_cuda_support of MPICH 4 and Open MPI, at run
 * time), else 0 (also where the MPI library cannot tell). */
int hs_msg_cuda_memory(void);

/* Doubles a completed receive brought, also past INT_MAX; -1 when MPI
 * cannot tell. */
double hs_msg_received_doubles(MPI_Status *status);

/* Tests: the k-th post after this call (k = 1: the next one) fails as if
 * MPI had returned an error (once; 0: none); hs_comm_post_count: posts
 * since. */
void hs_comm_fail_post(long k);
long hs_comm_post_count(void);

#endif
