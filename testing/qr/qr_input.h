/* The QR tester's input: a QR.dat-format text (ScaLAPACK's xdqr input)
 * with two extensions: optional trailing offset sets, and several sections
 * in one text.  Only the 'QR' factorization is P?GEQRF's; the others of the
 * list (QL, LQ, RQ, QP, TZ) are read and not run. */
#ifndef QR_INPUT_H
#define QR_INPUT_H

#include <stddef.h>

#include "testing/tester/tester.h"

#define QR_MAX_VALUES TESTER_MAX_VALUES

/* A case is ((M, N) pair i, (MB, NB) pair j, offset set k), one variant.
 * Offsets are in entries: sub(A) starts at IA = 1 + ioff, JA = 1 + joff
 * (any position: P?GEQRF needs no alignment). */
struct qr_input {
    struct tester_input common;
    int has_qr;                 /* 'QR' is among the factorizations */
    char others[64];            /* the factorizations not run */
    int m[QR_MAX_VALUES], n[QR_MAX_VALUES];
    int mb[QR_MAX_VALUES], nb[QR_MAX_VALUES];
};

/* Reads the records of a section between its header and its offset sets
 * (testing/tester/frame.c reads those) into IN; 0, or -1 with R's error
 * set (tester_routine's read_section). */
int qr_input_read(struct dat_reader *r, void *in);

/* The built-in input used when the tester is given no file. */
const char *qr_default_input(void);

#endif /* QR_INPUT_H */
