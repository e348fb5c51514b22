import LitmusSupport
import SwiftSyntax

/// Members whose every way out is a literal: an optional the package declares that is never `nil` in fact.
extension SourceFunctions {
    /// Whether the package or its tests declare a computed property `name` (or a method `name()` without
    /// parameters), and every declaration of that name returns a literal on every path (a text, a number, a
    /// Boolean, an array or a dictionary, or a `switch` each case of which does): the optional it is typed as is
    /// never `nil`, and unwrapping it cannot trap (swift-sh 2.5.0's `errorDescription`, `"cannot eject; not Swift
    /// script …"` for every case, unwrapped by its test). Not when a declaration of the name is stored (it may be
    /// set to `nil`), has a path out that is not a literal (`return nil`, a call, a name), or a body not written
    /// here (a protocol's requirement answers nothing, and is skipped). With `owner`, only the declarations of that
    /// type and its extensions count (`EjectError`, of `EjectError.notScript.errorDescription!`: swift-sh declares
    /// `errorDescription` on three other errors, which compute it).
    func alwaysReturnsLiteral(_ name: String, owner: String? = nil) -> Bool {
        remembered("literal-result|\(name)|\(owner ?? "")") {
            lock.withLock {
                var seen = false
                for (index, text) in loaded().enumerated()
                where ByteSearch.contains("var \(name)", in: text) || ByteSearch.contains("func \(name)", in: text) {
                    for body in Self.bodies(named: name, owner: owner, in: Syntax(tree(index))) {
                        guard let body, Self.returnsOnlyLiterals(body) else { return false }
                        seen = true
                    }
                }
                return seen
            }
        }
    }

    /// The bodies of the declarations named `name` under `root`: a getter's or a method's statements, `nil` for a
    /// stored property; a requirement without a body is left out.
    private static func bodies(named name: String, owner: String?, in root: Syntax) -> [CodeBlockItemListSyntax?] {
        let owned = { (declaration: Syntax) in
            owner.map { Self.ownerName(of: declaration) == $0 } ?? true
        }
        var found: [CodeBlockItemListSyntax?] = []
        for function in root.descendants(of: FunctionDeclSyntax.self)
        where function.name.text == name && function.signature.parameterClause.parameters.isEmpty
            && owned(Syntax(function))
        {
            if let body = function.body { found.append(body.statements) }
        }
        for binding in root.descendants(of: PatternBindingSyntax.self)
        where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name && owned(Syntax(binding)) {
            switch binding.accessorBlock?.accessors {
            case .getter(let statements): found.append(statements)
            case .accessors(let accessors):
                if let getter = accessors.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }) {
                    if let body = getter.body { found.append(body.statements) }
                } else {
                    found.append(nil)  // observers (`didSet`) of a stored property
                }
            case nil: found.append(nil)  // stored (a requirement is written `{ get }`)
            }
        }
        return found
    }

    /// Whether every way out of `statements` is a literal (``CodeBlockItemListSyntax/returnedValues``).
    private static func returnsOnlyLiterals(_ statements: CodeBlockItemListSyntax) -> Bool {
        let values = statements.returnedValues
        return !values.isEmpty && values.allSatisfy { $0.map(isLiteral) ?? false }
    }

    /// A literal that is not `nil`, or a `switch` or `if` expression each branch of which is one.
    private static func isLiteral(_ expression: ExprSyntax) -> Bool {
        if expression.is(StringLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
            || expression.is(FloatLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
            || expression.is(ArrayExprSyntax.self) || expression.is(DictionaryExprSyntax.self)
        {
            return true
        }
        if let choice = expression.as(SwitchExprSyntax.self) {
            return choice.cases.allSatisfy { item in
                guard let switchCase = item.as(SwitchCaseSyntax.self), switchCase.statements.count == 1,
                    let value = switchCase.statements.first?.item.as(ExprSyntax.self)
                else { return false }
                return isLiteral(value)
            }
        }
        return false
    }
}
