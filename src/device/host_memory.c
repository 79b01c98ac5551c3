/* Plain host memory as a device hands it out: the cpu device's memory and
 * the host buffers of the kinds whose tiles need no pinning (cpu, emu). */
#include "config.h"

#include <stdlib.h>
#include <sys/mman.h>

#include "device/backends.h"

/* Blocks of MAP_FROM bytes or more are mapped directly, not malloc'd:
 * freeing a large malloc'd block raises glibc's mmap threshold for the
 * whole process (up to 32 MiB), after which the application's own blocks
 * of that size come from the heap and stay resident once freed.  Each
 * block starts with a HEADER (aligned as malloc's) saying how it was
 * had: its mapped length, 0 for malloc. */
enum { MAP_FROM = 1 << 20, HEADER = 64 };

void *hs_host_memory_alloc(hs_device *dev, size_t bytes)
{
    (void)dev;
    size_t total = HEADER + (bytes ? bytes : 1);   /* NULL means exhausted, never "0 bytes" */
    char *base;
    if (total >= MAP_FROM) {
        base = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (base == MAP_FAILED)
            return NULL;
    } else if (!(base = malloc(total))) {
        return NULL;
    }
    *(size_t *)base = total >= MAP_FROM ? total : 0;
    return base + HEADER;
}

void hs_host_memory_free(hs_device *dev, void *ptr)
{
    (void)dev;
    if (!ptr)
        return;
    char *base = (char *)ptr - HEADER;
    size_t mapped = *(size_t *)base;
    if (mapped)
        munmap(base, mapped);
    else
        free(base);
}
