/* Undoes testing/tester/tx_types.h, before the next precision's
 * instantiation. */
#undef TX_P
#undef TX_T
#undef TX_R
#undef TX_SFX
#undef TX_PB
#undef TX_ORMQR
#undef TX_ORGQR
#undef TX_COMPLEX
#undef TX_EPS
#undef TX_BIG
#undef TX_CT
#undef TX_ELEM
#undef TX_RE
#undef TX_IM
#undef TX_ABS
