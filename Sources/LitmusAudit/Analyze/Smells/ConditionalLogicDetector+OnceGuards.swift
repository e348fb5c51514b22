import SwiftSyntax

extension ConditionalLogicDetector {
    /// Whether `guardStatement` (in `list`, inside the test's `body`) only keeps a closure the code under test calls
    /// again from running twice: its one condition is `flag == false`, `!flag` or `flag == nil` of a `var` the test
    /// declares with `false`, or `nil` (or no value, an optional), and the statements after the guard in `list` set the
    /// flag, so the first call, which finds the flag as the test made it, always passes and checks. AliSoftware/Dip
    /// 7.1.1's `resolvingProperties { … guard resolveDependenciesCalled == false else { return };
    /// resolveDependenciesCalled = true; … XCTAssertFalse(…) }`, whose nested resolve calls the closure again (two read
    /// false on first contact). Not a flag the test also sets before (`flag = true`, then the closure), nor one it does
    /// not set after the guard, nor a `let`.
    static func isOnceGuard(_ guardStatement: GuardStmtSyntax, in list: CodeBlockItemListSyntax, body: Syntax) -> Bool {
        guard guardStatement.conditions.count == 1, let condition = guardStatement.conditions.first?.condition,
            let flag = onceFlag(condition.as(ExprSyntax.self))
        else { return false }
        guard
            let binding = body.descendants(of: PatternBindingSyntax.self).first(where: {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == flag.name
            }), binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.var)
        else { return false }
        let initial = binding.initializer?.value.trimmedDescription
        let startsUnset =
            flag.unsetValue == "nil"
            ? (initial == nil || initial == "nil") && binding.typeAnnotation?.type.is(OptionalTypeSyntax.self) == true
            : initial == "false"
        guard startsUnset else { return false }
        // Set nowhere but after the guard: in the statements that follow it.
        func assignments(in root: Syntax) -> Int {
            root.descendants(of: SequenceExprSyntax.self).filter { sequence in
                let elements = Array(sequence.elements)
                return elements.count >= 3 && elements[1].is(AssignmentExprSyntax.self)
                    && elements[0].trimmedDescription == flag.name
            }.count
        }
        guard let guardItem = guardStatement.parent?.as(CodeBlockItemSyntax.self) else { return false }
        let after = list.filter { $0.position > guardItem.position }.reduce(0) { $0 + assignments(in: Syntax($1)) }
        return after > 0 && after == assignments(in: body)
    }

    /// The flag a condition asks is still unset, with the value that means so: `flag == false`, `!flag` (`false`), or
    /// `flag == nil` (`nil`).
    private static func onceFlag(_ condition: ExprSyntax?) -> (name: String, unsetValue: String)? {
        guard let condition else { return nil }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!",
            let name = prefix.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return (name, "false")
        }
        let elements = condition.as(SequenceExprSyntax.self).map { Array($0.elements) } ?? []
        guard elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "==",
            let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        switch elements[2].trimmedDescription {
        case "false": return (name, "false")
        case "nil": return (name, "nil")
        default: return nil
        }
    }
}
