! fcall_getrf.F90: the source of fcall_pdgetrf (-DPREC_D) and fcall_pzgetrf
! (-DPREC_Z, complex*16), ordinary Fortran 90 ScaLAPACK programs (BLACS
! grid, DESCINIT, P?GETRF, then the reference P?GETRS, P?LAPIV, P?GEMM,
! P?LACPY, P?LASET, P?MATADD and P?LANGE) linked with hetscal first;
! fcall_prec.h holds what the two differ in.  Factors a square matrix
! (N = 200, the whole of A, MB = NB = 32) and solves A X = B for 3
! right-hand sides with the reference P?GETRS on hetscal's factor and
! pivots, then a tall (M = 150, N = 100 at IA = 17, JA = 33, MB = NB = 16)
! and a wide one (M = 90, N = 160 at IA = 9, JA = 1, MB = NB = 8); checks
! ||A X - B|| / (||A|| ||X|| eps N) for the solve and, for every case,
! ||P A - L U|| / (||A|| eps max(M,N)) with P applied by the reference
! P?LAPIV from IPIV, and that no entry outside sub(A) changed; prints
! PASSED or FAILED per case and ends with STOP 1 when any case failed.
! The grid, the descriptor, the index arithmetic, the pass test and the
! ending are fcall_frame.f90's.
#include "fcall_prec.h"
program fcall_getrf
  use fcall_frame
  implicit none
  integer, parameter :: dlen = 9, nrhs = 3
  double precision, parameter :: thresh = 20.0d0
  FCALL_TYPE, parameter :: zero = FCALL_ENTRY(0.0d0, 0.0d0)
  FCALL_TYPE, parameter :: one = FCALL_ENTRY(1.0d0, 0.0d0)
  character(len=*), parameter :: me = 'fcall_' // FCALL_PX // 'getrf'
  ! The cases (MB = NB): a square matrix, the whole of A; a tall one and a
  ! wide one at offsets.
  integer, parameter :: case_m(3) = [200, 150, 90], case_n(3) = [200, 100, 160]
  integer, parameter :: case_mb(3) = [32, 16, 8]
  integer, parameter :: case_ia(3) = [1, 17, 9], case_ja(3) = [1, 33, 1]
  integer :: iam, nprocs, ictxt, nprow, npcol, myrow, mycol
  integer :: icase, info, m, n, k, mb, nb, ia, ja
  integer :: mp, nq, lld, mpb, nqb, lldb
  integer :: desca(dlen), descb(dlen), descip(dlen), idum(1), stray
  character(len=16) :: grid
  character(len=160) :: what, why
  double precision :: anorm, rnorm, xnorm, resid, sresid
  FCALL_TYPE, allocatable :: a(:,:), a0(:,:), l(:,:), u(:,:), c(:,:)
  FCALL_TYPE, allocatable :: b(:,:), x(:,:)
  integer, allocatable :: ipiv(:)
  double precision, allocatable :: rwork(:)
  double precision, external :: PXLANGE

  call fcall_grid_init(iam, nprocs, ictxt, nprow, npcol, myrow, mycol, grid)

  do icase = 1, size(case_m)
     m = case_m(icase); n = case_n(icase); mb = case_mb(icase)
     ia = case_ia(icase); ja = case_ja(icase)
     nb = mb
     k = min(m, n)
     call fcall_sub_desc(ictxt, m, n, mb, nb, ia, ja, desca, mp, nq)
     lld = desca(9)
     allocate(a(lld, max(1, nq)), a0(lld, max(1, nq)), l(lld, max(1, nq)))
     allocate(u(lld, max(1, nq)), c(lld, max(1, nq)))
     allocate(ipiv(mp + mb), rwork(mp + nq + 2 * max(mb, nb)))
     call fill_matrix()
     write(what, '(5(a,i0),2a)') ' m=', m, ' n=', n, ' nb=', nb, ' ia=', ia, &
          ' ja=', ja, ' grid ', trim(grid)

     call PXGETRF(m, n, a, ia, ja, desca, ipiv, info)
     sresid = 0.0d0
     if (info /= 0) then
        call fcall_info_failed(me, iam, trim(what), FCALL_PXU // 'GETRF', info)
     else
        stray = fcall_stray(a(1:mp, 1:nq) /= a0(1:mp, 1:nq), desca, ia, ja, &
             m, n, 'A')
        if (m == n) call solve()
        ! c = L U; a0 = P A0 (the reference P?LAPIV with IPIV); c - a0
        call PXLASET('All', desca(3), desca(4), zero, zero, l, 1, 1, desca)
        call PXLASET('All', desca(3), desca(4), zero, zero, u, 1, 1, desca)
        call PXLACPY('Lower', m, k, a, ia, ja, desca, l, ia, ja, desca)
        call PXLASET('Upper', m, k, zero, one, l, ia, ja, desca)
        call PXLACPY('Upper', k, n, a, ia, ja, desca, u, ia, ja, desca)
        call PXGEMM('N', 'N', m, n, k, one, l, ia, ja, desca, u, ia, ja, &
             desca, zero, c, ia, ja, desca)
        anorm = PXLANGE('1', m, n, a0, ia, ja, desca, rwork)
        ! the K pivots, as P?GETRS applies them: IPIV as a column
        ! vector on every process column (P?LASWP would do only within one
        ! block: it reads IPIV from the local index of its first row on)
        call descset(descip, desca(3) + desca(5) * nprow, 1, desca(5), 1, &
             desca(7), mycol, ictxt, desca(5) + mp)
        call PXLAPIV('Forward', 'Row', 'Col', k, n, a0, ia, ja, desca, ipiv, &
             ia, 1, descip, idum)
        call PXMATADD(m, n, -one, a0, ia, ja, desca, one, c, ia, ja, desca)
        rnorm = PXLANGE('1', m, n, c, ia, ja, desca, rwork)
        resid = rnorm / (anorm * epsilon(1.0d0) * 0.5d0 * dble(max(m, n)))
        write(why, '(2(a,i0))') ' ' // FCALL_PXU // 'GETRS INFO=', info, &
             ' entries written outside sub(A)=', stray
        call fcall_report(me, iam, info, stray, max(resid, sresid), thresh, &
             trim(what) // ' residual=' // fcall_es(resid) // &
             ' solve residual=' // fcall_es(sresid), trim(why))
     end if
     deallocate(a, a0, l, u, c, ipiv, rwork)
  end do

  call fcall_finish(me, iam, ictxt)

contains

  ! Entry (ia + di, ja + dj) of sub(A), for fill_matrix: a nonsymmetric
  ! (non-Hermitian) matrix of full rank, no heavy diagonal (partial
  ! pivoting does swap rows).  The two types' entries were chosen apart
  ! (the real one adds a cosine to the sine, the complex one makes another
  ! cosine its imaginary part); each keeps its own, so that every case
  ! factors the matrix it always did.
  FCALL_TYPE function sub_entry(di, dj)
    integer, intent(in) :: di, dj
    double precision :: s
    s = sin(dble(3 * di + 7 * dj) + 0.5d0 * dble(di * dj))
#if defined(PREC_Z)
    sub_entry = FCALL_ENTRY(s, cos(dble(5 * di - 2 * dj) + 0.3d0 * dble(dj * dj)))
#else
    sub_entry = s + 0.3d0 * cos(dble(di * di - 5 * dj))
#endif
  end function sub_entry

#include "fcall_fill_sub.h"

  ! X solves A0 X = B with the reference P?GETRS on hetscal's factor;
  ! sresid = ||A0 X - B|| / (||A0|| ||X|| eps N), B = X - 1 + 1/(i+j).
  subroutine solve()
    integer :: il, jl, gi, gj
    mpb = numroc(n, nb, myrow, 0, nprow)
    nqb = numroc(nrhs, nb, mycol, 0, npcol)
    lldb = max(1, mpb)
    call descinit(descb, n, nrhs, nb, nb, 0, 0, ictxt, lldb, info)
    allocate(b(lldb, max(1, nqb)), x(lldb, max(1, nqb)))
    do jl = 1, nqb
       gj = fcall_l2g(jl, nb, mycol, npcol)
       do il = 1, mpb
          gi = fcall_l2g(il, nb, myrow, nprow)
          b(il, jl) = 1.0d0 / dble(gi + gj) - 0.5d0
       end do
    end do
    x = b
    call PXGETRS('N', n, nrhs, a, ia, ja, desca, ipiv, x, 1, 1, descb, info)
    if (info /= 0) then
       sresid = huge(1.0d0)
    else
       call PXGEMM('N', 'N', n, nrhs, n, one, a0, ia, ja, desca, x, 1, 1, &
            descb, -one, b, 1, 1, descb)
       anorm = PXLANGE('1', n, n, a0, ia, ja, desca, rwork)
       xnorm = PXLANGE('1', n, nrhs, x, 1, 1, descb, rwork)
       rnorm = PXLANGE('1', n, nrhs, b, 1, 1, descb, rwork)
       sresid = rnorm / (anorm * xnorm * epsilon(1.0d0) * 0.5d0 * dble(n))
    end if
    deallocate(b, x)
  end subroutine solve

end program fcall_getrf
