/* The simulated messages between ranks (see sim_impl.h): the two sides
 * matched on (source, destination, tag), the transfer over the nodes'
 * links or a node's shared memory, and a calling-thread rank's polls. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "include/hetscal.h"
#include "runtime/trace.h"
#include "sim/sim_impl.h"

/* The n-th message from src to dst is tagged n on both sides (dist.h). */
static unsigned long long message_key(const sim *S, int src, int dst, int tag)
{
    return ((unsigned long long)((long)src * S->s->nranks + dst) << 32 | (unsigned)tag) + 1;
}

/* Every bit of the key mixed into the low ones (splitmix64's finalizer):
 * the rank pair lies in the high half, and a multiply alone leaves the
 * low bits to the tag, so that one tag's messages between all pairs
 * fell into one long cluster (quadratic in the ranks). */
static size_t slot_of(const sim *S, unsigned long long key)
{
    key ^= key >> 30;
    key *= 0xBF58476D1CE4E5B9ull;
    key ^= key >> 27;
    key *= 0x94D049BB133111EBull;
    key ^= key >> 31;
    return (size_t)key & (S->captable - 1);
}

int hs_sim_table_grow(sim *S)
{
    size_t cap = S->captable ? 2 * S->captable : 1024;
    posted *old = S->table, *t = calloc(cap, sizeof *t);
    size_t oldcap = S->captable;
    if (!t)
        return HETSCAL_ERR_NOMEM;
    S->table = t;
    S->captable = cap;
    for (size_t k = 0; k < oldcap; k++)
        if (old[k].key) {
            size_t j = slot_of(S, old[k].key);
            while (t[j].key)
                j = (j + 1) & (cap - 1);
            t[j] = old[k];
        }
    free(old);
    return HETSCAL_SUCCESS;
}

/* The other side of key if it was posted (removed from the table), else
 * NULL after adding this side. */
static posted *match(sim *S, unsigned long long key, int rank, hs_task *t, posted *out)
{
    if (2 * (S->ntable + 1) > S->captable && hs_sim_table_grow(S)) {
        S->err = HETSCAL_ERR_NOMEM;
        return NULL;
    }
    size_t j = slot_of(S, key);
    while (S->table[j].key && S->table[j].key != key)
        j = (j + 1) & (S->captable - 1);
    if (!S->table[j].key) {
        S->table[j] = (posted){ key, rank, t };
        S->ntable++;
        return NULL;
    }
    *out = S->table[j];
    /* Deletion in linear probing: re-place the entries after the hole. */
    S->table[j].key = 0;
    S->ntable--;
    for (size_t k = (j + 1) & (S->captable - 1); S->table[k].key;
         k = (k + 1) & (S->captable - 1)) {
        posted p = S->table[k];
        S->table[k].key = 0;
        size_t i = slot_of(S, p.key);
        while (S->table[i].key)
            i = (i + 1) & (S->captable - 1);
        S->table[i] = p;
    }
    return out;
}

double hs_sim_message_bytes(const hs_task *send)
{
    /* A simulated tile has no data, and its status is 0: a variable
     * tile's message is the prefix its writer was expected to fill
     * (hs_task_kind.simulated). */
    const hs_handle *h = send->acc[0].handle;
    size_t words = hs_handle_words(h);
    if (hs_handle_prefix_shaped(h))
        return (double)hs_prefix_message_words(words, h->prefix_words) * sizeof(double);
    return (double)hs_message_words_of(words, 0) * sizeof(double);
}

/* Whether a message inside a node goes from one GPU's memory to
 * another's over the links between them: where MPI takes device memory
 * (mpi.gpu_memory), both sides' buffers are on GPUs (dist_devices.c:
 * a GPU tile is sent from and received into device memory) and the node
 * joins its GPUs (peer.gbs).  A CUDA-aware MPI moves such a message
 * with CUDA IPC copies between the two GPUs (UCX's cuda_ipc transport,
 * which Open MPI's and MPICH's UCX paths use inside a node), not
 * through the host's shared memory. */
static int between_gpus(const sim *S, const hs_task *send, const hs_task *recv)
{
    const hs_sim_costs *c = &S->s->costs;
    const hs_device *from = send->acc[0].handle->dev, *to = recv->acc[0].handle->dev;
    return c->mpi_gpu_memory && c->peer_bandwidth > 0 && from && from->index > 0 && to
           && to->index > 0;
}

/* The earliest start from now at which one of the sender's `nout` links
 * and one of the receiver's `nin` are both free for `busy` seconds
 * (sim_links.h), booked on both: a node's network links, or a rank's
 * lanes inside its node (one each); NAN when out of memory. */
static double book(sim *S, hs_sim_link *outs, int nout, hs_sim_link *ins, int nin, double busy)
{
    for (int k = 0; k < nout; k++)
        hs_sim_link_prune(&outs[k], S->now);
    for (int k = 0; k < nin; k++)
        hs_sim_link_prune(&ins[k], S->now);
    double best = 0;
    int bo = -1, bi = -1;
    for (int o = 0; o < nout; o++)
        for (int i = 0; i < nin; i++) {
            double t = hs_sim_link_fit(&outs[o], &ins[i], S->now, busy);
            if (bo < 0 || t < best) {
                best = t;
                bo = o;
                bi = i;
            }
        }
    if (hs_sim_link_book(&outs[bo], best, busy) || hs_sim_link_book(&ins[bi], best, busy))
        return NAN;
    return best;
}

/* Both sides are posted: the transfer takes a free link out of the
 * sender's node and into the receiver's (or, inside a node, the ranks'
 * shared-memory lanes, or their GPUs' lanes at the peer rate between GPU
 * buffers) for bytes / bandwidth, then the latency. */
static void transfer(sim *S, int src, hs_task *send, int dst, hs_task *recv, int held)
{
    const hs_sim_costs *c = &S->s->costs;
    double bytes = hs_sim_message_bytes(send);
    recv->acc[0].handle->prefix_words = send->acc[0].handle->prefix_words;
    int rpn = S->s->ranks_per_node > 0 ? S->s->ranks_per_node : 1;
    int ns = src / rpn, nd = dst / rpn;
    double start, busy, latency;
    if (ns == nd && between_gpus(S, send, recv)) {
        busy = bytes / c->peer_bandwidth;
        latency = c->shm_latency + c->peer_latency;
        start = book(S, &S->rank[src].peer_out, 1, &S->rank[dst].peer_in, 1, busy);
    } else if (ns == nd) {
        busy = bytes / c->shm_bandwidth;
        latency = c->shm_latency;
        if (held >= 0) {   /* the receiver's calling thread copies it */
            hs_sim_node_change(S, dst, 1);
            busy /= hs_sim_node_rate(S, hs_sim_node_of(S, dst));
        }
        start = book(S, &S->rank[src].shm_out, 1, &S->rank[dst].shm_in, 1, busy);
    } else {
        busy = bytes / c->net_bandwidth;
        latency = c->net_latency;
        int links = c->net_links > 0 ? c->net_links : 1;
        start = book(S, &S->out_link[ns * links], links, &S->in_link[nd * links], links, busy);
    }
    if (isnan(start)) {
        S->err = HETSCAL_ERR_NOMEM;
        return;
    }
    sim_rank *r = &S->rank[src];
    r->sent++;
    r->bytes_sent += bytes;
    r->message_seconds += busy;
    S->rank[dst].received++;
    event e = { .time = start + busy + latency, .start = start, .kind = EV_MESSAGE,
                .rank = src, .slot = held, .task = send, .peer_rank = dst, .peer_task = recv };
    if (hs_sim_push_event(S, e))
        S->err = HETSCAL_ERR_NOMEM;
}

/* A rank whose calling thread runs the tasks (no workers) makes MPI
 * progress only between them (a poll), or all the time while it has
 * nothing to run.  MPICH's large messages between ranks of a node are
 * copied by the receiver, all that have come at a poll (runtime/progress.c
 * tests until no part is left to copy): such a receive waits for that
 * thread and holds it for the copy.  A send completes at the sender's
 * first poll after its data has arrived. */
void hs_sim_poll_messages(sim *S, sim_rank *r)
{
    if (r->cpu_free == 0)
        return;   /* the thread computes (or copies) */
    /* Completing r's sends takes r's engine; a rank that posted a send
     * to r (begin_transfer) goes on with its own afterwards. */
    hs_engine *caller = hs_engine_cur;
    for (size_t k = 0; k < r->narrived; k++) {
        arrived_send *a = &r->arrived[k];
        hs_sim_record(r, HS_TRACE_COMM_TRACK, "send", a->began, S->now, a->send->peer,
               (long)hs_sim_message_bytes(a->send));
        hs_sim_complete(S, r, a->send, a->began, HS_SIM_AT_NET);
    }
    r->narrived = 0;
    int rpn = S->s->ranks_per_node > 0 ? S->s->ranks_per_node : 1;
    while (r->cpu_free > 0 && r->pending_head < r->npending) {
        pending_receive *p = &r->pending[r->pending_head++];
        int held = -1;
        if (p->src / rpn == r->index / rpn) {
            held = 0;
            while (r->cpu_busy[held])
                held++;
            r->cpu_busy[held] = 1;
            r->cpu_free--;
        }
        transfer(S, p->src, p->send, r->index, p->recv, held);
    }
    if (r->pending_head == r->npending)
        r->pending_head = r->npending = 0;
    hs_engine_cur = caller;
}

static void begin_transfer(sim *S, int src, hs_task *send, int dst, hs_task *recv)
{
    if (!S->s->calling_thread) {
        transfer(S, src, send, dst, recv, -1);
        return;
    }
    sim_rank *r = &S->rank[dst];
    if (hs_sim_room_for_one((void **)&r->pending, r->npending, &r->cappending, 64,
                     sizeof *r->pending)) {
        S->err = HETSCAL_ERR_NOMEM;
        return;
    }
    r->pending[r->npending++] = (pending_receive){ src, send, recv };
    hs_sim_poll_messages(S, r);
}

void hs_sim_post(sim *S, int rank, hs_task *t)
{
    int send = t->queue == HS_Q_SEND;
    int src = send ? rank : t->peer, dst = send ? t->peer : rank;
    posted other;
    if (!match(S, message_key(S, src, dst, t->tag), rank, t, &other))
        return;
    if (send)
        begin_transfer(S, src, t, dst, other.task);
    else
        begin_transfer(S, src, other.task, dst, t);
}
