import SwiftSyntax

/// trapInTest: `group.next()!` or `group.nextResult()!` of a task group that still holds a task. In the closure of
/// `withTaskGroup` or `withThrowingTaskGroup`, the unwrap's statement is one of the closure's own, and the
/// statements before it add more tasks (`group.addTask { … }`, each a statement of its own, so it runs) than they
/// take results: `next()` gives `nil` only when no task is left, so this one gives a result (apple/swift-nio-http2
/// 1.46.0: one `addTask`, then `group.next()!`; vapor/postgres-nio 1.31.0: `switch await taskGroup.nextResult()!`
/// after one). A second result taken in the unwrap's statement, the unwrap in a loop's condition, a task added
/// under a condition or in a loop, `addTaskUnlessCancelled`, a result taken in a loop or
/// by `for await`, or the group handed elsewhere, leaves it counted; `group.cancelAll()` takes no task out.
enum TaskGroupResult {
    /// Whether `unwrap` takes a result of a task group that still holds a task.
    static func cannotBeNil(_ unwrap: ForceUnwrapExprSyntax) -> Bool {
        guard let call = unwrap.expression.withoutTryOrAwait.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.trailingClosure == nil, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["next", "nextResult"].contains(member.declName.baseName.text),
            let group = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let (item, statements) = JustAssigned.statement(holding: unwrap),
            let closure = item.parent?.parent?.as(ClosureExprSyntax.self),
            let host = closure.hostCall.flatMap({ CallCollector.calledName($0.calledExpression) }),
            ["withTaskGroup", "withThrowingTaskGroup"].contains(host),
            (closure.parameterNames ?? ["$0"]).first == group,
            let index = statements.firstIndex(where: { $0.id == item.id }),
            !JustAssigned.isInLoopCondition(unwrap, of: item),
            // The unwrap's statement takes no other result (`group.next()! + group.next()!`).
            Syntax(item).descendants(of: DeclReferenceExprSyntax.self).filter({ $0.baseName.text == group }).count == 1
        else { return false }
        var added = 0
        var taken = 0
        for earlier in statements[..<index] {
            if isAddTask(earlier, of: group) {
                added += 1
                continue
            }
            for use in Syntax(earlier).descendants(of: DeclReferenceExprSyntax.self) where use.baseName.text == group {
                // Cancelling leaves the tasks in the group: `next()` still gives each one's result (apple/swift-tools-
                // support-async 0.18.0: four `addTask`, two `next()!`, `group.cancelAll()`, two more).
                if let used = use.parent?.as(MemberAccessExprSyntax.self), used.declName.baseName.text == "cancelAll",
                    let call = used.parent?.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
                    call.trailingClosure == nil
                {
                    continue
                }
                guard let used = use.parent?.as(MemberAccessExprSyntax.self),
                    ["next", "nextResult"].contains(used.declName.baseName.text),
                    used.parent?.is(FunctionCallExprSyntax.self) == true,
                    !isRepeated(used, within: earlier)
                else { return false }
                taken += 1
            }
        }
        return added > taken
    }

    /// Whether `statement` is `group.addTask { … }` (or `group.addTask(priority: p) { … }`), run as it stands.
    private static func isAddTask(_ statement: CodeBlockItemSyntax, of group: String) -> Bool {
        guard
            let call = statement.item.as(FunctionCallExprSyntax.self)
                ?? statement.item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "addTask",
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == group
        else { return false }
        return true
    }

    /// Whether `node` is in a loop, or a closure, of `statement`: it may run any number of times.
    private static func isRepeated(_ node: some SyntaxProtocol, within statement: CodeBlockItemSyntax) -> Bool {
        var current = node.parent
        while let syntax = current, syntax.id != statement.id {
            if syntax.is(ForStmtSyntax.self) || syntax.is(WhileStmtSyntax.self) || syntax.is(RepeatStmtSyntax.self)
                || syntax.is(ClosureExprSyntax.self)
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }
}
