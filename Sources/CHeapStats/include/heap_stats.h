#ifndef ECHOLOT_HEAP_STATS_H
#define ECHOLOT_HEAP_STATS_H
#include <stddef.h>

/// Bytes the C allocator has handed out and not taken back; 0 where it cannot tell.
/// (Swift's Glibc module does not import <malloc.h>, so the benchmark asks through here.)
size_t echolot_heap_in_use(void);

#endif
