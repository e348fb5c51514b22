import SwiftSyntax

/// Streams Foundation sets in pairs: a guard on them never fails (``TrapDetector``).
extension TrapDetector {
    /// Whether `binding` (`guard let stream`, or `guard let input = stream`) binds a stream ``boundStream(_:before:)``
    /// finds set.
    static func bindsBoundStream(_ binding: OptionalBindingConditionSyntax, before guardStatement: GuardStmtSyntax)
        -> Bool
    {
        let name =
            binding.initializer.map { $0.value.as(DeclReferenceExprSyntax.self)?.baseName.text }
            ?? binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        return name.map { boundStream($0, before: guardStatement) } ?? false
    }

    /// Whether `name`, the variable a guard binds, is a stream Foundation's
    /// `Stream.getBoundStreams(withBufferSize:inputStream:outputStream:)` set in a statement before the guard in its
    /// block, with no statement between assigning it: that function sets both streams it is handed
    /// (apple/swift-openapi-urlsession 1.4.0's `guard let inputStream, let outputStream else { fatalError(…) }`, 8
    /// read false on first contact).
    static func boundStream(_ name: String, before guardStatement: GuardStmtSyntax) -> Bool {
        guard let item = guardStatement.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        var found = false
        for statement in list {
            if statement.id == item.id { return found }
            let handed = statement.descendants(of: InOutExprSyntax.self).contains {
                $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
            }
            let call = statement.item.as(FunctionCallExprSyntax.self)
            let setsBoth =
                call.map {
                    $0.calledExpression.trimmedDescription.hasSuffix("Stream.getBoundStreams")
                        && $0.arguments.map { $0.label?.text ?? "" } == [
                            "withBufferSize", "inputStream", "outputStream",
                        ]
                } ?? false
            if setsBoth, handed {
                found = true
            } else if Syntax(statement).descendants(of: Syntax.self).contains(where: {
                ConditionalLogicDetector.changes(name, $0)
            }) {
                found = false
            }
        }
        return false
    }
}
