/// How doubles are generated; both front ends start from ``DoubleOptions/init(condition:suffix:)``.
public struct DoubleOptions: Sendable, Equatable {
    /// The `#if` condition the double is compiled under (`DEBUG` by default), or `nil` for always.
    public var condition: String?
    /// Appended to the protocol's name to name the double: `NetworkingLayer` -> `NetworkingLayerMock`.
    public var suffix: String

    /// Doubles compiled only under `condition` and named `<Protocol><suffix>`.
    public init(condition: String? = "DEBUG", suffix: String = "Mock") {
        self.condition = condition
        self.suffix = suffix
    }
}
