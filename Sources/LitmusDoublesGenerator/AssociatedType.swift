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
    /// The default a library protocol declares for it (`IndexingIterator<Self>` for Collection's
    /// `Iterator`), bound when nothing else binds it; `nil` for the module's own associated types.
    var standardDefault: String?
    /// How the double's typealias came about when no same-type requirement bound it, for its doc
    /// comment: `the default Collection declares`.
    var bindingNote: String?
}
