/* P?GETRF's part of the bad-argument tester args_getrf: its base call
 * and sub(A) (args_getrf.c) and its table of cases (args_lu_cases.c). */
#ifndef ARGS_LU_H
#define ARGS_LU_H

#include "args.h"

/* sub(A) = A(IA:IA+M-1, JA:JA+N-1). */
void lu_sub(struct args_call *c, int m, int n, int ia, int ja);
/* 13 x 11 matrix in 2 x 2 blocks, sub(A) = A(3:11, 5:10) (9 x 6, both
 * corners on a block boundary, as P?GETRF requires). */
void lu_base(struct args_call *c, const struct args_grid *g);
/* One more special entry (struct args_call). */
void lu_special(struct args_call *c, int i, int j, double value);

extern const struct args_case lu_cases[];

#endif /* ARGS_LU_H */
