/* Instantiates a tester's template body once per precision: a .c file
 * defines TX_BODY (the body's header name, a string) and includes this;
 * the body sees testing/tester/tx_types.h's names for S, D, C, then Z,
 * with the ScaLAPACK and PBLAS prototypes of that precision
 * (tx_scalapack.h), and names every function it defines through TX_SFX.
 * TESTER_BY_PREC (prec.h) then lists the four. */
#ifndef TX_BODY
#error "define TX_BODY before including testing/tester/tx_instantiate.h"
#endif

#define TX_P 0
#include "testing/tester/tx_types.h"
#include "testing/tester/tx_scalapack.h"
#include TX_BODY
#include "testing/tester/tx_undef.h"

#define TX_P 1
#include "testing/tester/tx_types.h"
#include "testing/tester/tx_scalapack.h"
#include TX_BODY
#include "testing/tester/tx_undef.h"

#define TX_P 2
#include "testing/tester/tx_types.h"
#include "testing/tester/tx_scalapack.h"
#include TX_BODY
#include "testing/tester/tx_undef.h"

#define TX_P 3
#include "testing/tester/tx_types.h"
#include "testing/tester/tx_scalapack.h"
#include TX_BODY
#include "testing/tester/tx_undef.h"

#undef TX_BODY
