/* The names a tester's template body uses for its precision, from TX_P
 * (the row of testing/tester/prec.h: 0 S, 1 D, 2 C, 3 Z; defined by
 * tx_instantiate.h):
 *   TX_T             the element type; TX_R its real type
 *   TX_SFX(name)     name_s, name_d, name_c, name_z: a function of the body
 *   TX_PB(name)      the ScaLAPACK/PBLAS routine: psname_ ... pzname_
 *   TX_ORMQR, TX_ORGQR   P?ORMQR and P?ORGQR, P?UNMQR and P?UNGQR complex
 *   TX_COMPLEX       1 for C and Z
 *   TX_CT            "T", or "C" (conjugate transpose) for complex
 *   TX_ELEM(re, im)  an element; IM is not evaluated in real precisions
 *   TX_RE(x), TX_IM(x), TX_ABS(x)   parts (0 imaginary when real), modulus
 *   TX_EPS           unit roundoff
 *   TX_BIG(m)        m times a power of ten near the top of TX_R's range
 *                    (1e301, 1e37), for recognisable patterns
 * tx_undef.h undoes them. */
#include <complex.h>
#include <float.h>
#include <math.h>

#if TX_P == 0
#define TX_T float
#define TX_R float
#define TX_SFX(name) name##_s
#define TX_PB(name) ps##name##_
#define TX_ORMQR psormqr_
#define TX_ORGQR psorgqr_
#define TX_COMPLEX 0
#elif TX_P == 1
#define TX_T double
#define TX_R double
#define TX_SFX(name) name##_d
#define TX_PB(name) pd##name##_
#define TX_ORMQR pdormqr_
#define TX_ORGQR pdorgqr_
#define TX_COMPLEX 0
#elif TX_P == 2
#define TX_T float _Complex
#define TX_R float
#define TX_SFX(name) name##_c
#define TX_PB(name) pc##name##_
#define TX_ORMQR pcunmqr_
#define TX_ORGQR pcungqr_
#define TX_COMPLEX 1
#elif TX_P == 3
#define TX_T double _Complex
#define TX_R double
#define TX_SFX(name) name##_z
#define TX_PB(name) pz##name##_
#define TX_ORMQR pzunmqr_
#define TX_ORGQR pzungqr_
#define TX_COMPLEX 1
#else
#error "TX_P must be a row of testing/tester/prec.h (0 to 3)"
#endif

#if TX_P == 0 || TX_P == 2
#define TX_EPS (FLT_EPSILON * 0.5)
#define TX_BIG(m) ((TX_R)m##e37)
#else
#define TX_EPS (DBL_EPSILON * 0.5)
#define TX_BIG(m) ((TX_R)m##e301)
#endif

#if TX_COMPLEX
#define TX_CT "C"
#if TX_P == 2
#define TX_ELEM(re, im) CMPLXF((float)(re), (float)(im))
#else
#define TX_ELEM(re, im) CMPLX((double)(re), (double)(im))
#endif
#define TX_RE(x) creal(x)
#define TX_IM(x) cimag(x)
#define TX_ABS(x) cabs(x)
#else
#define TX_CT "T"
#define TX_ELEM(re, im) ((TX_T)(re))
#define TX_RE(x) (x)
#define TX_IM(x) 0.0
#define TX_ABS(x) fabs(x)
#endif
