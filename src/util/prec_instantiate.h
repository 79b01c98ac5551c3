/* Instantiates a template body once per precision: a .c file defines
 * HS_TEMPLATE_BODY (the body's header name, a string) and includes this;
 * the body sees util/prec_types.h's names for D, then S, C and Z, and
 * names every function it defines through HS_SFX. */
#ifndef HS_TEMPLATE_BODY
#error "define HS_TEMPLATE_BODY before including util/prec_instantiate.h"
#endif

#define HS_P 0
#include "util/prec_types.h"
#include "util/blas_prec.h"
#include HS_TEMPLATE_BODY
#include "util/prec_undef.h"

#define HS_P 1
#include "util/prec_types.h"
#include "util/blas_prec.h"
#include HS_TEMPLATE_BODY
#include "util/prec_undef.h"

#define HS_P 2
#include "util/prec_types.h"
#include "util/blas_prec.h"
#include HS_TEMPLATE_BODY
#include "util/prec_undef.h"

#define HS_P 3
#include "util/prec_types.h"
#include "util/blas_prec.h"
#include HS_TEMPLATE_BODY
#include "util/prec_undef.h"

#undef HS_TEMPLATE_BODY
