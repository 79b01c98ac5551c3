/* hetscal_release_memory(): the kept tile block back to the system (its
 * pinning undone), the cached device and pinned host buffers back to the
 * devices. */
#include "config.h"

#include "api/export.h"
#include "include/hetscal.h"
#include "runtime/device_memory.h"
#include "runtime/session.h"
#include "util/mem.h"

HETSCAL_EXPORT void hetscal_release_memory(void)
{
    hs_mem_release_kept();
    /* After any call that drives the devices (it may close one). */
    hs_session_lock_devices();
    hs_devmem_trim_to(0);
    hs_pinned_trim_to(0);
    hs_session_unlock_devices();
}
