! fcall_frame: the module of what the Fortran callers (fcall_pdpotrf,
! fcall_pdgeqrf, fcall_pzpotrf, fcall_pzgeqrf, fcall_pdgetrf,
! fcall_pzgetrf) share: the squarest BLACS grid of all the processes, the
! local-to-global index of a block-cyclic dimension, the count of entries a routine changed where it must not
! (double precision or complex*16 arrays), the pass test of a residual,
! and the end of the program (grid exit, the final PASSED or FAILED line,
! STOP 1 when any case failed).

module fcall_frame
  implicit none
  private
  public :: fcall_grid_init, fcall_l2g, fcall_stray, fcall_passed, &
       fcall_finish

  ! fcall_stray(a, before, desca, ia, ja, m, n, uplo) for either type.
  interface fcall_stray
     module procedure fcall_stray_d, fcall_stray_z
  end interface fcall_stray

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

  ! Local rows and columns of the matrix desca (first block on process
  ! (0, 0)) on this process.
  subroutine local_shape(desca, mp, nq)
    integer, intent(in) :: desca(9)
    integer, intent(out) :: mp, nq
    integer, external :: numroc
    integer :: nprow, npcol, myrow, mycol

    call blacs_gridinfo(desca(2), nprow, npcol, myrow, mycol)
    mp = numroc(desca(3), desca(5), myrow, 0, nprow)
    nq = numroc(desca(4), desca(6), mycol, 0, npcol)
  end subroutine local_shape

  ! Entries of the local array a of the matrix desca (first block on
  ! process (0, 0)) that differ from before outside the m x n submatrix at
  ! (ia, ja) (outside its lower triangle for uplo = 'L', its upper one for
  ! 'U'), summed over the processes of the grid.  The two types share
  ! stray_count, which counts the local entries that changed(il, jl) marks.
  integer function fcall_stray_d(a, before, desca, ia, ja, m, n, uplo)
    integer, intent(in) :: desca(9), ia, ja, m, n
    double precision, intent(in) :: a(desca(9), *), before(desca(9), *)
    character, intent(in) :: uplo
    integer :: mp, nq

    call local_shape(desca, mp, nq)
    fcall_stray_d = stray_count(desca, ia, ja, m, n, uplo, mp, nq, &
         a(1:mp, 1:nq) /= before(1:mp, 1:nq))
  end function fcall_stray_d

  integer function fcall_stray_z(a, before, desca, ia, ja, m, n, uplo)
    integer, intent(in) :: desca(9), ia, ja, m, n
    complex(kind(1.0d0)), intent(in) :: a(desca(9), *), before(desca(9), *)
    character, intent(in) :: uplo
    integer :: mp, nq

    call local_shape(desca, mp, nq)
    fcall_stray_z = stray_count(desca, ia, ja, m, n, uplo, mp, nq, &
         a(1:mp, 1:nq) /= before(1:mp, 1:nq))
  end function fcall_stray_z

  integer function stray_count(desca, ia, ja, m, n, uplo, mp, nq, changed)
    integer, intent(in) :: desca(9), ia, ja, m, n, mp, nq
    character, intent(in) :: uplo
    logical, intent(in) :: changed(mp, nq)
    integer :: nprow, npcol, myrow, mycol, il, jl, si, sj, count(1)
    logical :: inside

    call blacs_gridinfo(desca(2), nprow, npcol, myrow, mycol)
    count(1) = 0
    do jl = 1, nq
       sj = fcall_l2g(jl, desca(6), mycol, npcol) - ja
       do il = 1, mp
          si = fcall_l2g(il, desca(5), myrow, nprow) - ia
          inside = si >= 0 .and. si < m .and. sj >= 0 .and. sj < n
          if (uplo == 'L') inside = inside .and. si >= sj
          if (uplo == 'U') inside = inside .and. si <= sj
          if (.not. inside .and. changed(il, jl)) count(1) = count(1) + 1
       end do
    end do
    call igsum2d(desca(2), 'All', ' ', 1, 1, count, 1, -1, -1)
    stray_count = count(1)
  end function stray_count

  ! Whether a case passed: INFO = 0, no stray entry, and a residual that is
  ! a number no larger than thresh (a NaN fails).
  logical function fcall_passed(info, stray, resid, thresh)
    integer, intent(in) :: info, stray
    double precision, intent(in) :: resid, thresh
    fcall_passed = .not. (info /= 0 .or. stray /= 0 .or. &
         .not. (resid <= thresh) .or. resid - resid /= 0.0d0)
  end function fcall_passed

  ! Leaves the grid and the BLACS, prints "NAME: PASSED" or "NAME: FAILED"
  ! on process 0, and stops with status 1 when nfail /= 0.
  subroutine fcall_finish(name, iam, ictxt, nfail)
    character(len=*), intent(in) :: name
    integer, intent(in) :: iam, ictxt, nfail

    call blacs_gridexit(ictxt)
    call blacs_exit(0)
    if (nfail /= 0) then
       if (iam == 0) write(*, '(a)') name // ': FAILED'
       stop 1
    end if
    if (iam == 0) write(*, '(a)') name // ': PASSED'
  end subroutine fcall_finish

end module fcall_frame
