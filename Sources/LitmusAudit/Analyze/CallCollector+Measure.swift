import LitmusRunning
import SwiftSyntax

/// XCTest's performance measurement in a test's body.
extension CallCollector {
    /// Whether `node` calls XCTest's `measure { … }` (or `measureMetrics`), bare or on `self`, with the closure it
    /// times: not a clock's `measure` (`InternalUTCClock().measure { … }`, ordo-one/package-datetime 1.0.2: the
    /// standard library's `Clock.measure`, which times the closure and returns a duration), nor a package's own
    /// `measure("abc")`.
    static func measuresPerformance(in node: Syntax) -> Bool {
        let names: Set<String> = ["measure", "measureMetrics"]
        return node.descendants(of: FunctionCallExprSyntax.self).contains { call in
            guard
                call.trailingClosure != nil
                    || call.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) })
            else { return false }
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                return names.contains(reference.baseName.text)
            }
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                names.contains(member.declName.baseName.text)
            else { return false }
            return member.base?.trimmedDescription == "self"
        }
    }
}
