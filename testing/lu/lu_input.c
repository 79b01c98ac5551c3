/* Parser of LU.dat-format input, on the shared .dat reader
 * (testing/llt/dat_reader.c): the records of ScaLAPACK's LU.dat after
 * its header, then the optional matrix kinds (testing/tester/frame.c
 * reads the header and the optional offset sets). */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "lu_input.h"

/* The next token, upper-cased, without consuming it; "" at the end. */
static void peek_word(const struct dat_reader *r, char *tok, size_t len)
{
    struct dat_reader probe = *r;
    char err[8];
    probe.err = err;
    probe.errlen = sizeof err;
    if (dat_next_token(&probe, tok, len) != 0)
        tok[0] = '\0';
    for (char *c = tok; *c != '\0'; c++)
        *c = (char)toupper((unsigned char)*c);
}

static int is_kinds_word(const char *tok)
{
    return tok[0] != '\0' && strspn(tok, LU_KIND_LETTERS) == strlen(tok);
}

/* LU.dat's "T or F" record (condition estimation and iterative
 * refinement, not tested here), then the optional record of kinds: a word
 * of LU_KIND_LETTERS ("G" without it). */
static int read_flag_and_kinds(struct dat_reader *r, struct lu_input *in)
{
    char tok[64];
    size_t k = 0;

    if (dat_at_section_start(r))
        tok[0] = '\0';
    else
        peek_word(r, tok, sizeof tok);
    if (tok[0] == 'T' || tok[0] == 'F' || tok[0] == '.') {
        dat_skip_line(r);
        peek_word(r, tok, sizeof tok);
    }
    if (dat_at_section_start(r) || !is_kinds_word(tok)) {
        strcpy(in->kinds, "G");
        return 0;
    }
    if (dat_read_string(r, tok, sizeof tok, "matrix kinds") != 0)
        return -1;
    for (const char *c = tok; *c != '\0'; c++) {
        char u = (char)toupper((unsigned char)*c);
        if (strchr(in->kinds, u) == NULL)
            in->kinds[k++] = u;
    }
    return 0;
}

int lu_input_read(struct dat_reader *r, void *section)
{
    struct lu_input *in = section;
    struct tester_input *c = &in->common;

    if (dat_read_count(r, &c->nsizes, 0, LU_MAX_VALUES, "problem sizes")
            != 0 ||
        dat_read_ints(r, c->nsizes, in->m, DAT_ANY_INT, "values of M")
            != 0 ||
        dat_read_ints(r, c->nsizes, in->n, DAT_ANY_INT, "values of N")
            != 0 ||
        tester_read_list(r, &c->nblocks, in->nb, "values of NB") != 0 ||
        tester_read_rhs(r, &in->rhs) != 0 ||
        tester_read_grids(r, c, "process grids") != 0 ||
        dat_read_thresh(r, &c->thresh) != 0 ||
        read_flag_and_kinds(r, in) != 0)
        return -1;
    c->nvariants = (int)strlen(in->kinds);
    return 0;
}
