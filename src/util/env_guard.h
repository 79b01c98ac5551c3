/* Values and files that HETSCAL_* variables name, taken without trusting
 * them: a variable may hold anything (a 5000-digit number, a 10000-byte
 * string), and a path may name a directory, a device that never ends
 * (/dev/zero, /dev/urandom, /dev/full) or a FIFO nobody opens at the other
 * end, whose plain open() blocks for good.  A file is therefore opened
 * without blocking, used only when it is a regular file, and read only up
 * to a bound; a value that is not used is reported once per process and
 * variable under HETSCAL_VERBOSE. */
#ifndef HETSCAL_UTIL_ENV_GUARD_H
#define HETSCAL_UTIL_ENV_GUARD_H

#include <stdio.h>

/* PATH opened for reading if it is a regular file of at most max_bytes;
 * NULL otherwise, with the reason in why (empty when PATH does not
 * exist, which is no fault: a file not written yet). */
FILE *hs_env_file_read(const char *path, long max_bytes, char *why, size_t whylen);

/* PATH opened for writing (open(2)'s O_WRONLY | O_CREAT | extra_flags,
 * 0644: O_APPEND or O_TRUNC) if it is, or becomes, a regular file of at
 * most max_bytes (0: any size), without blocking on a FIFO: a file
 * descriptor, or -1 with the reason in why. */
int hs_env_file_write(const char *path, int extra_flags, long max_bytes, char *why,
                      size_t whylen);

/* Under HETSCAL_VERBOSE, once per process and variable: "hetscal: NAME=
 * 'VALUE' not used: WHY" (the value cut to a readable length). */
void hs_env_report(const char *name, const char *value, const char *why);

#endif
