/* Parser of LLT.dat-format input.  Each record is read like Fortran
 * list-directed input: the first k values (they may run over several lines),
 * then the rest of the line is a comment. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "llt_input.h"

struct reader {
    const char *pos;
    int line;
    char *err;
    size_t errlen;
};

static int fail(struct reader *r, const char *what)
{
    snprintf(r->err, r->errlen, "input line %d: %s", r->line, what);
    return -1;
}

/* The first character of the next token, or NUL at the end of the text. */
static char peek(const char *p)
{
    while (*p != '\0' && (isspace((unsigned char)*p) || *p == ','))
        p++;
    return *p;
}

static int at_end(const struct reader *r)
{
    return peek(r->pos) == '\0';
}

/* A quoted string where a record could start: the title of a new section. */
static int at_section_start(const struct reader *r)
{
    char c = peek(r->pos);
    return c == '\'' || c == '"';
}

/* Copies the next token (a quoted string or a run of characters up to a
 * blank or comma) into TOK, crossing line ends.  Returns 0 or -1 at the end
 * of the text. */
static int next_token(struct reader *r, char *tok, size_t toklen)
{
    const char *p = r->pos;
    size_t len = 0;

    while (*p != '\0' && (isspace((unsigned char)*p) || *p == ',')) {
        if (*p == '\n')
            r->line++;
        p++;
    }
    if (*p == '\0')
        return -1;
    if (*p == '\'' || *p == '"') {
        char quote = *p++;
        while (*p != '\0' && *p != quote && *p != '\n') {
            if (len + 1 < toklen)
                tok[len++] = *p;
            p++;
        }
        if (*p == quote)
            p++;
    } else {
        while (*p != '\0' && !isspace((unsigned char)*p) && *p != ',') {
            if (len + 1 < toklen)
                tok[len++] = *p;
            p++;
        }
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

static int read_ints(struct reader *r, int count, int *values,
                     const char *what)
{
    char tok[64], msg[128];
    for (int i = 0; i < count; i++) {
        char *end;
        long v;
        if (next_token(r, tok, sizeof tok) != 0) {
            snprintf(msg, sizeof msg, "missing value %d of %s", i + 1, what);
            return fail(r, msg);
        }
        errno = 0;
        v = strtol(tok, &end, 10);
        if (*end != '\0' || errno != 0 || v < -1000000000L ||
            v > 1000000000L) {
            snprintf(msg, sizeof msg, "'%s' is not an integer (%s)", tok,
                     what);
            return fail(r, msg);
        }
        values[i] = (int)v;
    }
    skip_line(r);
    return 0;
}

/* Reads "count" on one record and that many values on the next. */
static int read_list(struct reader *r, int *count, int *values,
                     const char *what)
{
    char msg[128];
    if (read_ints(r, 1, count, what) != 0)
        return -1;
    if (*count < 0 || *count > LLT_MAX_VALUES) {
        snprintf(msg, sizeof msg, "number of %s must be in 0..%d", what,
                 LLT_MAX_VALUES);
        return fail(r, msg);
    }
    return read_ints(r, *count, values, what);
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

static int read_uplos(struct reader *r, struct llt_input *in)
{
    char tok[64];
    size_t k = 0;
    if (read_string(r, tok, sizeof tok, "UPLO") != 0)
        return -1;
    for (const char *c = tok; *c != '\0'; c++) {
        char u = (char)toupper((unsigned char)*c);
        if (u != 'L' && u != 'U')
            return fail(r, "UPLO letters must be L or U");
        if (strchr(in->uplos, u) == NULL)
            in->uplos[k++] = u;
    }
    if (k == 0)
        return fail(r, "empty UPLO");
    return 0;
}

static int read_grids(struct reader *r, struct llt_input *in)
{
    if (read_ints(r, 1, &in->ngrids, "number of grids") != 0)
        return -1;
    if (in->ngrids < 0 || in->ngrids > LLT_MAX_VALUES)
        return fail(r, "bad number of grids");
    if (read_ints(r, in->ngrids, in->p, "values of P") != 0)
        return -1;
    return read_ints(r, in->ngrids, in->q, "values of Q");
}

static int read_thresh(struct reader *r, struct llt_input *in)
{
    char tok[64], *end;
    if (next_token(r, tok, sizeof tok) != 0)
        return fail(r, "missing threshold");
    in->thresh = strtod(tok, &end);
    if (*end != '\0' || !(in->thresh > 0.0))
        return fail(r, "threshold must be a positive number");
    skip_line(r);
    return 0;
}

/* The optional extension: a count, then one "IOFF JOFF RSRC CSRC" record
 * per set.  Without it (end of text, or the next section's quoted title)
 * there is one set, 0 0 0 0. */
static int read_offsets(struct reader *r, struct llt_input *in)
{
    in->noffsets = 1;
    memset(&in->offsets[0], 0, sizeof in->offsets[0]);
    if (at_end(r) || at_section_start(r))
        return 0;
    if (read_ints(r, 1, &in->noffsets, "number of offset sets") != 0)
        return -1;
    if (in->noffsets < 1 || in->noffsets > LLT_MAX_VALUES)
        return fail(r, "bad number of offset sets");
    for (int i = 0; i < in->noffsets; i++) {
        int v[4];
        if (read_ints(r, 4, v, "offset set (IOFF JOFF RSRC CSRC)") != 0)
            return -1;
        if (v[0] < 0 || v[1] < 0 || v[2] < 0 || v[3] < 0)
            return fail(r, "offsets and source processes must be >= 0");
        in->offsets[i].ioff_blocks = v[0];
        in->offsets[i].joff_blocks = v[1];
        in->offsets[i].rsrc = v[2];
        in->offsets[i].csrc = v[3];
    }
    return 0;
}

int llt_input_parse(const char **text, int *line, struct llt_input *in,
                    char *err, size_t errlen)
{
    struct reader r = { *text, *line, err, errlen };
    char ignored[256];
    int rc = -1;

    memset(in, 0, sizeof *in);
    if (read_string(&r, in->title, sizeof in->title, "title") == 0 &&
        read_string(&r, ignored, sizeof ignored, "machine name") == 0 &&
        read_string(&r, ignored, sizeof ignored, "output file") == 0 &&
        read_string(&r, ignored, sizeof ignored, "device") == 0 &&
        read_uplos(&r, in) == 0 &&
        read_list(&r, &in->nn, in->n, "values of N") == 0 &&
        read_list(&r, &in->nnb, in->nb, "values of NB") == 0 &&
        read_list(&r, &in->nnrhs, in->nrhs, "values of NRHS") == 0 &&
        read_list(&r, &in->nnbrhs, in->nbrhs, "values of NBRHS") == 0 &&
        read_grids(&r, in) == 0 && read_thresh(&r, in) == 0) {
        if (!at_end(&r) && !at_section_start(&r))
            skip_line(&r); /* the T/F flag of LLT.dat: not used */
        rc = read_offsets(&r, in);
    }
    *text = r.pos;
    *line = r.line;
    return rc;
}

int llt_input_has_more(const char *text)
{
    return peek(text) != '\0';
}
