/* The testers' precision table and the -precision list (see prec.h). */
#include "config.h"

#include <ctype.h>
#include <float.h>
#include <string.h>

#include "prec.h"

const struct tester_prec tester_precs[TESTER_NPREC] = {
    { 's', 'S', 0, 0, FLT_EPSILON * 0.5 },
    { 'd', 'D', 1, 0, DBL_EPSILON * 0.5 },
    { 'c', 'C', 2, 1, FLT_EPSILON * 0.5 },
    { 'z', 'Z', 3, 1, DBL_EPSILON * 0.5 },
};

const struct tester_prec *tester_prec_named(char letter)
{
    for (int i = 0; i < TESTER_NPREC; i++)
        if (tolower((unsigned char)letter) == tester_precs[i].letter)
            return &tester_precs[i];
    return NULL;
}

int tester_prec_list(const char *list,
                     const struct tester_prec *out[TESTER_NPREC])
{
    int count = 0;

    if (strcmp(list, "all") == 0)
        list = "sdcz";
    for (const char *c = list; *c != '\0'; c++) {
        const struct tester_prec *p = tester_prec_named(*c);
        int seen = 0;
        if (*c == ',' || isspace((unsigned char)*c))
            continue;
        if (p == NULL)
            return 0;
        for (int i = 0; i < count; i++)
            seen |= out[i] == p;
        if (!seen)
            out[count++] = p;
    }
    return count;
}
