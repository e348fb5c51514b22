import SwiftSyntax

/// Test classes that other tests run as fixtures. A framework's own suite (Quick's functional tests)
/// holds specs whose empty, pending or failing examples are what another test checks, by running them
/// (`qck_runSpec(FunctionalTests_PendingSpec.self)`): nobody would "fix" those, so their tests get no
/// smell (on Quick 7.6.2, 50 empty and 15 ignored examples of such specs were false findings). A class
/// counts when `X.self` is an argument (or in an array argument) of a call whose name says it runs tests
/// (`run…`, `…Suite…`: `qck_runSpecs([A.self, B.self])`, `XCTestSuite(forTestCaseClass: A.self)`), or
/// when a test reads `X.defaultTestSuite` or `X.testInvocations`, or makes
/// `XCTestSuite(forTestCaseWithName: "X")`; `Bundle(for: X.self)` and the like do not count.
enum FixtureRuns {
    /// The types `body` runs as fixtures.
    static func types(runIn body: Syntax) -> Set<String> {
        var found: Set<String> = []
        for node in body.descendants(of: Syntax.self) {
            if let call = node.as(FunctionCallExprSyntax.self), runsTests(call) {
                for access in call.arguments.flatMap({ $0.expression.descendants(of: MemberAccessExprSyntax.self) })
                where access.declName.baseName.text == "self" {
                    if let type = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
                        isTypeName(type)
                    {
                        found.insert(type)
                    }
                }
            } else if let access = node.as(MemberAccessExprSyntax.self),
                ["defaultTestSuite", "testInvocations"].contains(access.declName.baseName.text),
                let type = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, isTypeName(type)
            {
                found.insert(type)
            }
            if let call = node.as(FunctionCallExprSyntax.self),
                CallCollector.calledName(call.calledExpression) == "XCTestSuite",
                call.arguments.first?.label?.text == "forTestCaseWithName",
                let name = SmellScan.literalText(call.arguments.first?.expression)
            {
                found.insert(String(name.prefix { $0 != "/" }))
            }
        }
        return found
    }

    /// A type's name: capitalised after any leading underscores (`_FunctionalTests_FocusedSpec`), not `Self`.
    private static func isTypeName(_ name: String) -> Bool {
        name != "Self" && name.drop { $0 == "_" }.first?.isUppercase == true
    }

    /// Whether `call`'s name says it runs tests: it contains `run` or `suite` (any case).
    static func runsTests(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = CallCollector.calledName(call.calledExpression)?.lowercased() else { return false }
        return name.contains("run") || name.contains("suite")
    }
}
