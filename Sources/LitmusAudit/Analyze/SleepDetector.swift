import SwiftSyntax

/// Where a test waits for time. A sleep counts when the test itself waits: in its own statements, not
/// in a closure it hands to something else (a stub server's handler that sleeps, the work a timeout is
/// tested on, a `Task` the test cancels: that sleep is the work, and the test waits for an event), and
/// not as the poll interval of a loop that waits for a condition (``CallCollector/isPollInterval(_:)``).
enum SleepDetector {
    /// The sleeps that make `scope` (a function's body, or a closure the test runner calls as a test:
    /// Quick's `it`) wait.
    static func waits(in scope: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        directCalls(in: scope).filter { CallCollector.isSleep($0) && !CallCollector.isPollInterval($0) }
    }

    /// The calls of `scope`'s own statements: not those in a closure or a local function inside it.
    static func directCalls(in scope: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        let owner = Syntax(scope)
        return scope.descendants(of: FunctionCallExprSyntax.self).filter { call in
            var node = call.parent
            while let current = node, current.id != owner.id {
                if current.is(ClosureExprSyntax.self) || current.is(FunctionDeclSyntax.self)
                    || current.is(AccessorBlockSyntax.self)
                {
                    return false
                }
                node = current.parent
            }
            return true
        }
    }

    /// Quick's example and hook closures, which its runner calls as a test's body.
    static let quickBodies: Set<String> = [
        "it", "fit", "beforeEach", "afterEach", "justBeforeEach", "aroundEach",
    ]
}
