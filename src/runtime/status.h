/* Merging of status words: a runtime error (negative) beats a numerical
 * INFO (positive), and among INFOs the smallest (first failure) wins. */
#ifndef HETSCAL_RUNTIME_STATUS_H
#define HETSCAL_RUNTIME_STATUS_H

#include "include/hetscal.h"

static inline int hs_status_merge(int a, int b)
{
    if (a == 0)
        return b;
    if (b == 0)
        return a;
    if ((a < 0) != (b < 0))
        return a < 0 ? a : b;
    return a < b ? a : b;
}

/* What a runtime error (HETSCAL_ERR_*, include/hetscal.h) means. */
static inline const char *hs_status_text(int status)
{
    switch (status) {
    case HETSCAL_ERR_NOMEM:  return "out of memory";
    case HETSCAL_ERR_MPI:    return "an MPI call failed";
    case HETSCAL_ERR_DEVICE: return "a GPU operation failed";
    default:    return "internal error";
    }
}

#endif
