/* Reader of ScaLAPACK-style .dat inputs: tokens, records, and the lists,
 * thresholds and offset sets that LLT.dat, QR.dat and the timer's inputs
 * share. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dat_reader.h"

static int is_separator(char c)
{
    return isspace((unsigned char)c) || c == ',';
}

void dat_reader_init(struct dat_reader *r, const char *text, int line,
                     char *err, size_t errlen)
{
    r->pos = text;
    r->line = r->token_line = line;
    r->err = err;
    r->errlen = errlen;
}

int dat_fail(struct dat_reader *r, const char *what)
{
    snprintf(r->err, r->errlen, "input line %d: %s", r->token_line, what);
    return -1;
}

/* The first character of the next token, or NUL at the end of the text. */
static char peek(const char *p)
{
    while (*p != '\0' && is_separator(*p))
        p++;
    return *p;
}

int dat_at_end(const struct dat_reader *r)
{
    return peek(r->pos) == '\0';
}

int dat_at_section_start(const struct dat_reader *r)
{
    char c = peek(r->pos);
    return c == '\'' || c == '"';
}

int dat_has_more(const char *text)
{
    return peek(text) != '\0';
}

int dat_next_token(struct dat_reader *r, char *tok, size_t toklen)
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

void dat_skip_line(struct dat_reader *r)
{
    while (*r->pos != '\0' && *r->pos != '\n')
        r->pos++;
    if (*r->pos == '\n') {
        r->pos++;
        r->line++;
    }
}

int dat_read_string(struct dat_reader *r, char *out, size_t outlen,
                    const char *what)
{
    char msg[128];
    if (dat_next_token(r, out, outlen) != 0) {
        snprintf(msg, sizeof msg, "missing %s", what);
        return dat_fail(r, msg);
    }
    dat_skip_line(r);
    return 0;
}

int dat_read_ints(struct dat_reader *r, int count, int *values, int min,
                  const char *what)
{
    char tok[64], msg[160];
    for (int i = 0; i < count; i++) {
        char *end;
        long v;
        if (dat_next_token(r, tok, sizeof tok) != 0) {
            snprintf(msg, sizeof msg, "missing value %d of %s", i + 1, what);
            return dat_fail(r, msg);
        }
        errno = 0;
        v = strtol(tok, &end, 10);
        if (*end != '\0' || errno != 0 || v < min || v > 1000000000L) {
            if (min <= DAT_ANY_INT)
                snprintf(msg, sizeof msg, "'%s' is not an integer (%s)", tok,
                         what);
            else
                snprintf(msg, sizeof msg, "'%s' is not an integer >= %d (%s)",
                         tok, min, what);
            return dat_fail(r, msg);
        }
        values[i] = (int)v;
    }
    dat_skip_line(r);
    return 0;
}

int dat_read_count(struct dat_reader *r, int *count, int min_count,
                   int max_count, const char *what)
{
    char msg[128];
    if (dat_read_ints(r, 1, count, DAT_ANY_INT, what) != 0)
        return -1;
    if (*count < min_count || *count > max_count) {
        snprintf(msg, sizeof msg, "number of %s must be in %d..%d", what,
                 min_count, max_count);
        return dat_fail(r, msg);
    }
    return 0;
}

int dat_read_list(struct dat_reader *r, int *count, int *values, int min,
                  int min_count, int max_count, const char *what)
{
    if (dat_read_count(r, count, min_count, max_count, what) != 0)
        return -1;
    return dat_read_ints(r, *count, values, min, what);
}

int dat_read_thresh(struct dat_reader *r, double *thresh)
{
    char tok[64], *end;
    if (dat_read_string(r, tok, sizeof tok, "threshold") != 0)
        return -1;
    *thresh = strtod(tok, &end);
    if (*end != '\0' || !(*thresh > 0.0))
        return dat_fail(r, "threshold must be a positive number");
    return 0;
}

int dat_read_header(struct dat_reader *r, char *title, size_t titlelen)
{
    char ignored[256];
    if (dat_read_string(r, title, titlelen, "title") != 0 ||
        dat_read_string(r, ignored, sizeof ignored, "machine name") != 0 ||
        dat_read_string(r, ignored, sizeof ignored, "output file") != 0)
        return -1;
    return dat_read_string(r, ignored, sizeof ignored, "device");
}

int dat_read_offsets(struct dat_reader *r, int *count,
                     struct dat_offset *sets, int max_count)
{
    *count = 1;
    memset(&sets[0], 0, sizeof sets[0]);
    if (dat_at_end(r) || dat_at_section_start(r))
        return 0;
    if (dat_read_count(r, count, 1, max_count, "offset sets") != 0)
        return -1;
    for (int i = 0; i < *count; i++) {
        int v[4];
        if (dat_read_ints(r, 4, v, 0, "offset set (IOFF JOFF RSRC CSRC)")
            != 0)
            return -1;
        sets[i].ioff = v[0];
        sets[i].joff = v[1];
        sets[i].rsrc = v[2];
        sets[i].csrc = v[3];
    }
    return 0;
}
