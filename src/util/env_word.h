/* A HETSCAL_* variable that takes one of a few words ("flat" or "tree"):
 * the words and what each means in a table, so that every such variable
 * is read, and an unknown word reported, the same way. */
#ifndef HETSCAL_UTIL_ENV_WORD_H
#define HETSCAL_UTIL_ENV_WORD_H

typedef struct hs_env_word {
    const char *word;   /* NULL ends the table */
    int value;
} hs_env_word;

/* The value of the word that the variable NAME holds, or fallback when it
 * is unset, empty or none of the words; a word not in the table is
 * reported (hs_env_report) with WHY. */
int hs_env_word_setting(const char *name, const hs_env_word *words, int fallback,
                        const char *why);

#endif
