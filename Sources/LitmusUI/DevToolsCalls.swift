import Foundation
import LitmusJSON
import Synchronization

/// The message layer of the Chrome DevTools Protocol, apart from the socket it travels on: a call is
/// `{"id", "method", "params"}`, its answer the message with the same `id` (`result` or `error`), and
/// every message without an `id` is an event, handed to `onEvent` (a dialog that opened, and what a UI
/// trace records: console messages and network requests).
///
/// A call is sent at once (``send(_:_:timeout:)``) and its answer awaited apart (``answer(to:)``), so
/// that several calls can be sent in order before the first answer is awaited (a tap's press and
/// release); ``call(_:_:timeout:)`` does both. The transport (``DevToolsConnection``'s WebSocket, or a
/// test) hands each text message it receives to ``receive(_:)`` and calls ``close(reason:)`` when it
/// closes; calls not answered then fail with that reason, as does every later call. Every call has a
/// timeout, so none waits forever.
final class DevToolsCalls: Sendable {
    /// A call sent, whose answer is awaited with ``answer(to:)``.
    struct Sent: Sendable {
        fileprivate let id: Int
    }

    private enum Slot {
        /// Sent, not answered, nobody awaiting it yet.
        case sent(method: String, timer: Task<Void, Never>?)
        /// Sent, not answered, awaited.
        case awaited(method: String, timer: Task<Void, Never>?, CheckedContinuation<JSONValue, any Error>)
        /// Answered (or failed) before anybody awaited it.
        case finished(Result<JSONValue, any Error>)
    }

    private struct State {
        var nextID = 1
        var slots: [Int: Slot] = [:]
        var closedReason: String?
        /// The error the next call fails with, unsent (``failUnanswered(orNext:)``).
        var nextFailure: (@Sendable (String) -> DevToolsError)?
    }

    private let state = Mutex(State())
    private let transmit: @Sendable (String) -> Void
    private let onEvent: @Sendable (DevToolsCalls, _ method: String, _ params: JSONValue) -> Void

    /// Calls that send each message with `transmit` (which must not block, and sends in order), and
    /// hand each event (a message without an id) to `onEvent`.
    init(
        transmit: @escaping @Sendable (String) -> Void,
        onEvent: @escaping @Sendable (DevToolsCalls, _ method: String, _ params: JSONValue) -> Void = { _, _, _ in }
    ) {
        self.transmit = transmit
        self.onEvent = onEvent
    }

    /// Sends `method` with `params` and returns the answer's `result`, or throws the
    /// ``DevToolsError`` it carries, or ``DevToolsError/closed(method:reason:)`` /
    /// ``DevToolsError/timedOut(method:after:)``.
    func call(_ method: String, _ params: JSONValue = [:], timeout: Duration) async throws -> JSONValue {
        try await answer(to: send(method, params, timeout: timeout))
    }

    /// Sends `method` with `params` now; its answer is then awaited with ``answer(to:)`` (exactly once).
    /// A failure kept for the next call (``failUnanswered(orNext:)``) fails this one, unless `answering`
    /// (the call answers what caused it, such as the dialog).
    func send(_ method: String, _ params: JSONValue = [:], timeout: Duration, answering: Bool = false) -> Sent {
        let (id, isFinished) = state.withLock { state -> (Int, Bool) in
            let id = state.nextID
            state.nextID += 1
            if let reason = state.closedReason {
                state.slots[id] = .finished(.failure(DevToolsError.closed(method: method, reason: reason)))
                return (id, true)
            }
            if !answering, let failure = state.nextFailure {
                state.nextFailure = nil
                state.slots[id] = .finished(.failure(failure(method)))
                return (id, true)
            }
            state.slots[id] = .sent(method: method, timer: nil)
            return (id, false)
        }
        if isFinished { return Sent(id: id) }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            self?.finish(id, .failure(DevToolsError.timedOut(method: method, after: timeout)))
        }
        let timed = state.withLock { state in
            guard case .sent(let method, nil) = state.slots[id] else { return false }
            state.slots[id] = .sent(method: method, timer: timer)
            return true
        }
        if !timed { timer.cancel() }
        // The id written as an integer, as Chromium requires (a Double could be written `1.0`).
        if let fields = try? JSONEncoder().encode(["method": .string(method), "params": params] as JSONValue) {
            transmit("{\"id\":\(id)," + String(decoding: fields.dropFirst(), as: UTF8.self))
        } else {
            finish(id, .failure(DevToolsError.closed(method: method, reason: "its parameters are not JSON")))
        }
        return Sent(id: id)
    }

    /// The answer to `call`: its `result`, or the error it failed with.
    func answer(to call: Sent) async throws -> JSONValue {
        try await withCheckedThrowingContinuation { continuation in
            let finished = state.withLock { state -> Result<JSONValue, any Error>? in
                switch state.slots[call.id] {
                case .sent(let method, let timer):
                    state.slots[call.id] = .awaited(method: method, timer: timer, continuation)
                    return nil
                case .finished(let result):
                    state.slots[call.id] = nil
                    return result
                case .awaited, nil:
                    return .failure(DevToolsError.closed(method: "?", reason: "its answer was awaited twice"))
                }
            }
            if let finished { continuation.resume(with: finished) }
        }
    }

    /// Takes one text message from the browser: the answer to a call, or an event (for `onEvent`).
    func receive(_ text: String) {
        guard let message = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else { return }
        guard let number = message["id"].number else {
            if let method = message["method"].string { onEvent(self, method, message["params"]) }
            return
        }
        let id = Int(number)
        if message["error"] != .null {
            let method = state.withLock { state in
                switch state.slots[id] {
                case .sent(let method, _), .awaited(let method, _, _): method
                default: "?"
                }
            }
            let error = DevToolsError.answered(
                method: method, code: Int(message["error"]["code"].number ?? 0),
                message: message["error"]["message"].string ?? "\(message["error"])")
            finish(id, .failure(error))
        } else {
            finish(id, .success(message["result"]))
        }
    }

    /// Fails every call not answered yet, and every later one, with `reason` (the socket closed).
    func close(reason: String) {
        state.withLock { state in
            if state.closedReason == nil { state.closedReason = reason }
        }
        failUnanswered(orNext: { method in .closed(method: method, reason: reason) })
    }

    /// Fails every call not answered yet with the error made from its method; when none is waiting,
    /// the next call fails so instead, without being sent (something the page did between calls, such as
    /// a dialog, is still told to the test, as chromedriver tells it with the next command).
    func failUnanswered(orNext error: @escaping @Sendable (String) -> DevToolsError) {
        let waiting = state.withLock { state -> [Int] in
            let waiting = state.slots.compactMap { id, slot -> Int? in
                if case .finished = slot { return nil }
                return id
            }
            if waiting.isEmpty { state.nextFailure = error }
            return waiting
        }
        for id in waiting {
            finish(id) { method in .failure(error(method)) }
        }
    }

    private func finish(_ id: Int, _ result: Result<JSONValue, any Error>) {
        finish(id) { _ in result }
    }

    /// Ends call `id` (unless it ended already) with the result made from its method.
    private func finish(_ id: Int, _ result: (String) -> Result<JSONValue, any Error>) {
        let waiting = state.withLock {
            state -> (CheckedContinuation<JSONValue, any Error>, Result<JSONValue, any Error>)? in
            switch state.slots[id] {
            case .sent(let method, let timer):
                timer?.cancel()
                state.slots[id] = .finished(result(method))
                return nil
            case .awaited(let method, let timer, let continuation):
                timer?.cancel()
                state.slots[id] = nil
                return (continuation, result(method))
            case .finished, nil:
                return nil
            }
        }
        if let (continuation, result) = waiting { continuation.resume(with: result) }
    }
}

/// Why a DevTools call failed.
enum DevToolsError: BrowserCommandError, Equatable, CustomStringConvertible {
    /// The browser answered the call with an error.
    case answered(method: String, code: Int, message: String)
    /// The script the call ran threw (`Runtime.evaluate`'s `exceptionDetails`).
    case scriptFailed(method: String, message: String)
    /// The connection closed before the answer came (or before the call was made).
    case closed(method: String, reason: String)
    /// The page opened a JavaScript dialog (`alert`, `confirm`, `prompt`, `beforeunload`), which blocks
    /// it; LitmusUI dismissed it, as chromedriver does.
    case dialogOpened(method: String, type: String, message: String)
    /// No answer came within the timeout.
    case timedOut(method: String, after: Duration)

    /// Whether the page changed under the call (a navigation replaced its document and execution
    /// context), so that running it again on the new document is right, as for ``WebDriverError``.
    var isRetryable: Bool {
        switch self {
        case .answered(_, _, let message):
            ["context", "navigated", "Target closed", "Promise was collected"].contains { message.contains($0) }
        case .scriptFailed: true
        case .closed, .timedOut, .dialogOpened: false
        }
    }

    var description: String {
        switch self {
        case .answered(let method, let code, let message):
            "Chromium's DevTools answered \(method) with error \(code): \(message)"
        case .scriptFailed(let method, let message):
            "the page's script threw in \(method): \(message)"
        case .closed(let method, let reason):
            "Chromium's DevTools connection closed before \(method) was answered: \(reason)"
        case .dialogOpened(let method, let type, let message):
            "the page opened a JavaScript \(type) during \(method), saying \"\(message)\"; LitmusUI dismissed it "
                + "(a test cannot answer one: show a <dialog> element instead)"
        case .timedOut(let method, let after):
            "Chromium's DevTools did not answer \(method) within \(after)"
        }
    }
}
