/// The names registered so far: process-wide state of a dependency module.
public enum Registry {
    /// Every name registered, in order.
    public nonisolated(unsafe) static var names: [String] = []

    /// Registers `name`.
    public static func register(_ name: String) { names.append(name) }
}
