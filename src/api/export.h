/* Symbols visible outside libhetscal (built with -fvisibility=hidden). */
#ifndef HETSCAL_API_EXPORT_H
#define HETSCAL_API_EXPORT_H

#define HETSCAL_EXPORT __attribute__((visibility("default")))

#endif
