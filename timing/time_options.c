/* Command line of the timer: one case from -n/-nb/-p/-q/-reps (-n and -nb
 * may be comma-separated lists, timed as a cross product), or a case list
 * from -f FILE with one "N NB P Q [REPS]" per line ('#' starts a comment). */
#include "config.h"

#include <ctype.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "time_pdpotrf.h"

void time_print_usage(const char *prog)
{
    printf("usage: mpiexec -n NP %s [options]\n"
           "  -n N[,N...]     matrix orders (default 2000)\n"
           "  -nb NB[,NB...]  block sizes of the caller's layout (default 64)\n"
           "  -p P -q Q       process grid (default 1 x NP)\n"
           "  -reps R         timed runs of each routine (default 3)\n"
           "  -f FILE         cases \"N NB P Q [REPS]\", one per line\n"
           "  -uplo L|U       triangle to factor (default L)\n"
           "  -ceiling N      DGEMM size for the ceiling, 0 to skip "
           "(default 2000)\n"
           "  -nocheck        skip the residual of hetscal's factor\n",
           prog);
}

static int parse_list(const char *text, int *values, int max)
{
    int count = 0;
    const char *p = text;
    while (*p != '\0') {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < 0 || v > 1000000 || count == max ||
            (*end != ',' && *end != '\0'))
            return -1;
        values[count++] = (int)v;
        p = *end == ',' ? end + 1 : end;
    }
    return count;
}

static int read_case_file(const char *path, struct time_options *opt,
                          int reps, char *err, size_t errlen)
{
    char line[512];
    int lineno = 0;
    FILE *f = fopen(path, "r");

    if (f == NULL) {
        snprintf(err, errlen, "cannot open %s", path);
        return -1;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        struct time_case c = { 0, 0, 0, 0, reps };
        char *hash = strchr(line, '#');
        int got;
        lineno++;
        if (hash != NULL)
            *hash = '\0';
        got = sscanf(line, "%d %d %d %d %d", &c.n, &c.nb, &c.p, &c.q,
                     &c.reps);
        if (got <= 0)
            continue;
        if (got < 4 || opt->ncases == TIME_MAX_CASES) {
            snprintf(err, errlen, "%s:%d: expected N NB P Q [REPS]", path,
                     lineno);
            fclose(f);
            return -1;
        }
        opt->cases[opt->ncases++] = c;
    }
    fclose(f);
    return 0;
}

static int check_cases(const struct time_options *opt, char *err,
                       size_t errlen)
{
    for (int i = 0; i < opt->ncases; i++) {
        const struct time_case *c = &opt->cases[i];
        if (c->n < 1 || c->nb < 1 || c->p < 1 || c->q < 1 || c->reps < 1) {
            snprintf(err, errlen,
                     "case %d: N, NB, P, Q and REPS must be positive", i + 1);
            return -1;
        }
    }
    if (opt->ncases == 0) {
        snprintf(err, errlen, "no case to time");
        return -1;
    }
    return 0;
}

int time_parse_options(int argc, char **argv, struct time_options *opt,
                       char *err, size_t errlen)
{
    int ns[TIME_MAX_CASES] = { 2000 }, nbs[TIME_MAX_CASES] = { 64 };
    int nn = 1, nnb = 1, p = 0, q = 0, reps = 3, nprocs;
    const char *file = NULL;

    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    memset(opt, 0, sizeof *opt);
    opt->uplo = 'L';
    opt->ceiling_n = 2000;
    opt->check = 1;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int used = 1;
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0)
            return 1;
        else if (strcmp(arg, "-nocheck") == 0)
            opt->check = 0, used = 0;
        else if (val == NULL)
            used = -1;
        else if (strcmp(arg, "-n") == 0)
            used = (nn = parse_list(val, ns, TIME_MAX_CASES)) > 0 ? 1 : -1;
        else if (strcmp(arg, "-nb") == 0)
            used = (nnb = parse_list(val, nbs, TIME_MAX_CASES)) > 0 ? 1 : -1;
        else if (strcmp(arg, "-p") == 0)
            p = atoi(val);
        else if (strcmp(arg, "-q") == 0)
            q = atoi(val);
        else if (strcmp(arg, "-reps") == 0)
            reps = atoi(val);
        else if (strcmp(arg, "-ceiling") == 0)
            opt->ceiling_n = atoi(val);
        else if (strcmp(arg, "-f") == 0)
            file = val;
        else if (strcmp(arg, "-uplo") == 0 &&
                 (toupper((unsigned char)val[0]) == 'L' ||
                  toupper((unsigned char)val[0]) == 'U') && val[1] == '\0')
            opt->uplo = (char)toupper((unsigned char)val[0]);
        else
            used = -1;
        if (used < 0) {
            snprintf(err, errlen, "bad or incomplete option %s", arg);
            return -1;
        }
        i += used;
    }
    if (p == 0 && q == 0)
        p = 1, q = nprocs;
    else if (p == 0)
        p = nprocs / (q > 0 ? q : 1);
    else if (q == 0)
        q = nprocs / (p > 0 ? p : 1);
    if (file != NULL) {
        if (read_case_file(file, opt, reps, err, errlen) != 0)
            return -1;
    } else {
        for (int i = 0; i < nn; i++)
            for (int j = 0; j < nnb && opt->ncases < TIME_MAX_CASES; j++) {
                struct time_case c = { ns[i], nbs[j], p, q, reps };
                opt->cases[opt->ncases++] = c;
            }
    }
    if (opt->ceiling_n < 0) {
        snprintf(err, errlen, "-ceiling must be >= 0");
        return -1;
    }
    return check_cases(opt, err, errlen);
}
