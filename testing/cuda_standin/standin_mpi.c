/* MPI with device memory.  Where MPI takes GPU memory (runtime/dist.h,
 * HETSCAL_GPU_MESSAGES), the library hands MPI device pointers, which a
 * CUDA-aware MPI reads (a send) or writes (a receive) from the post until
 * the request completes, outside every stream.  Linked into libhetscal
 * with the stand-in and hidden, these MPI_Isend and MPI_Irecv are the
 * library's own (the application's calls go to MPI), and check what such
 * an MPI requires of its caller, loudly:
 *   - a buffer that starts in device memory lies in one live allocation;
 *   - no queued stream operation may write a send's buffer, or touches a
 *     receive's (the work that made or reads the tile has completed: MPI
 *     would read or write it under a running kernel);
 *   - device memory is not freed while a request of the library uses it
 *     (cudaFree asks standin_mpi_check_free).
 * The requests on device memory are kept from the post until the
 * library's MPI_Test, MPI_Testsome or MPI_Wait completes them.  A buffer
 * of a derived type is checked from where its data starts (the type's
 * true lower bound) over its true extent. */
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "standin.h"

typedef struct inflight {
    MPI_Request req;
    const char *lo;
    size_t len;
} inflight;

static inflight *flying;   /* under standin_lock */
static size_t nflying, capflying;

/* Where buf's data lies: [*lo, *lo + *len). */
static int data_range(const void *buf, int count, MPI_Datatype type, const char **lo,
                      size_t *len)
{
    MPI_Aint lb, extent, tlb, textent;
    if (count <= 0 || MPI_Type_get_extent(type, &lb, &extent) != MPI_SUCCESS
        || MPI_Type_get_true_extent(type, &tlb, &textent) != MPI_SUCCESS)
        return 0;
    *lo = (const char *)buf + tlb;
    *len = (size_t)textent + (size_t)(count - 1) * (size_t)extent;
    return 1;
}

/* The checks of a post on [lo, lo + len) (lock held); 1 when the range
 * starts in device memory. */
static int check_post(const char *call, int send, const char *lo, size_t len)
{
    const standin_alloc *a = standin_alloc_find(lo);
    if (!a || a->device < 0)
        return 0;
    if (lo + len > a->base + a->size)
        standin_die("MPI buffer outside its device allocation",
                    "%s: %p..+%zu passes the end of device %d's allocation %p..+%zu", call,
                    (const void *)lo, len, a->device, (const void *)a->base, a->size);
    if (send)
        standin_check_unwritten(call, "MPI send of device memory a queued operation may write",
                                lo, len);
    else
        standin_check_untouched(call, "MPI receive into device memory a queued operation uses",
                                lo, len, -1);
    return 1;
}

static void keep(MPI_Request req, const char *lo, size_t len)
{
    if (nflying == capflying)
        flying = standin_grow(flying, &capflying, sizeof *flying, 64,
                              "the stand-in's table of MPI requests");
    flying[nflying++] = (inflight){ req, lo, len };
}

static void forget(MPI_Request req)
{
    for (size_t i = 0; i < nflying; i++)
        if (flying[i].req == req) {
            flying[i] = flying[--nflying];
            return;
        }
}

static int post(const char *call, int send, void *buf, int count, MPI_Datatype type, int peer,
                int tag, MPI_Comm comm, MPI_Request *req)
{
    const char *lo = NULL;
    size_t len = 0;
    int device = 0;
    if (data_range(buf, count, type, &lo, &len)) {
        pthread_mutex_lock(&standin_lock);
        device = check_post(call, send, lo, len);
        pthread_mutex_unlock(&standin_lock);
    }
    int rc = send ? PMPI_Isend(buf, count, type, peer, tag, comm, req)
                  : PMPI_Irecv(buf, count, type, peer, tag, comm, req);
    if (device && rc == MPI_SUCCESS) {
        pthread_mutex_lock(&standin_lock);
        keep(*req, lo, len);
        pthread_mutex_unlock(&standin_lock);
    }
    return rc;
}

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request *req)
{
    return post("MPI_Isend", 1, (void *)buf, count, type, dest, tag, comm, req);
}

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
              MPI_Request *req)
{
    return post("MPI_Irecv", 0, buf, count, type, source, tag, comm, req);
}

/* Requests the calls below complete (value before, flag after). */
static void completed(const MPI_Request *before, const int *done, int n)
{
    pthread_mutex_lock(&standin_lock);
    for (int i = 0; i < n && nflying; i++)
        if (done[i])
            forget(before[i]);
    pthread_mutex_unlock(&standin_lock);
}

int MPI_Test(MPI_Request *req, int *flag, MPI_Status *status)
{
    MPI_Request before = *req;
    int rc = PMPI_Test(req, flag, status);
    int done = rc != MPI_SUCCESS || *flag;
    completed(&before, &done, 1);
    return rc;
}

int MPI_Wait(MPI_Request *req, MPI_Status *status)
{
    MPI_Request before = *req;
    int rc = PMPI_Wait(req, status), done = 1;
    completed(&before, &done, 1);
    return rc;
}

int MPI_Testsome(int n, MPI_Request reqs[], int *outcount, int indices[],
                 MPI_Status statuses[])
{
    /* The library's loops test here all the time; each tests the
     * requests it posted itself, so with none on device memory kept,
     * none of these is one: nothing to note. */
    pthread_mutex_lock(&standin_lock);
    size_t flying_now = nflying;
    pthread_mutex_unlock(&standin_lock);
    if (!flying_now)
        return PMPI_Testsome(n, reqs, outcount, indices, statuses);
    MPI_Request *before = malloc((size_t)(n > 0 ? n : 1) * sizeof *before);
    int *done = calloc((size_t)(n > 0 ? n : 1), sizeof *done);
    if (!before || !done)
        standin_die("internal error", "no memory for MPI_Testsome's requests");
    memcpy(before, reqs, (size_t)(n > 0 ? n : 0) * sizeof *before);
    int rc = PMPI_Testsome(n, reqs, outcount, indices, statuses);
    if (rc != MPI_SUCCESS)
        for (int i = 0; i < n; i++)
            done[i] = 1;
    else
        for (int i = 0; *outcount != MPI_UNDEFINED && i < *outcount; i++)
            done[indices[i]] = 1;
    completed(before, done, n);
    free(before);
    free(done);
    return rc;
}

void standin_mpi_check_free(const void *p, size_t size)
{
    const char *lo = p, *hi = lo + size;
    for (size_t i = 0; i < nflying; i++)
        if (flying[i].lo < hi && lo < flying[i].lo + flying[i].len)
            standin_die("device memory freed while an MPI request uses it",
                        "cudaFree(%p): a send or receive posted on %p..+%zu has not completed",
                        p, (const void *)flying[i].lo, flying[i].len);
}
