import SwiftSyntax

/// The functions of testing libraries that check, by the module that declares them: a test calling one
/// asserts something though it calls no `XCTAssert…` (a TestStore's `send` and `receive` assert exhaustively,
/// `assertSnapshot` compares with the recorded snapshot). With the compiler's facts a call is one of them by
/// its declaration's USR; without, by its name and the file's imports.
enum LibraryChecks {
    /// The checks of each library module, by base name.
    static let byModule: [String: Set<String>] = [
        "XCTest": [
            "XCTFail", "XCTUnwrap", "XCTExpectFailure", "wait", "waitForExpectations", "fulfillment",
        ],
        "Testing": ["record", "withKnownIssue", "confirmation"],
        "Nimble": [
            "expect", "expecta", "require", "requirea", "unwrap", "unwrapa", "pollUnwrap", "pollUnwrapa", "fail",
            "waitUntil", "to", "toNot", "notTo", "toEventually", "toEventuallyNot", "toAlways", "toNever",
        ],
        "SnapshotTesting": ["assertSnapshot", "assertSnapshots", "verifySnapshot", "_assertInlineSnapshot"],
        "InlineSnapshotTesting": ["assertInlineSnapshot"],
        "CustomDump": ["expectNoDifference", "expectDifference", "XCTAssertNoDifference", "XCTAssertDifference"],
        "IssueReporting": ["reportIssue", "withExpectedIssue", "withKnownIssue"],
        "MacroTesting": ["assertMacro"],
        // Spectre's `describe` is one when it runs specs that check (``runsSpecsThatCheck(_:)``).
        "Spectre": ["expect"],
    ]

    /// Checks that are members of a library's type: a TestStore's actions and a TestClock's run.
    static let byType: [(module: String, type: String, names: Set<String>)] = [
        (
            "ComposableArchitecture", "TestStore",
            ["send", "receive", "finish", "skipReceivedActions", "skipInFlightEffects", "assert"]
        ),
        ("Clocks", "TestClock", ["run", "checkSuspension"]),
        ("Clocks", "UnimplementedClock", ["init", "UnimplementedClock"]),
    ]

    /// Whether `declaration`, called by the name `name`, is a library's check.
    static func isCheck(_ declaration: TypedDeclaration, name: String) -> Bool {
        guard let module = declaration.module else { return false }
        if module == "XCTest", name.hasPrefix("XCTAssert") { return true }
        if byModule[module]?.contains(name) == true { return true }
        return byType.contains { entry in
            entry.module == module && entry.names.contains(name) && declaration.isMember(of: entry.type, in: module)
        }
    }

    /// Whether `call`, read from the syntax alone in a file importing `imports`, looks like a library's
    /// check the name list of ``TestSourceAnalyzer`` does not hold: a TestStore's action on a receiver named
    /// for a store (`store.send(.tap)`) where ComposableArchitecture is imported, a test clock's `run` on a
    /// receiver named for a clock where Clocks is, IssueReporting's `reportIssue`, Spectre's global `describe` where
    /// Spectre is imported, SwiftCheck's `property(…) <- …` where SwiftCheck is (or through an operator of the
    /// package's that applies `<-`, ``SourceFunctions/forwardsPropertyCheck(_:)``).
    static func looksLikeCheck(
        _ call: FunctionCallExprSyntax, imports: Set<String>, xctest: Bool = true, sources: SourceFunctions? = nil
    ) -> Bool {
        guard let name = CallCollector.calledName(call.calledExpression) else { return false }
        if ["reportIssue", "withExpectedIssue"].contains(name) { return true }
        if name == "property", imports.contains("SwiftCheck"), call.calledExpression.is(DeclReferenceExprSyntax.self) {
            return xctest && isPropertyChecked(call, sources: sources)
        }
        if name == "describe", imports.contains("Spectre"), call.calledExpression.is(DeclReferenceExprSyntax.self) {
            return runsSpecsThatCheck(call)
        }
        guard
            let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription.lowercased()
        else { return name == "UnimplementedClock" && imports.contains("Clocks") }
        if imports.contains("ComposableArchitecture"), receiver.hasSuffix("store"),
            byType[0].names.contains(name)
        {
            return true
        }
        return imports.contains("Clocks") && receiver.hasSuffix("clock") && ["run", "checkSuspension"].contains(name)
    }

    /// Whether some call under `node` is a library's check: by its declaration where the facts know it,
    /// else by its name and the file's imports.
    /// `xctest`: whether the test is XCTest's (SwiftCheck reports through `XCTFail`, which a Swift Testing test
    /// does not hear).
    static func makesCheck(
        in node: Syntax, typed: TypedFileFacts?, imports: Set<String>, xctest: Bool = true,
        sources: SourceFunctions? = nil
    ) -> Bool {
        node.descendants(of: FunctionCallExprSyntax.self).contains { call in
            guard let name = CallCollector.calledName(call.calledExpression) else { return false }
            if let declaration = typed?.declaration(calledBy: call) {
                if name == "describe", declaration.module == "Spectre" { return runsSpecsThatCheck(call) }
                if name == "property", declaration.module == "SwiftCheck" {
                    return xctest && isPropertyChecked(call, sources: sources)
                }
                return isCheck(declaration, name: name)
            }
            return looksLikeCheck(call, imports: imports, xctest: xctest, sources: sources)
        }
    }

    /// Whether Spectre's `describe` call runs specs that check: run from an XCTest method, it reports each failed
    /// `expect` to the test case (kylef/Commander 0.9.2's `describe("ArgumentParser", testArgumentParser)`, Spectre
    /// 0.10.1's own `testSpectre`). Specs given by name are the package's functions of specs; specs given as a closure
    /// must call `expect` or `failure` somewhere in it, or they check nothing.
    static func runsSpecsThatCheck(_ call: FunctionCallExprSyntax) -> Bool {
        let closures =
            call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
            + (call.trailingClosure.map { [$0] } ?? [])
        guard !closures.isEmpty else { return true }
        return closures.contains { closure in
            Syntax(closure).descendants(of: FunctionCallExprSyntax.self).contains {
                ["expect", "failure", "fail"].contains(CallCollector.calledName($0.calledExpression) ?? "")
            }
        }
    }

    /// Whether SwiftCheck's `property("…")` is checked: `property("law") <- forAll { … }` runs the property and
    /// fails the test (`XCTFail`) on a counterexample (thoughtbot/Runes' specs). Without `<-` it only builds a
    /// value; `reportProperty` only prints, and is another name; a property given no quantifier (`<- true`)
    /// checks nothing the line does not show. An operator the package declares to apply `<-` for it is `<-`
    /// (bow-swift/bow 0.8.0's `property("…") <~ forAll { … }`, 76 tests read false on first contact).
    static func isPropertyChecked(_ call: FunctionCallExprSyntax, sources: SourceFunctions? = nil) -> Bool {
        guard let list = call.parent?.as(ExprListSyntax.self) else { return false }
        var elements = list.makeIterator()
        while let element = elements.next() {
            guard element.id == call.id else { continue }
            guard let applied = elements.next()?.as(BinaryOperatorExprSyntax.self)?.operator.text,
                applied == "<-" || sources?.forwardsPropertyCheck(applied) == true,
                let quantifier = elements.next()?.as(FunctionCallExprSyntax.self)
            else { return false }
            return ["forAll", "forAllNoShrink", "forAllShrink", "exists"].contains(
                CallCollector.calledName(quantifier.calledExpression) ?? "")
        }
        return false
    }

    /// The modules `file` imports.
    static func imports(of file: SourceFileSyntax) -> Set<String> {
        Set(file.descendants(of: ImportDeclSyntax.self).compactMap { $0.path.first?.name.text })
    }
}
