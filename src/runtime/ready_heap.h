/* Priority-ordered ready queue: a binary heap of tasks, larger priority
 * first, insertion order among equals.  Not thread-safe (engine lock).
 * A push cannot lose its task: when the heap's storage cannot grow (util/mem
 * allocation, fault injection included), the task waits on an overflow list
 * (through t->next) that pops first, and the push reports the failure so
 * that the engine fails the call (the tasks still run: nothing waits). */
#ifndef HETSCAL_RUNTIME_READY_HEAP_H
#define HETSCAL_RUNTIME_READY_HEAP_H

#include "runtime/engine.h"

typedef struct hs_ready_heap {
    hs_task **item;
    int size, cap;
    hs_task *overflow;   /* ready tasks the storage had no room for */
} hs_ready_heap;

int hs_heap_push(hs_ready_heap *h, hs_task *t);   /* 0 or HETSCAL_ERR_NOMEM (t kept) */
hs_task *hs_heap_pop(hs_ready_heap *h);           /* NULL when empty */
void hs_heap_free(hs_ready_heap *h);              /* empty heaps only */

#endif
