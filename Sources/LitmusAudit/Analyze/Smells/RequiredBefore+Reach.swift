import SwiftSyntax

/// Where a check runs relative to the statement it guards: on every way there, for the same values.
extension RequiredBefore {
    /// Whether `check` runs on every way that reaches `statement` after it, for the same values: both are statements of
    /// one block, or `check` is in a block that holds `statement` further on (`if i < n { XCTAssertNotNil(index); guard
    /// let index else { continue } … }`: attaswift/BTree 4.1.0). Between `check` and that block, nothing but
    /// expressions; between the block and `statement`, no loop, closure, nested function or `defer`, which may bind
    /// the name again or run at another time; and no block labelled, whose `break` may leave it before the check.
    static func runs(_ check: Syntax, beforeReaching statement: Syntax) -> Bool {
        var current = check.parent
        while let syntax = current {
            if isInside(statement, syntax) {
                guard let list = syntax.as(CodeBlockItemListSyntax.self) else { return false }
                return !crossesRebinding(from: statement, to: Syntax(list))
            }
            if isBranchOrLoop(syntax) || isElsewhere(syntax) || syntax.is(DoStmtSyntax.self)
                || syntax.is(LabeledStmtSyntax.self)
            {
                return false
            }
            current = syntax.parent
        }
        return false
    }

    /// Whether a loop, a closure, a nested function or a `defer` lies between `node` and `top`, or a labelled
    /// statement holds `top`.
    private static func crossesRebinding(from node: Syntax, to top: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current, syntax.id != top.id {
            if syntax.is(ForStmtSyntax.self) || syntax.is(WhileStmtSyntax.self) || syntax.is(RepeatStmtSyntax.self)
                || isElsewhere(syntax)
            {
                return true
            }
            current = syntax.parent
        }
        var above = top.parent
        while let syntax = above, !syntax.is(FunctionDeclSyntax.self), !syntax.is(ClosureExprSyntax.self) {
            if syntax.is(LabeledStmtSyntax.self) { return true }
            above = syntax.parent
        }
        return false
    }

    /// A closure, a nested function or a `defer`: code that runs at another time than where it is written.
    private static func isElsewhere(_ syntax: Syntax) -> Bool {
        syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self) || syntax.is(DeferStmtSyntax.self)
    }

    /// An `if`, a `switch` case, a loop, a `guard`, a `catch` or a closure: what may run a statement in it
    /// not at all, or more than once.
    static func isBranchOrLoop(_ syntax: Syntax) -> Bool {
        syntax.is(IfExprSyntax.self) || syntax.is(SwitchCaseSyntax.self) || syntax.is(ForStmtSyntax.self)
            || syntax.is(WhileStmtSyntax.self) || syntax.is(RepeatStmtSyntax.self)
            || syntax.is(GuardStmtSyntax.self) || syntax.is(CatchClauseSyntax.self)
            || syntax.is(ClosureExprSyntax.self)
    }

    /// Whether `node` runs whenever `body` (the test's, or a loop's) does: no `if`, `switch`, loop,
    /// `guard` body, `catch` or closure between them.
    static func isUnconditional(_ node: Syntax, in body: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current, syntax.id != body.id {
            if isBranchOrLoop(syntax) { return false }
            current = syntax.parent
        }
        return current != nil
    }
}
