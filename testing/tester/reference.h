/* The reference ScaLAPACK's own entry points, for the testers' comparisons
 * whatever the program is linked or preloaded with (the reference's shared
 * object, dlopen'd, searched by dlsym), and the object that the program's
 * own calls of a routine reach. */
#ifndef TESTER_REFERENCE_H
#define TESTER_REFERENCE_H

#include "prec.h"

/* Any function; cast to the routine's type before calling. */
typedef void tester_fn(void);

/* The reference's SYMBOL (e.g. "pzpotrf_"); aborts every rank when it
 * cannot be loaded. */
tester_fn *tester_reference(const char *symbol);
/* The reference's P<letter>ROUTINE of precision PREC (ROUTINE in lower
 * case: "getrf"), as tester_reference; with PROVIDER, also sets
 * *PROVIDER to tester_provider's answer for that routine. */
tester_fn *tester_reference_routine(const struct tester_prec *prec,
                                    const char *routine,
                                    const char **provider);
/* The file name of the shared object whose SYMBOL the program's calls
 * reach (hetscal's when libhetscal comes first), or "(unknown)". */
const char *tester_provider(const char *symbol);

#endif /* TESTER_REFERENCE_H */
