/* Thread names (see thread_name.h). */
#define _GNU_SOURCE
#include "config.h"

#include <pthread.h>
#include <stdio.h>

#include "util/thread_name.h"

void hs_thread_name(const char *kind, int index)
{
#if defined(__linux__) && defined(__GLIBC__)
    char name[16];   /* Linux keeps 15 characters and the NUL */
    if (index >= 0)
        snprintf(name, sizeof name, "hs-%s%d", kind, index);
    else
        snprintf(name, sizeof name, "hs-%s", kind);
    (void)pthread_setname_np(pthread_self(), name);
#else
    (void)kind;
    (void)index;
#endif
}
