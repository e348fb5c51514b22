import Foundation

/// A bounded pool of reusable sessions: at most `limit` exist at once, and a launch beyond that waits
/// for one to be handed back instead of starting another browser.
///
/// Swift Testing runs every test of a process at once, so without a bound a UI suite starts a Chromium
/// per test, all together; on a two-core CI runner that is also building, chromedriver then leaves
/// commands unanswered for minutes. A launch that waited `overflowAfter` gets a session of its own
/// anyway (said in the trace), so a test that never terminates its app slows the others down but does
/// not stop them.
actor SessionPool<Session: Sendable> {
    /// What a waiting launch is given.
    private enum Grant {
        /// A session handed back by another launch, already reset.
        case session(Session)
        /// The slot of a session that was closed: create one in it.
        case slot
        /// No session came back in time: create one beyond the limit.
        case overflow
    }

    /// The most sessions that exist at once (apart from overflows).
    let limit: Int
    /// How long a launch waits for a session before it starts one beyond the limit.
    let overflowAfter: Duration
    private let create: @Sendable () async throws -> Session
    private let reset: @Sendable (Session) async throws -> Void
    private let close: @Sendable (Session) async -> Void

    private var idle: [Session] = []
    /// Sessions created (or being created) and not closed.
    private(set) var live = 0
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Grant, any Error>)] = []
    private var nextWaiter: UInt64 = 0

    init(
        limit: Int, overflowAfter: Duration,
        create: @escaping @Sendable () async throws -> Session,
        reset: @escaping @Sendable (Session) async throws -> Void,
        close: @escaping @Sendable (Session) async -> Void
    ) {
        self.limit = max(1, limit)
        self.overflowAfter = overflowAfter
        self.create = create
        self.reset = reset
        self.close = close
    }

    /// Launches waiting for a session now.
    var waiting: Int { waiters.count }

    /// An idle session, a new one when fewer than `limit` exist, or else the next one handed back.
    func acquire() async throws -> Session {
        if let session = idle.popLast() { return session }
        if live < limit {
            live += 1
            return try await creatingInSlot()
        }
        switch try await turn() {
        case .session(let session):
            return session
        case .slot:
            return try await creatingInSlot()
        case .overflow:
            ActionPhases.noteOnce(
                "no browser session came back within \(overflowAfter) (\(limit) at most at once): started one more")
            live += 1
            return try await creatingInSlot()
        }
    }

    /// Takes back a session: reset, it goes to the next waiting launch or waits idle; a session that
    /// cannot be reset is closed and its slot goes to the next waiting launch.
    func release(_ session: Session) async {
        do {
            try await reset(session)
        } catch {
            await close(session)
            freeSlot()
            return
        }
        if waiters.isEmpty {
            idle.append(session)
        } else {
            waiters.removeFirst().continuation.resume(returning: .session(session))
        }
    }

    /// Closes a session that must not be used again (its page or connection is broken) and gives its
    /// slot to the next waiting launch.
    func discard(_ session: Session) async {
        await close(session)
        freeSlot()
    }

    /// Forgets a session its user already closed, giving its slot to the next waiting launch.
    func forget(_ session: Session) {
        freeSlot()
    }

    /// Creates a session in a slot already counted in `live`; a failure frees the slot.
    private func creatingInSlot() async throws -> Session {
        do {
            return try await create()
        } catch {
            freeSlot()
            throw error
        }
    }

    private func freeSlot() {
        if waiters.isEmpty {
            live -= 1
        } else {
            waiters.removeFirst().continuation.resume(returning: .slot)
        }
    }

    /// Waits in line for a session or a slot; after `overflowAfter`, for leave to start one more.
    private func turn() async throws -> Grant {
        let id = nextWaiter
        nextWaiter += 1
        let overflowAfter = self.overflowAfter
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                waiters.append((id, continuation))
                Task {
                    try? await Task.sleep(for: overflowAfter)
                    self.leaveLine(id, with: .success(.overflow))
                }
            }
        } onCancel: {
            Task { await self.leaveLine(id, with: .failure(CancellationError())) }
        }
    }

    private func leaveLine(_ id: UInt64, with result: Result<Grant, any Error>) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(with: result)
    }
}
