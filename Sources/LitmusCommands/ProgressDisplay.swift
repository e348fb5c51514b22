import Foundation
import LitmusAudit
import LitmusSupport
import Synchronization

/// Progress on standard error while an audit runs: one line per phase, a counter that rewrites itself
/// on a terminal (every tenth of the way elsewhere, so CI logs stay short).
final class ProgressDisplay: Sendable {
    private let enabled: Bool
    private let terminal = isatty(STDERR_FILENO) == 1
    private let state = Mutex<(started: ContinuousClock.Instant, lastTenth: Int, counting: Bool)>((.now, -1, false))

    init(enabled: Bool) { self.enabled = enabled }

    func show(_ progress: RunProgress) {
        guard enabled else { return }
        switch progress {
        case .phase(let title):
            endCounter()
            let elapsed = state.withLock { ContinuousClock.now - $0.started }
            write(String(format: "[%5.1fs] ", elapsed.inSeconds) + title + "\n")
        case .step(let done, let total):
            let tenth = total == 0 ? 10 : done * 10 / total
            let shouldPrint = state.withLock { state in
                defer { state.lastTenth = tenth }
                state.counting = true
                return terminal || tenth != state.lastTenth
            }
            guard shouldPrint else { return }
            write(terminal ? "\r        \(done)/\(total)" : "        \(done)/\(total)\n")
        case .note(let text):
            endCounter()
            write("        \(text)\n")
        }
    }

    func note(_ text: String) { show(.note(text)) }

    func finish() { endCounter() }

    private func endCounter() {
        let wasCounting = state.withLock { state in
            defer {
                state.counting = false
                state.lastTenth = -1
            }
            return state.counting
        }
        if wasCounting && terminal { write("\n") }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
