import SwiftSyntax

/// A loop that drains a task group the test filled: `while let r = await group.nextResult()` or
/// `while let v = try await group.next()`, in the group's closure, after an
/// unconditional `group.addTask { … }` there (a statement of the closure's body, or of a loop over a table the
/// test wrote). `addTask` adds a child whether or not the group is cancelled, and `next()` hands back each
/// child's result before it says the group is empty: the loop's body runs once per child at least
/// (grpc/grpc-swift-2 2.4.3's `testCancelProducer`: ten children, each checked to throw). Not
/// `addTaskUnlessCancelled`, which may add nothing, nor a child added under an `if`, a `guard` or a loop
/// that may not iterate. (`for try await v in group` goes over a name, which ``alwaysIterates(_:literalNames:sizes:)``
/// already reads as the test's own.)
extension ConditionalLogicDetector {
    /// Whether the `while` loop drains a task group its closure filled before it.
    static func drainsFilledGroup(_ loop: WhileStmtSyntax, isTable: (ExprSyntax) -> Bool) -> Bool {
        guard loop.conditions.count == 1,
            let binding = loop.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
            let value = binding.initializer?.value, let group = drainedGroup(value)
        else { return false }
        return isFilled(group, before: Syntax(loop), isTable: isTable)
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

    /// Whether the closure that takes `group` adds a child to it unconditionally before `loop`, a statement of
    /// that closure's body.
    private static func isFilled(_ group: String, before loop: Syntax, isTable: (ExprSyntax) -> Bool) -> Bool {
        guard let item = loop.parent?.as(CodeBlockItemSyntax.self),
            let statements = item.parent?.as(CodeBlockItemListSyntax.self),
            let closure = statements.parent?.as(ClosureExprSyntax.self),
            (closure.parameterNames ?? ["$0"]).first == group
        else { return false }
        for statement in statements {
            if statement.id == item.id { return false }
            if addsChild(statement.item, to: group) { return true }
            if let loop = statement.item.as(ForStmtSyntax.self)
                ?? statement.item.as(ExpressionStmtSyntax.self)?
                .expression.as(ForStmtSyntax.self), loop.whereClause == nil, isTable(loop.sequence),
                loop.body.statements.contains(where: { addsChild($0.item, to: group) })
            {
                return true
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
}
