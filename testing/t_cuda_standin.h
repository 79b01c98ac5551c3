/* Shared by the CUDA stand-in's test (t_cuda_standin.c), the misuse
 * snippets it runs in child processes (t_cuda_standin_rules.c) and its
 * cuBLAS checks (t_cuda_standin_blas.c, t_cuda_standin_level12.c). */
#ifndef HETSCAL_T_CUDA_STANDIN_H
#define HETSCAL_T_CUDA_STANDIN_H

#include <cuda_runtime.h>

/* A host function that blocks its stream until *gate is nonzero. */
void standin_test_gate(void *gate);
void standin_test_open_gate(int *gate);

/* Runs the misuse snippet `rule` (t_cuda_standin --rule NAME); returns
 * only if the stand-in let it pass. */
void standin_test_rule(const char *rule);
/* The child scenarios: sticky faults, device listing, capacity; the exit
 * status is the number of failed checks. */
int standin_test_child(const char *scenario);

/* The cuBLAS level-3 routines of precision p (S, D, C, Z: 0 to 3) against
 * the host BLAS, and the arguments they refuse.  Returns the number of
 * failed checks (each printed); *row names the row. */
enum { STANDIN_TEST_PRECISIONS = 4 };
int standin_test_cublas(int p, const char **row);
/* The same for the level-1 and -2 routines (t_cuda_standin_level12.c). */
int standin_test_level12(int p, const char **row);

typedef struct standin_rule {
    const char *name;
    const char *line;   /* the start of the line expected on stderr */
    int aborts;         /* 0: an error code, the process goes on */
    const char *env;    /* a control the rule needs (NULL: none) */
} standin_rule;
extern const standin_rule standin_rules[];

#endif
