/* The tester's input: an LLT.dat-format text (ScaLAPACK's PDPOTRF tester
 * input) with three extensions: several UPLO letters on the UPLO line,
 * optional trailing offset sets, and several such sections in one text. */
#ifndef LLT_INPUT_H
#define LLT_INPUT_H

#include <stddef.h>

#include "testing/tester/rhs.h"
#include "testing/tester/tester.h"

#define LLT_MAX_VALUES TESTER_MAX_VALUES

/* A case is (N, NB, offset set, UPLO letter): the sizes are the values of
 * N, the blocks those of NB, the variants the UPLO letters.  Offsets are in
 * blocks: sub(A) starts at IA = 1 + ioff*NB and JA = 1 + joff*NB, so it
 * stays aligned to every NB, as P?POTRF requires. */
struct llt_input {
    struct tester_input common;
    char uplos[3];          /* distinct letters from {L, U}, NUL-terminated */
    int n[LLT_MAX_VALUES];
    int nb[LLT_MAX_VALUES];
    struct tester_rhs rhs;
};

/* Reads the records of a section between its header and its offset sets
 * (testing/tester/frame.c reads those) into IN; 0, or -1 with R's error
 * set (tester_routine's read_section). */
int llt_input_read(struct dat_reader *r, void *in);

/* The built-in input used when the tester is given no file. */
const char *llt_default_input(void);

#endif /* LLT_INPUT_H */
