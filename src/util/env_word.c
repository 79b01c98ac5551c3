/* A variable that takes one of a few words (see env_word.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "util/env_guard.h"
#include "util/env_word.h"

int hs_env_word_setting(const char *name, const hs_env_word *words, int fallback,
                        const char *why)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return fallback;
    for (const hs_env_word *w = words; w->word; w++)
        if (strcmp(s, w->word) == 0)
            return w->value;
    hs_env_report(name, s, why);
    return fallback;
}
