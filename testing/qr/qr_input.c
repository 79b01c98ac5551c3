/* Parser of QR.dat-format input, on the shared .dat reader
 * (testing/llt/dat_reader.c): the records of ScaLAPACK's QR.dat between
 * the header and the optional offset sets (testing/tester/frame.c reads
 * those). */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "qr_input.h"

/* A count on one record, then COLUMNS records of that many values each
 * (values of M, then of N; of MB, then of NB; of P, then of Q). */
static int read_lists(struct dat_reader *r, int *count, int columns,
                      int *const *values, const char *const *what)
{
    if (dat_read_count(r, count, 0, QR_MAX_VALUES, what[0]) != 0)
        return -1;
    for (int c = 0; c < columns; c++)
        if (dat_read_ints(r, *count, values[c], DAT_ANY_INT, what[c + 1]) != 0)
            return -1;
    return 0;
}

static int read_factorizations(struct dat_reader *r, struct qr_input *in)
{
    char tok[64];
    int count;
    if (dat_read_ints(r, 1, &count, DAT_ANY_INT, "number of factorizations")
        != 0)
        return -1;
    if (count < 1 || count > 16)
        return dat_fail(r, "number of factorizations must be in 1..16");
    for (int i = 0; i < count; i++) {
        if (dat_next_token(r, tok, sizeof tok) != 0)
            return dat_fail(r, "missing factorization name");
        for (char *c = tok; *c != '\0'; c++)
            *c = (char)toupper((unsigned char)*c);
        if (strcmp(tok, "QR") == 0) {
            in->has_qr = 1;
        } else if (strlen(in->others) + strlen(tok) + 2 < sizeof in->others) {
            strcat(in->others, in->others[0] ? " " : "");
            strcat(in->others, tok);
        }
    }
    dat_skip_line(r);
    return 0;
}

int qr_input_read(struct dat_reader *r, void *section)
{
    struct qr_input *in = section;
    struct tester_input *c = &in->common;
    int *sizes[2] = { in->m, in->n }, *blocks[2] = { in->mb, in->nb };
    static const char *const size_names[3] = { "problem sizes", "values of M",
                                               "values of N" };
    static const char *const block_names[3] = {
        "blocking sizes", "values of MB", "values of NB" };

    c->nvariants = 1;
    if (read_factorizations(r, in) != 0 ||
        read_lists(r, &c->nsizes, 2, sizes, size_names) != 0 ||
        read_lists(r, &c->nblocks, 2, blocks, block_names) != 0 ||
        tester_read_grids(r, c, "process grids") != 0)
        return -1;
    return dat_read_thresh(r, &c->thresh);
}
