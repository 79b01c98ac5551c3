/* hetscal_release_memory(): the kept tile block back to the system. */
#include "config.h"

#include "api/export.h"
#include "include/hetscal.h"
#include "util/mem.h"

HETSCAL_EXPORT void hetscal_release_memory(void)
{
    hs_mem_release_kept();
}
