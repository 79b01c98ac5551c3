/* Fault injection for tests: a counter of events (allocations, MPI posts)
 * armed with hs_fault_arm(k), after which the k-th event fails, alone or
 * with every later one (fixed per injection point, where it is defined).
 * Disarmed (k = 0) it costs one atomic load. */
#ifndef HETSCAL_UTIL_FAULT_H
#define HETSCAL_UTIL_FAULT_H

#include <stdatomic.h>

typedef struct hs_fault {
    atomic_long count;   /* events since hs_fault_arm, while armed */
    atomic_long at;      /* the first event to fail; 0: none */
    int and_later;       /* the at-th and every later event fail, else the
                            at-th only */
} hs_fault;

static inline void hs_fault_arm(hs_fault *f, long k)
{
    atomic_store(&f->count, 0);
    atomic_store(&f->at, k);
}

static inline long hs_fault_count(hs_fault *f)
{
    return atomic_load(&f->count);
}

/* Counts one event; 1 when it is to fail. */
static inline int hs_fault_hit(hs_fault *f)
{
    long at = atomic_load(&f->at);
    if (at <= 0)
        return 0;
    long n = atomic_fetch_add(&f->count, 1) + 1;
    return f->and_later ? n >= at : n == at;
}

#endif
