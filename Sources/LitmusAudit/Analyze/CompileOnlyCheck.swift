import SwiftSyntax

/// A test whose check is the compiler's: every statement of its body hands values to a function of its own type
/// that only discards them (`_ = handler`), so what it checks is that those values type-check as that function's
/// parameters, as Alamofire 5.12.0's 22 `testThat…CanBeCreatedStaticallyFromProtocol` tests do
/// (`takeCachedResponseHandler(.cache)`, with `func takeCachedResponseHandler(_ handler: any
/// CachedResponseHandler) { _ = handler }`): removing the static member breaks the build, not a run. No
/// noAssertion for it. A function that does anything else with its parameters (stores, calls, returns one) is
/// code the test runs, and the test still asserts nothing; so is an argument that runs code (`take(makeClient())`,
/// `take(sut.parse(input))`): only implicit members (`.cache`, `.json()`, `.modify { … }`) and literals are values
/// whose making is the compiler's business. A name with an overload that does more is not read as discarding.
enum CompileOnlyCheck {
    /// Whether every statement of `function`'s body calls a discarding function of the type it is declared in.
    static func onlyTypeChecks(_ function: FunctionDeclSyntax) -> Bool {
        guard let statements = function.body?.statements, !statements.isEmpty,
            let members = function.parent?.parent?.as(MemberBlockItemListSyntax.self)
        else { return false }
        let functions = members.descendants(of: FunctionDeclSyntax.self)
        let discarding = Set(functions.filter(onlyDiscardsParameters).map(\.name.text)).subtracting(
            functions.filter { !onlyDiscardsParameters($0) }.map(\.name.text))
        return statements.allSatisfy { item in
            guard let call = item.item.as(FunctionCallExprSyntax.self),
                call.arguments.allSatisfy({ isMadeByTheCompiler($0.expression) })
            else { return false }
            let name =
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? call.calledExpression.as(MemberAccessExprSyntax.self).flatMap { member in
                    member.base?.trimmedDescription == "self" ? member.declName.baseName.text : nil
                }
            return name.map(discarding.contains) ?? false
        }
    }

    /// An implicit member (`.cache`), a call of one (`.json()`, `.modify { _, _ in nil }`), or a literal
    /// (``StateSyntax/isLiteral(_:)``: a closure too, which the compiler makes and the call only discards).
    static func isMadeByTheCompiler(_ expression: ExprSyntax) -> Bool {
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.base == nil }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        {
            return member.base == nil
        }
        return StateSyntax.isLiteral(expression)
    }

    /// Whether `helper` takes parameters and its body is nothing but `_ = parameter` for some of them.
    static func onlyDiscardsParameters(_ helper: FunctionDeclSyntax) -> Bool {
        let parameters = Set(helper.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        guard !parameters.isEmpty, let statements = helper.body?.statements, !statements.isEmpty else { return false }
        return statements.allSatisfy { item in
            guard let assignment = item.item.as(SequenceExprSyntax.self)?.elements.map({ $0 }), assignment.count == 3,
                assignment[0].is(DiscardAssignmentExprSyntax.self), assignment[1].is(AssignmentExprSyntax.self),
                let name = assignment[2].as(DeclReferenceExprSyntax.self)?.baseName.text
            else { return false }
            return parameters.contains(name)
        }
    }

    /// Whether the test's own comments say that building it, or running it without a crash, is its check: a comment
    /// on the function or in its body (`// This test passes if it compiles`, GRDB.swift 7.10.0; `// Compile-time
    /// assertion: …`, swift-collections; `// testing compile works`, Path.swift; `// must not crash`,
    /// swift-algorithms; `// Test for crash`, Cuckoo 2.4.0). The maintainers wrote the intent down, and what it
    /// checks a run cannot show otherwise. Only a statement of that intent counts (``statedIntent``): not a comment
    /// that names compiling or a crash for another reason (`// needed to compile on Linux`, `// compile the
    /// template`, `// MARK: - Compile-time helpers`, `// TODO: no crash reporter yet`). A contraction is read as its
    /// negation (`// shouldn't crash`).
    /// A comment above the type that declares it counts too (kean/Future 1.4.0's `// Basically just test that these
    /// things compile.` above `class FutureOnTests`).
    static func commentSaysSo(_ function: FunctionDeclSyntax) -> Bool {
        var above = function.leadingTrivia
        if let type = function.parent?.parent?.parent?.parent.flatMap({ $0.asProtocol(DeclGroupSyntax.self) }) {
            above = type.leadingTrivia + above
        }
        return commentSaysSo(above: above, in: function.body.map(Syntax.init))
    }

    /// The same for a test whose comments are `above` it (a Quick example's `it(…)`) and in its `body`.
    static func commentSaysSo(above: Trivia, in body: Syntax?) -> Bool {
        var comments = above.commentTexts
        if let body {
            for token in body.tokens(viewMode: .sourceAccurate) {
                comments += token.leadingTrivia.commentTexts + token.trailingTrivia.commentTexts
            }
        }
        return comments.contains { comment in
            comment.lowercased().replacingOccurrences(of: "n\u{2019}t", with: " not")
                .replacingOccurrences(of: "n't", with: " not")
                .range(of: statedIntent, options: .regularExpression) != nil
        }
    }

    /// The statements of intent ``commentSaysSo(_:)`` reads: passing if it compiles, a compile-time assertion, check
    /// or test, making sure something compiles or type-checks (karwa/swift-url 0.4.2's five `testSendable`: "it's
    /// enough to just ensure that this type-checks"), a compilation test, a check on compile
    /// (RxSwiftCommunity/RxOptional 5.0.6's `// Check on compile`), testing that these things compile or expecting an
    /// API to compile (kean/Future 1.4.0's `// EXPECT castError to compile …`); not crashing or trapping, a test for a
    /// crash.
    private static let statedIntent = [
        #"\bpass(es)? if (it|this|the code|code|that) compiles\b"#,
        #"\bcompile[- ]?time (assertion|check|test)"#, #"\b(tested|checked|verified) at compile[- ]?time\b"#,
        #"\bmak(e|es|ing) sure\b.*\bcompiles?\b"#, #"\b(syntax/)?compilation test\b"#, #"\btesting compile works\b"#,
        #"\bcheck(s|ed)? (on|at) compil(e|ation)\b"#,
        #"\btest(s|ing)? that (it|this|these|they|the code)( \w+)? compiles?\b"#,
        #"\bexpect \w+ to compile\b"#,
        #"\b(ensur(e|es|ing)|mak(e|es|ing) sure)\b.*\btype[- ]?checks\b"#,
        #"\b(must|should|does|do|will|shall|can) (only )?not (crash|trap)\b"#, #"\bwithout (a )?(crash|trap)"#,
        #"\btest(s|ing)? for (a )?crash\b"#,
    ].joined(separator: "|")
}
