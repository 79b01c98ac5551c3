/* Priority-ordered ready queue: a binary heap of tasks, larger priority
 * first, insertion order among equals.  Not thread-safe (engine lock). */
#ifndef HETSCAL_RUNTIME_READY_HEAP_H
#define HETSCAL_RUNTIME_READY_HEAP_H

#include "runtime/engine.h"

typedef struct hs_ready_heap {
    hs_task **item;
    int size, cap;
} hs_ready_heap;

int hs_heap_push(hs_ready_heap *h, hs_task *t);   /* 0 or HETSCAL_ERR_NOMEM */
hs_task *hs_heap_pop(hs_ready_heap *h);           /* NULL when empty */
/* Room for cap tasks, so that pushes cannot fail: 0 or HETSCAL_ERR_NOMEM. */
int hs_heap_reserve(hs_ready_heap *h, int cap);
void hs_heap_free(hs_ready_heap *h);

#endif
