import SwiftSyntax

/// noAssertion for Quick examples (the analysis reads XCTest methods and `@Test` functions for it, and
/// the smell scan reads the examples): an `it` whose closure calls no check, as ``TestSourceAnalyzer``
/// defines one (Nimble's `expect`/`fail`/`waitUntil`, XCTest's, a helper that checks, a plain `try`).
/// An empty example is an emptyTest, and one that always skips checks nothing on purpose (an ignoredTest when it
/// gives no reason): neither is this; nor one whose description says running it is the check ("should not
/// deadlock", "shouldn't overflow").
enum QuickAssertionDetector {
    /// The example's own description (`"should not deadlock upon disposal"` of `it("should not deadlock upon
    /// disposal") { … }`), which may say that running it is the check (``TestSourceAnalyzer/namedForRunning(_:)``:
    /// ReactiveSwift 7.2.1's deadlock, crash and overflow examples); the name it is shown by without one.
    static func description(of test: ScannedTest) -> String {
        let call = test.declaration.as(FunctionCallExprSyntax.self)
        return SmellScan.literalText(call?.arguments.first?.expression) ?? test.shown
    }

    static func smells(_ test: ScannedTest, helpers: HelperIndex, alreadyFound: [Smell]) -> [Smell] {
        guard test.framework == .quick, let body = test.body, let statements = test.statements, !statements.isEmpty,
            !alreadyFound.contains(where: { $0.kind == .emptyTest || $0.kind == .ignoredTest }),
            !EmptyAndIgnoredDetector.alwaysSkips(statements)
        else { return [] }
        let called = Set(
            test.all(FunctionCallExprSyntax.self).compactMap { CallCollector.calledName($0.calledExpression) }
                + test.all(MacroExpansionExprSyntax.self).map(\.macroName.text))
        guard !called.contains(where: TestSourceAnalyzer.asserts), called.isDisjoint(with: helpers.asserting),
            !CallCollector.hasPlainTry(in: body), !TestSourceAnalyzer.namedForRunning(description(of: test)),
            // A check the build makes, as its comments say.
            !CompileOnlyCheck.commentSaysSo(above: test.declaration.leadingTrivia, in: body)
        else { return [] }
        return [
            Smell(
                kind: .noAssertion, node: test.declaration,
                message: "\(test.shown) asserts nothing: it passes whatever the code does")
        ]
    }
}
