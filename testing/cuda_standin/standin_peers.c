/* Peer access between devices, as the CUDA runtime documents it: which
 * pairs can (CUDA_STANDIN_PEER), and access enabled one way at a time
 * from the current device's context.  The answers a program meets in
 * normal use (no P2P between the pair, access the application already
 * enabled) are quiet errors; misuse says so on stderr as well.  None of
 * them is sticky.  cudaMemcpyPeerAsync is in standin_copies.c. */
#include "standin.h"

/* The physical device of ordinal, or -1 when no such device is visible. */
static int physical_of(int ordinal)
{
    return ordinal >= 0 && ordinal < standin_cfg.visible
               ? standin_cfg.ordinal_to_physical[ordinal]
               : -1;
}

cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice)
{
    static const char call[] = "cudaDeviceCanAccessPeer";
    cudaError_t err = standin_enter(call);
    if (err)
        return err;
    if (!canAccessPeer)
        return standin_null_argument(call, "canAccessPeer");
    int a = physical_of(device), b = physical_of(peerDevice);
    if (a < 0 || b < 0)
        return standin_error(cudaErrorInvalidDevice, "no such device",
                             "%s(device %d, peerDevice %d) with %d visible device(s)", call,
                             device, peerDevice, standin_cfg.visible);
    *canAccessPeer = a != b && standin_cfg.peer_possible[a][b];
    return cudaSuccess;
}

/* The current device (its context) may read and write peerDevice's
 * memory from now on.  CUDA's reference says cudaErrorInvalidDevice where
 * cudaDeviceCanAccessPeer says no; the driver's answer that reaches the
 * runtime, on nodes without P2P, is cudaErrorPeerAccessUnsupported. */
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags)
{
    static const char call[] = "cudaDeviceEnablePeerAccess";
    cudaError_t err = standin_enter(call);
    if (err || (err = standin_context(call)))
        return err;
    int a = standin_current(), b = physical_of(peerDevice);
    if (flags != 0)
        return standin_error(cudaErrorInvalidValue, "invalid argument",
                             "%s(%d, flags %#x): flags must be 0", call, peerDevice, flags);
    if (b < 0 || b == a)
        return standin_error(cudaErrorInvalidDevice, "no such peer device",
                             "%s(%d) from device %d with %d visible device(s)", call,
                             peerDevice, standin_current_ordinal(), standin_cfg.visible);
    if (!standin_cfg.peer_possible[a][b])
        return standin_result(cudaErrorPeerAccessUnsupported);
    pthread_mutex_lock(&standin_lock);
    err = standin_dev[a].peer_enabled[b] ? cudaErrorPeerAccessAlreadyEnabled : cudaSuccess;
    standin_dev[a].peer_enabled[b] = 1;
    return standin_leave(err);
}

cudaError_t cudaDeviceDisablePeerAccess(int peerDevice)
{
    static const char call[] = "cudaDeviceDisablePeerAccess";
    cudaError_t err = standin_enter(call);
    if (err)
        return err;
    int a = standin_current(), b = physical_of(peerDevice);
    if (b < 0 || b == a)
        return standin_error(cudaErrorInvalidDevice, "no such peer device",
                             "%s(%d) from device %d with %d visible device(s)", call,
                             peerDevice, standin_current_ordinal(), standin_cfg.visible);
    pthread_mutex_lock(&standin_lock);
    if (!standin_dev[a].peer_enabled[b])
        return standin_leave(standin_error(cudaErrorPeerAccessNotEnabled,
                                           "peer access disabled that was not enabled",
                                           "%s(%d) from device %d", call, peerDevice,
                                           standin_current_ordinal()));
    standin_dev[a].peer_enabled[b] = 0;
    return standin_leave(cudaSuccess);
}
