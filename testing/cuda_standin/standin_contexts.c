/* Contexts, as far as a GPU's compute mode makes them visible: in
 * exclusive-process mode (CUDA_STANDIN_COMPUTE_MODE=exclusive_process,
 * nvidia-smi -c EXCLUSIVE_PROCESS on a real node) one process of the node
 * at a time may hold a context on a device, and the calls of any other
 * that need one fail with cudaErrorDevicesUnavailable.  The node's
 * processes agree through a lock file per physical device (flock, held
 * until the process exits); CUDA_STANDIN_LOCK_DIR, else TMPDIR, else /tmp,
 * keyed by the user and the host name like the devices' UUIDs. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <unistd.h>

#include "standin.h"

/* Per physical device: 0 not asked yet, 1 held, -1 refused (CUDA keeps
 * refusing: the first call's answer stands for the process). */
static int state[STANDIN_MAX_DEVICES];

static int take_lock(int phys)
{
    const char *dir = getenv("CUDA_STANDIN_LOCK_DIR");
    if (!dir || !*dir)
        dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    char host[256] = "localhost", path[1024];
    gethostname(host, sizeof host - 1);
    snprintf(path, sizeof path, "%s/cuda-standin-%u-%s-gpu%d.lock", dir, (unsigned)getuid(),
             host, phys);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        standin_die("lock file", "exclusive-process mode: cannot open %s", path);
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        close(fd);
        return -1;
    }
    return 1;   /* fd stays open: the lock lasts as long as the process */
}

cudaError_t standin_context(const char *call)
{
    if (!standin_cfg.exclusive_process || standin_cfg.visible == 0)
        return cudaSuccess;
    pthread_mutex_lock(&standin_lock);
    int phys = standin_current();
    if (state[phys] == 0)
        state[phys] = take_lock(phys);
    int held = state[phys] > 0;
    pthread_mutex_unlock(&standin_lock);
    if (held)
        return cudaSuccess;
    return standin_error(cudaErrorDevicesUnavailable, "device busy",
                         "%s: device %d is in exclusive-process mode and another process "
                         "holds it", call, phys);
}
