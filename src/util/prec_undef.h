/* Undoes util/prec_types.h, before the next precision's instantiation. */
#undef HS_P
#undef HS_T
#undef HS_R
#undef HS_SFX
#undef HS_F
#undef HS_HERK
#undef HS_UNHR_COL
#undef HS_UNHR_GETRFNP2
#undef HS_UNMQR
#undef HS_IAMAX
#undef HS_GERU
#undef HS_COMPLEX
#undef HS_CT
#undef HS_RE
#undef HS_CONJ
