# PDGEQRF's entry point and argument checks (src/api/pdgeqrf.c) go into the
# same convenience library as everything else; the factorization behind
# hs_qr_call (src/api/qr_call.c, src/algo/qr.*, src/kernels/qr_kernels.*)
# is listed in src/local.mk.
HETSCAL_CORE_SOURCES += src/api/pdgeqrf.c src/api/qr_call.h
