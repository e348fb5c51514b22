import Foundation
import Synchronization

/// Every browser session's ``ExampleSession``, found by the session cookie's value.
///
/// The view models are not `Sendable`; they are only touched inside ``withSession(id:_:)``, under
/// the store's lock, and requests of one session are few and short, so one lock is enough.
final class SessionStore: Sendable {
    /// The cookie that carries a browser session's identifier.
    static let cookieName = "litmus-session"

    private let configuration: ExamplesConfiguration
    private let sessions = Mutex<[String: ExampleSession]>([:])

    init(configuration: ExamplesConfiguration) {
        self.configuration = configuration
    }

    /// Runs `body` with the session named `id`, creating a session (with a new identifier) when `id`
    /// is nil or unknown. Returns the identifier used, so the caller can set the cookie when it is new.
    func withSession<Result: Sendable, Failure: Error>(
        id: String?, _ body: (ExampleSession) throws(Failure) -> Result
    ) throws(Failure) -> (id: String, isNew: Bool, result: Result) {
        try sessions.withLock { sessions throws(Failure) in
            if let id, let session = sessions[id] {
                return (id, false, try body(session))
            }
            let newID = UUID().uuidString
            let session = ExampleSession(configuration: configuration)
            sessions[newID] = session
            return (newID, true, try body(session))
        }
    }

    /// How many browser sessions have state.
    var count: Int { sessions.withLock { $0.count } }
}
