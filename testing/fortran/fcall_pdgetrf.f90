! fcall_pdgetrf: an ordinary Fortran 90 ScaLAPACK program (BLACS grid,
! DESCINIT, PDGETRF, then the reference PDGETRS, PDLAPIV, PDGEMM, PDLACPY,
! PDLASET, PDMATADD and PDLANGE) linked with hetscal first.  Factors a square
! matrix (N = 200, the whole of A, MB = NB = 32) and solves A X = B for 3
! right-hand sides with the reference PDGETRS on hetscal's factor and
! pivots, then a tall (M = 150, N = 100 at IA = 17, JA = 33, MB = NB = 16)
! and a wide one (M = 90, N = 160 at IA = 9, JA = 1, MB = NB = 8); checks
! ||A X - B|| / (||A|| ||X|| eps N) for the solve and, for every case,
! ||P A - L U|| / (||A|| eps max(M,N)) with P applied by the reference
! PDLAPIV from IPIV, and that no entry outside sub(A) changed; prints PASSED
! or FAILED per case and ends with STOP 1 when any case failed.  The grid,
! the index arithmetic, the pass test and the ending are fcall_frame.f90's.
program fcall_pdgetrf
  use fcall_frame
  implicit none
  integer, parameter :: dlen = 9, nrhs = 3
  integer, parameter :: dp = kind(1.0d0)
  double precision, parameter :: thresh = 20.0d0
  double precision, parameter :: zero = 0.0d0, one = 1.0d0
  integer :: iam, nprocs, ictxt, nprow, npcol, myrow, mycol
  integer :: icase, nfail, info, m, n, k, mb, nb, ia, ja, ma, na
  integer :: mp, nq, lld, mpb, nqb, lldb
  integer :: desca(dlen), descb(dlen), descip(dlen), idum(1), stray
  character(len=16) :: grid
  double precision :: anorm, rnorm, xnorm, resid, sresid
  double precision, allocatable :: a(:,:), a0(:,:), l(:,:), u(:,:), c(:,:)
  double precision, allocatable :: b(:,:), x(:,:)
  integer, allocatable :: ipiv(:)
  double precision, allocatable :: rwork(:)
  integer, external :: numroc
  double precision, external :: pdlange

  call fcall_grid_init(iam, nprocs, ictxt, nprow, npcol, myrow, mycol, grid)

  nfail = 0
  do icase = 1, 3
     if (icase == 1) then
        m = 200; n = 200; mb = 32; ia = 1; ja = 1
     else if (icase == 2) then
        m = 150; n = 100; mb = 16; ia = 17; ja = 33
     else
        m = 90; n = 160; mb = 8; ia = 9; ja = 1
     end if
     nb = mb
     k = min(m, n)
     ma = ia - 1 + m + 3
     na = ja - 1 + n + 3
     mp = numroc(ma, mb, myrow, 0, nprow)
     nq = numroc(na, nb, mycol, 0, npcol)
     lld = max(1, mp)
     call descinit(desca, ma, na, mb, nb, 0, 0, ictxt, lld, info)
     allocate(a(lld, max(1, nq)), a0(lld, max(1, nq)), l(lld, max(1, nq)))
     allocate(u(lld, max(1, nq)), c(lld, max(1, nq)))
     allocate(ipiv(mp + mb), rwork(mp + nq + 2 * max(mb, nb)))
     call fill_matrix()

     call pdgetrf(m, n, a, ia, ja, desca, ipiv, info)
     sresid = 0.0d0
     if (info /= 0) then
        if (iam == 0) write(*, '(a,i0,3a,i0,a)') 'PDGETRF: case ', &
             icase, ' grid ', trim(grid), ' INFO=', info, ' FAILED'
        nfail = nfail + 1
     else
        stray = fcall_stray(a, a0, desca, ia, ja, m, n, 'A')
        if (m == n) call solve()
        ! c = L U; a0 = P A0 (the reference PDLAPIV with IPIV); c - a0
        call pdlaset('All', ma, na, zero, zero, l, 1, 1, desca)
        call pdlaset('All', ma, na, zero, zero, u, 1, 1, desca)
        call pdlacpy('Lower', m, k, a, ia, ja, desca, l, ia, ja, desca)
        call pdlaset('Upper', m, k, zero, one, l, ia, ja, desca)
        call pdlacpy('Upper', k, n, a, ia, ja, desca, u, ia, ja, desca)
        call pdgemm('N', 'N', m, n, k, one, l, ia, ja, desca, u, ia, ja, &
             desca, zero, c, ia, ja, desca)
        anorm = pdlange('1', m, n, a0, ia, ja, desca, rwork)
        ! the K pivots, as PDGETRS applies them: IPIV as a column
        ! vector on every process column (PDLASWP would do only within one
        ! block: it reads IPIV from the local index of its first row on)
        call descset(descip, desca(3) + desca(5) * nprow, 1, desca(5), 1, &
             desca(7), mycol, ictxt, desca(5) + mp)
        call pdlapiv('Forward', 'Row', 'Col', k, n, a0, ia, ja, desca, ipiv, &
             ia, 1, descip, idum)
        call pdmatadd(m, n, -one, a0, ia, ja, desca, one, c, ia, ja, desca)
        rnorm = pdlange('1', m, n, c, ia, ja, desca, rwork)
        resid = rnorm / (anorm * epsilon(1.0d0) * 0.5d0 * dble(max(m, n)))
        if (.not. fcall_passed(info, stray, max(resid, sresid), thresh)) then
           nfail = nfail + 1
           if (iam == 0) write(*, '(a,5(a,i0),2a,2(a,es10.3),2(a,i0),a)') &
                'fcall_pdgetrf:', ' m=', m, ' n=', n, ' nb=', nb, &
                ' ia=', ia, ' ja=', ja, ' grid ', trim(grid), &
                ' residual=', resid, ' solve residual=', sresid, &
                ' PDGETRS INFO=', info, &
                ' entries written outside sub(A)=', stray, ' FAILED'
        else if (iam == 0) then
           write(*, '(a,5(a,i0),2a,2(a,es10.3),a)') 'fcall_pdgetrf:', &
                ' m=', m, ' n=', n, ' nb=', nb, ' ia=', ia, ' ja=', ja, &
                ' grid ', trim(grid), ' residual=', resid, &
                ' solve residual=', sresid, ' PASSED'
        end if
     end if
     deallocate(a, a0, l, u, c, ipiv, rwork)
  end do

  call fcall_finish('fcall_pdgetrf', iam, ictxt, nfail)

contains

  logical function in_sub(gi, gj)
    integer, intent(in) :: gi, gj
    in_sub = gi >= ia .and. gi <= ia + m - 1 .and. gj >= ja .and. gj <= ja + n - 1
  end function in_sub

  ! A0 = A: a nonsymmetric real matrix of full rank on sub(A), no heavy
  ! diagonal (partial pivoting does swap rows), junk outside it.
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
             v = sin(dble(3 * di + 7 * dj) + 0.5d0 * dble(di * dj)) &
                  + 0.3d0 * cos(dble(di * di - 5 * dj))
          else
             v = -7777.0d0 - dble(gi + gj)
          end if
          a(il, jl) = v
       end do
    end do
    a0 = a
  end subroutine fill_matrix

  ! X solves A0 X = B with the reference PDGETRS on hetscal's factor;
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
    call pdgetrs('N', n, nrhs, a, ia, ja, desca, ipiv, x, 1, 1, descb, info)
    if (info /= 0) then
       sresid = huge(1.0d0)
    else
       call pdgemm('N', 'N', n, nrhs, n, one, a0, ia, ja, desca, x, 1, 1, &
            descb, -one, b, 1, 1, descb)
       anorm = pdlange('1', n, n, a0, ia, ja, desca, rwork)
       xnorm = pdlange('1', n, nrhs, x, 1, 1, descb, rwork)
       rnorm = pdlange('1', n, nrhs, b, 1, 1, descb, rwork)
       sresid = rnorm / (anorm * xnorm * epsilon(1.0d0) * 0.5d0 * dble(n))
    end if
    deallocate(b, x)
  end subroutine solve

end program fcall_pdgetrf
