/* The names a template body uses for its precision, from HS_P (an
 * enum hs_precision value: 0 D, 1 S, 2 C, 3 Z; defined by
 * util/prec_instantiate.h):
 *   HS_T          the element type; HS_R its real type
 *   HS_SFX(name)  name_s, name_d, name_c, name_z: a function of the body
 *   HS_F(name)    BLAS/LAPACK's Fortran name: sgemm_ ... zgemm_
 *   HS_HERK       ssyrk_, dsyrk_, cherk_, zherk_ (real alpha and beta)
 *   HS_UNHR_COL   sorhr_col_, dorhr_col_, cunhr_col_, zunhr_col_
 *   HS_UNHR_GETRFNP2  its LU without pivoting (slaorhr_col_getrfnp2_ ...
 *                 zlaunhr_col_getrfnp2_)
 *   HS_UNMQR      sormqr_, dormqr_, cunmqr_, zunmqr_
 *   HS_IAMAX      isamax_, idamax_, icamax_, izamax_
 *   HS_GERU       sger_, dger_, cgeru_, zgeru_ (A += alpha x y^T)
 *   HS_CT         the (conjugate) transpose: 'T' real, 'C' complex
 *   HS_COMPLEX    1 for C and Z
 *   HS_RE(x)      the real part of x; HS_CONJ(x) its conjugate
 * util/prec_undef.h undoes them. */
#include <complex.h>

#if HS_P == 1
#define HS_T float
#define HS_R float
#define HS_SFX(name) name##_s
#define HS_F(name) s##name##_
#define HS_HERK ssyrk_
#define HS_IAMAX isamax_
#define HS_GERU sger_
#define HS_UNHR_COL sorhr_col_
#define HS_UNHR_GETRFNP2 slaorhr_col_getrfnp2_
#define HS_UNMQR sormqr_
#define HS_COMPLEX 0
#elif HS_P == 0
#define HS_T double
#define HS_R double
#define HS_SFX(name) name##_d
#define HS_F(name) d##name##_
#define HS_HERK dsyrk_
#define HS_IAMAX idamax_
#define HS_GERU dger_
#define HS_UNHR_COL dorhr_col_
#define HS_UNHR_GETRFNP2 dlaorhr_col_getrfnp2_
#define HS_UNMQR dormqr_
#define HS_COMPLEX 0
#elif HS_P == 2
#define HS_T float _Complex
#define HS_R float
#define HS_SFX(name) name##_c
#define HS_F(name) c##name##_
#define HS_HERK cherk_
#define HS_IAMAX icamax_
#define HS_GERU cgeru_
#define HS_UNHR_COL cunhr_col_
#define HS_UNHR_GETRFNP2 claunhr_col_getrfnp2_
#define HS_UNMQR cunmqr_
#define HS_COMPLEX 1
#elif HS_P == 3
#define HS_T double _Complex
#define HS_R double
#define HS_SFX(name) name##_z
#define HS_F(name) z##name##_
#define HS_HERK zherk_
#define HS_IAMAX izamax_
#define HS_GERU zgeru_
#define HS_UNHR_COL zunhr_col_
#define HS_UNHR_GETRFNP2 zlaunhr_col_getrfnp2_
#define HS_UNMQR zunmqr_
#define HS_COMPLEX 1
#else
#error "HS_P must be an enum hs_precision value"
#endif

#if HS_COMPLEX
#define HS_CT 'C'
#define HS_RE(x) creal(x)
#define HS_CONJ(x) conj(x)
#else
#define HS_CT 'T'
#define HS_RE(x) (x)
#define HS_CONJ(x) (x)
#endif
