import LitmusRunning
import SwiftSyntax

/// What in a test's body fails it by throwing: a plain `try`, a `throw` that leaves it.
extension CallCollector {
    /// Whether `node` holds a plain `try` (not `try?`): a thrown error fails the test, so it validates.
    static func hasPlainTry(in node: Syntax) -> Bool {
        node.descendants(of: TryExprSyntax.self).contains { $0.questionOrExclamationMark == nil }
    }

    /// Whether a `throw` in `body` leaves it, failing the test (`guard case .none = directive else { throw
    /// TestError(…) }`, apple/swift-distributed-actors 0.7.1's checks): one not inside a closure or a function of its
    /// own, nor in the body of a `do` that catches.
    static func throwsOut(of body: Syntax) -> Bool {
        body.descendants(of: ThrowStmtSyntax.self).contains { leaves($0, body) }
    }

    /// Whether `statement`, a `throw` in `body`, leaves it: see ``throwsOut(of:)``.
    static func leaves(_ statement: ThrowStmtSyntax, _ body: Syntax) -> Bool {
        var child = Syntax(statement)
        while let current = child.parent, current.id != body.id {
            if current.is(ClosureExprSyntax.self) || current.is(FunctionDeclSyntax.self) { return false }
            if let attempt = current.as(DoStmtSyntax.self), attempt.body.id == child.id, !attempt.catchClauses.isEmpty {
                return false
            }
            child = current
        }
        return true
    }
}
