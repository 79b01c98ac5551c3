/* hetscal_version(). */
#include "config.h"

#include "api/export.h"
#include "include/hetscal.h"

HETSCAL_EXPORT const char *hetscal_version(void)
{
    return PACKAGE_VERSION;
}
