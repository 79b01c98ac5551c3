/* Parser of QR.dat-format input.  Each record is read like Fortran
 * list-directed input: the first k values (they may run over several lines),
 * then the rest of the line is a comment. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qr_input.h"

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

/* A count on one record, then COLUMNS records of that many values each
 * (values of M, then of N; of MB, then of NB; of P, then of Q). */
static int read_lists(struct reader *r, int *count, int columns,
                      int *const *values, const char *const *what)
{
    char msg[128];
    if (read_ints(r, 1, count, what[0]) != 0)
        return -1;
    if (*count < 0 || *count > QR_MAX_VALUES) {
        snprintf(msg, sizeof msg, "number of %s must be in 0..%d", what[0],
                 QR_MAX_VALUES);
        return fail(r, msg);
    }
    for (int c = 0; c < columns; c++)
        if (read_ints(r, *count, values[c], what[c + 1]) != 0)
            return -1;
    return 0;
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

static int read_factorizations(struct reader *r, struct qr_input *in)
{
    char tok[64];
    int count;
    if (read_ints(r, 1, &count, "number of factorizations") != 0)
        return -1;
    if (count < 1 || count > 16)
        return fail(r, "number of factorizations must be in 1..16");
    for (int i = 0; i < count; i++) {
        if (next_token(r, tok, sizeof tok) != 0)
            return fail(r, "missing factorization name");
        for (char *c = tok; *c != '\0'; c++)
            *c = (char)toupper((unsigned char)*c);
        if (strcmp(tok, "QR") == 0) {
            in->has_qr = 1;
        } else if (strlen(in->others) + strlen(tok) + 2 < sizeof in->others) {
            strcat(in->others, in->others[0] ? " " : "");
            strcat(in->others, tok);
        }
    }
    skip_line(r);
    return 0;
}

static int read_thresh(struct reader *r, struct qr_input *in)
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
static int read_offsets(struct reader *r, struct qr_input *in)
{
    in->noffsets = 1;
    memset(&in->offsets[0], 0, sizeof in->offsets[0]);
    if (at_end(r) || at_section_start(r))
        return 0;
    if (read_ints(r, 1, &in->noffsets, "number of offset sets") != 0)
        return -1;
    if (in->noffsets < 1 || in->noffsets > QR_MAX_VALUES)
        return fail(r, "bad number of offset sets");
    for (int i = 0; i < in->noffsets; i++) {
        int v[4];
        if (read_ints(r, 4, v, "offset set (IOFF JOFF RSRC CSRC)") != 0)
            return -1;
        if (v[0] < 0 || v[1] < 0 || v[2] < 0 || v[3] < 0)
            return fail(r, "offsets and source processes must be >= 0");
        in->offsets[i].ioff = v[0];
        in->offsets[i].joff = v[1];
        in->offsets[i].rsrc = v[2];
        in->offsets[i].csrc = v[3];
    }
    return 0;
}

int qr_input_parse(const char **text, int *line, struct qr_input *in,
                   char *err, size_t errlen)
{
    struct reader r = { *text, *line, err, errlen };
    char ignored[256];
    int *sizes[2] = { in->m, in->n }, *blocks[2] = { in->mb, in->nb };
    int *grids[2] = { in->p, in->q };
    static const char *const size_names[3] = { "problem sizes", "values of M",
                                               "values of N" };
    static const char *const block_names[3] = {
        "blocking sizes", "values of MB", "values of NB" };
    static const char *const grid_names[3] = { "process grids", "values of P",
                                               "values of Q" };
    int rc = -1;

    memset(in, 0, sizeof *in);
    if (read_string(&r, in->title, sizeof in->title, "title") == 0 &&
        read_string(&r, ignored, sizeof ignored, "machine name") == 0 &&
        read_string(&r, ignored, sizeof ignored, "output file") == 0 &&
        read_string(&r, ignored, sizeof ignored, "device") == 0 &&
        read_factorizations(&r, in) == 0 &&
        read_lists(&r, &in->nsizes, 2, sizes, size_names) == 0 &&
        read_lists(&r, &in->nblocks, 2, blocks, block_names) == 0 &&
        read_lists(&r, &in->ngrids, 2, grids, grid_names) == 0 &&
        read_thresh(&r, in) == 0)
        rc = read_offsets(&r, in);
    *text = r.pos;
    *line = r.line;
    return rc;
}

int qr_input_has_more(const char *text)
{
    return peek(text) != '\0';
}
