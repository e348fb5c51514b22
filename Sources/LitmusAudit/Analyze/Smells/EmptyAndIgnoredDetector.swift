import Foundation
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
        // A Swift Testing test's display name says so too (`@Test("parsing does not crash") func parse() {}`), in a
        // suite whose set-up runs; a free function runs nothing. A fuzz test with no body fuzzes nothing.
        let name = test.shown.split(separator: ".").last.map(String.init) ?? test.shown
        let displayName = test.declaration.as(FunctionDeclSyntax.self).flatMap(TestSourceAnalyzer.displayName(of:))
        let namedForRunning = { (text: String) in
            TestSourceAnalyzer.namedForRunning(text) && !TestSourceAnalyzer.namedForFuzzing(text)
        }
        if let statements = test.statements, statements.isEmpty, !namedForRunning(name),
            !(test.owner != nil && displayName.map(namedForRunning) == true)
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
        // Any comment on the `return` says why: nothing else there would need one.
        if let statements = test.statements, let opening = openingReturn(statements), !hasComment(Syntax(opening)),
            !opening.trailingTrivia.contains(where: \.isComment)
        {
            return (
                .returnsFirst,
                "returns before anything runs (a bare `return` opens its body, with no comment saying why): its checks never run"
            )
        }
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
            // A comment above says why (argument-parser's `disabled_testParsing_BadlyFormedPositional`), or one
            // opening its body, or one above a class whose every test is switched off (Alamofire 5.12.0's).
            if let prefix = ScannedTests.switchedOffPrefix(function.name.text), !hasComment(Syntax(function)),
                !opensWithComment(function), !explainedByItsClass(function), !test.calledByTests
            {
                return (.renamedOff, "is switched off by its name (the prefix \(prefix)): XCTest never runs it")
            }
            return function.body.flatMap { unconditionalSkip($0.statements) }
        }
    }

    /// `@Test(.disabled())` with no comment (a `//` above the test is Swift Testing's comment) and no
    /// `.bug(…)`, or `@Test(.enabled(if: false))` / `.disabled(if: true)` with neither a comment argument nor a
    /// comment above.
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
        // A comment above the test, or after its attribute on the same line (`@Test(.disabled()) // Fails on CI`).
        let commented =
            hasComment(Syntax(function))
            || attribute.trailingTrivia.contains { if case .lineComment = $0 { true } else { false } }
        for trait in traits {
            let name = CallCollector.calledName(trait.calledExpression)
            let condition = trait.arguments.first?.expression.trimmedDescription
            if name == "disabled", trait.arguments.isEmpty, !commented {
                return (
                    .disabledWithoutReason,
                    "is switched off by .disabled() with no reason: say why, with a comment or .bug(…)"
                )
            }
            // A comment argument (`.enabled(if: false, "Skipped until we decide on the rules")`) or a comment
            // above says why, as `.disabled("why")` does (swift-subprocess 1.0.2's, read false on first contact).
            if (name == "enabled" && condition == "false") || (name == "disabled" && condition == "true"),
                trait.arguments.count == 1, !commented
            {
                return (
                    .conditionAlwaysFalse, "is switched off by .\(name ?? "")(if: \(condition ?? "")): it never runs"
                )
            }
        }
        return nil
    }

    /// Whether a comment opens `function`'s body, before its first statement (Alamofire 5.12.0's
    /// `disabled_testRevokedCertificate…() { // Disabled due to the instability of … revocation testing`).
    /// A comment there must give a reason (``givesReason(_:)``): Alamofire's other switched-off test opens with
    /// `// Given`, a step of the test, not why it is off.
    private static func opensWithComment(_ function: FunctionDeclSyntax) -> Bool {
        guard let body = function.body else { return false }
        return givesReason(body.leftBrace.trailingTrivia)
            || givesReason(body.statements.first.map { $0.leadingTrivia } ?? body.rightBrace.leadingTrivia)
    }

    /// The stems of words of a comment that says why a test is off, each the start of a word (`disabled`,
    /// `flakiness`, `instability`, `skipped`); words a test's own steps use (`fails`, `hangs`, `until`,
    /// `unknown`, `issue a request`) are none.
    static let reasonStems = [
        "disabl", "flak", "unstab", "instab", "skip", "broken", "todo", "fixme", "workaround", "radar", "unsupported",
        "bug", "because",
    ]
    /// Phrases of such a comment.
    static let reasonPhrases = ["due to", "not supported", "for debugging"]

    /// Whether `trivia` holds a comment that says why (``reasonStems``, ``reasonPhrases``), not a step
    /// (`// Given`, `// Given a request that fails`).
    private static func givesReason(_ trivia: Trivia) -> Bool {
        trivia.commentTexts.contains { text in
            let lower = text.lowercased()
            let words = lower.split { !$0.isLetter }
            return reasonPhrases.contains(where: lower.contains)
                || words.contains { word in reasonStems.contains(where: word.hasPrefix) }
        }
    }

    /// Whether a comment giving a reason precedes the class `function` is declared in and every test of that class
    /// is switched off by its name, so that the comment is about them (Alamofire 5.12.0's `// Disabled due to HTTPBin
    /// flakiness.` above a class of two `disabled_test…` methods).
    private static func explainedByItsClass(_ function: FunctionDeclSyntax) -> Bool {
        guard let members = function.parent?.parent?.as(MemberBlockItemListSyntax.self),
            let type = members.parent?.parent?.as(ClassDeclSyntax.self), givesReason(type.leadingTrivia)
        else { return false }
        // Every function of the class, those inside an `#if` of it too: one that runs is not covered by the comment.
        let names = members.descendants(of: FunctionDeclSyntax.self).map(\.name.text)
        return !names.contains { $0.hasPrefix("test") }
    }

    /// Whether a comment precedes `node` (a function, or the call switching an example off).
    private static func hasComment(_ node: Syntax) -> Bool {
        !node.leadingTrivia.commentTexts.isEmpty
    }

    /// `throw XCTSkip()`, `try XCTSkipIf(true)` or `try XCTSkipUnless(false)` as a statement of the test's
    /// body itself (not under a condition or an `#if`), with no reason: no message. A message says why, as `.disabled("why")` does: XCTest reports the skip with it
    /// (apple/swift-openapi-urlsession 1.4.0's `XCTSkipIf(true, "Memory blows up because …")`, read false on
    /// first contact).
    private static func unconditionalSkip(_ statements: CodeBlockItemListSyntax) -> (NeverRunCause, String)? {
        for item in statements {
            guard let (call, skip) = alwaysSkipping(item) else { continue }
            let message = skip == "XCTSkip" ? call.arguments.first : call.arguments.dropFirst().first
            guard !givesReason(message) else { continue }
            return skip == "XCTSkip"
                ? (.alwaysSkips, "always throws XCTSkip with no reason: it never runs its checks")
                : (.alwaysSkips, "always skips (\(skip)) with no reason: it never runs its checks")
        }
        return nil
    }

    /// Whether `statements` (a test's body) skip the test whatever happens, with or without a reason: a
    /// skipped test checks nothing on purpose, which is no noAssertion (ignoredTest asks for the reason). A body
    /// that opens with a bare `return` skips the rest too.
    static func alwaysSkips(_ statements: CodeBlockItemListSyntax) -> Bool {
        openingReturn(statements) != nil || statements.contains { alwaysSkipping($0) != nil }
    }

    /// The bare `return` that opens `statements` (a test's body) when statements follow it, which never run
    /// (DNS 1.2.0's fuzz tests, switched off by a `return` above a loop of a million runs). A `return` followed
    /// on its next line by an expression returns that expression's value: it is no bare `return`.
    static func openingReturn(_ statements: CodeBlockItemListSyntax) -> ReturnStmtSyntax? {
        guard statements.count > 1, let first = statements.first?.item.as(ReturnStmtSyntax.self),
            first.expression == nil
        else { return nil }
        return first
    }

    /// The first bare `return` among `statements` (a test's body) that more statements follow: they are dead
    /// code, which the compiler warns of and no run reaches.
    static func deadAfter(_ statements: CodeBlockItemListSyntax) -> ReturnStmtSyntax? {
        for (index, item) in statements.enumerated() where index < statements.count - 1 {
            if let statement = item.item.as(ReturnStmtSyntax.self), statement.expression == nil { return statement }
        }
        return nil
    }

    /// The skip `item` makes whatever happens, with what it shows: `throw XCTSkip(…)` (`XCTSkip`), `try
    /// XCTSkipIf(true…)` (`XCTSkipIf(true)`) or `try XCTSkipUnless(false…)`.
    private static func alwaysSkipping(_ item: CodeBlockItemSyntax) -> (FunctionCallExprSyntax, String)? {
        if let statement = item.item.as(ThrowStmtSyntax.self),
            let call = statement.expression.as(FunctionCallExprSyntax.self),
            CallCollector.calledName(call.calledExpression) == "XCTSkip"
        {
            return (call, "XCTSkip")
        }
        let expression = item.item.as(ExprSyntax.self).map { $0.as(TryExprSyntax.self)?.expression ?? $0 }
        guard let call = expression?.as(FunctionCallExprSyntax.self),
            let name = CallCollector.calledName(call.calledExpression),
            let first = call.arguments.first?.expression.trimmedDescription,
            (name == "XCTSkipIf" && first == "true") || (name == "XCTSkipUnless" && first == "false")
        else { return nil }
        return (call, "\(name)(\(first))")
    }

    /// Whether `argument` is a skip's message that says something (not an empty string literal).
    private static func givesReason(_ argument: LabeledExprSyntax?) -> Bool {
        guard let argument, argument.label == nil || argument.label?.text == "message" else { return false }
        if let literal = argument.expression.as(StringLiteralExprSyntax.self),
            EqualityShapeDetector.plainText(literal)?.trimmingCharacters(in: .whitespaces).isEmpty == true
        {
            return false
        }
        return true
    }
}
