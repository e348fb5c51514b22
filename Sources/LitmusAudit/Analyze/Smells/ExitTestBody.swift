import SwiftSyntax

/// The body of a Swift Testing exit test, `#expect(processExitsWith: .failure) { … }` (or `#require`, or the
/// earlier spelling `exitsWith:`): it runs in a child process whose exit the expectation checks. A trap there ends
/// that process, never the test's own. In one that must not exit successfully, an error it swallows cannot pass
/// silently either: the body then returns, the process exits successfully, and the expectation fails (apple/swift-nio
/// 2.101.3's EventLoopCrashTests: `try? el.submit { el.preconditionNotInEventLoop() }.wait()` in a process that must
/// crash). In one that must succeed it can: hummingbird's `#expect(processExitsWith: .success) { _ = try?
/// URLEncodedFormDecoder().decode(…) }` passes whatever the decoder throws.
enum ExitTestBody {
    /// Whether `node` lies in the body of an exit test; with `failing`, of one that expects its process to end
    /// otherwise than successfully (`.failure`, `.signal(…)`, `.exitCode(n)` but `.success` and `.exitCode(0)`).
    static func contains(_ node: some SyntaxProtocol, failing: Bool = false) -> Bool {
        var current = node.parent
        while let syntax = current {
            if let closure = syntax.as(ClosureExprSyntax.self), let macro = hostMacro(of: closure),
                ["expect", "require"].contains(macro.macroName.text),
                let condition = macro.arguments.first(where: {
                    ["processExitsWith", "exitsWith"].contains($0.label?.text ?? "")
                })
            {
                return !failing || !isSuccess(condition.expression)
            }
            current = syntax.parent
        }
        return false
    }

    /// Whether an exit test's condition is a successful exit: `.success`, `.exitCode(0)`, `.exitCode(EXIT_SUCCESS)`.
    private static func isSuccess(_ condition: ExprSyntax) -> Bool {
        let text = condition.trimmedDescription.replacingOccurrences(of: " ", with: "")
        return ["success", "exitCode(0)", "exitCode(EXIT_SUCCESS)"].contains {
            text == "." + $0 || text.hasSuffix("." + $0)
        }
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
