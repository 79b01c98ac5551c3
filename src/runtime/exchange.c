/* Exchanges among a spread task's parts (see exchange.h). */
#include "config.h"

#include <string.h>

#include "comm/messages.h"
#include "include/hetscal.h"
#include "runtime/engine.h"
#include "runtime/exchange.h"

int hs_exchange_allgather(const int *ranks, int members, int me, const void *mine, void *all,
                          size_t bytes)
{
    memcpy((char *)all + (size_t)me * bytes, mine, bytes);
    if (members == 1)
        return 0;
    if (members > HS_EXCHANGE_MAX_MEMBERS || bytes % sizeof(double))
        return HETSCAL_ERR_INTERNAL;
    /* On the stack: a part that could not allocate would leave the
     * others waiting. */
    MPI_Request req[2 * (HS_EXCHANGE_MAX_MEMBERS - 1)];
    hs_exchange x = { .ranks = ranks, .members = members, .me = me, .mine = mine,
                      .all = all, .bytes = bytes, .req = req,
                      .failed_send = HETSCAL_ERR_MPI };
    hs_engine_exchange(&x);
    return x.err;
}

void hs_exchange_post(hs_exchange *x, MPI_Comm comm, int tag)
{
    size_t count = x->bytes / sizeof(double);
    int n = 0;
    for (int q = 0; q < x->members; q++) {
        if (q == x->me)
            continue;
        void *into = (char *)x->all + (size_t)q * x->bytes;
        /* as a tile's receive: posted again once, so that the sender
         * is not left waiting, but the call has failed (post_failed) */
        if (hs_msg_irecv(into, count, x->ranks[q], tag, comm, &x->req[n]) != MPI_SUCCESS) {
            x->post_failed = 1;
            if (hs_msg_irecv(into, count, x->ranks[q], tag, comm, &x->req[n]) != MPI_SUCCESS) {
                x->err = HETSCAL_ERR_MPI;
                x->req[n] = MPI_REQUEST_NULL;
            }
        }
        n++;
    }
    for (int q = 0; q < x->members; q++) {
        if (q == x->me)
            continue;
        if (hs_msg_isend((void *)x->mine, count, x->ranks[q], tag, comm, &x->req[n])
            != MPI_SUCCESS) {
            x->err = HETSCAL_ERR_MPI;
            x->post_failed = 1;
            if (hs_msg_isend(&x->failed_send, 1, x->ranks[q], tag, comm, &x->req[n])
                != MPI_SUCCESS)
                x->req[n] = MPI_REQUEST_NULL;
        }
        n++;
    }
}

int hs_exchange_test(hs_exchange *x)
{
    int n = 2 * (x->members - 1), left = 0;
    double count = (double)(x->bytes / sizeof(double));
    for (int k = 0; k < n; k++) {
        if (x->req[k] == MPI_REQUEST_NULL)
            continue;
        int flag = 0;
        MPI_Status status;
        if (hs_msg_test(&x->req[k], &flag, &status) != MPI_SUCCESS) {
            x->err = HETSCAL_ERR_MPI;
            x->req[k] = MPI_REQUEST_NULL;
            continue;
        }
        if (!flag) {
            left++;
            continue;
        }
        /* a receive shorter than a record: its sender failed */
        if (k < x->members - 1 && hs_msg_received_doubles(&status) != count)
            x->err = HETSCAL_ERR_MPI;
    }
    return left == 0;
}
