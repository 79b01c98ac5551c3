/* The tester's input: an LLT.dat-format text (ScaLAPACK's PDPOTRF tester
 * input) with three extensions: several UPLO letters on the UPLO line,
 * optional trailing offset sets, and several such sections in one text. */
#ifndef LLT_INPUT_H
#define LLT_INPUT_H

#include <stddef.h>

#include "dat_reader.h"

#define LLT_MAX_VALUES 32

struct llt_input {
    char title[128];
    char uplos[3];          /* distinct letters from {L, U}, NUL-terminated */
    int nn, n[LLT_MAX_VALUES];
    int nnb, nb[LLT_MAX_VALUES];
    int nnrhs, nrhs[LLT_MAX_VALUES];
    int nnbrhs, nbrhs[LLT_MAX_VALUES];
    int ngrids, p[LLT_MAX_VALUES], q[LLT_MAX_VALUES];
    double thresh;
    /* Offsets in blocks: sub(A) starts at IA = 1 + ioff*NB and
     * JA = 1 + joff*NB, so it stays aligned to every NB, as PDPOTRF
     * requires. */
    int noffsets;
    struct dat_offset offsets[LLT_MAX_VALUES];
};

/* Parses the section that starts at *TEXT (on line *LINE) into IN and
 * advances both past it.  Returns 0, or -1 with a message in ERR. */
int llt_input_parse(const char **text, int *line, struct llt_input *in,
                    char *err, size_t errlen);
/* Whether anything but blanks is left: another section. */
int llt_input_has_more(const char *text);

/* The built-in input used when the tester is given no file. */
const char *llt_default_input(void);

#endif /* LLT_INPUT_H */
