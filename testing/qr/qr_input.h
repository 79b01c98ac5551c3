/* The QR tester's input: a QR.dat-format text (ScaLAPACK's xdqr input)
 * with two extensions: optional trailing offset sets, and several sections
 * in one text.  Only the 'QR' factorization is PDGEQRF's; the others of the
 * list (QL, LQ, RQ, QP, TZ) are read and not run. */
#ifndef QR_INPUT_H
#define QR_INPUT_H

#include <stddef.h>

#include "testing/llt/dat_reader.h"

#define QR_MAX_VALUES 32

struct qr_input {
    char title[128];
    int has_qr;                 /* 'QR' is among the factorizations */
    char others[64];            /* the factorizations not run */
    int nsizes, m[QR_MAX_VALUES], n[QR_MAX_VALUES];
    int nblocks, mb[QR_MAX_VALUES], nb[QR_MAX_VALUES];
    int ngrids, p[QR_MAX_VALUES], q[QR_MAX_VALUES];
    double thresh;
    /* Offsets in entries: sub(A) starts at IA = 1 + ioff, JA = 1 + joff
     * (any position: PDGEQRF needs no alignment). */
    int noffsets;
    struct dat_offset offsets[QR_MAX_VALUES];
};

/* Parses the section that starts at *TEXT (on line *LINE) into IN and
 * advances both past it.  Returns 0, or -1 with a message in ERR. */
int qr_input_parse(const char **text, int *line, struct qr_input *in,
                   char *err, size_t errlen);
/* Whether anything but blanks is left: another section. */
int qr_input_has_more(const char *text);

/* The built-in input used when the tester is given no file. */
const char *qr_default_input(void);

#endif /* QR_INPUT_H */
