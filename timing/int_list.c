/* A comma-separated list of integers on a command line (int_list.h). */
#include "config.h"

#include <stdlib.h>

#include "int_list.h"

int time_parse_ints(const char *text, int *values, int max, int min)
{
    int count = 0;
    const char *p = text;
    while (*p != '\0') {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < min || v > 1000000000L || count == max ||
            (*end != ',' && *end != '\0'))
            return -1;
        values[count++] = (int)v;
        p = *end == ',' ? end + 1 : end;
    }
    return count;
}
