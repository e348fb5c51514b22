import SwiftSyntax

/// Whether a member is `async`, and whether and how it throws.
struct Effects {
    enum Throwing {
        case none
        case untyped
        case typed(TypeSyntax)
        case `rethrows`
    }

    let throwing: Throwing
    /// An `async` member is recorded by an `AsyncMember`, whose handler may suspend, and awaited.
    let isAsync: Bool

    /// The runtime's recorder class for the member: `AsyncMember` or `Member`.
    var recorderKind: String { isAsync ? "AsyncMember" : "Member" }

    init(_ specifiers: FunctionEffectSpecifiersSyntax?) {
        self.init(throwsClause: specifiers?.throwsClause, isAsync: specifiers?.asyncSpecifier != nil)
    }

    init(_ specifiers: AccessorEffectSpecifiersSyntax?) {
        self.init(throwsClause: specifiers?.throwsClause, isAsync: specifiers?.asyncSpecifier != nil)
    }

    private init(throwsClause: ThrowsClauseSyntax?, isAsync: Bool) {
        self.isAsync = isAsync
        guard let clause = throwsClause else {
            throwing = .none
            return
        }
        if clause.throwsSpecifier.tokenKind == .keyword(.rethrows) {
            throwing = .rethrows
        } else if let type = clause.type, type.trimmedDescription != "any Error" {
            throwing = type.trimmedDescription == "Never" ? .none : .typed(type)
        } else {
            throwing = .untyped
        }
    }
}
