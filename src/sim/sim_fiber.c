/* Fibers on ucontext (see sim_fiber.h). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "sim/sim_fiber.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#define FIBER_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#define FIBER_TSAN 1
#endif

struct hs_fiber {
    ucontext_t ctx;
    void (*fn)(void *);
    void *arg;
    hs_fiber *caller;        /* who switched to it last: where fn's return goes */
    char *map;               /* the mapping: a guard page, then the stack */
    size_t map_bytes;
    const void *stack;       /* the stack's lowest address and size (for the thread's */
    size_t stack_bytes;      /* fiber: learned at the first switch back to it) */
    void *fake_stack;        /* ASan's fake stack while suspended */
    void *tsan;              /* TSan's fiber */
};

/* The sanitizers before a switch from `from` to `to`: `from` exits for
 * good when `leaving` (its fake stack is freed). */
static void before_switch(hs_fiber *from, hs_fiber *to, int leaving)
{
#ifdef FIBER_ASAN
    __sanitizer_start_switch_fiber(leaving ? NULL : &from->fake_stack, to->stack,
                                   to->stack_bytes);
#else
    (void)from;
    (void)leaving;
#endif
#ifdef FIBER_TSAN
    __tsan_switch_to_fiber(to->tsan, 0);
#else
    (void)to;
#endif
}

/* ASan in the fiber that now runs (`self`), which `from` switched to:
 * the thread's own stack bounds are learned when it first switches to a
 * new fiber (entry), before anything switches back to it. */
static void after_switch(hs_fiber *self, hs_fiber *from)
{
#ifdef FIBER_ASAN
    const void *bottom;
    size_t size;
    __sanitizer_finish_switch_fiber(self->fake_stack, &bottom, &size);
    if (from && !from->map) {
        /* The thread's own stack, as ASan knows it. */
        from->stack = bottom;
        from->stack_bytes = size;
    }
#else
    (void)self;
    (void)from;
#endif
}

/* makecontext passes ints: the fiber's address in two halves. */
static void entry(unsigned int high, unsigned int low)
{
    hs_fiber *f = (hs_fiber *)(((uintptr_t)high << 16 << 16) | (uintptr_t)low);
    after_switch(f, f->caller);
    f->fn(f->arg);
    before_switch(f, f->caller, 1);
    setcontext(&f->caller->ctx);
    abort();   /* setcontext returns only on failure */
}

hs_fiber *hs_fiber_of_thread(void)
{
    hs_fiber *f = calloc(1, sizeof *f);
#ifdef FIBER_TSAN
    if (f)
        f->tsan = __tsan_get_current_fiber();
#endif
    return f;
}

/* getcontext returns twice for a context that is resumed later; nothing
 * of the caller's is live across it here (-Wclobbered).  A fiber's
 * context is only ever resumed at makecontext's entry. */
__attribute__((noinline)) static int context_init(ucontext_t *ctx)
{
    return getcontext(ctx);
}

hs_fiber *hs_fiber_new(void (*fn)(void *), void *arg, size_t stack_bytes)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    stack_bytes = (stack_bytes + page - 1) / page * page;
    hs_fiber *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->map_bytes = stack_bytes + page;
    /* Pages are taken as the stack grows into them; the lowest page stays
     * inaccessible, so that an overflow faults instead of writing on. */
    void *map = mmap(NULL, f->map_bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (map == MAP_FAILED || mprotect(map, page, PROT_NONE) != 0 || context_init(&f->ctx) != 0) {
        if (map != MAP_FAILED)
            munmap(map, f->map_bytes);
        free(f);
        return NULL;
    }
    f->map = map;
    f->stack = f->map + page;
    f->stack_bytes = stack_bytes;
    f->fn = fn;
    f->arg = arg;
    f->ctx.uc_stack.ss_sp = f->map + page;
    f->ctx.uc_stack.ss_size = stack_bytes;
    f->ctx.uc_link = NULL;
    uintptr_t p = (uintptr_t)f;
    makecontext(&f->ctx, (void (*)(void))entry, 2, (unsigned int)(p >> 16 >> 16),
                (unsigned int)(p & 0xffffffffu));
#ifdef FIBER_TSAN
    f->tsan = __tsan_create_fiber(0);
#endif
    return f;
}

void hs_fiber_switch(hs_fiber *from, hs_fiber *to)
{
    to->caller = from;
    before_switch(from, to, 0);
    if (swapcontext(&from->ctx, &to->ctx) != 0)
        abort();   /* only with a bad context: none is made here */
    after_switch(from, NULL);
}

void hs_fiber_free(hs_fiber *f)
{
    if (!f)
        return;
    if (f->map) {
#ifdef FIBER_TSAN
        __tsan_destroy_fiber(f->tsan);
#endif
        munmap(f->map, f->map_bytes);
    }
    free(f);
}
