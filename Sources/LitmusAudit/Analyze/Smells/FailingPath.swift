import SwiftSyntax

/// Statements that run only on the way to a failure: the block holding them records one, before them or after them
/// with nothing between that can leave the block. A print there is part of what a failing test says, not output
/// nobody reads (apple/swift-numerics 1.1.1's `if !closeEnough(…) { print(…); XCTFail() }`, apple/swift-nio-imap
/// 0.2.0's `catch let error as VerificationError { print(…); switch error.kind { case …: XCTFail(…) … } }`,
/// apple/swift-nio-extras 1.35.2's `catch { print(error); XCTFail(…) }`).
enum FailingPath {
    /// Whether `statement`'s block records a failure every time `statement` runs: a statement before it that
    /// fails (``fails(_:)``), or one after it with none between that may leave the block
    /// (``mayLeave(_:)``: a `return`, `break`, `continue`, `throw` or `try`, which a `catch` may take). When its
    /// block records none and lets it run to the block's end, the statement that holds the block (a loop, an `if`, a
    /// `catch`) is read the same way in its own block, up to the closure or function around them: swift-nio-imap
    /// 0.2.0 prints the inputs in a loop, then fails in every case of a `switch` after it. A failure is a call that
    /// records one whenever it runs (``ConditionalLogicDetector/isFailureCall(_:)``: not `promise.fail(error)`).
    static func recordsFailure(around statement: CodeBlockItemSyntax) -> Bool {
        var statement = statement
        while let block = statement.parent?.as(CodeBlockItemListSyntax.self) {
            var after = false
            for item in block {
                if item.id == statement.id {
                    after = true
                    continue
                }
                if fails(item) { return true }
                if after, mayLeave(item) { return false }
            }
            guard let outer = holder(of: block) else { return false }
            statement = outer
        }
        return false
    }

    /// The statement whose body `block` is (a loop, an `if`, a `switch` case, a `do` or its `catch`); `nil` for the
    /// body of a closure, a function or an accessor.
    private static func holder(of block: CodeBlockItemListSyntax) -> CodeBlockItemSyntax? {
        var current = block.parent
        while let node = current {
            if let item = node.as(CodeBlockItemSyntax.self) { return item }
            if node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self) || node.is(AccessorDeclSyntax.self)
                || node.is(InitializerDeclSyntax.self) || node.is(DeinitializerDeclSyntax.self)
            {
                return nil
            }
            current = node.parent
        }
        return nil
    }

    /// Whether `item` records a failure whichever way it goes: a failure call, or an `if` with an `else` or a
    /// `switch`, each branch of which records one before anything in it may leave.
    static func fails(_ item: CodeBlockItemSyntax) -> Bool {
        let expression =
            item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
        guard let expression else { return false }
        if ConditionalLogicDetector.isFailureCall(expression) { return true }
        if let choice = expression.as(IfExprSyntax.self) { return fails(choice) }
        if let switched = expression.as(SwitchExprSyntax.self) {
            return !switched.cases.isEmpty
                && switched.cases.allSatisfy { element in
                    element.as(SwitchCaseSyntax.self).map { failsFirst($0.statements) } ?? false
                }
        }
        return false
    }

    /// An `if` whose every way, its `else` included, fails first.
    private static func fails(_ choice: IfExprSyntax) -> Bool {
        guard failsFirst(choice.body.statements) else { return false }
        switch choice.elseBody {
        case .none: return false
        case .codeBlock(let block): return failsFirst(block.statements)
        case .ifExpr(let next): return fails(next)
        }
    }

    /// Whether `statements` record a failure before any of them may leave.
    private static func failsFirst(_ statements: CodeBlockItemListSyntax) -> Bool {
        for item in statements {
            if fails(item) { return true }
            if mayLeave(item) { return false }
        }
        return false
    }

    /// Whether `item` may leave its block, other than by failing: a `return`, `break`, `continue`, `throw` or `try`
    /// of its own (not of a closure in it).
    static func mayLeave(_ item: CodeBlockItemSyntax) -> Bool {
        holds(item) { node in
            node.is(ReturnStmtSyntax.self) || node.is(BreakStmtSyntax.self) || node.is(ContinueStmtSyntax.self)
                || node.is(ThrowStmtSyntax.self) || node.is(TryExprSyntax.self)
        }
    }

    /// Whether `item` is, or holds outside the closures and functions in it, a node `matches` accepts.
    static func holds(_ item: CodeBlockItemSyntax, _ matches: (Syntax) -> Bool) -> Bool {
        if matches(Syntax(item.item)) { return true }
        return Syntax(item).descendants(of: Syntax.self).contains { node in
            guard matches(node) else { return false }
            var current = node.parent
            while let syntax = current, syntax.id != item.id {
                if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self) { return false }
                current = syntax.parent
            }
            return true
        }
    }
}
