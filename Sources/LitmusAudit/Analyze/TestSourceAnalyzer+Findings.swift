import SwiftSyntax

/// What the analysis finds in one test's body besides its smells: no assertion, swallowed errors,
/// expectations never waited for, the other framework's checks, unawaited checks, sleeps.
extension TestSourceAnalyzer {
    /// Whether a test's name says running it is the check (`allLogLevelsDoNotCrash`,
    /// `compileInitializeStandardStreamLogHandlers`, Quick's `it("does not crash")`, Stencil's
    /// `testTokenizeIncorrectSyntaxWithoutCrashing`, swift-dependencies' `testDeadlock`, nicklockwood/LRUCache 1.2.1's
    /// `testNoStackOverflowForlargeCache`, danielsaidi/MockingKit 2.0.0's
    /// `testCallingFunctionWithVoidResultDoesNotFailWithPreconditionFailureIfNoResultIsRegistered`): no trap (a crash,
    /// an overflow, a precondition failure or a fatal error, Swift's traps by name), no hang, it built.
    static func namedForRunning(_ name: String) -> Bool {
        // A contraction is its negation (`shouldn't crash`, `doesn’t overflow`); the letters are read then, so a word
        // that only ends in `nt` (`testClientThrows`, `testIntOverflow`) is no negation. An overflow traps in Swift.
        let words = name.lowercased().replacingOccurrences(of: "n't", with: " not")
            .replacingOccurrences(of: "n\u{2019}t", with: " not").filter { $0.isLetter }
        // A test named only for a deadlock (`testDeadlock`) checks that it does not happen; one named for a
        // deadlock detector (`testDeadlockDetectorFindsCycle`) checks what the detector finds.
        return [
            "notcrash", "nocrash", "nottrap", "notthrow", "withoutcrash", "withouttrap", "compile", "nodeadlock",
            "notdeadlock", "withoutdeadlock", "nothang", "notoverflow", "withoutoverflow", "nooverflow",
            "nostackoverflow", "nothalt", "notfailwithprecondition", "nopreconditionfailure",
            "withoutpreconditionfailure",
            "notfatalerror", "nofatalerror", "withoutfatalerror", "notfailwithfatalerror",
        ].contains(where: words.contains) || ["deadlock", "testdeadlock"].contains(words) || namedForFuzzing(name)
            || namedForPermission(name)
    }

    /// Whether `name` says the code must allow what the test does (spotify/Mobius.swift 0.7.0's `it("should allow
    /// stopping and starting again")`, `it("allows stopping a loop immediately after dispatching an event")`, eight
    /// read false on first contact: the library reports a misuse through a hook that traps): one word of it is `allow`
    /// or `allows`, not after `not`, `never` or a contraction's `t` (`should not allow duplicates` must check a refusal).
    static func namedForPermission(_ name: String) -> Bool {
        let words = nameWords(name)
        return words.indices.contains { index in
            ["allow", "allows"].contains(words[index])
                && (index == 0 || !["not", "never", "t", "nt"].contains(words[index - 1]))
        }
    }

    /// Whether `name` names a fuzz test (`testDeserializeFuzzMessages`, `fuzzing the parser`): one word of it,
    /// split at case changes and non-letters, is `fuzz`, `fuzzing`, `fuzzer` or `fuzzed` (not `fuzzy`). Its check
    /// is that odd input does not crash the code, which running makes.
    static func namedForFuzzing(_ name: String) -> Bool {
        nameWords(name).contains { ["fuzz", "fuzzing", "fuzzer", "fuzzed", "fuzzes"].contains($0) }
    }

    /// The words of a test's name or description, lowercased, split at case changes and at what is not a letter
    /// (`testAllowsStop` is `test`, `allows`, `stop`; `doesn't allow` is `doesn`, `t`, `allow`).
    static func nameWords(_ name: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in name {
            if !character.isLetter || (character.isUppercase && !word.isEmpty) {
                if !word.isEmpty { words.append(word.lowercased()) }
                word = character.isLetter ? String(character) : ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        return words
    }

    /// Whether a test named `name` (or shown by it) checks only that running does not crash or trap, so that an error
    /// it discards with `try?` is an outcome it accepts: a fuzz test, or one named for not crashing or trapping. Not one
    /// named for compiling or for no deadlock (`testCompileNestedSections`, whose `try? compile(…)` may hide the error
    /// under test), nor for not throwing (`testDoesNotThrow` checks the very error a `try?` would drop).
    static func toleratesThrows(_ name: String) -> Bool {
        let words = name.lowercased().replacingOccurrences(of: "n't", with: " not")
            .replacingOccurrences(of: "n\u{2019}t", with: " not").filter { $0.isLetter }
        return namedForFuzzing(name)
            || ["notcrash", "nocrash", "withoutcrash", "nottrap", "withouttrap"].contains(where: words.contains)
    }

    /// The name a Swift Testing test is shown by: the first argument of its `@Test`, when a string literal with
    /// nothing interpolated (mattt/Replay 0.4.0's `@Test("unregister with unknown key does not crash")`).
    static func displayName(of function: FunctionDeclSyntax) -> String? {
        for attribute in function.attributes {
            guard let attribute = attribute.as(AttributeSyntax.self),
                attribute.attributeName.trimmedDescription.split(separator: ".").last == "Test",
                case .argumentList(let arguments) = attribute.arguments,
                let first = arguments.first, first.label == nil,
                let literal = first.expression.as(StringLiteralExprSyntax.self)
            else { continue }
            return literal.representedLiteralValue
        }
        return nil
    }

    /// The closure `attempt` is the one statement of, and the call it is given to (by a label, or as the trailing
    /// closure); `nil` when it is not so.
    private static func soleStatementClosure(of attempt: TryExprSyntax) -> (
        closure: ClosureExprSyntax, call: FunctionCallExprSyntax
    )? {
        guard let statements = attempt.parent?.as(CodeBlockItemSyntax.self)?.parent?.as(CodeBlockItemListSyntax.self),
            statements.count == 1, let closure = statements.parent?.as(ClosureExprSyntax.self),
            let call = closure.parent?.as(FunctionCallExprSyntax.self)
                ?? closure.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return nil }
        return (closure, call)
    }

    /// Whether `attempt` is the one statement of a closure given to a helper's parameter of a function type that
    /// returns a value (``HelperIndex/returnsValue(of:in:)``): its optional is the closure's result, not discarded.
    static func isReturnedToHelper(_ attempt: TryExprSyntax, helpers: HelperIndex) -> Bool {
        soleStatementClosure(of: attempt).map { helpers.returnsValue(of: $0.closure, in: $0.call) } ?? false
    }

    /// Whether `attempt` is the one statement of a closure given to `map` or `flatMap` (the only argument, or the
    /// trailing closure): its optional is the transform's value, kept as `let x = try? f()` keeps it (HTMLString
    /// 6.0.1's `guard let text = url.flatMap({ try? String(contentsOf: $0) }) else { return XCTFail(…) }`).
    /// `compactMap` drops the `nil`s, and with them the errors: still discarded.
    static func isTransformed(_ attempt: TryExprSyntax) -> Bool {
        guard let call = soleStatementClosure(of: attempt)?.call,
            call.arguments.count + (call.trailingClosure == nil ? 0 : 1) == 1,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return false }
        return ["map", "flatMap"].contains(member.declName.baseName.text)
    }

    func findings(
        in function: FunctionDeclSyntax, test: String, shown: String, library: TestLibrary, helpers: HelperIndex,
        file: ParsedFile
    ) -> [AnalyzedFinding] {
        guard let body = function.body else { return [] }
        let called = CallCollector.names(in: Syntax(body))
        var found = checkFindings(
            in: function, body: body, called: called, test: test, shown: shown, library: library, helpers: helpers,
            file: file)
        // In every `#if` branch, as the smells are read: a `try?` on the call under test swallows its error on
        // the platform that compiles it (ZIPFoundation's `#if os(macOS)` comparison with the system's zip).
        for tryExpression in body.descendants(of: TryExprSyntax.self)
        where tryExpression.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
            && tryExpression.resultIsDiscarded && !SwallowedErrorIntent.isIntended(tryExpression)
            && !Self.isReturnedToHelper(tryExpression, helpers: helpers) && !Self.isTransformed(tryExpression)
            && !CaughtErrors.throwsOnlyOwnErrors(tryExpression, rethrowing: helpers.rethrowing)
            && !CaughtErrors.errorCheckedAfter(tryExpression, helpers: helpers)
            && !CaughtErrors.effectCheckedAfter(tryExpression)
            && !Self.toleratesThrows(function.name.text)
            && !(Self.displayName(of: function).map(Self.toleratesThrows) ?? false)
        {
            found.append(
                AnalyzedFinding(
                    kind: .swallowedError, testName: test, file: file.file, line: file.line(tryExpression),
                    message: "\(shown) discards an error with `\(tryExpression.quoted(60))`"))
        }
        // A type the tests declare and the package's own sources do not, when those are known.
        let ownType = { (name: String) in
            helpers.sources.map { $0.testOnlyDeclarations(of: name) != nil } ?? helpers.declaresType(name)
        }
        for swallowed in CaughtErrors.swallowed(in: body, test: shown, ownType: ownType, helpers: helpers) {
            found.append(
                AnalyzedFinding(
                    kind: .swallowedError, testName: test, file: file.file, line: file.line(swallowed.node),
                    message: swallowed.message))
        }
        let createsExpectation = called.contains("expectation") || called.contains("XCTestExpectation")
        // A helper that waits for every expectation waits for those `expectation(description:)` made before it
        // returns (before its call, or in the closures handed to it), not for an `XCTestExpectation(description:)`,
        // which no test case knows of, nor for one made after it.
        let made = body.descendants(of: FunctionCallExprSyntax.self).filter {
            CallCollector.calledName($0.calledExpression) == "expectation"
        }
        let waits =
            called.contains { ["wait", "waitForExpectations", "fulfillment"].contains($0) }
            || body.descendants(of: FunctionCallExprSyntax.self).contains {
                CallCollector.mayCallHelper($0) && helpers.waitsForGiven($0)
            }
            || (!called.contains("XCTestExpectation")
                && body.descendants(of: FunctionCallExprSyntax.self).contains { call in
                    CallCollector.mayCallHelper(call) && helpers.waitsForAll(call)
                        && made.allSatisfy { $0.position < call.endPosition }
                })
        if createsExpectation && !waits {
            found.append(
                AnalyzedFinding(
                    kind: .unwaitedExpectation, testName: test, file: file.file, line: file.line(function),
                    message: "\(shown) creates an expectation and never waits for it"))
        }
        found += ignoredChecks(in: body, test: test, shown: shown, library: library, helpers: helpers, file: file)
        found += sleeps(in: body, test: test, shown: shown, helpers: helpers, file: file)
        // What follows a bare `return` of the body never runs: nothing found there counts.
        if let dead = EmptyAndIgnoredDetector.deadAfter(body.statements) {
            let last = file.line(dead)
            found.removeAll { ($0.line ?? 0) > last }
        }
        return found
    }

    /// A test that checks nothing: no assertion, no helper or library check, no plain `try`, no `throw` that leaves
    /// it, or a round trip whose decoded value is thrown away.
    private func checkFindings(
        in function: FunctionDeclSyntax, body: CodeBlockSyntax, called: Set<String>, test: String, shown: String,
        library: TestLibrary, helpers: HelperIndex, file: ParsedFile
    ) -> [AnalyzedFinding] {
        // Explicit checks: assertions, helpers and library functions that check, the package's own checks. A
        // `precondition` of a condition the test itself makes checks too, by ending the process (Swift-BigInt
        // v2.4.0's `precondition(M[i, j] == S[i, j], …)`); `precondition(true)` does not.
        let checksExplicitly =
            called.contains(where: Self.asserts)
            || body.descendants(of: FunctionCallExprSyntax.self).contains { call in
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "precondition"
                    && call.arguments.first.map { !$0.expression.is(BooleanLiteralExprSyntax.self) } == true
            }
            || !called.isDisjoint(with: helpers.checking)
            || !called.isDisjoint(with: checks)
            || LibraryChecks.makesCheck(
                in: Syntax(body), typed: file.typed, imports: file.imports, xctest: library != .swiftTesting,
                sources: helpers.sources)
            || CheckingTypes.checksThrough(Syntax(body), file: file.file, checking: helpers.checkingTypes)
        let assertsSomething =
            checksExplicitly || !called.isDisjoint(with: helpers.asserting)
            || CallCollector.hasPlainTry(in: Syntax(body)) || CallCollector.throwsOut(of: Syntax(body))
            || (library == .xctest && tearDownChecks(after: function, helpers: helpers))
        // A test named for not crashing or for compiling (`allLogLevelsDoNotCrash`,
        // `compileInitializeStandardStreamLogHandlers`) checks exactly that by running: no trap, it built.
        // A test that always skips checks nothing on purpose: ignoredTest asks for its reason.
        // A test that only hands values to a function that discards them checks that they compile; so does one
        // whose comments say so.
        if !assertsSomething && !Self.namedForRunning(function.name.text)
            && !(Self.displayName(of: function).map(Self.namedForRunning) ?? false)
            && !EmptyAndIgnoredDetector.alwaysSkips(body.statements) && !CompileOnlyCheck.onlyTypeChecks(function)
            && !CompileOnlyCheck.commentSaysSo(function)
        {
            let measures = CallCollector.measuresPerformance(in: Syntax(body))
            return [
                AnalyzedFinding(
                    kind: .noAssertion, testName: test, file: file.file, line: file.line(function),
                    message: measures
                        ? "\(shown) is a performance test: it measures and asserts nothing, and XCTest on Linux keeps no baseline to compare with, so it passes whatever the code does"
                        : "\(shown) asserts nothing: it passes whatever the code does")
            ]
        }
        if !checksExplicitly, let decode = CaughtErrors.discardedDecode(in: body) {
            // A round trip whose decoded value is thrown away checks only that decoding does not throw.
            return [
                AnalyzedFinding(
                    kind: .noAssertion, testName: test, file: file.file, line: file.line(decode),
                    message:
                        "\(shown) decodes and throws the result away (`\(decode.quoted(50))`), and checks nothing else: only that decoding does not throw is checked"
                )
            ]
        }
        return []
    }

    /// Whether the XCTest class of `function` checks a value in its `tearDown` (`tearDownWithError`): the
    /// instance method that overrides XCTest's, which runs after each of its tests and whose failure fails that
    /// test (apple/swift-atomics 1.3.0's `StrongReferenceRace` tests only race, and its `tearDown` asserts that
    /// no instance leaked). Not `class func tearDown()`, run once after the class; not a clean-up that only
    /// checks it did not throw (`XCTAssertNoThrow`, `XCTUnwrap`, a `try`) or waits.
    private func tearDownChecks(after function: FunctionDeclSyntax, helpers: HelperIndex) -> Bool {
        guard
            let owner = function.enclosingDeclarationGroup?.as(ClassDeclSyntax.self)
        else { return false }
        return owner.memberBlock.members.contains { member in
            guard let method = member.decl.as(FunctionDeclSyntax.self),
                ["tearDown", "tearDownWithError"].contains(method.name.text),
                method.signature.parameterClause.parameters.isEmpty, let body = method.body,
                method.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }),
                !method.modifiers.contains(where: { [.keyword(.class), .keyword(.static)].contains($0.name.tokenKind) })
            else { return false }
            let called = CallCollector.names(in: Syntax(body))
            return !called.isDisjoint(with: Self.valueChecks) || !called.isDisjoint(with: helpers.checking)
        }
    }

    /// The XCTest assertions that check a value (not `XCTAssertNoThrow`, `XCTUnwrap` or a wait).
    static let valueChecks: Set<String> = [
        "XCTAssert", "XCTAssertTrue", "XCTAssertFalse", "XCTAssertEqual", "XCTAssertNotEqual", "XCTAssertNil",
        "XCTAssertNotNil", "XCTAssertIdentical", "XCTAssertNotIdentical", "XCTAssertGreaterThan",
        "XCTAssertGreaterThanOrEqual", "XCTAssertLessThan", "XCTAssertLessThanOrEqual", "XCTAssertEqualWithAccuracy",
        "XCTAssertThrowsError", "XCTFail",
    ]

    /// The checks no framework reports: the other framework's assertions, and assertions never awaited.
    private func ignoredChecks(
        in body: CodeBlockSyntax, test: String, shown: String, library: TestLibrary, helpers: HelperIndex,
        file: ParsedFile
    ) -> [AnalyzedFinding] {
        let reported = swiftTestingReportsXCTestFailures
        let ignored =
            library == .swiftTesting
            ? IgnoredCheckDetector.xctestAssertions(in: body, test: shown, helpers: helpers, reported: reported)
                .map { (FindingKind.xctestAssertionInSwiftTesting, $0) }
            : IgnoredCheckDetector.expectMacros(in: body, test: shown, helpers: helpers).map { (.expectInXCTest, $0) }
        let unawaited = IgnoredCheckDetector.unawaitedAssertions(in: body, test: shown, helpers: helpers)
            .map { (FindingKind.unawaitedAssertion, $0) }
        return (ignored + unawaited).filter { file.compiled.compiles($0.1.node) }.map { kind, place in
            var finding = AnalyzedFinding(
                kind: kind, testName: test, file: file.file, line: file.line(place.node), message: place.message)
            // From Swift 6.4 the check fails the test: advice to use the test's own framework, not a smell.
            if kind == .xctestAssertionInSwiftTesting && reported {
                finding.finding.hint = true
                finding.finding.fix = IgnoredCheckDetector.reportedXCTestAssertionFix
            }
            return finding
        }
    }

    /// The waits for time in `scope` (a test's body, or a Quick example): its own sleeps, and its calls of
    /// helpers that sleep, each reported where the test makes it.
    func sleeps(
        in scope: some SyntaxProtocol, test: String, shown: String, helpers: HelperIndex, file: ParsedFile
    ) -> [AnalyzedFinding] {
        let direct = SleepDetector.directCalls(in: scope).filter(file.compiled.compiles)
        let awaited = SleepDetector.awaitedSleeps(in: scope).filter(file.compiled.compiles).map { call in
            AnalyzedFinding(
                kind: .sleepInTest, testName: test, file: file.file, line: file.line(call),
                message: "\(shown) waits for work that sleeps first: \(call.quoted(60))")
        }
        let own = direct.compactMap { call -> AnalyzedFinding? in
            if CallCollector.isSleep(call) {
                guard !SleepDetector.waitsForNothing(call) else { return nil }
                return AnalyzedFinding(
                    kind: .sleepInTest, testName: test, file: file.file, line: file.line(call),
                    message: "\(shown) sleeps: \(call.quoted(60))")
            }
            guard CallCollector.mayCallHelper(call), let name = CallCollector.calledName(call.calledExpression),
                helpers.callsSleepingHelper(call)
            else { return nil }
            return AnalyzedFinding(
                kind: .sleepInTest, testName: test, file: file.file, line: file.line(call),
                message: "\(shown) calls \(name)(…), a helper that sleeps")
        }
        return own + awaited
    }
}

extension TestSourceAnalyzer {
    /// The checks of `file` that cannot fail or are never evaluated: Nimble expectations with no matcher
    /// call, and tautologies.
    func analyzeChecks(
        of file: ParsedFile, helpers: HelperIndex, sources: SourceFunctions?, into analysis: inout SourceAnalysis
    ) {
        for call in IgnoredCheckDetector.unevaluatedExpectations(in: file.tree, helpers: helpers)
        where file.compiled.compiles(call) {
            let owner = call.enclosingFunctionName ?? "test code"
            analysis.findings.append(
                AnalyzedFinding(
                    kind: .unevaluatedExpectation, testName: owner, file: file.file, line: file.line(call),
                    message:
                        "\(owner): `\(call.quoted(60))` is never evaluated: no .to, .toNot or .toEventually follows it"
                ))
        }
        for node in file.compiledNodes(Syntax.self) {
            if let message = TautologyDetector.message(
                for: node,
                underTest: { check, call in
                    guard let underTest = helpers.codeUnderTest, underTest.declares(check) else { return false }
                    // The compiler's facts, where they name the module the call resolved to, decide whose check it is.
                    if let call, let module = file.typed?.declaration(calledBy: call)?.module {
                        return underTest.modules.contains(module)
                    }
                    return true
                }, writesEquality: { sources?.writesEquality(of: $0) ?? false })
            {
                let owner = node.enclosingFunctionName ?? "test code"
                analysis.findings.append(
                    AnalyzedFinding(
                        kind: .tautology, testName: owner, file: file.file, line: file.line(node),
                        message: "\(owner): \(message)"))
            }
        }
    }
}
