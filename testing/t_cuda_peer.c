/* The CUDA backend's copies between a rank's GPUs (ops->peer, peer_copy)
 * on two GPUs, without the runtime: the pair is a peer only where CUDA
 * lets access be enabled both ways; a tile goes host -> GPU 1 -> GPU 2
 * (cudaMemcpyPeerAsync, after an event of GPU 1) -> host intact; the
 * application thread keeps its device; access we enabled is disabled at
 * close, access the application enabled stays.  Usage: t_cuda_peer
 * peers|none (what the GPUs allow: CUDA_STANDIN_PEER on the stand-in);
 * exits 77 with fewer than two GPUs, else the number of failed checks. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <cuda_runtime.h>

#include "device/backends.h"
#include "include/hetscal.h"

#include "row_checks.h"

enum { N = 4096 };

/* What enqueued on dev's stream so far has run (event_wait). */
static void drain(hs_device *dev, int stream)
{
    hs_event *ev;
    CHECK(dev->ops->event_record(dev, stream, &ev) == 0 && dev->ops->event_wait(dev, ev) == 0);
    dev->ops->event_free(dev, ev);
}

/* A tile from the host to a, then a -> b by peer_copy (ordered by an
 * event of a), then back: 1 when it arrives intact. */
static int round_trip(hs_device *a, hs_device *b)
{
    double *x = a->ops->host_alloc(a, sizeof(double) * N);
    double *y = b->ops->host_alloc(b, sizeof(double) * N);
    double *pa = a->ops->alloc(a, sizeof(double) * N), *pb = b->ops->alloc(b, sizeof(double) * N);
    hs_event *ev;
    int ok = x && y && pa && pb;
    for (int i = 0; ok && i < N; i++) {
        x[i] = 1.0 + i;
        y[i] = -1.0;
    }
    ok = ok && a->ops->copy(a, HS_STREAM_IN, HS_COPY_H2D, N, 1, 8, x, N, pa, N) == 0 &&
         a->ops->event_record(a, HS_STREAM_IN, &ev) == 0;
    if (ok) {
        ok = b->ops->stream_wait(b, HS_STREAM_IN, ev) == 0 &&
             b->ops->peer_copy(b, HS_STREAM_IN, a, pa, pb, sizeof(double) * N) == 0;
        a->ops->event_free(a, ev);
    }
    if (ok)
        drain(b, HS_STREAM_IN);
    ok = ok && b->ops->copy(b, HS_STREAM_OUT, HS_COPY_D2H, N, 1, 8, pb, N, y, N) == 0;
    if (ok)
        drain(b, HS_STREAM_OUT);
    ok = ok && memcmp(x, y, sizeof(double) * N) == 0;
    if (pa)
        a->ops->free(a, pa);
    if (pb)
        b->ops->free(b, pb);
    a->ops->host_free(a, x);
    b->ops->host_free(b, y);
    return ok;
}

int main(int argc, char **argv)
{
    int peers = argc > 1 && !strcmp(argv[1], "peers"), gpus = 0, current = -1;
    hs_device **devs;
    int ndev;
    char msg[256];
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus < 2) {
        printf("fewer than two GPUs: skipped\n");
        return 77;
    }
    /* The application's own device (the second GPU), kept by the open. */
    CHECK(cudaSetDevice(1) == cudaSuccess);
    CHECK(hs_devices_open("cuda:2", 0, 1, &devs, &ndev, msg, sizeof msg) == 0 && ndev == 3);
    printf("%s\n", msg);
    if (ndev != 3)
        return 1;
    CHECK(cudaGetDevice(&current) == cudaSuccess && current == 1);
    hs_device *a = devs[1], *b = devs[2];
    CHECK(strstr(msg, peers ? ", 1 peer pair(s))" : ", 0 peer pair(s))") != NULL);
    CHECK(a->ops->peer && a->ops->peer_copy);
    CHECK(a->ops->peer(a, b) == peers && a->ops->peer(b, a) == peers);
    CHECK(a->ops->peer(a, a) == 0 && a->ops->peer(a, devs[0]) == 0);
    row_done("peer: both ways where CUDA allows it, the caller's device kept");
    if (peers) {
        CHECK(round_trip(a, b) && round_trip(b, a));
        CHECK(a->ops->peer_copy(a, HS_NSTREAMS, b, b, a, 8) == HETSCAL_ERR_DEVICE);
        CHECK(cudaGetDevice(&current) == cudaSuccess && current == 1);
        row_done("peer_copy: a tile from GPU to GPU and back to the host");
    } else {
        CHECK(b->ops->peer_copy(b, HS_STREAM_IN, a, msg, msg, 8) == HETSCAL_ERR_DEVICE);
        row_done("peer_copy refused between GPUs that are not peers");
    }
    CHECK(a->ops->health(a) == 0 && b->ops->health(b) == 0);
    hs_devices_close(devs, ndev);
    if (peers) {
        /* Ours is disabled at close: enabling it again is a success.  Then
         * the application's own access survives a session. */
        CHECK(cudaSetDevice(0) == cudaSuccess && cudaDeviceEnablePeerAccess(1, 0) == cudaSuccess);
        CHECK(hs_devices_open("cuda:2", 0, 1, &devs, &ndev, msg, sizeof msg) == 0 && ndev == 3);
        CHECK(ndev == 3 && devs[1]->ops->peer(devs[1], devs[2]) == 1);
        hs_devices_close(devs, ndev);
        CHECK(cudaSetDevice(0) == cudaSuccess &&
              cudaDeviceEnablePeerAccess(1, 0) == cudaErrorPeerAccessAlreadyEnabled);
        CHECK(cudaGetLastError() == cudaErrorPeerAccessAlreadyEnabled);
        CHECK(cudaSetDevice(1) == cudaSuccess &&
              cudaDeviceEnablePeerAccess(0, 0) == cudaSuccess);   /* ours, disabled */
        row_done("close: our access disabled, the application's kept");
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed > 99 ? 99 : failed;
}
