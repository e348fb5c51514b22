import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What must not outlive this process however it ends, SIGKILL included: the processes carrying a tag
/// of this run (``ProcessTag``) and the scratch folders it named. A watchdog (`/bin/sh`, in a process
/// group of its own) holds the read end of a pipe whose write end only this process holds; when this
/// process ends, however, the kernel closes that end, and the watchdog ends every tagged process and
/// deletes the folders. A run that ends normally has ended and deleted them already: the watchdog then
/// finds nothing. (Linux's `PR_SET_PDEATHSIG` would reach direct children only, and no such call exists
/// on Apple platforms.)
package final class Lifeline: Sendable {
    /// The lifeline of this process, started by the first process or folder that needs it.
    package static let shared = Lifeline(tagPrefix: ProcessTag.run + ".")

    /// The start of the tag of every process the watchdog ends.
    private let tagPrefix: String
    /// The pipe's write end and the watchdog's process id, once started; `nil` before, or when it could
    /// not start (then only a normal end or SIGINT/SIGTERM cleans up, as before).
    private let state = Mutex<(started: Bool, write: Int32?, watchdog: pid_t?)>((false, nil, nil))

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

    /// Names a folder for the watchdog to delete if this process dies before deleting it itself.
    package func deleteIfKilled(_ folder: URL) {
        ensureStarted()
        send(folder.path)
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

    /// Reads a folder per line until end of file (this process died, or `cut()`), then kills every
    /// process whose tag starts with `$1` (again while it finds any: one may have started another), and
    /// deletes the folders. /proc on Linux; `ps -E` elsewhere.
    static let script = """
        trap '' INT TERM HUP
        folders=""
        while IFS= read -r folder; do folders="$folders
        $folder"; done
        pattern="^LITMUS_PROCESS_TAG=$(printf '%s' "$1" | sed 's/[.]/[.]/g')"
        sweep() {
          found=1
          if [ -d /proc/self ]; then
            for environ in /proc/[0-9]*/environ; do
              pid=${environ#/proc/}; pid=${pid%/environ}
              if tr '\\000' '\\n' < "$environ" 2>/dev/null | grep -q "$pattern"; then
                kill -KILL "$pid" 2>/dev/null && found=0
              fi
            done
          else
            for pid in $(ps -axeww -o pid= -o command= 2>/dev/null | grep " LITMUS_PROCESS_TAG=$1" | \\
              grep -v grep | awk '{print $1}'); do kill -KILL "$pid" 2>/dev/null && found=0; done
          fi
          return $found
        }
        for attempt in 1 2 3 4 5; do sweep || break; sleep 0.1; done
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
