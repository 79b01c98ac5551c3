/* MPI messages of doubles (see messages.h). */
#include "config.h"

#include <limits.h>

#include "comm/messages.h"
#include "util/fault.h"
#include "util/fork_guard.h"

#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>
#endif
#if (defined(MPICH_NUMVERSION) && MPICH_NUMVERSION >= 40000000) \
    || (defined(OMPI_HAVE_MPI_EXT_CUDA) && OMPI_HAVE_MPI_EXT_CUDA)
#define HS_HAVE_QUERY_CUDA_SUPPORT 1
#endif

int hs_msg_cuda_memory(void)
{
#ifdef HS_HAVE_QUERY_CUDA_SUPPORT
    return MPIX_Query_cuda_support() == 1;
#else
    return 0;
#endif
}

/* Fault injection (hs_comm_fail_post): the k-th post fails, once. */
static hs_fault post_fault = { .and_later = 0 };

void hs_comm_fail_post(long k)
{
    hs_fault_arm(&post_fault, k);
}

long hs_comm_post_count(void)
{
    return hs_fault_count(&post_fault);
}

/* A message of more than INT_MAX doubles (a tile of 10^7 x 300 holds
 * 3 * 10^9) is one element of a derived type: blocks of LARGE_BLOCK
 * doubles, then the rest.  Up to INT_MAX: count MPI_DOUBLEs, as always.
 * Both are macros so that a test build can send every message the large
 * way (-DHS_MPI_INT_COUNT_MAX=0 -DHS_MPI_LARGE_BLOCK=1000). */
#ifndef HS_MPI_INT_COUNT_MAX
#define HS_MPI_INT_COUNT_MAX INT_MAX
#endif
#ifndef HS_MPI_LARGE_BLOCK
#define HS_MPI_LARGE_BLOCK (1 << 30)
#endif

/* count doubles as *n elements of *type; a derived type is the caller's
 * to free (after posting: MPI keeps it while a request uses it). */
static int doubles_type(size_t count, int *n, MPI_Datatype *type)
{
    if (count <= (size_t)HS_MPI_INT_COUNT_MAX) {
        *n = (int)count;
        *type = MPI_DOUBLE;
        return MPI_SUCCESS;
    }
    size_t q = count / HS_MPI_LARGE_BLOCK, r = count % HS_MPI_LARGE_BLOCK;
    int len[2] = { (int)q, (int)r };
    MPI_Aint disp[2] = { 0, (MPI_Aint)(q * HS_MPI_LARGE_BLOCK * sizeof(double)) };
    MPI_Datatype block, part[2];
    int rc = MPI_Type_contiguous(HS_MPI_LARGE_BLOCK, MPI_DOUBLE, &block);
    if (rc != MPI_SUCCESS)
        return rc;
    part[0] = block;
    part[1] = MPI_DOUBLE;
    rc = MPI_Type_create_struct(2, len, disp, part, type);
    MPI_Type_free(&block);
    if (rc == MPI_SUCCESS && (rc = MPI_Type_commit(type)) != MPI_SUCCESS)
        MPI_Type_free(type);
    *n = 1;
    return rc;
}

/* Posts a send (or a receive) of count doubles from (into) buf, any
 * count (doubles_type). */
static int post_doubles(int send, void *buf, size_t count, int peer, int tag, MPI_Comm comm,
                        MPI_Request *req)
{
    int n, rc;
    MPI_Datatype type;
    if (hs_fault_hit(&post_fault))
        return MPI_ERR_OTHER;
    hs_fork_guard_enter();   /* see messages.h */
    if ((rc = doubles_type(count, &n, &type)) == MPI_SUCCESS) {
        rc = send ? MPI_Isend(buf, n, type, peer, tag, comm, req)
                  : MPI_Irecv(buf, n, type, peer, tag, comm, req);
        if (type != MPI_DOUBLE)
            MPI_Type_free(&type);
    }
    hs_fork_guard_leave();
    return rc;
}

int hs_msg_isend(void *buf, size_t count, int peer, int tag, MPI_Comm comm, MPI_Request *req)
{
    return post_doubles(1, buf, count, peer, tag, comm, req);
}

int hs_msg_irecv(void *buf, size_t count, int peer, int tag, MPI_Comm comm, MPI_Request *req)
{
    return post_doubles(0, buf, count, peer, tag, comm, req);
}

int hs_msg_test(MPI_Request *req, int *flag, MPI_Status *status)
{
    hs_fork_guard_enter();
    int rc = MPI_Test(req, flag, status);
    hs_fork_guard_leave();
    return rc;
}

int hs_msg_testsome(int n, MPI_Request *req, int *done, int *index, MPI_Status *status)
{
    hs_fork_guard_enter();
    int rc = MPI_Testsome(n, req, done, index, status);
    hs_fork_guard_leave();
    return rc;
}

/* A tile in place in the caller's array and its status word, as one
 * element of a derived type at absolute addresses: its columns (whole
 * doubles each) ld_bytes apart, then the status (unless NULL).  The same
 * signature as a contiguous tile's count doubles, so either end may be
 * either. */
static int columns_type(const void *data, size_t col_doubles, int ncols, size_t ld_bytes,
                        const double *status, MPI_Datatype *type)
{
    MPI_Datatype cols;
    if (col_doubles > (size_t)INT_MAX)
        return MPI_ERR_COUNT;
    int rc = MPI_Type_create_hvector(ncols, (int)col_doubles, (MPI_Aint)ld_bytes, MPI_DOUBLE,
                                     &cols);
    if (rc != MPI_SUCCESS)
        return rc;
    int len[2] = { 1, 1 }, parts = status ? 2 : 1;
    MPI_Aint disp[2] = { 0, 0 };
    MPI_Datatype part[2] = { cols, MPI_DOUBLE };
    if ((rc = MPI_Get_address(data, &disp[0])) == MPI_SUCCESS
        && (!status || (rc = MPI_Get_address(status, &disp[1])) == MPI_SUCCESS)
        && (rc = MPI_Type_create_struct(parts, len, disp, part, type)) == MPI_SUCCESS
        && (rc = MPI_Type_commit(type)) != MPI_SUCCESS)
        MPI_Type_free(type);
    MPI_Type_free(&cols);
    return rc;
}

int hs_msg_post_columns(int send, void *data, size_t col_doubles, int ncols, size_t ld_bytes,
                        double *status, int peer, int tag, MPI_Comm comm, MPI_Request *req)
{
    MPI_Datatype type;
    int rc;
    if (hs_fault_hit(&post_fault))
        return MPI_ERR_OTHER;
    hs_fork_guard_enter();   /* see messages.h */
    if ((rc = columns_type(data, col_doubles, ncols, ld_bytes, status, &type)) == MPI_SUCCESS) {
        rc = send ? MPI_Isend(MPI_BOTTOM, 1, type, peer, tag, comm, req)
                  : MPI_Irecv(MPI_BOTTOM, 1, type, peer, tag, comm, req);
        MPI_Type_free(&type);
    }
    hs_fork_guard_leave();
    return rc;
}

/* Doubles a completed receive brought, also past INT_MAX (MPI 3's
 * MPI_Get_elements_x counts the doubles inside the large type); -1 when
 * MPI cannot tell. */
double hs_msg_received_doubles(MPI_Status *status)
{
    MPI_Count count = 0;
    if (!status || MPI_Get_elements_x(status, MPI_DOUBLE, &count) != MPI_SUCCESS ||
        count == MPI_UNDEFINED)
        return -1;
    return (double)count;
}
