/* Merging of status words: a runtime error (negative) beats a numerical
 * INFO (positive), and among INFOs the smallest (first failure) wins. */
#ifndef HETSCAL_RUNTIME_STATUS_H
#define HETSCAL_RUNTIME_STATUS_H

static inline int hs_status_merge(int a, int b)
{
    if (a == 0)
        return b;
    if (b == 0)
        return a;
    if ((a < 0) != (b < 0))
        return a < 0 ? a : b;
    return a < b ? a : b;
}

#endif
