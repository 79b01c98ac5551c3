/* Guarded local arrays of the testers (guard.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "guard.h"

void *tester_guarded(size_t len, size_t tail, size_t elem, const void *pattern,
                     void **storage)
{
    size_t total = len + 2 * (size_t)TESTER_GUARD + tail;
    char *s = malloc(total * elem);
    *storage = s;
    if (s == NULL)
        return NULL;
    for (size_t i = 0; i < total; i++)
        memcpy(s + i * elem, pattern, elem);
    return s + TESTER_GUARD * elem;
}

int tester_is_guard(const void *x, size_t elem, const void *pattern)
{
    return memcmp(x, pattern, elem) == 0;
}

long tester_guards_damaged(const void *storage, size_t len, size_t elem,
                           const void *pattern)
{
    const char *s = storage;
    long count = 0;
    for (size_t i = 0; i < TESTER_GUARD; i++) {
        count += !tester_is_guard(s + i * elem, elem, pattern);
        count += !tester_is_guard(s + (TESTER_GUARD + len + i) * elem, elem,
                                  pattern);
    }
    return count;
}
