/* Parser of the timer's input, in the style of ScaLAPACK's LLT.dat/QR.dat:
 * each record holds its values first (list-directed: blanks or commas
 * between them, a list may run over several lines), then a comment to the
 * end of the line.  timing/potrf_default.dat shows every record. */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "dat_reader.h"
#include "time_scalapack.h"

/* A list of at least MIN_COUNT values >= MIN. */
static int read_list(struct dat_reader *r, int *count, int *values, int min,
                     int min_count, const char *what)
{
    return dat_read_list(r, count, values, min, min_count, TIME_MAX_VALUES,
                         what);
}

static int read_routines(struct dat_reader *r, struct time_section *s)
{
    char tok[128], *name, *save = NULL;
    if (dat_read_string(r, tok, sizeof tok, "routines") != 0)
        return -1;
    for (name = strtok_r(tok, " \t,", &save); name != NULL;
         name = strtok_r(NULL, " \t,", &save)) {
        const struct time_routine *rt;
        const struct time_precision *prec;
        if (time_routine_parse(name, &rt, &prec) != 0)
            return dat_fail(r, "routines are POTRF, GEQRF and/or GETRF, with"
                               " a precision or not (ZPOTRF, PSGEQRF)");
        if (s->nroutines < TIME_MAX_VALUES) {
            s->routines[s->nroutines] = rt;
            s->precs[s->nroutines++] = prec;
        }
    }
    return s->nroutines > 0 ? 0 : dat_fail(r, "no routine");
}

static int read_uplo(struct dat_reader *r, struct time_section *s)
{
    char tok[16];
    if (dat_read_string(r, tok, sizeof tok, "UPLO") != 0)
        return -1;
    s->uplo = (char)toupper((unsigned char)tok[0]);
    if ((s->uplo != 'L' && s->uplo != 'U') || tok[1] != '\0')
        return dat_fail(r, "UPLO must be L or U");
    return 0;
}

static int read_grids(struct dat_reader *r, struct time_section *s)
{
    if (dat_read_count(r, &s->ngrids, 1, TIME_MAX_VALUES, "grids") != 0 ||
        dat_read_ints(r, s->ngrids, s->p, 1, "values of P") != 0)
        return -1;
    return dat_read_ints(r, s->ngrids, s->q, 1, "values of Q");
}

static int read_devices(struct dat_reader *r, struct time_section *s)
{
    if (dat_read_count(r, &s->ndevices, 1, TIME_MAX_VALUES,
                       "HETSCAL_DEVICES values") != 0)
        return -1;
    for (int i = 0; i < s->ndevices; i++)
        if (dat_next_token(r, s->devices[i], TIME_DEVICES_LEN) != 0)
            return dat_fail(r, "missing HETSCAL_DEVICES value");
    dat_skip_line(r);
    return 0;
}

static int read_flag(struct dat_reader *r, int *flag, const char *what)
{
    char tok[16], msg[96];
    if (dat_read_string(r, tok, sizeof tok, what) != 0)
        return -1;
    switch (toupper((unsigned char)tok[0])) {
    case 'T': case 'Y': *flag = 1; return 0;
    case 'F': case 'N': *flag = 0; return 0;
    default:
        snprintf(msg, sizeof msg, "%s must be T or F", what);
        return dat_fail(r, msg);
    }
}

int time_input_parse(const char **text, int *line, struct time_section *s,
                     char *err, size_t errlen)
{
    struct dat_reader r;
    int rc = -1;

    dat_reader_init(&r, *text, *line, err, errlen);
    memset(s, 0, sizeof *s);
    if (dat_read_string(&r, s->title, sizeof s->title, "title") == 0 &&
        read_routines(&r, s) == 0 && read_uplo(&r, s) == 0 &&
        read_list(&r, &s->nn, s->n, 1, 1, "values of N") == 0 &&
        read_list(&r, &s->nm, s->m, 1, 0, "values of M") == 0 &&
        read_list(&r, &s->nnb, s->nb, 1, 1, "values of NB") == 0 &&
        read_grids(&r, s) == 0 &&
        read_list(&r, &s->nthreads, s->threads, 0, 1,
                  "threads per rank") == 0 &&
        read_devices(&r, s) == 0 &&
        dat_read_ints(&r, 1, &s->reps, 1, "repetitions") == 0 &&
        read_flag(&r, &s->check, "check") == 0 && dat_read_thresh(&r, &s->thresh) == 0 &&
        dat_read_ints(&r, 1, &s->ceiling_nb, 0, "ceiling GEMM size") == 0) {
        rc = 0;
        if (s->nm != 0 && s->nm != s->nn)
            rc = dat_fail(&r, "give as many values of M as of N, or none");
    }
    *text = r.pos;
    *line = r.line;
    return rc;
}

int time_input_has_more(const char *text)
{
    return dat_has_more(text);
}

/* The cross product, N varying fastest, then NB, devices, threads, grid,
 * precision and routine. */
int time_section_cases(const struct time_section *s,
                       const struct time_precision *const *precs,
                       int nprecs, struct time_case **cases, int *ncases)
{
    const struct time_routine *rt[TIME_MAX_VALUES * TIME_NPREC];
    const struct time_precision *pr[TIME_MAX_VALUES * TIME_NPREC];
    size_t nrp = 0, count;
    struct time_case *all;

    /* the (routine, precision) pairs, in the order named */
    for (int r = 0; r < s->nroutines; r++)
        for (int p = 0; p < (s->precs[r] != NULL ? 1 : nprecs); p++) {
            rt[nrp] = s->routines[r];
            pr[nrp++] = s->precs[r] != NULL ? s->precs[r] : precs[p];
        }
    count = nrp * s->ngrids * s->nthreads * s->ndevices * s->nnb * s->nn;
    all = realloc(*cases, (*ncases + count) * sizeof *all);
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
        c->routine = rt[x];
        c->prec = pr[x];
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
        c->noref = s->noref;
        c->thresh = s->thresh;
        c->ceiling_nb = s->ceiling_nb;
    }
    return 0;
}
