/* Reader of ScaLAPACK-style .dat inputs (LLT.dat, QR.dat, LU.dat, the
 * timer's inputs), shared by the P?POTRF, P?GEQRF and P?GETRF testers and
 * the timer: each record holds its values first, read like Fortran
 * list-directed input (blanks or commas between them, a list may run over
 * several lines), then a comment to the end of the line. */
#ifndef DAT_READER_H
#define DAT_READER_H

#include <limits.h>
#include <stddef.h>

/* Where the reader stands in the text, and where errors go. */
struct dat_reader {
    const char *pos;
    int line, token_line;   /* the current line, the last token's line */
    char *err;
    size_t errlen;
};

/* The smallest value of DAT_READ_INTS's MIN: any integer. */
#define DAT_ANY_INT (-1000000000)

/* One offset set of the testers' extension: sub(A) starts at IA = 1 + IOFF
 * and JA = 1 + JOFF (each tester says in what units), and the first block
 * of A is on process (rsrc mod P, csrc mod Q). */
struct dat_offset {
    int ioff, joff, rsrc, csrc;
};

void dat_reader_init(struct dat_reader *r, const char *text, int line,
                     char *err, size_t errlen);
/* Writes "input line L: WHAT" into the reader's error; returns -1. */
int dat_fail(struct dat_reader *r, const char *what);
/* Whether only blanks are left / a quoted string (a section's title) comes
 * next; whether TEXT holds anything but blanks (another section). */
int dat_at_end(const struct dat_reader *r);
int dat_at_section_start(const struct dat_reader *r);
int dat_has_more(const char *text);

/* The next token (a quoted string, or characters up to a blank or comma),
 * crossing line ends.  Returns 0, or -1 at the end of the text. */
int dat_next_token(struct dat_reader *r, char *tok, size_t toklen);
/* Ends a record: drops the rest of the current line. */
void dat_skip_line(struct dat_reader *r);

/* Records: one string; COUNT integers >= MIN; a count in
 * MIN_COUNT..MAX_COUNT alone; a count and that many integers on the next
 * record; a positive threshold.  Each returns 0 or -1 (error set). */
int dat_read_string(struct dat_reader *r, char *out, size_t outlen,
                    const char *what);
int dat_read_ints(struct dat_reader *r, int count, int *values, int min,
                  const char *what);
int dat_read_count(struct dat_reader *r, int *count, int min_count,
                   int max_count, const char *what);
int dat_read_list(struct dat_reader *r, int *count, int *values, int min,
                  int min_count, int max_count, const char *what);
int dat_read_thresh(struct dat_reader *r, double *thresh);

/* The four records that open a ScaLAPACK tester's input: the title (into
 * TITLE), the machine name, the output file and the device (ignored). */
int dat_read_header(struct dat_reader *r, char *title, size_t titlelen);

/* The testers' optional extension: a count, then one "IOFF JOFF RSRC CSRC"
 * record per set.  Without it (end of text, or the next section's quoted
 * title) there is one set, 0 0 0 0. */
int dat_read_offsets(struct dat_reader *r, int *count,
                     struct dat_offset *sets, int max_count);

#endif /* DAT_READER_H */
