import SwiftSyntax

/// sensitiveEquality: a description checked after the value's fields, the rendering checked besides.
extension EqualityShapeDetector.DescriptionComparison {
    /// Whether every value whose description `checked` reads (`error.description`, `String(describing:
    /// error)`) had another of its members compared by an assertion before `assertion`, in the same block, the
    /// name not bound again between them (`XCTAssertEqual(error.resultCode, .SQLITE_ERROR)`,
    /// `XCTAssertEqual(error.sql, sql)`, then `XCTAssertEqual(error.description, "SQLite error 1: …")`, GRDB
    /// 7.10.0): the test checks the value by its fields and its rendering besides, on purpose, not the value
    /// through its rendering. Not a member read in a failure's message, in a closure, or inside a text, nor
    /// another rendering (`localizedDescription`).
    func checksFieldsFirst(_ checked: [ExprSyntax], at assertion: Syntax) -> Bool {
        let rendered: Set<String> = [
            "description", "debugDescription", "localizedDescription", "errorDescription", "failureReason",
        ]
        var bases: Set<String> = []
        for node in checked.flatMap({ $0.descendants(of: Syntax.self) }) {
            var base: ExprSyntax?
            if let member = node.as(MemberAccessExprSyntax.self), rendered.contains(member.declName.baseName.text) {
                guard let reference = member.base else { return false }
                base = reference
            } else if let call = node.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String",
                ["describing", "reflecting"].contains(call.arguments.first?.label?.text)
            {
                base = call.arguments.first?.expression
            } else {
                continue
            }
            guard let name = base?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
            bases.insert(name)
        }
        guard !bases.isEmpty,
            let statement = assertion.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) }),
            let block = statement.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        var checkedFields: Set<String> = []
        for item in block {
            guard item.endPosition <= statement.position else { break }
            // A name bound again (`error = other`, `let error = …`) is another value from here on.
            checkedFields.subtract(Self.boundNames(item))
            guard
                let earlier = test.assertions.first(where: {
                    $0.position >= item.position && $0.endPosition <= item.endPosition
                }),
                let name = SmellScan.assertionName(earlier), !EqualityShapeDetector.messageOnly.contains(name)
            else { continue }
            // The values it compares, not its message.
            let count = ["#expect", "#require"].contains(name) ? 1 : RepetitionDetector.operandCounts[name] ?? 1
            let operands = SmellScan.arguments(earlier).filter { $0.label == nil }.map(\.expression).prefix(count)
            for operand in operands {
                for member in operand.descendants(of: MemberAccessExprSyntax.self)
                where !rendered.contains(member.declName.baseName.text)
                    && !Self.isInClosureOrText(member, within: operand)
                {
                    if let name = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text {
                        checkedFields.insert(name)
                    }
                }
            }
        }
        return bases.isSubset(of: checkedFields)
    }

    /// The names `item` binds or assigns: its `let`/`var` patterns and `name = …`.
    private static func boundNames(_ item: CodeBlockItemSyntax) -> Set<String> {
        var names = Set(item.descendants(of: IdentifierPatternSyntax.self).map(\.identifier.text))
        for sequence in item.descendants(of: SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
                let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
            {
                names.insert(name)
            }
        }
        return names
    }

    /// Whether `node` sits in a closure or a text literal inside `root`.
    private static func isInClosureOrText(_ node: MemberAccessExprSyntax, within root: ExprSyntax) -> Bool {
        var current = node.parent
        while let syntax = current, syntax.id != root.id {
            if syntax.is(ClosureExprSyntax.self) || syntax.is(StringLiteralExprSyntax.self) { return true }
            current = syntax.parent
        }
        return false
    }
}
