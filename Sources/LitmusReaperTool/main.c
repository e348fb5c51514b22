// `litmus-reaper`: the reaper of Sources/LitmusReaper/reaper.c as a program of its own, built beside `litmus`
// (its target depends on this one). Started by Litmus, the constructor linked in from LitmusReaper runs the
// reaper and never returns here; it starts in a fraction of a millisecond, where starting `litmus` again
// (/proc/self/exe) loads every library `litmus` links first. Started otherwise, it says the protocol it
// speaks, which Litmus checks before using it (`litmus_reaper_protocol_of`): a copy left from another build
// is not used.
#include <stdio.h>

#include "LitmusReaper.h"

int main(void) {
    printf("%s %d\n", LITMUS_REAPER_NAME, LITMUS_REAPER_PROTOCOL);
    return litmus_reaper_available() ? 0 : 1;
}
