# The plain Fortran callers of P?POTRF, P?GEQRF and P?GETRF (their tests
# are listed in compat.mk, qr.mk and lu_compat.mk).  Each routine has one
# source, testing/fortran/fcall_ROUTINE.F90, compiled once per precision:
# -DPREC_D makes fcall_pdROUTINE, -DPREC_Z fcall_pzROUTINE, and
# fcall_prec.h turns the flag into the type and the routine names
# (fcall_fill_sub.h is the matrix fill that P?GEQRF's and P?GETRF's callers
# share).  The .F90 suffix has the compiler run cpp on it; each #include
# finds its file next to the source, so VPATH builds need nothing more.

# The module fcall_frame, which every caller uses, is compiled once into a
# library of its own: in a program's sources, the per-program CPPFLAGS
# below would recompile it for each program, and parallel compilations
# would write fcall_frame.mod over each other.  Its .mod lands in the build
# directory, where the callers' compilations find it.
check_LIBRARIES = testing/fortran/libfcall_frame.a
testing_fortran_libfcall_frame_a_SOURCES = testing/fortran/fcall_frame.f90
# cr, not Automake's cru: binutils' ar warns that u is ignored.
testing_fortran_libfcall_frame_a_AR = $(AR) cr
CLEANFILES += fcall_frame.mod
fcall_ldadd = testing/fortran/libfcall_frame.a $(tester_ldadd)
fcall_includes = testing/fortran/fcall_prec.h testing/fortran/fcall_fill_sub.h

check_PROGRAMS += testing/fcall_pdpotrf testing/fcall_pzpotrf
testing_fcall_pdpotrf_SOURCES = testing/fortran/fcall_potrf.F90 $(fcall_includes)
testing_fcall_pdpotrf_CPPFLAGS = -DPREC_D
testing_fcall_pdpotrf_LDADD = $(fcall_ldadd)
testing_fcall_pzpotrf_SOURCES = testing/fortran/fcall_potrf.F90 $(fcall_includes)
testing_fcall_pzpotrf_CPPFLAGS = -DPREC_Z
testing_fcall_pzpotrf_LDADD = $(fcall_ldadd)

check_PROGRAMS += testing/fcall_pdgeqrf testing/fcall_pzgeqrf
testing_fcall_pdgeqrf_SOURCES = testing/fortran/fcall_geqrf.F90 $(fcall_includes)
testing_fcall_pdgeqrf_CPPFLAGS = -DPREC_D
testing_fcall_pdgeqrf_LDADD = $(fcall_ldadd)
testing_fcall_pzgeqrf_SOURCES = testing/fortran/fcall_geqrf.F90 $(fcall_includes)
testing_fcall_pzgeqrf_CPPFLAGS = -DPREC_Z
testing_fcall_pzgeqrf_LDADD = $(fcall_ldadd)

check_PROGRAMS += testing/fcall_pdgetrf testing/fcall_pzgetrf
testing_fcall_pdgetrf_SOURCES = testing/fortran/fcall_getrf.F90 $(fcall_includes)
testing_fcall_pdgetrf_CPPFLAGS = -DPREC_D
testing_fcall_pdgetrf_LDADD = $(fcall_ldadd)
testing_fcall_pzgetrf_SOURCES = testing/fortran/fcall_getrf.F90 $(fcall_includes)
testing_fcall_pzgetrf_CPPFLAGS = -DPREC_Z
testing_fcall_pzgetrf_LDADD = $(fcall_ldadd)

# Every caller's objects need fcall_frame.mod first, and are rebuilt when
# an included file changes (Automake tracks no dependencies of Fortran).
FCALL_OBJECTS = $(testing_fcall_pdpotrf_OBJECTS) $(testing_fcall_pzpotrf_OBJECTS) \
  $(testing_fcall_pdgeqrf_OBJECTS) $(testing_fcall_pzgeqrf_OBJECTS) \
  $(testing_fcall_pdgetrf_OBJECTS) $(testing_fcall_pzgetrf_OBJECTS)
$(FCALL_OBJECTS): testing/fortran/fcall_frame.$(OBJEXT) $(fcall_includes)
