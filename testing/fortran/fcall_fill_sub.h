! fcall_fill_sub.h: the matrix fill of the callers that factor a general
! sub(A) (fcall_geqrf.F90, fcall_getrf.F90), included among their internal
! procedures, where it sees their a, a0, m, n, mb, nb, ia, ja, mp, nq and
! the grid coordinates.  A0 = A: the caller's function sub_entry(di, dj)
! at (ia + di, ja + dj) of sub(A), junk that tells where it stands outside
! sub(A).
  subroutine fill_matrix()
    integer :: il, jl, gi, gj
    FCALL_TYPE :: v
    do jl = 1, nq
       gj = fcall_l2g(jl, nb, mycol, npcol)
       do il = 1, mp
          gi = fcall_l2g(il, mb, myrow, nprow)
          if (fcall_in_sub(gi, gj, ia, ja, m, n)) then
             v = sub_entry(gi - ia, gj - ja)
          else
             v = FCALL_ENTRY(-7777.0d0 - dble(gi + gj), dble(gi - gj))
          end if
          a(il, jl) = v
       end do
    end do
    a0 = a
  end subroutine fill_matrix
