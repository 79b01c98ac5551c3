! fcall_frame: the module of what the Fortran callers (fcall_potrf.F90,
! fcall_geqrf.F90 and fcall_getrf.F90, each built in double precision and
! complex*16) share whatever their type: the squarest BLACS grid of all the
! processes, the local-to-global index of a block-cyclic dimension, the
! descriptor of a matrix with margins around sub(A), the count of entries a
! routine changed where it must not, the pass test of a residual, a case's
! PASSED or FAILED line, and the end of the program (grid exit, the final PASSED or FAILED line, STOP 1
! when any case failed), with the count of failed cases and ScaLAPACK's
! NUMROC for every caller.  Compiled once, so it holds nothing typed: the
! callers hand it the comparison of their arrays as a logical mask.

module fcall_frame
  implicit none
  private
  public :: numroc, fcall_grid_init, fcall_l2g, fcall_sub_desc, fcall_in_sub, &
       fcall_stray, fcall_passed, fcall_es, fcall_report, &
       fcall_info_failed, fcall_finish

  ! ScaLAPACK's NUMROC, declared here once for the callers too.
  integer, external :: numroc
  ! The cases that failed so far (fcall_report counts, fcall_finish ends).
  integer, save :: nfail = 0

contains

  ! Starts the BLACS and makes the squarest NPROW x NPCOL grid of all the
  ! processes (GRID: "NPROWxNPCOL", for the report lines).
  subroutine fcall_grid_init(iam, nprocs, ictxt, nprow, npcol, myrow, mycol, &
       grid)
    integer, intent(out) :: iam, nprocs, ictxt, nprow, npcol, myrow, mycol
    character(len=*), intent(out) :: grid

    call blacs_pinfo(iam, nprocs)
    nprow = int(sqrt(dble(nprocs)) + 1.0d-9)
    do while (mod(nprocs, nprow) /= 0)
       nprow = nprow - 1
    end do
    npcol = nprocs / nprow
    call blacs_get(-1, 0, ictxt)
    call blacs_gridinit(ictxt, 'Row-major', nprow, npcol)
    call blacs_gridinfo(ictxt, nprow, npcol, myrow, mycol)
    write(grid, '(i0,a,i0)') nprow, 'x', npcol
  end subroutine fcall_grid_init

  ! Global index (1-based) of local index il in a block-cyclic dimension of
  ! blocks of blk whose first block is on process 0.
  integer function fcall_l2g(il, blk, iproc, nprocs_dim)
    integer, intent(in) :: il, blk, iproc, nprocs_dim
    fcall_l2g = ((il - 1) / blk) * blk * nprocs_dim + iproc * blk + &
         mod(il - 1, blk) + 1
  end function fcall_l2g

  ! desca for an m x n sub(A) at (ia, ja) in blocks of mb x nb, with 3
  ! rows and columns beyond it (entries the routine must leave alone on
  ! every side), first block on process (0, 0); mp x nq: its local shape
  ! on this process.
  subroutine fcall_sub_desc(ictxt, m, n, mb, nb, ia, ja, desca, mp, nq)
    integer, intent(in) :: ictxt, m, n, mb, nb, ia, ja
    integer, intent(out) :: desca(9), mp, nq
    integer :: nprow, npcol, myrow, mycol, ma, na, info

    call blacs_gridinfo(ictxt, nprow, npcol, myrow, mycol)
    ma = ia - 1 + m + 3
    na = ja - 1 + n + 3
    mp = numroc(ma, mb, myrow, 0, nprow)
    nq = numroc(na, nb, mycol, 0, npcol)
    call descinit(desca, ma, na, mb, nb, 0, 0, ictxt, max(1, mp), info)
  end subroutine fcall_sub_desc

  ! Whether global (gi, gj) lies in the m x n sub(A) at (ia, ja).
  logical function fcall_in_sub(gi, gj, ia, ja, m, n)
    integer, intent(in) :: gi, gj, ia, ja, m, n
    fcall_in_sub = gi >= ia .and. gi <= ia + m - 1 .and. &
         gj >= ja .and. gj <= ja + n - 1
  end function fcall_in_sub

  ! Entries of the local array of the matrix desca (first block on process
  ! (0, 0)) that changed (changed(il, jl), the caller's comparison of its
  ! local array with a copy from before the call) outside the m x n
  ! submatrix at (ia, ja) (outside its lower triangle for uplo = 'L', its
  ! upper one for 'U'), summed over the processes of the grid.
  integer function fcall_stray(changed, desca, ia, ja, m, n, uplo)
    logical, intent(in) :: changed(:, :)
    integer, intent(in) :: desca(9), ia, ja, m, n
    character, intent(in) :: uplo
    integer :: nprow, npcol, myrow, mycol, il, jl, si, sj, count(1)
    logical :: inside

    call blacs_gridinfo(desca(2), nprow, npcol, myrow, mycol)
    count(1) = 0
    do jl = 1, size(changed, 2)
       sj = fcall_l2g(jl, desca(6), mycol, npcol) - ja
       do il = 1, size(changed, 1)
          si = fcall_l2g(il, desca(5), myrow, nprow) - ia
          inside = si >= 0 .and. si < m .and. sj >= 0 .and. sj < n
          if (uplo == 'L') inside = inside .and. si >= sj
          if (uplo == 'U') inside = inside .and. si <= sj
          if (.not. inside .and. changed(il, jl)) count(1) = count(1) + 1
       end do
    end do
    call igsum2d(desca(2), 'All', ' ', 1, 1, count, 1, -1, -1)
    fcall_stray = count(1)
  end function fcall_stray

  ! Whether a case passed: INFO = 0, no stray entry, and a residual that is
  ! a number no larger than thresh (a NaN fails).
  logical function fcall_passed(info, stray, resid, thresh)
    integer, intent(in) :: info, stray
    double precision, intent(in) :: resid, thresh
    fcall_passed = .not. (info /= 0 .or. stray /= 0 .or. &
         .not. (resid <= thresh) .or. resid - resid /= 0.0d0)
  end function fcall_passed

  ! x as es10.3 (" 1.234E-02"), for the report lines.
  character(len=10) function fcall_es(x)
    double precision, intent(in) :: x
    write(fcall_es, '(es10.3)') x
  end function fcall_es

  ! A case's line on process 0, "NAME: WHAT PASSED" when it passed (see
  ! fcall_passed), else "NAME: WHAT WHY FAILED", the failure counted.
  ! WHAT: the case and its residual; WHY: what else tells a failure apart
  ! (INFO, the stray entries).
  subroutine fcall_report(name, iam, info, stray, resid, thresh, what, why)
    character(len=*), intent(in) :: name, what, why
    integer, intent(in) :: iam, info, stray
    double precision, intent(in) :: resid, thresh

    if (fcall_passed(info, stray, resid, thresh)) then
       if (iam == 0) write(*, '(a)') name // ':' // what // ' PASSED'
    else
       nfail = nfail + 1
       if (iam == 0) write(*, '(a)') name // ':' // what // why // ' FAILED'
    end if
  end subroutine fcall_report

  ! The line of a case whose factorization ROUTINE returned INFO /= 0,
  ! "NAME: WHAT ROUTINE INFO=i FAILED", on process 0; the failure counted.
  subroutine fcall_info_failed(name, iam, what, routine, info)
    character(len=*), intent(in) :: name, what, routine
    integer, intent(in) :: iam, info
    character(len=32) :: why

    write(why, '(3a,i0)') ' ', routine, ' INFO=', info
    call fcall_report(name, iam, info, 0, 0.0d0, 0.0d0, what, trim(why))
  end subroutine fcall_info_failed

  ! Leaves the grid and the BLACS, prints "NAME: PASSED" or "NAME: FAILED"
  ! on process 0, and stops with status 1 when a case failed.
  subroutine fcall_finish(name, iam, ictxt)
    character(len=*), intent(in) :: name
    integer, intent(in) :: iam, ictxt

    call blacs_gridexit(ictxt)
    call blacs_exit(0)
    if (nfail /= 0) then
       if (iam == 0) write(*, '(a)') name // ': FAILED'
       stop 1
    end if
    if (iam == 0) write(*, '(a)') name // ': PASSED'
  end subroutine fcall_finish

end module fcall_frame
