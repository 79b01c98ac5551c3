/* The emulated GPU's memory: one host block of fixed capacity carved
 * first-fit into 256-byte aligned buffers, poisoned (HS_EMU_POISON) on
 * allocation and on free, never freed while pinned; its pages go back to
 * the kernel whenever no buffer is left.  Thread-safe. */
#ifndef HETSCAL_DEVICE_EMU_ARENA_H
#define HETSCAL_DEVICE_EMU_ARENA_H

#include <stddef.h>

typedef struct hs_arena hs_arena;

hs_arena *hs_arena_new(size_t capacity);          /* NULL on failure */
void hs_arena_delete(hs_arena *a);
size_t hs_arena_capacity(const hs_arena *a);
void *hs_arena_alloc(hs_arena *a, size_t bytes);  /* NULL when no room */
/* -1: not a live buffer; -2: pinned (not freed). */
int hs_arena_free(hs_arena *a, void *p);
/* 1: [p, p+bytes) lies in one live buffer, whose pin count then changes
 * by delta (pending operations pin their buffers); 0: it does not touch
 * the arena; -1: it touches the arena but not inside one live buffer. */
int hs_arena_pin(hs_arena *a, const void *p, size_t bytes, int delta);

#endif
