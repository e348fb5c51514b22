import Dispatch
import Foundation
import Synchronization

/// A time limit kept on a thread of its own: `onExpiry` runs there once the limit has passed, unless the
/// limit was ended first. It fires however busy the cooperative pool is: a `Task.sleep` watchdog needs a
/// free pool thread to wake on, and with every pool thread blocked (other tests' blocking waits) the
/// 0.2 s limit of a `sleep 30` fired after 92 s (issue #52).
package final class TimeLimit: Sendable {
    private enum State { case running, ended, expired }

    private let state = Mutex(State.running)
    private let wake = DispatchSemaphore(value: 0)

    /// Starts the limit: `onExpiry` runs on the limit's thread `seconds` from now unless ``end()`` comes first.
    package init(seconds: Double, onExpiry: @escaping @Sendable () -> Void) {
        let nanoseconds = Int(max(0, min(seconds, 1e9)) * 1e9)
        let thread = Thread { [self] in
            // DispatchTime counts on the monotonic clock; a semaphore's wait takes no thread of the pool.
            guard wake.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut else { return }
            let expired = state.withLock { state in
                guard state == .running else { return false }
                state = .expired
                return true
            }
            if expired { onExpiry() }
        }
        thread.name = "litmus-time-limit"
        thread.start()
    }

    /// Ends the limit (its thread exits) and says whether it had expired: then `onExpiry` has run or runs now.
    @discardableResult
    package func end() -> Bool {
        let expired = state.withLock { state in
            if state == .running { state = .ended }
            return state == .expired
        }
        wake.signal()
        return expired
    }

    /// Whether the limit has passed (and `onExpiry` was started).
    package var hasExpired: Bool { state.withLock { $0 == .expired } }
}
