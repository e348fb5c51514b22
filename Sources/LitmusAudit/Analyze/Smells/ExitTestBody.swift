import SwiftSyntax

/// The body of a Swift Testing exit test, `#expect(processExitsWith: .failure) { … }` (or `#require`, or the
/// earlier spelling `exitsWith:`): it runs in a child process whose exit the expectation checks. A trap there is
/// how that process is meant to end, not the end of the test's own process, and an error it swallows is its own
/// (apple/swift-nio 2.101.3's EventLoopCrashTests: `try? el.submit { el.preconditionNotInEventLoop() }.wait()`,
/// `try! promise.futureResult.wait()` in a process that must crash).
enum ExitTestBody {
    /// Whether `node` lies in the body of an exit test.
    static func contains(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let syntax = current {
            if let closure = syntax.as(ClosureExprSyntax.self), let macro = hostMacro(of: closure),
                ["expect", "require"].contains(macro.macroName.text),
                macro.arguments.contains(where: { ["processExitsWith", "exitsWith"].contains($0.label?.text ?? "") })
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }

    /// The macro `closure` is the trailing closure or an argument of.
    private static func hostMacro(of closure: ClosureExprSyntax) -> MacroExpansionExprSyntax? {
        if let macro = closure.parent?.as(MacroExpansionExprSyntax.self), macro.trailingClosure?.id == closure.id {
            return macro
        }
        return closure.parent?.as(LabeledExprSyntax.self)?.parent?.as(LabeledExprListSyntax.self)?.parent?
            .as(MacroExpansionExprSyntax.self)
    }
}
