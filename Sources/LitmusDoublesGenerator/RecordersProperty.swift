import SwiftSyntax

/// The name of the double's property that holds its recorders (`worker.double.fetch`), and of the
/// deprecated alias it had before (`worker.mock.fetch`), chosen so no requirement's witness clashes
/// with either.
///
/// A stored property clashes with a witness of the same name in the same scope (instance or static)
/// when the witness is a property or a method without parameters (`var double`, `func double()`);
/// `func double(_ value: Int)` has another full name and does not. The requirement keeps its name,
/// and the generated property gives way: the recorders move to `doubleMembers`, and the deprecated
/// `mock` is left out (a double with a requirement named `mock` never compiled with it). Recorder
/// names inside `Members` are chosen by ``MemberNaming``, unaffected.
struct RecordersProperty {
    /// The property holding the recorders: `double`, or `doubleMembers` when a requirement takes `double`.
    let name: String
    /// `mock`, forwarding to ``name`` and deprecated, or `nil` when a requirement takes that name.
    let earlierName: String?

    static let preferred = "double"
    static let fallback = "doubleMembers"
    static let earlier = "mock"

    /// The names for the double's instance requirements and for its static ones, in one pass.
    static func forInstanceAndStatic(_ requirements: [Requirement]) -> (instance: Self, statics: Self) {
        var instanceTaken: Set<String> = []
        var staticTaken: Set<String> = []
        for requirement in requirements {
            // Only names that could be one of ours are kept: most protocols keep both sets empty.
            guard let name = storedPropertyClash(requirement), name == earlier || name.hasPrefix(preferred) else {
                continue
            }
            if requirement.isStatic {
                staticTaken.insert(name)
            } else {
                instanceTaken.insert(name)
            }
        }
        return (Self(taken: instanceTaken), Self(taken: staticTaken))
    }

    private init(taken: Set<String>) {
        var name = Self.preferred
        if taken.contains(name) {
            name = Self.fallback
            var number = 2
            while taken.contains(name) {
                name = Self.fallback + "\(number)"
                number += 1
            }
        }
        self.name = name
        self.earlierName = taken.contains(Self.earlier) ? nil : Self.earlier
    }

    /// The name a stored property of the double could not share with `requirement`'s witness, if any.
    private static func storedPropertyClash(_ requirement: Requirement) -> String? {
        switch requirement {
        case .property(_, let binding):
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
            return pattern.identifier.text.trimmingBackticks
        case .method(let decl) where decl.signature.parameterClause.parameters.isEmpty:
            return decl.name.text.trimmingBackticks
        case .method, .subscript, .initializer:
            return nil
        }
    }
}
