/* A binary heap of queued sends that can also remove any of its sends in
 * O(log n): each send keeps its position (hs_task.window_slot[key]), so
 * that the send window (send_window.c) can take the best send by
 * priority or the oldest by insertion order, whichever the rules pick,
 * without scanning its queue: with the repartition's pieces a rank
 * queues hundreds of thousands of sends at the start, and a scan per
 * posted send made the run (and its simulation) quadratic in them.
 * Not thread-safe (its owner's lock or thread). */
#ifndef HETSCAL_RUNTIME_SEND_HEAP_H
#define HETSCAL_RUNTIME_SEND_HEAP_H

#include "runtime/engine.h"

enum hs_send_key {
    HS_SEND_BY_PRIORITY = 0,   /* larger priority first, then older */
    HS_SEND_BY_AGE = 1         /* older (smaller seq) first */
};

typedef struct hs_send_heap {
    hs_task **item;
    int size, cap;
    int key;   /* enum hs_send_key */
} hs_send_heap;

/* 0, or -1 when its storage cannot grow (util/mem; t not added). */
int hs_send_heap_push(hs_send_heap *h, hs_task *t);
/* The first send, or NULL when empty. */
static inline hs_task *hs_send_heap_top(const hs_send_heap *h)
{
    return h->size ? h->item[0] : NULL;
}
/* Removes t, which h holds. */
void hs_send_heap_remove(hs_send_heap *h, hs_task *t);
void hs_send_heap_free(hs_send_heap *h);

#endif
