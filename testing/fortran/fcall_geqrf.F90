! fcall_geqrf.F90: the source of fcall_pdgeqrf (-DPREC_D) and fcall_pzgeqrf
! (-DPREC_Z, complex*16), ordinary Fortran 90 ScaLAPACK programs (BLACS
! grid, DESCINIT, P?GEQRF with a workspace query, then the reference
! PDORMQR or PZUNMQR, P?LACPY, P?LASET, P?MATADD and P?LANGE) linked with
! hetscal first; fcall_prec.h holds what the two differ in.  Factors a tall
! matrix (M = 300, N = 200, the whole of A) and a wide one (M = 150,
! N = 250 at IA = 5, JA = 9, MB = 24, NB = 16), rebuilds A = Q R and checks
! ||A - Q R|| / (||A|| eps max(M,N)) and that no entry outside sub(A)
! changed; prints PASSED or FAILED per case and ends with STOP 1 when any
! case failed.  The grid, the descriptor, the index arithmetic, the pass
! test and the ending are fcall_frame.f90's.
#include "fcall_prec.h"
program fcall_geqrf
  use fcall_frame
  implicit none
  integer, parameter :: dlen = 9, dp = kind(1.0d0)
  double precision, parameter :: thresh = 20.0d0
  FCALL_TYPE, parameter :: zero = FCALL_ENTRY(0.0d0, 0.0d0)
  FCALL_TYPE, parameter :: one = FCALL_ENTRY(1.0d0, 0.0d0)
  character(len=*), parameter :: me = 'fcall_' // FCALL_PX // 'geqrf'
  ! The cases: a tall matrix, the whole of A; a wide one at an offset, with
  ! MB /= NB.
  integer, parameter :: case_m(2) = [300, 150], case_n(2) = [200, 250]
  integer, parameter :: case_mb(2) = [32, 24], case_nb(2) = [32, 16]
  integer, parameter :: case_ia(2) = [1, 5], case_ja(2) = [1, 9]
  integer :: iam, nprocs, ictxt, nprow, npcol, myrow, mycol
  integer :: icase, info, m, n, k, mb, nb, ia, ja
  integer :: mp, nq, lwork, ltau
  integer :: desca(dlen), stray
  character(len=16) :: grid
  character(len=160) :: what, why
  double precision :: anorm, rnorm, resid
  FCALL_TYPE :: wq(1)
  FCALL_TYPE, allocatable :: a(:,:), a0(:,:), c(:,:), tau(:), work(:)
  double precision, allocatable :: rwork(:)
  double precision, external :: PXLANGE

  call fcall_grid_init(iam, nprocs, ictxt, nprow, npcol, myrow, mycol, grid)

  do icase = 1, size(case_m)
     m = case_m(icase); n = case_n(icase); mb = case_mb(icase)
     nb = case_nb(icase); ia = case_ia(icase); ja = case_ja(icase)
     k = min(m, n)
     call fcall_sub_desc(ictxt, m, n, mb, nb, ia, ja, desca, mp, nq)
     ltau = max(1, numroc(ja + k - 1, nb, mycol, 0, npcol))
     allocate(a(desca(9), max(1, nq)), a0(desca(9), max(1, nq)))
     allocate(c(desca(9), max(1, nq)))
     allocate(tau(ltau), rwork(mp + nq + 2 * max(mb, nb)))
     call fill_matrix()
     write(what, '(6(a,i0),2a)') ' m=', m, ' n=', n, ' mb=', mb, ' nb=', nb, &
          ' ia=', ia, ' ja=', ja, ' grid ', trim(grid)

     ! workspace query, then the factorization with exactly that much
     call PXGEQRF(m, n, a, ia, ja, desca, tau, wq, -1, info)
     lwork = int(real(wq(1), dp))
     allocate(work(max(1, lwork)))
     if (info == 0) call PXGEQRF(m, n, a, ia, ja, desca, tau, work, lwork, info)
     deallocate(work)
     if (info /= 0) then
        call fcall_info_failed(me, iam, trim(what), FCALL_PXU // 'GEQRF', info)
     else
        stray = fcall_stray(a(1:mp, 1:nq) /= a0(1:mp, 1:nq), desca, ia, ja, &
             m, n, 'A')
        ! c = R, then Q R with the reference PDORMQR or PZUNMQR, then Q R - A
        call PXLASET('All', desca(3), desca(4), zero, zero, c, 1, 1, desca)
        call PXLACPY('Upper', m, n, a, ia, ja, desca, c, ia, ja, desca)
        call PXORMQR('L', 'N', m, n, k, a, ia, ja, desca, tau, c, ia, ja, &
             desca, wq, -1, info)
        lwork = int(real(wq(1), dp))
        allocate(work(max(1, lwork)))
        call PXORMQR('L', 'N', m, n, k, a, ia, ja, desca, tau, c, ia, ja, &
             desca, work, lwork, info)
        deallocate(work)
        call PXMATADD(m, n, -one, a0, ia, ja, desca, one, c, ia, ja, desca)
        anorm = PXLANGE('1', m, n, a0, ia, ja, desca, rwork)
        rnorm = PXLANGE('1', m, n, c, ia, ja, desca, rwork)
        resid = rnorm / (anorm * epsilon(1.0d0) * 0.5d0 * dble(max(m, n)))
        write(why, '(2(a,i0))') ' ' // FCALL_ORMQR // ' INFO=', info, &
             ' entries written outside sub(A)=', stray
        call fcall_report(me, iam, info, stray, resid, thresh, &
             trim(what) // ' residual=' // fcall_es(resid), trim(why))
     end if
     deallocate(a, a0, c, tau, rwork)
  end do

  call fcall_finish(me, iam, ictxt)

contains

  ! Entry (ia + di, ja + dj) of sub(A), for fill_matrix: a nonsymmetric
  ! (non-Hermitian) matrix with a heavy diagonal.
  FCALL_TYPE function sub_entry(di, dj)
    integer, intent(in) :: di, dj
    sub_entry = FCALL_ENTRY(sin(dble(3 * di + 7 * dj) + 0.5d0 * dble(di * dj)), cos(dble(5 * di - 2 * dj)))
    if (di == dj) sub_entry = sub_entry + 2.0d0 * sqrt(dble(max(m, n)))
  end function sub_entry

#include "fcall_fill_sub.h"

end program fcall_geqrf
