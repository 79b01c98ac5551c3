! fcall_prec.h: the one table of what the double precision and complex*16
! Fortran callers differ in.  Each caller template fcall_ROUTINE.F90
! includes it and is compiled twice (testing/fcall.mk): with -DPREC_D into
! fcall_pdROUTINE, with -DPREC_Z into fcall_pzROUTINE.  FCALL_ENTRY(re, im)
! makes an entry of the matrices' type from its real and imaginary parts
! (the double precision callers drop im).  The names of the ScaLAPACK
! routines are listed one by one rather than pasted from a prefix, because
! gfortran's traditional-mode cpp has no ## operator, and so that grep finds
! every call.
#if defined(PREC_D)
#  define FCALL_TYPE double precision
#  define FCALL_ENTRY(re, im) (re)
#  define FCALL_PX 'pd'
#  define FCALL_PXU 'PD'
#  define FCALL_ORMQR 'PDORMQR'
#  define PXPOTRF pdpotrf
#  define PXPOTRS pdpotrs
#  define PXGEQRF pdgeqrf
#  define PXORMQR pdormqr
#  define PXGETRF pdgetrf
#  define PXGETRS pdgetrs
#  define PXLAPIV pdlapiv
#  define PXGEMM pdgemm
#  define PXLACPY pdlacpy
#  define PXLASET pdlaset
#  define PXMATADD pdmatadd
#  define PXLANGE pdlange
#elif defined(PREC_Z)
#  define FCALL_TYPE complex(kind(1.0d0))
#  define FCALL_ENTRY(re, im) cmplx(re, im, kind(1.0d0))
#  define FCALL_PX 'pz'
#  define FCALL_PXU 'PZ'
#  define FCALL_ORMQR 'PZUNMQR'
#  define PXPOTRF pzpotrf
#  define PXPOTRS pzpotrs
#  define PXGEQRF pzgeqrf
#  define PXORMQR pzunmqr
#  define PXGETRF pzgetrf
#  define PXGETRS pzgetrs
#  define PXLAPIV pzlapiv
#  define PXGEMM pzgemm
#  define PXLACPY pzlacpy
#  define PXLASET pzlaset
#  define PXMATADD pzmatadd
#  define PXLANGE pzlange
#else
#  error "compile the Fortran callers with -DPREC_D or -DPREC_Z"
#endif
