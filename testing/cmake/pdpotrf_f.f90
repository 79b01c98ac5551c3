! pdpotrf_f: the Fortran caller of testing/cmake/'s project, an ordinary
! ScaLAPACK program (BLACS grid, DESCINIT, PDPOTRF) linked through the
! imported target: PDPOTRF on an 8 x 8 symmetric positive definite matrix
! in 4 x 4 blocks, one rank; checks INFO = 0 and the residual
! max|A - L L^T| / (max|A| n eps) <= 10; prints PASSED or FAILED and ends
! with STOP 1 when a check failed.
program pdpotrf_f
  implicit none
  integer, parameter :: n = 8, nb = 4
  integer :: desca(9), info, ictxt, iam, nprocs, i, j
  double precision :: a(n, n), a0(n, n), llt, amax, rmax, resid
  logical :: passed

  call blacs_pinfo(iam, nprocs)
  call blacs_get(-1, 0, ictxt)
  call blacs_gridinit(ictxt, 'Row', 1, 1)
  call descinit(desca, n, n, nb, nb, 0, 0, ictxt, n, info)
  if (info /= 0) then
     write(*, '(a,i0,a)') 'pdpotrf_f: DESCINIT INFO=', info, ' FAILED'
     stop 1
  end if
  ! Hilbert's matrix plus n I: symmetric, positive definite.
  do j = 1, n
     do i = 1, n
        a(i, j) = 1.0d0 / dble(i + j - 1)
     end do
     a(j, j) = a(j, j) + dble(n)
  end do
  a0 = a

  call pdpotrf('L', n, a, 1, 1, desca, info)

  amax = 0
  rmax = 0
  do j = 1, n
     do i = j, n
        llt = dot_product(a(i, 1:j), a(j, 1:j))
        rmax = max(rmax, abs(a0(i, j) - llt))
        amax = max(amax, abs(a0(i, j)))
     end do
  end do
  resid = rmax / (amax * dble(n) * epsilon(1.0d0))
  ! resid - resid == 0 is false for NaN and infinity
  passed = info == 0 .and. resid - resid == 0 .and. resid <= 10
  if (passed) then
     write(*, '(a,2(i0,a),i0,a,es10.3,a)') 'pdpotrf_f: n=', n, ' nb=', nb, &
          ' INFO=', info, ' residual=', resid, ' PASSED'
  else
     write(*, '(a,2(i0,a),i0,a,es10.3,a)') 'pdpotrf_f: n=', n, ' nb=', nb, &
          ' INFO=', info, ' residual=', resid, ' FAILED'
  end if
  call blacs_gridexit(ictxt)
  call blacs_exit(0)
  if (.not. passed) stop 1
end program pdpotrf_f
