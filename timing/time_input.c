/* Parser of the timer's input, in the style of ScaLAPACK's LLT.dat/QR.dat:
 * each record holds its values first (list-directed: blanks or commas
 * between them, a list may run over several lines), then a comment to the
 * end of the line.  timing/potrf_default.dat shows every record. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "time_scalapack.h"

struct reader {
    const char *pos;
    int line, token_line;   /* the current line, the last token's line */
    char *err;
    size_t errlen;
};

static int fail(struct reader *r, const char *what)
{
    snprintf(r->err, r->errlen, "input line %d: %s", r->token_line, what);
    return -1;
}

static int is_separator(char c)
{
    return isspace((unsigned char)c) || c == ',';
}

/* Copies the next token (a quoted string, or characters up to a blank or
 * comma) into TOK, crossing line ends.  Returns 0, or -1 at the end. */
static int next_token(struct reader *r, char *tok, size_t toklen)
{
    const char *p = r->pos;
    size_t len = 0;

    for (; *p != '\0' && is_separator(*p); p++)
        r->line += *p == '\n';
    r->token_line = r->line;
    if (*p == '\0')
        return -1;
    if (*p == '\'' || *p == '"') {
        char quote = *p++;
        for (; *p != '\0' && *p != quote && *p != '\n'; p++)
            if (len + 1 < toklen)
                tok[len++] = *p;
        p += *p == quote;
    } else {
        for (; *p != '\0' && !is_separator(*p); p++)
            if (len + 1 < toklen)
                tok[len++] = *p;
    }
    tok[len] = '\0';
    r->pos = p;
    return 0;
}

/* Ends a record: drops the rest of the current line. */
static void skip_line(struct reader *r)
{
    while (*r->pos != '\0' && *r->pos != '\n')
        r->pos++;
    if (*r->pos == '\n') {
        r->pos++;
        r->line++;
    }
}

static int read_string(struct reader *r, char *out, size_t outlen,
                       const char *what)
{
    char msg[128];
    if (next_token(r, out, outlen) != 0) {
        snprintf(msg, sizeof msg, "missing %s", what);
        return fail(r, msg);
    }
    skip_line(r);
    return 0;
}

static int read_ints(struct reader *r, int count, int *values, int min,
                     const char *what)
{
    char tok[64], msg[160];
    for (int i = 0; i < count; i++) {
        char *end;
        long v;
        if (next_token(r, tok, sizeof tok) != 0) {
            snprintf(msg, sizeof msg, "missing value %d of %s", i + 1, what);
            return fail(r, msg);
        }
        errno = 0;
        v = strtol(tok, &end, 10);
        if (*end != '\0' || errno != 0 || v < min || v > 1000000000L) {
            snprintf(msg, sizeof msg, "'%s' is not an integer >= %d (%s)",
                     tok, min, what);
            return fail(r, msg);
        }
        values[i] = (int)v;
    }
    skip_line(r);
    return 0;
}

/* A count on one record, that many values on the next. */
static int read_list(struct reader *r, int *count, int *values, int min,
                     int min_count, const char *what)
{
    char msg[128];
    if (read_ints(r, 1, count, 0, what) != 0)
        return -1;
    if (*count < min_count || *count > TIME_MAX_VALUES) {
        snprintf(msg, sizeof msg, "number of %s must be in %d..%d", what,
                 min_count, TIME_MAX_VALUES);
        return fail(r, msg);
    }
    return read_ints(r, *count, values, min, what);
}

static int read_routines(struct reader *r, struct time_section *s)
{
    char tok[128], *name, *save = NULL;
    if (read_string(r, tok, sizeof tok, "routines") != 0)
        return -1;
    for (name = strtok_r(tok, " \t,", &save); name != NULL;
         name = strtok_r(NULL, " \t,", &save)) {
        const struct time_routine *const *rt = time_routines;
        for (char *c = name; *c != '\0'; c++)
            *c = (char)toupper((unsigned char)*c);
        while (*rt != NULL && strcmp((*rt)->key, name) != 0 &&
               strcmp((*rt)->name, name) != 0)
            rt++;
        if (*rt == NULL)
            return fail(r, "routines are POTRF and/or GEQRF");
        if (s->nroutines < TIME_MAX_VALUES)
            s->routines[s->nroutines++] = *rt;
    }
    return s->nroutines > 0 ? 0 : fail(r, "no routine");
}

static int read_uplo(struct reader *r, struct time_section *s)
{
    char tok[16];
    if (read_string(r, tok, sizeof tok, "UPLO") != 0)
        return -1;
    s->uplo = (char)toupper((unsigned char)tok[0]);
    if ((s->uplo != 'L' && s->uplo != 'U') || tok[1] != '\0')
        return fail(r, "UPLO must be L or U");
    return 0;
}

static int read_grids(struct reader *r, struct time_section *s)
{
    if (read_ints(r, 1, &s->ngrids, 1, "number of grids") != 0)
        return -1;
    if (s->ngrids > TIME_MAX_VALUES)
        return fail(r, "too many grids");
    if (read_ints(r, s->ngrids, s->p, 1, "values of P") != 0)
        return -1;
    return read_ints(r, s->ngrids, s->q, 1, "values of Q");
}

static int read_devices(struct reader *r, struct time_section *s)
{
    if (read_ints(r, 1, &s->ndevices, 1, "number of HETSCAL_DEVICES") != 0)
        return -1;
    if (s->ndevices > TIME_MAX_VALUES)
        return fail(r, "too many HETSCAL_DEVICES values");
    for (int i = 0; i < s->ndevices; i++)
        if (next_token(r, s->devices[i], TIME_DEVICES_LEN) != 0)
            return fail(r, "missing HETSCAL_DEVICES value");
    skip_line(r);
    return 0;
}

static int read_flag(struct reader *r, int *flag, const char *what)
{
    char tok[16], msg[96];
    if (read_string(r, tok, sizeof tok, what) != 0)
        return -1;
    switch (toupper((unsigned char)tok[0])) {
    case 'T': case 'Y': *flag = 1; return 0;
    case 'F': case 'N': *flag = 0; return 0;
    default:
        snprintf(msg, sizeof msg, "%s must be T or F", what);
        return fail(r, msg);
    }
}

static int read_thresh(struct reader *r, struct time_section *s)
{
    char tok[64], *end;
    if (read_string(r, tok, sizeof tok, "threshold") != 0)
        return -1;
    s->thresh = strtod(tok, &end);
    if (*end != '\0' || !(s->thresh > 0.0))
        return fail(r, "threshold must be a positive number");
    return 0;
}

int time_input_parse(const char **text, int *line, struct time_section *s,
                     char *err, size_t errlen)
{
    struct reader r = { *text, *line, *line, err, errlen };
    int rc = -1;

    memset(s, 0, sizeof *s);
    if (read_string(&r, s->title, sizeof s->title, "title") == 0 &&
        read_routines(&r, s) == 0 && read_uplo(&r, s) == 0 &&
        read_list(&r, &s->nn, s->n, 1, 1, "values of N") == 0 &&
        read_list(&r, &s->nm, s->m, 1, 0, "values of M") == 0 &&
        read_list(&r, &s->nnb, s->nb, 1, 1, "values of NB") == 0 &&
        read_grids(&r, s) == 0 &&
        read_list(&r, &s->nthreads, s->threads, 0, 1,
                  "threads per rank") == 0 &&
        read_devices(&r, s) == 0 &&
        read_ints(&r, 1, &s->reps, 1, "repetitions") == 0 &&
        read_flag(&r, &s->check, "check") == 0 && read_thresh(&r, s) == 0 &&
        read_ints(&r, 1, &s->ceiling_nb, 0, "ceiling DGEMM size") == 0) {
        rc = 0;
        if (s->nm != 0 && s->nm != s->nn)
            rc = fail(&r, "give as many values of M as of N, or none");
    }
    *text = r.pos;
    *line = r.line;
    return rc;
}

int time_input_has_more(const char *text)
{
    while (*text != '\0' && is_separator(*text))
        text++;
    return *text != '\0';
}

/* The cross product, N varying fastest, then NB, devices, threads, grid
 * and routine. */
int time_section_cases(const struct time_section *s, struct time_case **cases,
                       int *ncases)
{
    size_t count = (size_t)s->nroutines * s->ngrids * s->nthreads *
                   s->ndevices * s->nnb * s->nn;
    struct time_case *all = realloc(*cases, (*ncases + count) * sizeof *all);

    if (all == NULL)
        return -1;
    *cases = all;
    for (size_t k = 0; k < count; k++) {
        struct time_case *c = &all[(*ncases)++];
        size_t x = k;
        int i = (int)(x % s->nn), b, d, t, g;
        x /= s->nn;
        b = (int)(x % s->nnb), x /= s->nnb;
        d = (int)(x % s->ndevices), x /= s->ndevices;
        t = (int)(x % s->nthreads), x /= s->nthreads;
        g = (int)(x % s->ngrids), x /= s->ngrids;
        memset(c, 0, sizeof *c);
        c->routine = s->routines[x];
        c->n = s->n[i];
        c->m = s->nm ? s->m[i] : s->n[i];
        c->nb = s->nb[b];
        c->p = s->p[g];
        c->q = s->q[g];
        c->threads = s->threads[t];
        memcpy(c->devices, s->devices[d], sizeof c->devices);
        c->uplo = s->uplo;
        c->reps = s->reps;
        c->check = s->check;
        c->thresh = s->thresh;
        c->ceiling_nb = s->ceiling_nb;
    }
    return 0;
}
