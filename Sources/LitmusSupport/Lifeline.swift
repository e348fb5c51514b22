import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What must not outlive this process however it ends, SIGKILL included: the processes carrying a tag
/// of this run or a stable tag it named (``ProcessTag``), and the scratch folders it named. A watchdog
/// (`/bin/sh`, in a process group of its own) holds the read end of a pipe whose write end only this
/// process holds; when this process ends, however, the kernel closes that end, and the watchdog ends
/// every tagged process and deletes the folders. A run that exits has ended and deleted them already and
/// says so (``release()``, at `exit`): the watchdog then finds nothing of this run, and leaves the stable
/// tags alone, whose processes may be a later run's by then. On Linux each program
/// ``ChildProcess/run(_:_:in:environment:unsetting:outputFile:errorFile:timeout:tag:registry:)`` starts
/// also has a reaper that holds such a pipe (``ReapedChild``) and ends all under it, tagged or not; the
/// watchdog ends what no reaper holds. (Linux's `PR_SET_PDEATHSIG` would reach direct children only, and
/// no such call exists on Apple platforms.)
package final class Lifeline: Sendable {
    /// The lifeline of this process, started by the first process or folder that needs it. A run that
    /// exits (`exit`, normally or after SIGINT/SIGTERM) has ended what it started, so it releases it then
    /// (``release()``): its watchdog must not end the stable tags' processes, which by then may be a later
    /// run's (the next audit's `swift build` in the same build folder).
    package static let shared: Lifeline = {
        atexit { Lifeline.shared.release() }
        return Lifeline(tagPrefix: ProcessTag.run + ".")
    }()

    /// The start of the tag of every process the watchdog ends.
    private let tagPrefix: String
    /// The pipe's write end and the watchdog's process id, once started; `nil` before, or when it could
    /// not start (then only a normal end or SIGINT/SIGTERM cleans up, as before).
    private let state = Mutex<(started: Bool, write: Int32?, watchdog: pid_t?, tags: Set<String>)>(
        (false, nil, nil, []))

    /// A lifeline for the processes whose tag starts with `tagPrefix`.
    package init(tagPrefix: String) { self.tagPrefix = tagPrefix }

    /// Starts the watchdog if it is not running yet.
    package func ensureStarted() {
        state.withLock { state in
            guard !state.started else { return }
            state.started = true
            guard let pipe = try? ChildProcess.pipe() else { return }
            do {
                // Not tagged itself: it outlives this process by the moment its sweep takes.
                state.watchdog = try ChildProcess.spawn(
                    ["/bin/sh", "-c", Self.script, "litmus-lifeline", tagPrefix],
                    environment: ProcessInfo.processInfo.environment.filter { $0.key != ProcessTag.variable },
                    standardInput: .descriptor(pipe.read))
                state.write = pipe.write
            } catch {
                close(pipe.write)
            }
            close(pipe.read)
        }
    }

    /// Tells the watchdog this process ends having cleaned up: it forgets the stable tags (another run's
    /// processes may carry them by now) and still ends what carries this run's own tags and deletes the
    /// folders, should anything be left. A killed or crashed process never says it, so its watchdog ends
    /// the stable tags' processes too.
    package func release() {
        send("done")
        cut()
    }

    /// Names a folder for the watchdog to delete if this process dies before deleting it itself.
    package func deleteIfKilled(_ folder: URL) {
        ensureStarted()
        send("folder " + folder.path)
    }

    /// Starts the watchdog, and names `tag` for it to end if it is not a tag of this run (whose
    /// processes it ends anyway): a process that carries it is ended when this process dies.
    package func endIfKilled(_ tag: ProcessTag) {
        ensureStarted()
        guard !tag.isOfThisRun, state.withLock({ $0.tags.insert(tag.value).inserted }) else { return }
        send("tag " + tag.value)
    }

    /// The watchdog's process id, once started (for tests).
    package var watchdogProcessID: pid_t? { state.withLock { $0.watchdog } }

    /// Closes the write end, as the kernel does when this process dies: the watchdog cleans up and exits
    /// (for tests, which cannot kill the process they run in).
    package func cut() {
        state.withLock { state in
            if let write = state.write { close(write) }
            state.write = nil
        }
    }

    private func send(_ line: String) {
        state.withLock { state in
            guard let write = state.write, !line.contains("\n") else { return }
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { systemWrite(write, $0.baseAddress, $0.count) }
        }
    }

    /// Reads a line per folder (`folder PATH`) or stable tag (`tag VALUE`), and `done` when this process
    /// exits having cleaned up (the stable tags are forgotten), until end of file (this process ended,
    /// or `cut()`), then kills every process whose tag starts with `$1` or is one of the
    /// tags (again until two sweeps in a row find none: one may have started another), and deletes the
    /// folders. On Linux one `grep` reads every /proc/PID/environ in a sweep (a `tr` and a `grep` per
    /// process made a sweep take tens of seconds on a busy machine, issue #52); `ps -E` elsewhere.
    static let script = """
        trap '' INT TERM HUP
        folders=""
        tags=""
        while IFS= read -r line; do
          case "$line" in
            "folder "*) folders="$folders
        ${line#folder }" ;;
            "tag "*) tags="$tags
        ${line#tag }" ;;
            done) tags="" ;;
          esac
        done
        ours() {  # whether the tag $1 is ours: of this run ($prefix...) or one of the stable tags
          case "$1" in "$prefix"*) return 0 ;; esac
          [ -n "$1" ] && printf '%s\\n' "$tags" | grep -qxF -- "$1"
        }
        prefix=$1
        [ -n "$prefix" ] || exit 0
        # The tags as basic regular expressions, one a line and none empty (an empty one would match every
        # process): this run's by their start, the stable ones whole.
        quote='s/[][\\.*^$/]/\\\\&/g'
        patterns=$(printf '%s\\n' "$prefix" "$tags" | sed -n "$quote; 1s/^/^LITMUS_PROCESS_TAG=/p; 1!s/^\\(..*\\)\\$/^LITMUS_PROCESS_TAG=\\1\\$/p")
        sweep() {
          found=1
          if [ -d /proc/self ] && printf 'a\\000' | grep -qz a 2>/dev/null; then
            pids=$(printf '%s\\n' "$patterns" | grep -lasz -f - /proc/[0-9]*/environ 2>/dev/null \\
              | sed -n 's|^/proc/\\([0-9]*\\)/environ$|\\1|p')
            for pid in $pids; do kill -KILL "$pid" 2>/dev/null && found=0; done
          elif [ -d /proc/self ]; then
            for environ in /proc/[0-9]*/environ; do
              pid=${environ#/proc/}; pid=${pid%/environ}
              tag=$(tr '\\000' '\\n' < "$environ" 2>/dev/null | grep -m1 '^LITMUS_PROCESS_TAG=')
              if ours "${tag#LITMUS_PROCESS_TAG=}"; then kill -KILL "$pid" 2>/dev/null && found=0; fi
            done
          else
            pids=$(ps -axeww -o pid= -o command= 2>/dev/null | while read -r pid command; do
              tag=$(printf '%s\\n' "$command" | tr ' ' '\\n' | grep -m1 '^LITMUS_PROCESS_TAG=')
              if ours "${tag#LITMUS_PROCESS_TAG=}"; then echo "$pid"; fi
            done)
            for pid in $pids; do kill -KILL "$pid" 2>/dev/null && found=0; done
          fi
          return $found
        }
        # A process found in one sweep may have started another after the sweep listed /proc (setsid forks
        # and exits): stop only after two sweeps in a row, 0.1 s apart, find nothing.
        quiet=0
        for attempt in 1 2 3 4 5 6 7 8 9 10; do
          if sweep; then quiet=0; else quiet=$((quiet + 1)); [ "$quiet" -ge 2 ] && break; fi
          sleep 0.1
        done
        printf '%s\\n' "$folders" | while IFS= read -r folder; do
          [ -n "$folder" ] && rm -rf -- "$folder"
        done
        """
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
    #else
        Darwin.write(descriptor, buffer, count)
    #endif
}
