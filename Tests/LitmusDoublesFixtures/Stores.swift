// Protocols that inherit from other protocols of this module: a peer macro cannot double them, the
// LitmusDoublesPlugin can.

/// A user record.
public struct User: Equatable, Sendable {
    /// The user's id.
    public let id: Int

    /// A user with `id`.
    public init(id: Int) {
        self.id = id
    }
}

/// Reads users.
public protocol UserStore: Sendable {
    /// The user with `id`, if any.
    func user(id: Int) async throws -> User?
}

/// Reads and bans users.
public protocol AdminStore: UserStore {
    /// Bans the user with `id`.
    func ban(id: Int) async
}

/// Seed 004's settings manager, which the article fakes by hand (`SimpleSettingsManager`).
public protocol SettingsManager {
    /// Every setting.
    func settings() -> [String: Bool]
    /// Turns `setting` on or off.
    func set(isEnabled: Bool, for setting: String)
}
