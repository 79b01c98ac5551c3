/* Plain host memory as a device hands it out: the cpu device's memory and
 * the host buffers of the kinds whose tiles need no pinning (cpu, emu). */
#include "config.h"

#include <stdlib.h>

#include "device/backends.h"

void *hs_host_memory_alloc(hs_device *dev, size_t bytes)
{
    (void)dev;
    return malloc(bytes ? bytes : 1);   /* NULL means exhausted, never "0 bytes" */
}

void hs_host_memory_free(hs_device *dev, void *ptr)
{
    (void)dev;
    free(ptr);
}
