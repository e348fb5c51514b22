/// A boolean setting the user can view and change on the settings screen (seed 004).
public struct Setting: Hashable, Sendable {
    /// The name the settings screen shows in the setting's row.
    public let name: String
    /// Whether the setting is on.
    public var isEnabled: Bool

    /// Creates a setting named `name` that is on when `isEnabled` is true.
    public init(name: String, isEnabled: Bool) {
        self.name = name
        self.isEnabled = isEnabled
    }
}
