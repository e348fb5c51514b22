import Foundation

/// Waits for one of the processes another process starts to have run for a while: the way the end-to-end
/// tests of interruptions find the hanging test or spinning mutant of a `litmus` run before they signal it.
package enum ProcessWatch {
    /// The first process of those `candidates` lists that has run for `seconds` or more, polled every 0.1 s
    /// on a thread of its own, as long as `owner` runs (a zombie has ended), for at most `limit` seconds; `nil`
    /// when `owner` ended or the time ran out first.
    ///
    /// Its own thread, because a poll on the cooperative thread pool waits while other work holds the pool
    /// (a CI run's poll missed a whole mutation run); the kernel's start time (``age(of:)``), because a poll
    /// that sees a process late still knows how long it has run. `owner` is asked with
    /// ``ProcessTree/isAlive(_:)``, not `kill(pid, 0)`, which answers for a zombie too: a run that ended
    /// before the awaited process was seen would otherwise be waited on for `limit` seconds.
    package static func firstRunning(
        for seconds: Double, of candidates: @escaping @Sendable () -> [LeftoverProcess], while owner: pid_t,
        limit: Double = 1800
    ) async -> LeftoverProcess? {
        await withCheckedContinuation { (continuation: CheckedContinuation<LeftoverProcess?, Never>) in
            Thread.detachNewThread {
                let deadline = Date().addingTimeInterval(limit)
                var firstSeen: [Int32: Date] = [:]
                while Date() < deadline && ProcessTree.isAlive(owner) {
                    let now = Date()
                    for process in candidates() {
                        let seen = firstSeen[process.pid, default: now]
                        firstSeen[process.pid] = seen
                        let ran = age(of: process.pid) ?? now.timeIntervalSince(seen)
                        if ran >= seconds { return continuation.resume(returning: process) }
                    }
                    Thread.sleep(forTimeInterval: 0.1)
                }
                continuation.resume(returning: nil)
            }
        }
    }

    /// Sends `owner` `signal` as soon as `path` exists while it runs, polled every millisecond on a thread
    /// of its own for at most `limit` seconds; whether it was sent. For a file that exists only for a
    /// moment (SQLite's journal during a transaction): a poll on the cooperative pool, waiting for a free
    /// thread between looks, missed the whole moment on a busy machine, and a signal sent after a hop back
    /// to the pool would come late.
    package static func signal(_ owner: pid_t, _ signal: Int32, whenExists path: String, limit: Double = 600) async
        -> Bool
    {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            Thread.detachNewThread {
                let deadline = Date().addingTimeInterval(limit)
                while Date() < deadline && ProcessTree.isAlive(owner) {
                    if FileManager.default.fileExists(atPath: path) {
                        kill(owner, signal)
                        return continuation.resume(returning: true)
                    }
                    usleep(1000)
                }
                continuation.resume(returning: false)
            }
        }
    }

    /// How long process `pid` has run, by the kernel's record of its start (Linux: /proc/PID/stat's start
    /// time against /proc/uptime); `nil` elsewhere or once it is gone.
    package static func age(of pid: pid_t) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let uptime = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
            let now = uptime.split(separator: " ").first.flatMap({ Double($0) }),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's closing parenthesis: field 3 (the state) onwards; the start time is field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard fields.count > 19, let started = Double(fields[19]), ticks > 0 else { return nil }
        return now - started / ticks
    }
}
