import SwiftSyntax

/// A loop that drains a task group the test filled: `while let r = await group.nextResult()` or
/// `while let v = try await group.next()`, a statement of the closure `withTaskGroup` or `withThrowingTaskGroup`
/// hands the group, after an unconditional `group.addTask { … }` there (a statement of the closure, or the first
/// of a loop over a table the test wrote) and nothing between that takes results (`next()`, `waitForAll()`, a loop
/// over the group). `addTask` adds a child whether or not the group is cancelled, and `next()` hands back each
/// child's result before it says the group is empty: the loop's body runs once per child at least
/// (grpc/grpc-swift-2 2.4.3's `testCancelProducer`: ten children, each checked to throw). Not
/// `addTaskUnlessCancelled`, which may add nothing, nor a child added under an `if`, after a `guard` or a `continue`,
/// or in a loop over what the code under test gave. (`for try await v in group` goes over a name, which
/// ``alwaysIterates(_:literalNames:sizes:)`` already reads as the test's own.)
extension ConditionalLogicDetector {
    /// Whether the `while` loop drains a task group its closure filled before it.
    static func drainsFilledGroup(_ loop: WhileStmtSyntax, literalNames: Set<String>) -> Bool {
        guard loop.conditions.count == 1,
            let binding = loop.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
            let value = binding.initializer?.value, let group = drainedGroup(value)
        else { return false }
        return isFilled(group, before: Syntax(loop), literalNames: literalNames)
    }

    /// The group `value` takes the next result of: `group` of `await group.next()`, `try await group.next()`,
    /// `await group.nextResult()`.
    private static func drainedGroup(_ value: ExprSyntax) -> String? {
        guard let call = value.withoutTryOrAwait.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["next", "nextResult"].contains(member.declName.baseName.text),
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        return base.baseName.text
    }

    /// Whether the task group closure that takes `group` holds a child of it when `loop`, a statement of that
    /// closure's body, starts: one added unconditionally before, and no result taken since.
    private static func isFilled(_ group: String, before loop: Syntax, literalNames: Set<String>) -> Bool {
        guard let item = loop.parent?.as(CodeBlockItemSyntax.self),
            let statements = item.parent?.as(CodeBlockItemListSyntax.self),
            let closure = statements.parent?.as(ClosureExprSyntax.self),
            (closure.parameterNames ?? ["$0"]).first == group,
            let host = closure.hostCall.flatMap({ CallCollector.calledName($0.calledExpression) }),
            ["withTaskGroup", "withThrowingTaskGroup"].contains(host)
        else { return false }
        var filled = false
        for statement in statements {
            if statement.id == item.id { return filled }
            if addsChild(statement.item, to: group) {
                filled = true
            } else if let inner = statement.item.as(ForStmtSyntax.self), inner.whereClause == nil,
                isWrittenTable(inner.sequence, literalNames: literalNames),
                let first = inner.body.statements.first, addsChild(first.item, to: group)
            {
                filled = true
            } else if takesResults(Syntax(statement), of: group) {
                filled = false
            }
        }
        return false
    }

    /// Whether `item` is a statement `group.addTask { … }` (or `addTask(priority:) { … }`).
    private static func addsChild(_ item: CodeBlockItemSyntax.Item, to group: String) -> Bool {
        let expression = item.as(ExprSyntax.self) ?? item.as(ExpressionStmtSyntax.self)?.expression
        guard let call = expression?.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "addTask",
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == group
        else { return false }
        return true
    }

    /// Whether `statement` may take results of `group`: it names the group other than to add a child or cancel
    /// (`await group.next()`, `group.waitForAll()`, `for await _ in group`, the group handed to a call).
    private static func takesResults(_ statement: Syntax, of group: String) -> Bool {
        statement.descendants(of: DeclReferenceExprSyntax.self).contains { reference in
            guard reference.baseName.text == group else { return false }
            guard let member = reference.parent?.as(MemberAccessExprSyntax.self) else { return true }
            return !["addTask", "addTaskUnlessCancelled", "cancelAll", "isCancelled", "isEmpty"].contains(
                member.declName.baseName.text)
        }
    }
}
