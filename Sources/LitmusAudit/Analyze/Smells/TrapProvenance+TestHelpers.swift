import SwiftSyntax

extension TrapProvenance {
    /// Whether `name`, a member or function the tests declare and the package's own sources do not, is the tests'
    /// own fixed code: a case or property of theirs (a value, read for the value that holds it), or a function every
    /// declaration of which names nothing the package's sources declare and nothing of the machine's
    /// (adam-fowler/swift-srp 2.3.0's `"bafa3be2813c9326".bytes(using: .hexadecimal)!`, the test file's own hex parser
    /// of a literal: the same bytes every run, four read false on first contact). What it is given is read where it is
    /// given; a helper that names a type, function or member of the package's, a bundle or the environment, may hold the
    /// package's value. A name `called` is a function's: the package's property of that name (swift-srp's `public var
    /// bytes`) is not what the call runs, and a call of a function the tests declare only as a test (swift-foundation's
    /// `@Test func propertyList()` beside Foundation's `"…".propertyList()`) is no helper of theirs, and may be anyone's.
    static func isTestsOwn(_ name: String, called: Bool, test: ScannedTest, sources: SourceFunctions) -> Bool {
        guard !(called ? sources.declaresFunctionOutsideTests(name) : sources.declaresOutsideTests(name)) else {
            return false
        }
        let helpers = test.targetFunctions[name] ?? []
        if called && helpers.isEmpty { return false }
        return helpers.allSatisfy { body in
            // Its own names (locals, loop variables, parameters) are its own, whatever the package calls a member.
            var own = Set(body.descendants(of: IdentifierPatternSyntax.self).map(\.identifier.text))
            if let function = body.parent?.as(FunctionDeclSyntax.self) {
                own.formUnion(
                    function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
            }
            let names =
                body.descendants(of: DeclReferenceExprSyntax.self).map(\.baseName.text).filter { !own.contains($0) }
                + body.descendants(of: IdentifierTypeSyntax.self).map(\.name.text)
            return !names.contains { machine.contains($0) || sources.declaresOutsideTests($0) }
        }
    }
}
