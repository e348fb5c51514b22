import SwiftSyntax

/// trapInTest: an unwrap of a variable the test has just set to a value that is not optional
/// (swift-server/RediStack 1.6.3: `connectionPromise = self.server.loop.makePromise()`, then `connectionPromise!` on
/// the next line; apple/swift-system 1.6.3: `thePath = path.appending("foo.txt")`, then `thePath!`). The assignment,
/// `x = value` or `self.x = value`, is an earlier statement of the block the unwrap's statement is in, and the
/// unwrap is in no closure of its statement (which may run later). Between them no statement names a local `x`;
/// a property, which any call may set, is set by the statement right before. The value is no optional by the
/// compiler's type of it; without facts, by what the package's sources declare, as for a property every test finds
/// set (``AssignedAtSetUp/givesValue(_:declared:test:sources:)``).
enum JustAssigned {
    /// Whether `unwrap` reads a variable just set to a value that is not optional.
    static func cannotBeNil(_ unwrap: ForceUnwrapExprSyntax, test: ScannedTest, sources: SourceFunctions?) -> Bool {
        guard let sources, let name = AssignedAtSetUp.propertyName(unwrap.expression),
            let (item, statements) = statement(holding: unwrap)
        else { return false }
        let local = unwrap.expression.is(DeclReferenceExprSyntax.self) && test.bindsLocally(name)
        guard let index = statements.firstIndex(where: { $0.id == item.id }) else { return false }
        for earlier in statements[..<index].reversed() {
            if let value = assignedValue(of: name, in: earlier) {
                let declared =
                    local
                    ? localType(of: name, test: test) : AssignedAtSetUp.declaredType(of: unwrap.expression, test: test)
                return AssignedAtSetUp.givesValue(value, declared: declared, test: test, sources: sources)
            }
            let names = Syntax(earlier).descendants(of: DeclReferenceExprSyntax.self).contains {
                $0.baseName.text == name
            }
            if !local || names { return false }
        }
        return false
    }

    /// The statement of the nearest block that holds `unwrap`, and that block's statements; `nil` when a closure
    /// lies between them (``TaskGroupResult`` reads it too).
    static func statement(holding unwrap: ForceUnwrapExprSyntax) -> (
        CodeBlockItemSyntax, [CodeBlockItemSyntax]
    )? {
        var node = Syntax(unwrap).parent
        while let current = node {
            if current.is(ClosureExprSyntax.self) { return nil }
            if let item = current.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self)
            {
                return (item, Array(list))
            }
            node = current.parent
        }
        return nil
    }

    /// `value` of the statement `name = value` or `self.name = value`.
    private static func assignedValue(of name: String, in statement: CodeBlockItemSyntax) -> ExprSyntax? {
        guard
            let sequence = statement.item.as(SequenceExprSyntax.self)
                ?? statement.item.as(ExpressionStmtSyntax.self)?.expression.as(SequenceExprSyntax.self)
        else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            AssignedAtSetUp.propertyName(elements[0]) == name
        else { return nil }
        return elements[2]
    }

    /// `T` of the test's `var name: T?` (or `T!`).
    private static func localType(of name: String, test: ScannedTest) -> String? {
        let binding = test.all(PatternBindingSyntax.self).first {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }
        guard let annotated = binding?.typeAnnotation?.type else { return nil }
        let wrapped =
            annotated.as(OptionalTypeSyntax.self)?.wrappedType
            ?? annotated.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType
        return wrapped?.as(IdentifierTypeSyntax.self)?.name.text
    }
}
