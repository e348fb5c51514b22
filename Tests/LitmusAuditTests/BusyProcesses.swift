import Foundation
import LitmusSupport

/// CPU-bound shells (`while :; do :; done`) a test runs beside what it checks, so that it checks it on a
/// busy machine, as a shared CI runner is; ``stop()`` kills and reaps them.
struct BusyProcesses {
    /// Their process ids.
    let pids: [pid_t]

    /// Starts `count` of them.
    init(count: Int) throws {
        pids = try (0..<count).map { _ in
            try ChildProcess.spawn(["/bin/sh", "-c", "while :; do :; done"], environment: [:])
        }
    }

    /// Kills them and reaps them (a killed process ends at once: the wait is that of its reaping).
    func stop() {
        for pid in pids { kill(pid, SIGKILL) }
        for pid in pids { waitpid(pid, nil, 0) }
    }
}
