/* PXERBLA as the bad-argument testers see it: the program defines its
 * own, which the reference ScaLAPACK and hetscal both call in place of the
 * library's (the executable's definition comes first in symbol lookup).
 * It records the routine name and argument number of each call, then
 * passes the call on to the reference's PXERBLA, so the message is still
 * printed.  The driver compares the two sides' records. */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "args.h"

typedef void pxerbla_fn(const int *, const char *, const int *, size_t);

char args_xerbla_name[16];

static struct {
    int calls, arg;
    char name[16];
} seen;

void args_xerbla_start(void)
{
    memset(&seen, 0, sizeof seen);
}

void args_xerbla_report(int *fields)
{
    fields[PX_CALLS] = seen.calls;
    fields[PX_ARG] = seen.arg;
    fields[PX_NAMED] = seen.calls > 0
                       && strcmp(seen.name, args_xerbla_name) == 0;
}

void pxerbla_(const int *ictxt, const char *srname, const int *info,
              size_t srname_len)
{
    static pxerbla_fn *next;
    size_t len = 0;

    /* SRNAME is a Fortran string: SRNAME_LEN characters, blank-padded. */
    while (len < srname_len && len < sizeof seen.name - 1
           && srname[len] != '\0' && srname[len] != ' ')
        len++;
    memcpy(seen.name, srname, len);
    seen.name[len] = '\0';
    seen.arg = *info;
    seen.calls++;
    if (next == NULL) {
        void *f = dlsym(RTLD_NEXT, "pxerbla_");
        memcpy(&next, &f, sizeof f);
    }
    if (next != NULL)
        next(ictxt, srname, info, srname_len);
    else
        fprintf(stderr, "args: PXERBLA(%s, %d); no reference PXERBLA\n",
                seen.name, *info);
}
