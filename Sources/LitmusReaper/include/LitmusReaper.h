#ifndef LITMUS_REAPER_H
#define LITMUS_REAPER_H

/// The environment variable that makes a program linking LitmusSupport start as a reaper (Linux): its
/// value is the process tag (`LITMUS_PROCESS_TAG`) to give the program the reaper runs, empty for none.
#define LITMUS_REAPER_VARIABLE "LITMUS_REAPER_TAG"

/// The reaper's first argument, by which it is seen in /proc and `ps`.
#define LITMUS_REAPER_NAME "litmus-reaper"

/// The conventions between Litmus and its reaper (the arguments, the variable, descriptors 3 and 4, the lines
/// it reports): a `litmus-reaper` program speaking another is not used.
#define LITMUS_REAPER_PROTOCOL 1

/// 1 where a program linking LitmusSupport can start as a reaper (Linux), else 0.
int litmus_reaper_available(void);

/// The protocol the `litmus-reaper` program at `path` says it speaks when started without the variable, or -1
/// when it cannot be started or says nothing of the kind.
int litmus_reaper_protocol_of(const char *path);

#endif
