/* Names hetscal's threads (hs-worker1, hs-gpu1, hs-copy ...) so that
 * top -H, ps -L, gdb and perf tell them apart from the application's. */
#ifndef HETSCAL_UTIL_THREAD_NAME_H
#define HETSCAL_UTIL_THREAD_NAME_H

/* Names the calling thread "hs-KIND" followed by index when index >= 0
 * (cut to the 15 characters Linux keeps).  Does nothing where threads
 * cannot be named. */
void hs_thread_name(const char *kind, int index);

#endif
