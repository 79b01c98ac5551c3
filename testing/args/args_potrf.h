/* P?POTRF's part of the bad-argument tester args_potrf: its base call
 * (args_potrf.c) and its table of cases (args_cases.c). */
#ifndef ARGS_POTRF_H
#define ARGS_POTRF_H

#include <stddef.h>

#include "args.h"

/* 11 x 11 matrix in 2 x 2 blocks, sub(A) = A(3:10, 3:10), lower. */
void potrf_base(struct args_call *c, const struct args_grid *g);

extern const struct args_case potrf_cases[];

#endif /* ARGS_POTRF_H */
