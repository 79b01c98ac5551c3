/* Fibers: stacks that take turns on one thread (ucontext), for the
 * simulator's ranks (sim.c).  A simulated rank's generation runs until it
 * waits, then hands control back; with a thread per rank each hand-over
 * was a futex wake and wait and a context switch in the kernel, the most
 * of a large prediction's time.  A switch here stays in user space.
 * AddressSanitizer and ThreadSanitizer are told of every switch (their
 * fiber interfaces), so the sanitizer builds run the simulator too. */
#ifndef HETSCAL_SIM_SIM_FIBER_H
#define HETSCAL_SIM_SIM_FIBER_H

#include <stddef.h>

typedef struct hs_fiber hs_fiber;

/* The calling thread as a fiber (to switch back to); NULL when out of
 * memory. */
hs_fiber *hs_fiber_of_thread(void);

/* A fiber that runs fn(arg) on a stack of its own the first time it is
 * switched to; when fn returns, control goes back to the fiber that
 * switched to it last, and the fiber is finished.  NULL when out of
 * memory. */
hs_fiber *hs_fiber_new(void (*fn)(void *), void *arg, size_t stack_bytes);

/* Suspends `from` (the running fiber) and runs `to` until it switches
 * back or finishes. */
void hs_fiber_switch(hs_fiber *from, hs_fiber *to);

/* Frees a fiber: the thread's, a finished one, or one suspended for good
 * (what its stack held is dropped). */
void hs_fiber_free(hs_fiber *f);

#endif
