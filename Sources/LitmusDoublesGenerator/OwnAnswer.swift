/// What the double answers, unstubbed, for a library requirement a class double can satisfy by
/// itself, in both modes and without a failure: a test can still stub it. Everything else gets
/// the usual treatment (recorded, stubbed, the type's default).
enum OwnAnswer: Equatable {
    /// An expression of the requirement's type, evaluated in the witness: `ObjectIdentifier(self)`.
    case value(String)
    /// `Decodable`'s `init(from:)`: recorded in the double's static members, so that a test stubs
    /// it before the double exists (`PMock.double.initializerFrom.stub()` lets decoding succeed);
    /// unstubbed, it throws `UnstubbedDecodingError`, since a double holds nothing to decode.
    case decoding

    /// The answer of the requirement `key` (`Identifiable.id`, its protocol and signature), or `nil`.
    static func answer(for key: String, associatedTypes: [AssociatedType]) -> OwnAnswer? {
        switch key {
        case "Identifiable.id":
            let bound = associatedTypes.first { $0.name == "ID" }?.boundType
            return bound == "ObjectIdentifier" ? .value("ObjectIdentifier(self)") : nil
        case "CustomStringConvertible.description", "CustomDebugStringConvertible.debugDescription":
            return .value("String(describing: Self.self)")
        case "Decodable.init(from:)":
            return .decoding
        default:
            return nil
        }
    }
}
