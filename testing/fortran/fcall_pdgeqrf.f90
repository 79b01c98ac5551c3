! fcall_pdgeqrf: an ordinary Fortran 90 ScaLAPACK program (BLACS grid,
! DESCINIT, PDGEQRF with a workspace query, then the reference PDORMQR,
! PDLACPY, PDLASET, PDMATADD and PDLANGE) linked with hetscal first.
! Factors a tall matrix (M = 300, N = 200, the whole of A) and a wide one
! (M = 150, N = 250 at IA = 5, JA = 9, MB = 24, NB = 16), rebuilds A = Q R
! and checks ||A - Q R|| / (||A|| eps max(M,N)); prints PASSED or FAILED
! per case and ends with STOP 1 when any case failed.  The grid, the index
! arithmetic, the pass test and the ending are fcall_frame.f90's.
program fcall_pdgeqrf
  use fcall_frame
  implicit none
  integer, parameter :: dlen = 9
  double precision, parameter :: thresh = 20.0d0, junk = -7777.0d0
  integer :: iam, nprocs, ictxt, nprow, npcol, myrow, mycol
  integer :: icase, nfail, info, m, n, k, mb, nb, ia, ja, ma, na
  integer :: mp, nq, lld, lwork, ltau
  integer :: desca(dlen), stray
  character(len=16) :: grid
  double precision :: anorm, rnorm, resid, wq(1)
  double precision, allocatable :: a(:,:), a0(:,:), c(:,:), tau(:), work(:)
  integer, external :: numroc
  double precision, external :: pdlange

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
     allocate(tau(ltau))
     call fill_matrix()

     ! workspace query, then the factorization with exactly that much
     call pdgeqrf(m, n, a, ia, ja, desca, tau, wq, -1, info)
     lwork = int(wq(1))
     allocate(work(max(1, lwork)))
     if (info == 0) call pdgeqrf(m, n, a, ia, ja, desca, tau, work, lwork, info)
     deallocate(work)
     if (info /= 0) then
        if (iam == 0) write(*, '(a,i0,a,a,a,i0,a)') 'fcall_pdgeqrf: case ', &
             icase, ' grid ', trim(grid), ' PDGEQRF INFO=', info, ' FAILED'
        nfail = nfail + 1
     else
        stray = fcall_stray(a, a0, desca, ia, ja, m, n, 'A')
        ! c = R, then Q R with the reference PDORMQR, then Q R - A
        call pdlaset('All', ma, na, 0.0d0, 0.0d0, c, 1, 1, desca)
        call pdlacpy('Upper', m, n, a, ia, ja, desca, c, ia, ja, desca)
        call pdormqr('L', 'N', m, n, k, a, ia, ja, desca, tau, c, ia, ja, &
             desca, wq, -1, info)
        lwork = int(wq(1))
        allocate(work(max(1, lwork, mp + nq + 2 * max(mb, nb))))
        call pdormqr('L', 'N', m, n, k, a, ia, ja, desca, tau, c, ia, ja, &
             desca, work, lwork, info)
        call pdmatadd(m, n, -1.0d0, a0, ia, ja, desca, 1.0d0, c, ia, ja, desca)
        anorm = pdlange('1', m, n, a0, ia, ja, desca, work)
        rnorm = pdlange('1', m, n, c, ia, ja, desca, work)
        deallocate(work)
        resid = rnorm / (anorm * epsilon(1.0d0) * 0.5d0 * dble(max(m, n)))
        if (.not. fcall_passed(info, stray, resid, thresh)) then
           nfail = nfail + 1
           if (iam == 0) write(*, '(a,6(a,i0),3a,es10.3,2(a,i0),a)') &
                'fcall_pdgeqrf:', ' m=', m, ' n=', n, ' mb=', mb, ' nb=', nb, &
                ' ia=', ia, ' ja=', ja, ' grid ', trim(grid), ' residual=', &
                resid, ' PDORMQR INFO=', info, &
                ' entries written outside sub(A)=', stray, ' FAILED'
        else if (iam == 0) then
           write(*, '(a,6(a,i0),3a,es10.3,a)') 'fcall_pdgeqrf:', ' m=', m, &
                ' n=', n, ' mb=', mb, ' nb=', nb, ' ia=', ia, ' ja=', ja, &
                ' grid ', trim(grid), ' residual=', resid, ' PASSED'
        end if
     end if
     deallocate(a, a0, c, tau)
  end do

  call fcall_finish('fcall_pdgeqrf', iam, ictxt, nfail)

contains

  logical function in_sub(gi, gj)
    integer, intent(in) :: gi, gj
    in_sub = gi >= ia .and. gi <= ia + m - 1 .and. gj >= ja .and. gj <= ja + n - 1
  end function in_sub

  ! A0 = A: a nonsymmetric matrix with a heavy diagonal on sub(A), junk
  ! outside it.
  subroutine fill_matrix()
    integer :: il, jl, gi, gj, di, dj
    double precision :: v
    do jl = 1, nq
       gj = fcall_l2g(jl, nb, mycol, npcol)
       do il = 1, mp
          gi = fcall_l2g(il, mb, myrow, nprow)
          if (in_sub(gi, gj)) then
             di = gi - ia
             dj = gj - ja
             v = sin(dble(3 * di + 7 * dj) + 0.5d0 * dble(di * dj))
             if (di == dj) v = v + 2.0d0 * sqrt(dble(max(m, n)))
          else
             v = junk - dble(gi + gj)
          end if
          a(il, jl) = v
       end do
    end do
    a0 = a
  end subroutine fill_matrix

end program fcall_pdgeqrf
