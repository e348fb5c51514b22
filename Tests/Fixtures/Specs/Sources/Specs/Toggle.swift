/// A setting that is on or off.
public struct Toggle: Equatable, Sendable {
    /// Whether it is on.
    public private(set) var isOn = false

    /// A toggle that is off.
    public init() {}

    /// Switches it.
    public mutating func flip() { isOn.toggle() }
}
