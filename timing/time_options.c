/* Command line of the timer: an input file (-f FILE, see
 * timing/potrf_default.dat), or the built-in input with some of its lists
 * replaced by options (-n 4000 -p 1 -q 2 ...), -precision for the routines
 * named without one, and -csv FILE. */
#include "config.h"

#include <ctype.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "int_list.h"
#include "time_scalapack.h"

void time_print_usage(const char *prog)
{
    printf("usage: mpiexec -n NP %s [-f FILE.dat] [-csv FILE] [options]\n"
           "  -f FILE           input file (timing/*.dat); without it the "
           "built-in input,\n"
           "                    whose lists these options replace:\n"
           "  -routine R[,R]    potrf, geqrf, getrf (or with a precision: "
           "zpotrf, psgeqrf)\n"
           "  -n N[,N...]       matrix orders (columns for geqrf, getrf)\n"
           "  -m M[,M...]       rows for geqrf, getrf, one per N (default "
           "M = N)\n"
           "  -nb NB[,NB...]    block size of the caller's layout (MB = NB)\n"
           "  -p P -q Q         one process grid (default 1 x NP)\n"
           "  -threads T[,T]    threads per rank: hetscal's workers and the "
           "reference's\n"
           "                    BLAS threads (0: cores of the node / grid "
           "ranks on it)\n"
           "  -devices D[,D]    HETSCAL_DEVICES values ('-': as in the "
           "environment)\n"
           "  -reps R           timed runs of each routine\n"
           "  -uplo L|U         P?POTRF's triangle\n"
           "  -nocheck          skip the residual of hetscal's result\n"
           "  -noref            skip the reference (its columns print nan)\n"
           "  -thresh X         residual threshold\n"
           "  -ceiling NB       GEMM size of the ceiling (0: min(N, 384))\n"
           "  -noceiling        skip the ceiling (0.6 s a case; its columns "
           "print nan)\n"
           "  -precision P[,P]  s, d, c, z: the precisions of the routines "
           "named without\n"
           "                    one, here or in FILE (default d)\n"
           "  -csv FILE         also write one CSV line per case (rank 0)\n",
           prog);
}

static int parse_words(const char *text, char words[][TIME_DEVICES_LEN])
{
    int count = 0;
    const char *p = text;
    while (*p != '\0') {
        size_t len = strcspn(p, ",");
        if (len == 0 || len >= TIME_DEVICES_LEN || count == TIME_MAX_VALUES)
            return -1;
        memcpy(words[count], p, len);
        words[count++][len] = '\0';
        p += len + (p[len] == ',');
    }
    return count;
}

static int parse_routines(const char *text, struct time_section *s)
{
    char names[TIME_MAX_VALUES][TIME_DEVICES_LEN];
    int count = parse_words(text, names);
    s->nroutines = 0;
    for (int i = 0; i < count; i++) {
        if (time_routine_parse(names[i], &s->routines[s->nroutines],
                               &s->precs[s->nroutines]) != 0)
            return -1;
        s->nroutines++;
    }
    return s->nroutines;
}

/* -precision s,d,c,z: each at most once. */
static int parse_precisions(const char *text, struct time_options *opt)
{
    char names[TIME_MAX_VALUES][TIME_DEVICES_LEN];
    int count = parse_words(text, names);
    opt->nprecs = 0;
    for (int i = 0; i < count; i++) {
        const struct time_precision *p = time_precision_named(names[i][0]);
        if (p == NULL || names[i][1] != '\0' || opt->nprecs == TIME_NPREC)
            return -1;
        for (int j = 0; j < opt->nprecs; j++)
            if (opt->precs[j] == p)
                return -1;
        opt->precs[opt->nprecs++] = p;
    }
    return opt->nprecs;
}

static int read_file(const char *path, char **text, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    long size = -1;
    if (f != NULL && fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 &&
        fseek(f, 0, SEEK_SET) == 0 &&
        (*text = calloc((size_t)size + 1, 1)) != NULL &&
        fread(*text, 1, (size_t)size, f) == (size_t)size) {
        fclose(f);
        return 0;
    }
    snprintf(err, errlen, "cannot read %s", path);
    if (f != NULL)
        fclose(f);
    return -1;
}

/* Section S's cases, in each of opt's precisions, after those before. */
static int add_cases(const struct time_section *s, struct time_options *opt,
                     char *err, size_t errlen)
{
    if (time_section_cases(s, opt->precs, opt->nprecs, &opt->cases,
                           &opt->ncases) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

/* Every section of TEXT, as cases. */
static int parse_text(const char *text, struct time_options *opt,
                      char *err, size_t errlen)
{
    int line = 1;
    while (time_input_has_more(text)) {
        struct time_section s;
        if (time_input_parse(&text, &line, &s, err, errlen) != 0 ||
            add_cases(&s, opt, err, errlen) != 0)
            return -1;
    }
    return 0;
}

/* One option of the built-in section: returns 1 (one value used), 0 (no
 * value) or -1. */
static int apply_option(const char *arg, const char *val,
                        struct time_section *s, int *p, int *q)
{
    if (strcmp(arg, "-nocheck") == 0)
        return s->check = 0, 0;
    if (strcmp(arg, "-noref") == 0)
        return s->noref = 1, 0;
    if (strcmp(arg, "-noceiling") == 0)
        return s->ceiling_nb = -1, 0;
    if (val == NULL)
        return -1;
    if (strcmp(arg, "-routine") == 0)
        return parse_routines(val, s) > 0 ? 1 : -1;
    if (strcmp(arg, "-n") == 0)
        return (s->nn = time_parse_ints(val, s->n, TIME_MAX_VALUES, 1)) > 0 ? 1 : -1;
    if (strcmp(arg, "-m") == 0)
        return (s->nm = time_parse_ints(val, s->m, TIME_MAX_VALUES, 1)) > 0 ? 1 : -1;
    if (strcmp(arg, "-nb") == 0)
        return (s->nnb = time_parse_ints(val, s->nb, TIME_MAX_VALUES, 1)) > 0 ? 1 : -1;
    if (strcmp(arg, "-threads") == 0)
        return (s->nthreads = time_parse_ints(val, s->threads, TIME_MAX_VALUES, 0)) > 0 ? 1 : -1;
    if (strcmp(arg, "-devices") == 0)
        return (s->ndevices = parse_words(val, s->devices)) > 0 ? 1 : -1;
    if (strcmp(arg, "-p") == 0)
        return (*p = atoi(val)) > 0 ? 1 : -1;
    if (strcmp(arg, "-q") == 0)
        return (*q = atoi(val)) > 0 ? 1 : -1;
    if (strcmp(arg, "-reps") == 0)
        return (s->reps = atoi(val)) > 0 ? 1 : -1;
    if (strcmp(arg, "-ceiling") == 0)
        return (s->ceiling_nb = atoi(val)) >= 0 ? 1 : -1;
    if (strcmp(arg, "-thresh") == 0)
        return (s->thresh = atof(val)) > 0.0 ? 1 : -1;
    if (strcmp(arg, "-uplo") == 0) {
        s->uplo = (char)toupper((unsigned char)val[0]);
        return (s->uplo == 'L' || s->uplo == 'U') && val[1] == '\0' ? 1 : -1;
    }
    return -1;
}

int time_parse_options(int argc, char **argv, struct time_options *opt,
                       char *err, size_t errlen)
{
    const char *text = time_default_input(), *file = NULL;
    struct time_section s;
    int line = 1, p = 0, q = 0, nprocs, changed = 0;

    memset(opt, 0, sizeof *opt);
    opt->precs[opt->nprecs++] = time_precision_named('d');
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (time_input_parse(&text, &line, &s, err, errlen) != 0)
        return -1;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int used = 1;
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0)
            return 1;
        if (strcmp(arg, "-f") == 0 && val != NULL)
            file = val;
        else if (strcmp(arg, "-csv") == 0 && val != NULL)
            opt->csv = val;
        else if (strcmp(arg, "-precision") == 0)
            used = val != NULL && parse_precisions(val, opt) > 0 ? 1 : -1;
        else if ((used = apply_option(arg, val, &s, &p, &q)) >= 0)
            changed = 1;
        if (used < 0) {
            snprintf(err, errlen, "bad or incomplete option %s", arg);
            return -1;
        }
        i += used;
    }
    if (file != NULL && changed) {
        snprintf(err, errlen, "-f FILE takes no case options");
        return -1;
    }
    if (file != NULL) {
        char *contents = NULL;
        int rc = read_file(file, &contents, err, errlen);
        if (rc == 0)
            rc = parse_text(contents, opt, err, errlen);
        free(contents);
        return rc;
    }
    if (p > 0 || q > 0) {
        s.ngrids = 1;
        s.p[0] = p > 0 ? p : nprocs / q > 0 ? nprocs / q : 1;
        s.q[0] = q > 0 ? q : nprocs / s.p[0] > 0 ? nprocs / s.p[0] : 1;
    }
    if (s.nm != 0 && s.nm != s.nn) {
        snprintf(err, errlen, "-m needs one value per value of -n");
        return -1;
    }
    return add_cases(&s, opt, err, errlen);
}
