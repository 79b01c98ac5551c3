/* The serial unit tests' check (see t_expect.h). */
#include "config.h"

#include <stdio.h>

#include "t_expect.h"

int failures;

void expect(int ok, const char *what)
{
    if (!ok) {
        printf("FAIL: %s\n", what);
        failures++;
    }
}
