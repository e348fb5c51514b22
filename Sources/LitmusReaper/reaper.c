// The reaper: the first process of every program `ChildProcess.run` starts on Linux.
//
// `ChildProcess.run` starts the program it runs through the executable it runs in (/proc/self/exe),
// whose constructor below sees LITMUS_REAPER_TAG and never returns to `main`: it marks itself a child
// subreaper (PR_SET_CHILD_SUBREAPER), so that every process the program starts, in any process group or
// session and with any environment, stays among its descendants when its parent ends, instead of moving
// to init; starts the program with exactly the environment Litmus gave (from /proc/self/environ, not the
// `environ` the runtimes' constructors may have changed) and the tag; and tells Litmus, on descriptor 3,
// how it ended (`exited STATUS`, the raw wait status) or that it could not start (`failed ERRNO`). Litmus
// then lists what is still running under the reaper (what the program left running), ends it, and closes
// the pipe the reaper reads on descriptor 4; at that end of file the reaper ends whatever is still under
// it and exits. Should Litmus die first (SIGKILL included), the kernel closes that pipe as well, and the
// reaper ends the program and everything it started: no environment variable needs to survive for it.
#if defined(__linux__)
#define _GNU_SOURCE  // pipe2
#endif
#include "LitmusReaper.h"

#if defined(__linux__)

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { report_descriptor = 3, hold_descriptor = 4 };

/// The longest the reaper spends ending what is under it before it exits anyway (a process in
/// uninterruptible sleep may take long to die; on a busy machine a killed one takes a while to be
/// scheduled and end).
static const double ending_seconds = 60;

int litmus_reaper_available(void) { return 1; }

/// A file's whole contents, NUL-terminated (also when it holds NULs), and its size; NULL on failure.
static char *read_whole(const char *path, size_t *size) {
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return NULL;
    size_t capacity = 4096;
    char *text = malloc(capacity + 1);
    *size = 0;
    while (text != NULL) {
        if (*size == capacity) {
            capacity *= 2;
            char *larger = realloc(text, capacity + 1);
            if (larger == NULL) free(text);
            text = larger;
            if (text == NULL) break;
        }
        ssize_t count = read(descriptor, text + *size, capacity - *size);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        *size += (size_t)count;
    }
    close(descriptor);
    if (text != NULL) text[*size] = 0;
    return text;
}

/// The NUL-separated strings of a /proc file as a NULL-terminated list, leaving out those that start with
/// `leaving_out` (when not NULL) and adding `extra` (when not NULL) at the end.
static char **read_list(const char *path, const char *leaving_out, char *extra) {
    size_t size = 0;
    char *text = read_whole(path, &size);
    if (text == NULL) return NULL;
    size_t count = 0;
    for (size_t index = 0; index < size; index++) count += text[index] == 0;
    char **list = calloc(count + 2, sizeof(char *));
    if (list == NULL) return NULL;
    size_t used = 0;
    for (char *item = text; item < text + size; item += strlen(item) + 1) {
        if (leaving_out == NULL || strncmp(item, leaving_out, strlen(leaving_out)) != 0) list[used++] = item;
    }
    if (extra != NULL) list[used++] = extra;
    return list;
}

/// Every living process under `root` (zombies aside), read from /proc's parent links; `*pids` is
/// allocated and holds their ids.
static size_t descendants(pid_t root, pid_t **pids) {
    size_t count = 0, capacity = 256;
    pid_t *all = malloc(capacity * sizeof(pid_t)), *parents = malloc(capacity * sizeof(pid_t));
    DIR *proc = opendir("/proc");
    struct dirent *entry;
    while (proc != NULL && all != NULL && parents != NULL && (entry = readdir(proc)) != NULL) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        char path[64], stat[512];
        snprintf(path, sizeof path, "/proc/%s/stat", entry->d_name);
        int descriptor = open(path, O_RDONLY | O_CLOEXEC);
        if (descriptor < 0) continue;
        ssize_t length = read(descriptor, stat, sizeof stat - 1);
        close(descriptor);
        if (length <= 0) continue;
        stat[length] = 0;
        // After "pid (name)": the state, then the parent's id; the name may hold spaces and parentheses.
        char *close_parenthesis = strrchr(stat, ')');
        char state = 0;
        int parent = 0;
        if (close_parenthesis == NULL || sscanf(close_parenthesis + 1, " %c %d", &state, &parent) != 2) continue;
        if (state == 'Z' || state == 'X') continue;
        if (count == capacity) {
            capacity *= 2;
            all = realloc(all, capacity * sizeof(pid_t));
            parents = realloc(parents, capacity * sizeof(pid_t));
            if (all == NULL || parents == NULL) break;
        }
        all[count] = (pid_t)atoi(entry->d_name);
        parents[count++] = (pid_t)parent;
    }
    if (proc != NULL) closedir(proc);
    *pids = malloc((count + 1) * sizeof(pid_t));
    size_t found = 0;
    if (*pids != NULL && all != NULL && parents != NULL) {
        // Breadth first: the queue is the result itself.
        for (size_t index = 0; index < count; index++) {
            if (parents[index] == root) (*pids)[found++] = all[index];
        }
        for (size_t next = 0; next < found; next++) {
            for (size_t index = 0; index < count; index++) {
                if (parents[index] == (*pids)[next]) (*pids)[found++] = all[index];
            }
        }
    }
    free(all);
    free(parents);
    return found;
}

/// Reaps every child that has ended; when `program` is among them, keeps its wait status.
static void reap(pid_t program, int *status, int *ended) {
    for (;;) {
        int child_status = 0;
        pid_t child = waitpid(-1, &child_status, WNOHANG);
        if (child <= 0) return;
        if (child == program) {
            *status = child_status;
            *ended = 1;
        }
    }
}

static double seconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/// Waits at most `milliseconds` for a SIGCHLD, and takes it.
static void wait_for_a_child(int signals, int milliseconds) {
    struct pollfd watched = {.fd = signals, .events = POLLIN};
    if (poll(&watched, 1, milliseconds) > 0) {
        struct signalfd_siginfo information;
        while (read(signals, &information, sizeof information) > 0) {}
    }
}

/// Stops, then kills, everything under the reaper, again until nothing is left (a process may have
/// started another as it was listed), reaping what ends; gives up after `ending_seconds`.
static void end_descendants(int signals) {
    double give_up = seconds_now() + ending_seconds;
    int status = 0, ended = 0;
    for (;;) {
        pid_t *pids = NULL;
        size_t count = descendants(getpid(), &pids);
        for (size_t index = 0; index < count; index++) kill(pids[index], SIGSTOP);
        for (size_t index = 0; index < count; index++) kill(pids[index], SIGKILL);
        free(pids);
        reap(0, &status, &ended);
        siginfo_t information;
        information.si_pid = 0;
        int children = waitid(P_ALL, 0, &information, WEXITED | WNOHANG | WNOWAIT) == 0;
        if ((count == 0 && !children) || seconds_now() > give_up) return;
        wait_for_a_child(signals, 50);
    }
}

/// Starts `arguments` with `environment`, no signal blocked and every signal's default action; 0 or an
/// errno.
static int start(char **arguments, char **environment, pid_t *program) {
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    int error = posix_spawn(program, arguments[0], NULL, &attributes, arguments, environment);
    posix_spawnattr_destroy(&attributes);
    return error;
}

/// Runs `arguments` under the reaper until Litmus lets go (see the top of the file); returns the exit
/// status of the reaper itself.
static int run(char **arguments, char **environment) {
    signal(SIGPIPE, SIG_IGN);  // Litmus may be gone when the reaper reports; its program gets the default
    fcntl(report_descriptor, F_SETFD, FD_CLOEXEC);
    fcntl(hold_descriptor, F_SETFD, FD_CLOEXEC);
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    sigset_t child_signals;
    sigemptyset(&child_signals);
    sigaddset(&child_signals, SIGCHLD);
    sigprocmask(SIG_BLOCK, &child_signals, NULL);
    int signals = signalfd(-1, &child_signals, SFD_CLOEXEC | SFD_NONBLOCK);
    pid_t program = 0;
    int error = start(arguments, environment, &program);
    if (error != 0) {
        dprintf(report_descriptor, "failed %d\n", error);
        return 127;
    }
    int status = 0, ended = 0;
    struct pollfd watched[2] = {{.fd = signals, .events = POLLIN}, {.fd = hold_descriptor, .events = POLLIN}};
    for (;;) {
        reap(program, &status, &ended);
        if (ended == 1) {
            dprintf(report_descriptor, "exited %d\n", status);
            ended = 2;
        }
        if (poll(watched, 2, -1) < 0 && errno != EINTR) break;
        if (watched[0].revents != 0) wait_for_a_child(signals, 0);
        if (watched[1].revents != 0) {
            char byte;
            ssize_t count = read(hold_descriptor, &byte, 1);
            if (count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN)) break;
        }
    }
    end_descendants(signals);
    return 0;
}

__attribute__((constructor)) static void litmus_reaper_start(void) {
    const char *tag = getenv(LITMUS_REAPER_VARIABLE);
    if (tag == NULL) return;
    // Set by Litmus for this process only: from here on the process is the reaper, whatever else fails.
    char **arguments = read_list("/proc/self/cmdline", NULL, NULL);
    if (arguments == NULL || arguments[0] == NULL || strcmp(arguments[0], LITMUS_REAPER_NAME) != 0
        || arguments[1] == NULL || fcntl(report_descriptor, F_GETFD) < 0 || fcntl(hold_descriptor, F_GETFD) < 0)
    {
        dprintf(2, "%s: started without a program to run or the descriptors Litmus gives it\n", LITMUS_REAPER_NAME);
        _exit(127);
    }
    char *tagged = NULL;
    if (tag[0] != 0) {
        size_t size = strlen("LITMUS_PROCESS_TAG=") + strlen(tag) + 1;
        tagged = malloc(size);
        if (tagged != NULL) snprintf(tagged, size, "LITMUS_PROCESS_TAG=%s", tag);
    }
    char **environment = read_list("/proc/self/environ", LITMUS_REAPER_VARIABLE "=", tagged);
    if (environment == NULL) _exit(127);
    _exit(run(arguments + 1, environment));
}

/// Adds to `actions` the closing of every descriptor from 3: at once where glibc can (2.34 and later), else each
/// one open now.
static void close_from_three(posix_spawn_file_actions_t *actions) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    posix_spawn_file_actions_addclosefrom_np(actions, 3);
#else
    DIR *folder = opendir("/proc/self/fd");
    if (folder == NULL) return;
    int own = dirfd(folder);
    struct dirent *entry;
    while ((entry = readdir(folder)) != NULL) {
        int descriptor = atoi(entry->d_name);
        if (descriptor >= 3 && descriptor != own) posix_spawn_file_actions_addclose(actions, descriptor);
    }
    closedir(folder);
#endif
}

int litmus_reaper_protocol_of(const char *path) {
    // Close-on-exec from the start: a child another thread spawns meanwhile must not hold the write end.
    int output[2];
    if (pipe2(output, O_CLOEXEC) != 0) return -1;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, output[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    // Nothing else of this process reaches the program: a file another thread is writing, inherited, would be
    // busy until the program ends (an executable copied then started fails with ETXTBSY meanwhile).
    close_from_three(&actions);
    char *arguments[] = {(char *)path, NULL};
    char *environment[] = {NULL};
    pid_t child = 0;
    int started = posix_spawn(&child, path, &actions, NULL, arguments, environment);
    posix_spawn_file_actions_destroy(&actions);
    close(output[1]);
    char text[64] = {0};
    size_t size = 0;
    // A program of that name that says nothing and never ends is given two seconds, then ended.
    double give_up = seconds_now() + 2;
    while (started == 0 && size < sizeof text - 1) {
        int left = (int)((give_up - seconds_now()) * 1000);
        struct pollfd watched = {.fd = output[0], .events = POLLIN};
        if (left <= 0 || poll(&watched, 1, left) == 0) {
            kill(child, SIGKILL);
            break;
        }
        ssize_t count = read(output[0], text + size, sizeof text - 1 - size);
        if (count < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (count <= 0) break;
        size += (size_t)count;
    }
    close(output[0]);
    if (started != 0) return -1;
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    int protocol = -1;
    char name[32] = {0};
    if (sscanf(text, "%31s %d", name, &protocol) != 2 || strcmp(name, LITMUS_REAPER_NAME) != 0) return -1;
    return protocol;
}

#else

int litmus_reaper_available(void) { return 0; }

int litmus_reaper_protocol_of(const char *path) { return -1; }

#endif
