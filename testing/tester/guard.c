/* Guarded local arrays of the testers (guard.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "guard.h"

double *tester_guarded(size_t len, double pattern, double **storage)
{
    size_t total = len + 2 * (size_t)TESTER_GUARD;
    *storage = malloc(total * sizeof **storage);
    if (*storage == NULL)
        return NULL;
    for (size_t i = 0; i < total; i++)
        (*storage)[i] = pattern;
    return *storage + TESTER_GUARD;
}

int tester_is_guard(const double *x, double pattern)
{
    return memcmp(x, &pattern, sizeof pattern) == 0;
}

long tester_guards_damaged(const double *storage, size_t len,
                           double pattern)
{
    long count = 0;
    for (size_t i = 0; i < TESTER_GUARD; i++) {
        count += !tester_is_guard(&storage[i], pattern);
        count += !tester_is_guard(&storage[TESTER_GUARD + len + i], pattern);
    }
    return count;
}
