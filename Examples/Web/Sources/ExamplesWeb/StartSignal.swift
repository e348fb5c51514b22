import Synchronization

/// Hands the port a starting server bound (or why it did not start) to the task waiting for it,
/// whichever of the two comes first; later outcomes are ignored.
final class StartSignal: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Int, any Error>?)
        case done(Result<Int, any Error>)
    }

    private let state = Mutex<State>(.waiting(nil))

    /// The server is running on `port`.
    func succeed(_ port: Int) { finish(.success(port)) }

    /// The server did not start.
    func fail(_ error: any Error) { finish(.failure(error)) }

    /// Waits for the outcome.
    func port() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let outcome: Result<Int, any Error>? = state.withLock { state in
                switch state {
                case .waiting:
                    state = .waiting(continuation)
                    return nil
                case .done(let result):
                    return result
                }
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    private func finish(_ result: Result<Int, any Error>) {
        let waiter: CheckedContinuation<Int, any Error>? = state.withLock { state in
            guard case .waiting(let continuation) = state else { return nil }
            state = .done(result)
            return continuation
        }
        waiter?.resume(with: result)
    }
}
