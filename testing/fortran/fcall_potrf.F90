! fcall_potrf.F90: the source of fcall_pdpotrf (-DPREC_D) and fcall_pzpotrf
! (-DPREC_Z, complex*16), ordinary Fortran 90 ScaLAPACK programs (BLACS
! grid, DESCINIT, P?POTRF, P?POTRS, P?GEMM, P?LANGE) linked with hetscal
! first; fcall_prec.h holds what the two differ in.  Factors and solves a
! symmetric (Hermitian) positive definite N = 300 with NB = 32, lower and
! upper (the second at IA = JA = NB+1); checks
! ||A X - B|| / (||A|| ||X|| eps N) and that no entry outside the factored
! triangle changed; prints PASSED or FAILED per case and ends with STOP 1
! when any case failed.  The grid, the index arithmetic, the pass test and
! the ending are fcall_frame.f90's.
#include "fcall_prec.h"
program fcall_potrf
  use fcall_frame
  implicit none
  integer, parameter :: dlen = 9, n = 300, nb = 32, nrhs = 3
  double precision, parameter :: thresh = 10.0d0
  FCALL_TYPE, parameter :: junk = FCALL_ENTRY(-7777.0d0, 55.0d0)
  FCALL_TYPE, parameter :: one = FCALL_ENTRY(1.0d0, 0.0d0)
#if defined(PREC_Z)
  ! The diagonal outweighs the moduli of its row's other entries (so A is
  ! positive definite); complex entries of modulus up to 1 need more of it.
  double precision, parameter :: diag = 24.0d0
#else
  double precision, parameter :: diag = 12.0d0
#endif
  character(len=*), parameter :: me = 'fcall_' // FCALL_PX // 'potrf'
  ! The cases: lower, the whole matrix; upper, sub(A) at IA = JA = NB+1.
  character, parameter :: case_uplo(2) = ['L', 'U']
  integer, parameter :: case_off(2) = [0, nb]
  integer :: iam, nprocs, ictxt, nprow, npcol, myrow, mycol
  integer :: icase, info, off, ia, m, mp, nq, nqb, lldA
  integer :: desca(dlen), descb(dlen), stray
  character :: uplo
  character(len=16) :: grid
  character(len=160) :: what, why
  double precision :: anorm, xnorm, rnorm, resid
  FCALL_TYPE, allocatable :: a(:,:), a0(:,:), a1(:,:)
  FCALL_TYPE, allocatable :: b(:,:), b0(:,:), r(:,:)
  double precision, allocatable :: work(:)
  double precision, external :: PXLANGE

  call fcall_grid_init(iam, nprocs, ictxt, nprow, npcol, myrow, mycol, grid)

  do icase = 1, size(case_uplo)
     uplo = case_uplo(icase)
     off = case_off(icase)
     ia = off + 1
     m = n + off
     mp = numroc(m, nb, myrow, 0, nprow)
     nq = numroc(m, nb, mycol, 0, npcol)
     nqb = numroc(nrhs, nb, mycol, 0, npcol)
     lldA = max(1, mp)
     call descinit(desca, m, m, nb, nb, 0, 0, ictxt, lldA, info)
     call descinit(descb, m, nrhs, nb, nb, 0, 0, ictxt, lldA, info)
     allocate(a(lldA, max(1, nq)), a0(lldA, max(1, nq)), a1(lldA, max(1, nq)))
     allocate(b(lldA, max(1, nqb)), b0(lldA, max(1, nqb)), r(lldA, max(1, nqb)))
     allocate(work(mp + nq + 4 * nb))
     write(what, '(2a,3(a,i0),2a)') ' uplo=', uplo, ' n=', n, ' nb=', nb, &
          ' ia=ja=', ia, ' grid ', trim(grid)

     call fill_matrix()
     a1 = a

     call PXPOTRF(uplo, n, a, ia, ia, desca, info)
     if (info /= 0) then
        call fcall_info_failed(me, iam, trim(what), FCALL_PXU // 'POTRF', info)
     else
        stray = fcall_stray(a(1:mp, 1:nq) /= a1(1:mp, 1:nq), desca, ia, ia, &
             n, n, uplo)
        call PXPOTRS(uplo, n, nrhs, a, ia, ia, desca, b, ia, 1, descb, info)
        r = b0
        call PXGEMM('N', 'N', n, nrhs, n, -one, a0, ia, ia, desca, &
             b, ia, 1, descb, one, r, ia, 1, descb)
        anorm = PXLANGE('I', n, n, a0, ia, ia, desca, work)
        xnorm = PXLANGE('I', n, nrhs, b, ia, 1, descb, work)
        rnorm = PXLANGE('I', n, nrhs, r, ia, 1, descb, work)
        resid = rnorm / (anorm * xnorm * epsilon(1.0d0) * dble(n))
        write(why, '(2(a,i0))') ' ' // FCALL_PXU // 'POTRS INFO=', info, &
             ' entries written outside the factor=', stray
        call fcall_report(me, iam, info, stray, resid, thresh, &
             trim(what) // ' residual=' // fcall_es(resid), trim(why))
     end if
     deallocate(a, a0, a1, b, b0, r, work)
  end do

  call fcall_finish(me, iam, ictxt)

contains

  ! Whether global (gi, gj) is read or written by P?POTRF for this uplo.
  logical function in_factor(gi, gj)
    integer, intent(in) :: gi, gj
    in_factor = gi >= ia .and. gj >= ia .and. gi <= m .and. gj <= m
    if (uplo == 'L') then
       in_factor = in_factor .and. gi >= gj
    else
       in_factor = in_factor .and. gi <= gj
    end if
  end function in_factor

  ! A0: symmetric (Hermitian: the imaginary part changes sign with di - dj,
  ! v(j,i) = conj(v(i,j))) on sub(A), with a heavy real diagonal, junk
  ! outside; A: the same with junk in the triangle P?POTRF must not read.
  ! B0 = B: right-hand sides, junk outside sub(B).
  subroutine fill_matrix()
    integer :: il, jl, gi, gj, k, di, dj
    FCALL_TYPE :: v
    do jl = 1, nq
       gj = fcall_l2g(jl, nb, mycol, npcol)
       do il = 1, mp
          gi = fcall_l2g(il, nb, myrow, nprow)
          if (gi >= ia .and. gj >= ia) then
             di = gi - off
             dj = gj - off
             v = FCALL_ENTRY(cos(dble(di + dj)), sin(dble(di - dj))) / &
                  dble(1 + abs(di - dj))
             if (di == dj) v = FCALL_ENTRY(diag + mod(di, 7), 0.0d0)
          else
             v = junk
          end if
          a0(il, jl) = v
          if (in_factor(gi, gj)) then
             a(il, jl) = v
          else
             a(il, jl) = junk
          end if
       end do
    end do
    do k = 1, nqb
       do il = 1, mp
          gi = fcall_l2g(il, nb, myrow, nprow)
          if (gi >= ia) then
             b(il, k) = FCALL_ENTRY(sin(dble((gi - off) * (k + 1))) + 1.0d0, cos(dble(gi - off + 3 * k)))
          else
             b(il, k) = junk
          end if
       end do
    end do
    b0 = b
  end subroutine fill_matrix

end program fcall_potrf
