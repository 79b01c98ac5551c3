/* Parser of LLT.dat-format input, on the shared .dat reader
 * (dat_reader.c): the records of ScaLAPACK's LLT.dat between the header
 * and the optional offset sets (testing/tester/frame.c reads those). */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "llt_input.h"

static int read_uplos(struct dat_reader *r, struct llt_input *in)
{
    char tok[64];
    size_t k = 0;
    if (dat_read_string(r, tok, sizeof tok, "UPLO") != 0)
        return -1;
    for (const char *c = tok; *c != '\0'; c++) {
        char u = (char)toupper((unsigned char)*c);
        if (u != 'L' && u != 'U')
            return dat_fail(r, "UPLO letters must be L or U");
        if (strchr(in->uplos, u) == NULL)
            in->uplos[k++] = u;
    }
    if (k == 0)
        return dat_fail(r, "empty UPLO");
    return 0;
}

int llt_input_read(struct dat_reader *r, void *section)
{
    struct llt_input *in = section;
    struct tester_input *c = &in->common;

    if (read_uplos(r, in) != 0 ||
        tester_read_list(r, &c->nsizes, in->n, "values of N") != 0 ||
        tester_read_list(r, &c->nblocks, in->nb, "values of NB") != 0 ||
        tester_read_rhs(r, &in->rhs) != 0 ||
        tester_read_grids(r, c, "grids") != 0 ||
        dat_read_thresh(r, &c->thresh) != 0)
        return -1;
    if (!dat_at_end(r) && !dat_at_section_start(r))
        dat_skip_line(r); /* the T/F flag of LLT.dat: not used */
    c->nvariants = (int)strlen(in->uplos);
    return 0;
}
