import SwiftSyntax

/// An associated type of a protocol, merged over every declaration of its name.
struct AssociatedType {
    let name: String
    /// The protocols and classes it must conform to, e.g. `RequestDecoder`.
    var constraints: [String]
    /// The requirements of its own where clause, with `Self.` dropped.
    var whereRequirements: [String]
    /// The type a same-type requirement binds it to (`Input == Request`), or `nil`: then it is a
    /// generic parameter of the double.
    var boundType: String?
}
