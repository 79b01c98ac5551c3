/* hetscal_release_memory(): the kept tile block back to the system, the
 * cached device buffers back to the devices. */
#include "config.h"

#include "api/export.h"
#include "include/hetscal.h"
#include "runtime/device_memory.h"
#include "util/mem.h"

HETSCAL_EXPORT void hetscal_release_memory(void)
{
    hs_mem_release_kept();
    hs_devmem_trim_to(0);
}
