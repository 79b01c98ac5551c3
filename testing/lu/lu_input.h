/* The LU tester's input: an LU.dat-format text (ScaLAPACK's xdlu input)
 * with three extensions: an optional record of matrix kinds after the
 * T/F flag, optional trailing offset sets, and several sections in one
 * text. */
#ifndef LU_INPUT_H
#define LU_INPUT_H

#include <stddef.h>

#include "testing/tester/rhs.h"
#include "testing/tester/tester.h"

#define LU_MAX_VALUES TESTER_MAX_VALUES

/* The matrices a section factors (its variants), by their letter in the
 * kinds record: a random general matrix, or one where U(J,J) comes out
 * exactly zero for a chosen column J (lu_problem.h says which). */
#define LU_KIND_LETTERS "GZSL"

/* A case is ((M, N) pair i, NB j, offset set k, kind v); MB = NB, as
 * P?GETRF requires.  Offsets are in blocks: sub(A) starts at IA = 1 +
 * ioff*NB and JA = 1 + joff*NB, aligned as P?GETRF requires. */
struct lu_input {
    struct tester_input common;
    char kinds[sizeof LU_KIND_LETTERS]; /* distinct letters, NUL-ended */
    int m[LU_MAX_VALUES], n[LU_MAX_VALUES];
    int nb[LU_MAX_VALUES];
    struct tester_rhs rhs;
};

/* Reads the records of a section between its header and its offset sets
 * (testing/tester/frame.c reads those) into IN; 0, or -1 with R's error
 * set (tester_routine's read_section). */
int lu_input_read(struct dat_reader *r, void *in);

/* The built-in input used when the tester is given no file. */
const char *lu_default_input(void);

#endif /* LU_INPUT_H */
