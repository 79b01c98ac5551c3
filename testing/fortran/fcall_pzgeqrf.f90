! fcall_pzgeqrf: an ordinary Fortran 90 ScaLAPACK program (BLACS grid,
! DESCINIT, PZGEQRF with a workspace query, then the reference PZUNMQR,
! PZLACPY, PZLASET, PZMATADD and PZLANGE) linked with hetscal first, the
! complex*16 twin of fcall_pdgeqrf.  Factors a tall matrix (M = 300,
! N = 200, the whole of A) and a wide one (M = 150, N = 250 at IA = 5,
! JA = 9, MB = 24, NB = 16), rebuilds A = Q R and checks
! ||A - Q R|| / (||A|| eps max(M,N)) and that no entry outside sub(A)
! changed; prints PASSED or FAILED per case and ends with STOP 1 when any
! case failed.  The grid, the index arithmetic, the pass test and the
! ending are fcall_frame.f90's.
program fcall_pzgeqrf
  use fcall_frame
  implicit none
  integer, parameter :: dlen = 9
  integer, parameter :: dp = kind(1.0d0)
  double precision, parameter :: thresh = 20.0d0
  complex(dp), parameter :: zero = (0.0d0, 0.0d0), one = (1.0d0, 0.0d0)
  integer :: iam, nprocs, ictxt, nprow, npcol, myrow, mycol
  integer :: icase, nfail, info, m, n, k, mb, nb, ia, ja, ma, na
  integer :: mp, nq, lld, lwork, ltau
  integer :: desca(dlen), stray
  character(len=16) :: grid
  double precision :: anorm, rnorm, resid
  complex(dp) :: wq(1)
  complex(dp), allocatable :: a(:,:), a0(:,:), c(:,:), tau(:), work(:)
  double precision, allocatable :: rwork(:)
  integer, external :: numroc
  double precision, external :: pzlange

  call fcall_grid_init(iam, nprocs, ictxt, nprow, npcol, myrow, mycol, grid)

  nfail = 0
  do icase = 1, 2
     if (icase == 1) then
        m = 300; n = 200; mb = 32; nb = 32; ia = 1; ja = 1
     else
        m = 150; n = 250; mb = 24; nb = 16; ia = 5; ja = 9
     end if
     k = min(m, n)
     ma = ia - 1 + m + 3
     na = ja - 1 + n + 3
     mp = numroc(ma, mb, myrow, 0, nprow)
     nq = numroc(na, nb, mycol, 0, npcol)
     lld = max(1, mp)
     call descinit(desca, ma, na, mb, nb, 0, 0, ictxt, lld, info)
     ltau = max(1, numroc(ja + k - 1, nb, mycol, 0, npcol))
     allocate(a(lld, max(1, nq)), a0(lld, max(1, nq)), c(lld, max(1, nq)))
     allocate(tau(ltau), rwork(mp + nq + 2 * max(mb, nb)))
     call fill_matrix()

     ! workspace query, then the factorization with exactly that much
     call pzgeqrf(m, n, a, ia, ja, desca, tau, wq, -1, info)
     lwork = int(real(wq(1)))
     allocate(work(max(1, lwork)))
     if (info == 0) call pzgeqrf(m, n, a, ia, ja, desca, tau, work, lwork, info)
     deallocate(work)
     if (info /= 0) then
        if (iam == 0) write(*, '(a,i0,a,a,a,i0,a)') 'fcall_pzgeqrf: case ', &
             icase, ' grid ', trim(grid), ' PZGEQRF INFO=', info, ' FAILED'
        nfail = nfail + 1
     else
        stray = fcall_stray(a, a0, desca, ia, ja, m, n, 'A')
        ! c = R, then Q R with the reference PZUNMQR, then Q R - A
        call pzlaset('All', ma, na, zero, zero, c, 1, 1, desca)
        call pzlacpy('Upper', m, n, a, ia, ja, desca, c, ia, ja, desca)
        call pzunmqr('L', 'N', m, n, k, a, ia, ja, desca, tau, c, ia, ja, &
             desca, wq, -1, info)
        lwork = int(real(wq(1)))
        allocate(work(max(1, lwork)))
        call pzunmqr('L', 'N', m, n, k, a, ia, ja, desca, tau, c, ia, ja, &
             desca, work, lwork, info)
        deallocate(work)
        call pzmatadd(m, n, -one, a0, ia, ja, desca, one, c, ia, ja, desca)
        anorm = pzlange('1', m, n, a0, ia, ja, desca, rwork)
        rnorm = pzlange('1', m, n, c, ia, ja, desca, rwork)
        resid = rnorm / (anorm * epsilon(1.0d0) * 0.5d0 * dble(max(m, n)))
        if (.not. fcall_passed(info, stray, resid, thresh)) then
           nfail = nfail + 1
           if (iam == 0) write(*, '(a,6(a,i0),3a,es10.3,2(a,i0),a)') &
                'fcall_pzgeqrf:', ' m=', m, ' n=', n, ' mb=', mb, ' nb=', nb, &
                ' ia=', ia, ' ja=', ja, ' grid ', trim(grid), ' residual=', &
                resid, ' PZUNMQR INFO=', info, &
                ' entries written outside sub(A)=', stray, ' FAILED'
        else if (iam == 0) then
           write(*, '(a,6(a,i0),3a,es10.3,a)') 'fcall_pzgeqrf:', ' m=', m, &
                ' n=', n, ' mb=', mb, ' nb=', nb, ' ia=', ia, ' ja=', ja, &
                ' grid ', trim(grid), ' residual=', resid, ' PASSED'
        end if
     end if
     deallocate(a, a0, c, tau, rwork)
  end do

  call fcall_finish('fcall_pzgeqrf', iam, ictxt, nfail)

contains

  logical function in_sub(gi, gj)
    integer, intent(in) :: gi, gj
    in_sub = gi >= ia .and. gi <= ia + m - 1 .and. gj >= ja .and. gj <= ja + n - 1
  end function in_sub

  ! A0 = A: a non-Hermitian complex matrix with a heavy diagonal on sub(A),
  ! junk outside it.
  subroutine fill_matrix()
    integer :: il, jl, gi, gj, di, dj
    complex(dp) :: v
    do jl = 1, nq
       gj = fcall_l2g(jl, nb, mycol, npcol)
       do il = 1, mp
          gi = fcall_l2g(il, mb, myrow, nprow)
          if (in_sub(gi, gj)) then
             di = gi - ia
             dj = gj - ja
             v = cmplx(sin(dble(3 * di + 7 * dj) + 0.5d0 * dble(di * dj)), &
                  cos(dble(5 * di - 2 * dj)), dp)
             if (di == dj) v = v + 2.0d0 * sqrt(dble(max(m, n)))
          else
             v = cmplx(-7777.0d0 - dble(gi + gj), dble(gi - gj), dp)
          end if
          a(il, jl) = v
       end do
    end do
    a0 = a
  end subroutine fill_matrix

end program fcall_pzgeqrf
