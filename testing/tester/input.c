/* The tester's input reader: the sections of a ScaLAPACK-style .dat text
 * (LLT.dat, LU.dat, QR.dat), each a header, the routine's records
 * (tester_routine's read_section, on the records below that several
 * routines share) and the optional offset sets, into struct tester_input
 * (see tester.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tester.h"

int tester_read_list(struct dat_reader *r, int *count, int *values,
                     const char *what)
{
    return dat_read_list(r, count, values, DAT_ANY_INT, 0, TESTER_MAX_VALUES,
                         what);
}

int tester_read_pairs(struct dat_reader *r, int *count, int *first,
                      int *second, const char *const what[3])
{
    if (dat_read_count(r, count, 0, TESTER_MAX_VALUES, what[0]) != 0 ||
        dat_read_ints(r, *count, first, DAT_ANY_INT, what[1]) != 0)
        return -1;
    return dat_read_ints(r, *count, second, DAT_ANY_INT, what[2]);
}

int tester_read_grids(struct dat_reader *r, struct tester_input *in,
                      const char *what)
{
    const char *const names[3] = { what, "values of P", "values of Q" };
    return tester_read_pairs(r, &in->ngrids, in->p, in->q, names);
}

/* Parses the section that starts at *TEXT (on line *LINE) into IN and
 * advances both past it: the header, the routine's records, the offset
 * sets.  Returns 0, or -1 with a message in ERR. */
static int read_section(const struct tester_routine *r, const char **text,
                        int *line, struct tester_input *in, char *err,
                        size_t errlen)
{
    struct dat_reader reader;
    int rc = -1;

    dat_reader_init(&reader, *text, *line, err, errlen);
    memset(in, 0, sizeof *in);
    in->runs = 1;
    if (dat_read_header(&reader, in->title, sizeof in->title) == 0 &&
        r->read_section(&reader, in) == 0)
        rc = dat_read_offsets(&reader, &in->noffsets, in->offsets,
                              TESTER_MAX_VALUES);
    in->nvariants = in->variants[0] != '\0' ? (int)strlen(in->variants) : 1;
    *text = reader.pos;
    *line = reader.line;
    return rc;
}

int tester_read_sections(const struct tester_routine *r, const char *text,
                         struct tester_input *sections)
{
    int count = 0, line = 1;
    char err[256];
    while (dat_has_more(text)) {
        if (count == TESTER_MAX_SECTIONS) {
            snprintf(err, sizeof err, "more than %d sections",
                     TESTER_MAX_SECTIONS);
        } else if (read_section(r, &text, &line, &sections[count], err,
                                sizeof err) == 0) {
            count++;
            continue;
        }
        if (tester_is_printer())
            fprintf(stderr, "%s: %s\n", r->prog, err);
        return -1;
    }
    return count;
}
