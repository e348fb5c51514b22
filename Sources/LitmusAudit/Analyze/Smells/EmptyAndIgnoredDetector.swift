import SwiftSyntax

/// Empty Test and Ignored Test: a test with nothing in it, and a test switched off without a reason.
enum EmptyAndIgnoredDetector {
    static func smells(_ test: ScannedTest) -> [Smell] {
        var found: [Smell] = []
        if let (cause, ignored) = ignored(test) {
            found.append(
                Smell(kind: cause.kind, node: test.declaration, message: "\(test.shown) \(ignored)", cause: cause))
        }
        // An empty example named for not crashing (`it("does not crash") {}`) checks what its spec's set-up
        // did: that running got this far (Quick 7.6.2's cross-referencing specs).
        if let statements = test.statements, statements.isEmpty,
            !TestSourceAnalyzer.namedForRunning(test.shown.split(separator: ".").last.map(String.init) ?? test.shown)
        {
            found.append(
                Smell(
                    kind: .emptyTest, node: test.declaration,
                    message: "\(test.shown) is empty: it passes whatever the code does"))
        }
        return found
    }

    /// Why the test is switched off without a reason, or `nil`.
    private static func ignored(_ test: ScannedTest) -> (NeverRunCause, String)? {
        switch test.framework {
        case .quick:
            // A comment above the `xit`, `pending` or `xdescribe` that switches it off says why.
            if test.switchedOff, !(test.switchedOffBy.map(hasComment) ?? false) {
                return (
                    .pendingWithoutReason,
                    "is switched off (xit, pending, or an xdescribe/xcontext around it) with no comment saying why: it never runs"
                )
            }
            return test.statements.flatMap(unconditionalSkip)
        case .swiftTesting:
            return test.declaration.as(FunctionDeclSyntax.self).flatMap(disabledWithoutReason)
        case .xctest:
            guard let function = test.declaration.as(FunctionDeclSyntax.self) else { return nil }
            // A comment above says why (argument-parser's `disabled_testParsing_BadlyFormedPositional`).
            if let prefix = ScannedTests.switchedOffPrefix(function.name.text), !hasComment(Syntax(function)),
                !test.calledByTests
            {
                return (.renamedOff, "is switched off by its name (the prefix \(prefix)): XCTest never runs it")
            }
            return function.body.flatMap { unconditionalSkip($0.statements) }
        }
    }

    /// `@Test(.disabled())` with no comment (a `//` above the test is Swift Testing's comment) and no
    /// `.bug(…)`, or `@Test(.enabled(if: false))` / `.disabled(if: true)`.
    private static func disabledWithoutReason(_ function: FunctionDeclSyntax) -> (NeverRunCause, String)? {
        guard
            let attribute = function.attributes.compactMap({ $0.as(AttributeSyntax.self) }).first(where: {
                $0.attributeName.trimmedDescription == "Test"
            }),
            let arguments = attribute.arguments?.as(LabeledExprListSyntax.self)
        else { return nil }
        let traits = arguments.compactMap { $0.expression.as(FunctionCallExprSyntax.self) }
        let names = traits.compactMap { CallCollector.calledName($0.calledExpression) }
        guard !names.contains("bug") else { return nil }
        let commented = hasComment(Syntax(function))
        for trait in traits {
            let name = CallCollector.calledName(trait.calledExpression)
            let condition = trait.arguments.first?.expression.trimmedDescription
            if name == "disabled", trait.arguments.isEmpty, !commented {
                return (
                    .disabledWithoutReason,
                    "is switched off by .disabled() with no reason: say why, with a comment or .bug(…)"
                )
            }
            if (name == "enabled" && condition == "false") || (name == "disabled" && condition == "true") {
                return (
                    .conditionAlwaysFalse, "is switched off by .\(name ?? "")(if: \(condition ?? "")): it never runs"
                )
            }
        }
        return nil
    }

    /// Whether a comment precedes `node` (a function, or the call switching an example off).
    private static func hasComment(_ node: Syntax) -> Bool {
        node.leadingTrivia.contains { piece in
            switch piece {
            case .lineComment, .blockComment, .docLineComment, .docBlockComment: return true
            default: return false
            }
        }
    }

    /// `throw XCTSkip(…)`, `try XCTSkipIf(true…)` or `try XCTSkipUnless(false…)` as a statement of
    /// the test's body itself (not under a condition or an `#if`).
    private static func unconditionalSkip(_ statements: CodeBlockItemListSyntax) -> (NeverRunCause, String)? {
        for item in statements {
            if let statement = item.item.as(ThrowStmtSyntax.self),
                let call = statement.expression.as(FunctionCallExprSyntax.self),
                CallCollector.calledName(call.calledExpression) == "XCTSkip"
            {
                return (.alwaysSkips, "always throws XCTSkip: it never runs its checks")
            }
            let expression = item.item.as(ExprSyntax.self).map { $0.as(TryExprSyntax.self)?.expression ?? $0 }
            guard let call = expression?.as(FunctionCallExprSyntax.self),
                let name = CallCollector.calledName(call.calledExpression),
                let first = call.arguments.first?.expression.trimmedDescription
            else { continue }
            if (name == "XCTSkipIf" && first == "true") || (name == "XCTSkipUnless" && first == "false") {
                return (.alwaysSkips, "always skips (\(name)(\(first))): it never runs its checks")
            }
        }
        return nil
    }
}
