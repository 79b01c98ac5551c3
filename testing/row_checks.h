/* Rows of checks for the unit tests that print one PASSED/FAILED line per
 * case (t_device, t_cuda_standin): CHECK counts a failed condition in the
 * current row, row_done prints the row and starts the next. */
#ifndef HETSCAL_TESTING_ROW_CHECKS_H
#define HETSCAL_TESTING_ROW_CHECKS_H

#include <stdio.h>

static int passed, failed, row_failures;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            row_failures++;                                                           \
            printf("  check failed, line %d: %s\n", __LINE__, #cond);                \
        }                                                                             \
    } while (0)

/* Prints `label` with the row's verdict and counts it. */
static inline void row_done(const char *label)
{
    printf("%s %s\n", label, row_failures ? "FAILED" : "PASSED");
    if (row_failures)
        failed++;
    else
        passed++;
    row_failures = 0;
}

/* For a row checked in another file (row_failures is each file's own):
 * names the row, returns its failed checks and starts the next. */
static inline int row_hand_over(const char **row, const char *name)
{
    int failures = row_failures;
    *row = name;
    row_failures = 0;
    return failures;
}

#endif
