/* Fibers (see sim_fiber.h): on x86-64, a switch of our own that saves
 * the registers a call preserves and moves to the other stack; elsewhere
 * ucontext.  glibc's swapcontext also saves and restores the signal mask
 * with a system call at every switch, a tenth of a large prediction's time;
 * fibers that never touch signals need none.  With CET (__CET__) the
 * shadow stack, which only swapcontext keeps in step, rules ours out. */
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

#if defined(__x86_64__) && defined(__ELF__) && !defined(__CET__)
#define FIBER_OWN_SWITCH 1
#endif

struct hs_fiber {
#ifdef FIBER_OWN_SWITCH
    void *sp;                /* suspended: its stack pointer, where
                                hs_fiber_jump saved what it restores */
#else
    ucontext_t ctx;
#endif
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

static void run(hs_fiber *f)
{
    after_switch(f, f->caller);
    f->fn(f->arg);
    before_switch(f, f->caller, 1);
}

#ifdef FIBER_OWN_SWITCH
/* hs_fiber_jump(save, sp): pushes the registers the SysV ABI has a callee
 * preserve (rbp, rbx, r12-r15, the SSE and x87 control words), stores
 * the stack pointer at *save, takes sp as the stack pointer and pops the
 * same from there: it returns where that stack's own jump was made.  A
 * new fiber's stack is laid out as if it had jumped to
 * hs_fiber_trampoline, which calls r12(rbx). */
__asm__(".text\n"
        ".globl hs_fiber_jump\n"
        ".hidden hs_fiber_jump\n"
        ".type hs_fiber_jump, @function\n"
        "hs_fiber_jump:\n"
        "    pushq %rbp\n"
        "    pushq %rbx\n"
        "    pushq %r12\n"
        "    pushq %r13\n"
        "    pushq %r14\n"
        "    pushq %r15\n"
        "    subq $8, %rsp\n"
        "    stmxcsr (%rsp)\n"
        "    fnstcw 4(%rsp)\n"
        "    movq %rsp, (%rdi)\n"
        "    movq %rsi, %rsp\n"
        "    ldmxcsr (%rsp)\n"
        "    fldcw 4(%rsp)\n"
        "    addq $8, %rsp\n"
        "    popq %r15\n"
        "    popq %r14\n"
        "    popq %r13\n"
        "    popq %r12\n"
        "    popq %rbx\n"
        "    popq %rbp\n"
        "    ret\n"
        ".size hs_fiber_jump, .-hs_fiber_jump\n"
        ".globl hs_fiber_trampoline\n"
        ".hidden hs_fiber_trampoline\n"
        ".type hs_fiber_trampoline, @function\n"
        "hs_fiber_trampoline:\n"
        "    movq %rbx, %rdi\n"
        "    callq *%r12\n"
        "    ud2\n"
        ".size hs_fiber_trampoline, .-hs_fiber_trampoline\n");
__attribute__((visibility("hidden"))) void hs_fiber_jump(void **save, void *sp);
__attribute__((visibility("hidden"))) void hs_fiber_trampoline(void);

static void entry(hs_fiber *f)
{
    run(f);
    hs_fiber_jump(&f->sp, f->caller->sp);
    abort();   /* a finished fiber is never switched to */
}

/* The stack of a fiber not yet run, as hs_fiber_jump leaves a suspended
 * one: the control words (this thread's), r15 .. rbp (r12 = entry, rbx =
 * f, rbp = 0 ends a debugger's walk), then the trampoline as the return
 * address; the trampoline starts on a 16-byte boundary, so that the
 * call it makes leaves entry's frame aligned as the ABI wants. */
static int context_start(hs_fiber *f)
{
    uintptr_t top = ((uintptr_t)f->stack + f->stack_bytes) & ~(uintptr_t)15;
    uint64_t *sp = (uint64_t *)(top - 16 - 8 * sizeof(uint64_t));
    unsigned int mxcsr;
    unsigned short fpucw;
    __asm__ volatile("stmxcsr %0\n\tfnstcw %1" : "=m"(mxcsr), "=m"(fpucw));
    sp[0] = (uint64_t)mxcsr | (uint64_t)fpucw << 32;
    sp[1] = sp[2] = sp[3] = 0;                       /* r15, r14, r13 */
    sp[4] = (uint64_t)(uintptr_t)entry;              /* r12 */
    sp[5] = (uint64_t)(uintptr_t)f;                  /* rbx */
    sp[6] = 0;                                       /* rbp */
    sp[7] = (uint64_t)(uintptr_t)hs_fiber_trampoline;
    f->sp = sp;
    return 0;
}

static void context_switch(hs_fiber *from, hs_fiber *to)
{
    hs_fiber_jump(&from->sp, to->sp);
}
#else
/* makecontext passes ints: the fiber's address in two halves. */
static void entry(unsigned int high, unsigned int low)
{
    hs_fiber *f = (hs_fiber *)(((uintptr_t)high << 16 << 16) | (uintptr_t)low);
    run(f);
    setcontext(&f->caller->ctx);
    abort();   /* setcontext returns only on failure */
}

/* getcontext returns twice for a context that is resumed later; nothing
 * of the caller's is live across it here (-Wclobbered).  A fiber's
 * context is only ever resumed at makecontext's entry. */
__attribute__((noinline)) static int context_init(ucontext_t *ctx)
{
    return getcontext(ctx);
}

static int context_start(hs_fiber *f)
{
    if (context_init(&f->ctx) != 0)
        return -1;
    f->ctx.uc_stack.ss_sp = (void *)f->stack;
    f->ctx.uc_stack.ss_size = f->stack_bytes;
    f->ctx.uc_link = NULL;
    uintptr_t p = (uintptr_t)f;
    makecontext(&f->ctx, (void (*)(void))entry, 2, (unsigned int)(p >> 16 >> 16),
                (unsigned int)(p & 0xffffffffu));
    return 0;
}

static void context_switch(hs_fiber *from, hs_fiber *to)
{
    if (swapcontext(&from->ctx, &to->ctx) != 0)
        abort();   /* only with a bad context: none is made here */
}
#endif

hs_fiber *hs_fiber_of_thread(void)
{
    hs_fiber *f = calloc(1, sizeof *f);
#ifdef FIBER_TSAN
    if (f)
        f->tsan = __tsan_get_current_fiber();
#endif
    return f;
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
    if (map == MAP_FAILED || mprotect(map, page, PROT_NONE) != 0) {
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
    if (context_start(f) != 0) {
        munmap(map, f->map_bytes);
        free(f);
        return NULL;
    }
#ifdef FIBER_TSAN
    f->tsan = __tsan_create_fiber(0);
#endif
    return f;
}

void hs_fiber_switch(hs_fiber *from, hs_fiber *to)
{
    to->caller = from;
    before_switch(from, to, 0);
    context_switch(from, to);
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
