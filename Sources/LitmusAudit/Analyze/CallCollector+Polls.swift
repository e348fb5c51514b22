import SwiftSyntax

extension CallCollector {
    /// Whether `call` is the poll interval of a loop that waits for a condition (`while !done { sleep }`,
    /// `repeat { sleep } while !done`): the test waits for the event, looking every interval, as when
    /// nothing sends a notice (a process's end in /proc, a file another process writes), or a counted `for _`
    /// loop that leaves when its condition holds. A sleep in another `for` loop, or outside any loop, is a fixed
    /// wait; the loop must be in the same function or closure.
    static func isPollInterval(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let current = node {
            if current.is(WhileStmtSyntax.self) || current.is(RepeatStmtSyntax.self) { return true }
            // `for _ in 0..<n where !done`: a poll bounded by a count, its condition in the `where`; a loop
            // over elements (`for item in items where item.ready`) sleeps once per element.
            if let loop = current.as(ForStmtSyntax.self), loop.pattern.is(WildcardPatternSyntax.self),
                loop.whereClause != nil || leavesOnCondition(loop)
            {
                return true
            }
            if current.is(ForStmtSyntax.self) || current.is(ClosureExprSyntax.self)
                || current.is(FunctionDeclSyntax.self)
            {
                return false
            }
            node = current.parent
        }
        return false
    }

    /// Whether `loop` (`for _ in 0..<500 { if stored == expected { return stored }; sleep(…) }`) leaves early when a
    /// condition holds: a `return` or `break` of its own body under an `if` or `guard`, the count only its bound
    /// (PureSwift/Bluetooth 8.1.0's `waitForValue`, read false on first contact). Not a `break` of a `switch` in it.
    static func leavesOnCondition(_ loop: ForStmtSyntax) -> Bool {
        let exits =
            loop.body.descendants(of: ReturnStmtSyntax.self).map(Syntax.init)
            + loop.body.descendants(of: BreakStmtSyntax.self).filter { $0.label == nil }.map(Syntax.init)
        return exits.contains { exit in
            var conditional = false
            var current = exit.parent
            while let node = current, node.id != loop.body.id {
                if node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self) { return false }
                if node.is(SwitchCaseSyntax.self), exit.is(BreakStmtSyntax.self) { return false }
                if node.is(IfExprSyntax.self) || node.is(GuardStmtSyntax.self) { conditional = true }
                current = node.parent
            }
            return conditional
        }
    }
}
