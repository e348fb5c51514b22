import Foundation

/// Every browser session's ``ExampleSession``, found by the session cookie's value.
///
/// The view models are not `Sendable`; they live on the main actor with the store, so requests of
/// all sessions take turns there (an awaiting action, such as a search, lets others run meanwhile).
@MainActor
final class SessionStore {
    /// The cookie that carries a browser session's identifier.
    nonisolated static let cookieName = "litmus-session"

    private let configuration: ExamplesConfiguration
    private var sessions: [String: ExampleSession] = [:]

    nonisolated init(configuration: ExamplesConfiguration) {
        self.configuration = configuration
    }

    /// The session named `id`, or a new session (with a new identifier) when `id` is nil or
    /// unknown; `isNew` tells the caller to set the cookie.
    func session(id: String?) -> (id: String, isNew: Bool, session: ExampleSession) {
        if let id, let session = sessions[id] { return (id, false, session) }
        let newID = UUID().uuidString
        let session = ExampleSession(configuration: configuration)
        sessions[newID] = session
        return (newID, true, session)
    }
}
