import SwiftSyntax

/// `@available(*, unavailable, …)`: a protocol or a requirement nobody can use, which a double
/// must not name (Swinject's `@available(*, unavailable, renamed: "Resolver") protocol ResolverType`).
enum Availability {
    /// The attribute as written when `attributes` make the declaration unavailable everywhere,
    /// else `nil`. `@available(macOS, unavailable)` is unavailable on one platform only, and
    /// `@available(*, deprecated)` still compiles: neither is.
    static func unavailable(in attributes: AttributeListSyntax) -> String? {
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self),
                attribute.attributeName.trimmedDescription == "available",
                case .availability(let arguments)? = attribute.arguments
            else { continue }
            let parts = arguments.map { $0.trimmedDescription.trimmingCharacters(in: ", ") }
            if parts.first == "*", parts.contains("unavailable") {
                return "`\(attribute.trimmedDescription)`"
            }
        }
        return nil
    }

    /// Whether `attributes` deprecate the declaration everywhere (`@available(*, deprecated, …)`).
    static func isDeprecated(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            guard let attribute = element.as(AttributeSyntax.self),
                attribute.attributeName.trimmedDescription == "available",
                case .availability(let arguments)? = attribute.arguments
            else { return false }
            let parts = arguments.map { $0.trimmedDescription.trimmingCharacters(in: ", ") }
            return parts.first == "*" && parts.contains("deprecated")
        }
    }
}
