import SwiftSyntax

/// Traps in a test: `try!`, a force unwrap (`x!`), a force cast (`as!`), `fatalError`,
/// `preconditionFailure`. A trap ends the test process: under Swift Testing every test of the process,
/// and the report says "crashed", not which check failed. An unwrap that cannot be `nil` does not count
/// (``cannotBeNil(_:runs:)``): a URL or UUID parsed from a fixed literal, a failable parse of a literal that
/// parses or a string's data in an encoding that holds it (``FailableLiteral``), `Test.current`, the result of running a fixture's tests, and the base address of a value's
/// bytes (``isValueBufferAddress(_:test:)``), and an unwrap inside `if E != nil { … }` or after
/// `guard E != nil else { … }` of the same expression (``isCheckedNonNil(_:)``), `first` or `last` of a collection a
/// check before found not empty (``isCheckedNonEmpty(_:)``), a constant a condition trait of the
/// test or its suite skips the test without (``TraitGuard``), and a property every
/// test finds set from a function that returns no optional (``AssignedAtSetUp``), a variable the test has just set to
/// a value that is not optional (``JustAssigned``), a member of an object the test set and the package never makes
/// `nil` (``KeptMember``), a result of a task group that still holds a task
/// (``TaskGroupResult``), the element a `map` unwraps after a `filter` kept those not `nil` (``FilteredNonNil``), a
/// property of a value the test
/// made from its own type and set from a literal (``TestMadeValue``), the library's values
/// that are never `nil` (``NeverNil``), an optional property unwrapped in its type's initializer before it is set
/// (``InitializedProperty``), and what a test helper that reads a held resource returns (``TestResources``); nor a
/// cast that holds
/// (``isHTTPResponseCast(_:to:test:)``), nor SwiftNIO's set-up that cannot fail (``EmbeddedNIO``), nor a `try!` of
/// functions declared `throws` whose bodies cannot throw (``SourceFunctions/neverThrows(_:)``).
enum TrapDetector {
    static let trappingCalls: Set<String> = ["fatalError", "preconditionFailure"]

    static func smells(_ test: ScannedTest, sources: SourceFunctions? = nil) -> [Smell] {
        var traps: [(Syntax, String)] = []
        for node in test.all(TryExprSyntax.self)
        where node.questionOrExclamationMark?.tokenKind == .exclamationMark
            && !EmbeddedNIO.cannotThrow(node.expression, test: test)
            && !LiteralJSON.cannotThrow(node.expression, test: test)
            && !TestResources.readCannotThrow(node.expression, test: test)
            && !TestResources.helperReadCannotThrow(node.expression, test: test, sources: sources)
            && TrapProvenance.mayComeFromPackage(TrapProvenance.covered(by: node), test: test, sources: sources)
            && !(sources?.neverThrows(TrapProvenance.covered(by: node)) ?? false)
        {
            traps.append((Syntax(node), "`try!`"))
        }
        // The names the test binds to a test run, read only for a test that unwraps.
        var bound: Set<String>?
        let runs = {
            let runs = bound ?? fixtureRunNames(test)
            bound = runs
            return runs
        }
        traps += test.all(ForceUnwrapExprSyntax.self).filter {
            unwrapTraps($0, test: test, sources: sources, runs: runs)
        }
        .map { (Syntax($0), "a force unwrap `\($0.quoted(50))`") }
        for node in test.all(AsExprSyntax.self)
        where node.questionOrExclamationMark?.tokenKind == .exclamationMark
            && !isHTTPResponseCast(node.expression, to: node.type, test: test)
            && !EmbeddedNIO.castHolds(node.expression, to: node.type, test: test)
            && !FileAttributeCast.holds(node.expression, to: node.type, test: test)
            && !isCheckedCast(node.expression, to: node.type)
            && TrapProvenance.mayComeFromPackage(
                [Syntax(node.expression), Syntax(node.type)], test: test, sources: sources)
        {
            traps.append((Syntax(node), "a force cast `\(node.quoted(50))`"))
        }
        for call in test.all(FunctionCallExprSyntax.self) {
            guard let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
                trappingCalls.contains(reference.baseName.text),
                !isInGuardThatHolds(call, test: test, sources: sources, runs: runs()),
                !PlatformBranch.noPlatformTakes(call)
            else { continue }
            traps.append((Syntax(call), "`\(reference.baseName.text)`"))
        }
        // Unfolded sequences hold `as!` as an UnresolvedAsExpr.
        for node in test.all(UnresolvedAsExprSyntax.self)
        where node.questionOrExclamationMark?.tokenKind == .exclamationMark {
            if let elements = node.parent?.as(ExprListSyntax.self).map(Array.init),
                let index = elements.firstIndex(where: { $0.id == node.id }), index > 0, index + 1 < elements.count,
                let type = elements[index + 1].as(TypeExprSyntax.self)?.type,
                isHTTPResponseCast(elements[index - 1], to: type, test: test)
                    || EmbeddedNIO.castHolds(elements[index - 1], to: type, test: test)
                    || FileAttributeCast.holds(elements[index - 1], to: type, test: test)
                    || isCheckedCast(elements[index - 1], to: type)
                    || !TrapProvenance.mayComeFromPackage(
                        [Syntax(elements[index - 1]), Syntax(type)], test: test, sources: sources)
            {
                continue
            }
            traps.append((Syntax(node), "a force cast `as!`"))
        }
        traps.removeAll { isExpectedTrap($0.0) }
        guard let first = named(traps, sources: sources) else { return [] }
        return [
            Smell(
                kind: .trapInTest, node: first.0,
                message: SmellScan.counted(
                    "\(test.shown) can trap: \(first.1), which ends the whole test process instead of failing this test",
                    traps.count))
        ]
    }

    /// The trap a finding names: the first that calls or names what the package's own sources declare, else the first:
    /// a regression of the package reaches it before set-up of the test's (``TrapProvenance/namesPackageSource``).
    private static func named(_ traps: [(Syntax, String)], sources: SourceFunctions?) -> (Syntax, String)? {
        let preferred = traps.filter { TrapProvenance.namesPackageSource($0.0, sources: sources) }
        return (preferred.isEmpty ? traps : preferred).min(by: { $0.0.position < $1.0.position })
    }

    /// Whether the unwrap `node` counts as a trap: a failable parse of a literal that does not parse traps on
    /// every run; one of a literal that parses never does; otherwise, a value that can be `nil`
    /// (``cannotTrap(_:test:sources:runs:)``) and can come from the package's code (``TrapProvenance``).
    private static func unwrapTraps(
        _ node: ForceUnwrapExprSyntax, test: ScannedTest, sources: SourceFunctions?, runs: () -> Set<String>
    ) -> Bool {
        switch FailableLiteral.judge(node.expression, test: test) {
        case .cannotFail: return false
        case .canFail: return true
        case .notRead:
            return !cannotTrap(node, test: test, sources: sources, runs: runs)
                && TrapProvenance.mayComeFromPackage(node.expression, test: test, sources: sources)
        }
    }

    /// Whether the unwrap `node` cannot trap: its value is never `nil` by what the sources show.
    private static func cannotTrap(
        _ node: ForceUnwrapExprSyntax, test: ScannedTest, sources: SourceFunctions?,
        runs: () -> Set<String>
    ) -> Bool {
        if neverNil(node.expression, test: test, sources: sources, runs: runs()) { return true }
        // `.current!` where a `Test` is expected (`provideScope(for: .current!, …)`) is `Test.current`.
        if test.framework == .swiftTesting, node.expression.trimmedDescription == ".current" { return true }
        if isValueBufferAddress(node.expression, test: test) { return true }
        if isCheckedNonNil(node.expression) || isCheckedNonEmpty(node.expression) { return true }
        if TraitGuard.provesNonNil(node.expression, test: test) { return true }
        if AssignedAtSetUp.cannotBeNil(node.expression, test: test, sources: sources) { return true }
        if AssignedAtSetUp.memberCannotBeNil(node.expression, test: test, sources: sources) { return true }
        if JustAssigned.cannotBeNil(node, test: test, sources: sources) { return true }
        if KeptMember.cannotBeNil(node, test: test, sources: sources) { return true }
        if TaskGroupResult.cannotBeNil(node) { return true }
        if FilteredNonNil.cannotBeNil(node) { return true }
        if TestMadeValue.cannotBeNil(node.expression, at: node, test: test, sources: sources) { return true }
        if let call = node.expression.as(FunctionCallExprSyntax.self),
            TestResources.helperFinds(call, test: test, sources: sources)
        {
            return true
        }
        if InitializedProperty.cannotBeNil(node.expression) { return true }
        if QuickSetUp.cannotBeNil(node.expression, test: test, sources: sources) { return true }
        if let sources, let call = node.expression.as(FunctionCallExprSyntax.self),
            FailableLiteral.packageFunctionCannotFail(call, test: test, sources: sources)
                || sources.initializerNeverFails(call)
        {
            return true
        }
        if let sources, let member = literalResultMember(node.expression),
            sources.alwaysReturnsLiteral(member.name, owner: member.owner)
        {
            return true
        }
        // A constant bound to such a value (`let data = json.data(using: .utf8)`, then `data!`: Moya 15.0.3).
        if let name = node.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let value = test.letValue(of: name, at: Syntax(node)),
            let binding = value.parent?.parent?.as(PatternBindingSyntax.self),
            ScannedTest.isVisible(binding, at: Syntax(node)),
            neverNil(value, test: test, sources: sources, runs: runs())
        {
            return true
        }
        return false
    }

    /// The member `expression` reads: `name` of `x.name` or of `x.name()` (no arguments), which
    /// ``SourceFunctions/alwaysReturnsLiteral(_:owner:)`` may find never `nil`, and its owner where the base starts
    /// with a type's name (`EjectError` of `EjectError.notScript.errorDescription`; none of `error.errorDescription`).
    private static func literalResultMember(_ expression: ExprSyntax) -> (name: String, owner: String?)? {
        var member = expression.as(MemberAccessExprSyntax.self)
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil {
            member = call.calledExpression.as(MemberAccessExprSyntax.self)
        }
        guard let member, var base = member.base else { return nil }
        while let inner = base.as(MemberAccessExprSyntax.self)?.base { base = inner }
        let root = base.as(DeclReferenceExprSyntax.self)?.baseName.text
        let owner = root.flatMap { $0.first?.isUppercase == true ? $0 : nil }
        return (member.declName.baseName.text, owner)
    }

    /// Whether `value` is never `nil` by what the sources show: a fixed literal parsed (``FailableLiteral``), a
    /// string's Unicode data or a fixture run (``cannotBeNil(_:runs:)``), a library's value that is
    /// never `nil` (``NeverNil``), or `try?` of what cannot throw (``LiteralJSON``).
    private static func neverNil(
        _ value: ExprSyntax, test: ScannedTest, sources: SourceFunctions?,
        runs: Set<String>
    ) -> Bool {
        if let attempt = value.as(TryExprSyntax.self),
            attempt.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
        {
            return LiteralJSON.cannotThrow(attempt.expression, test: test)
        }
        return FailableLiteral.judge(value, test: test) == .cannotFail
            || cannotBeNil(value, runs: runs)
            || NeverNil.holds(value, test: test, sources: sources)
    }

    /// Whether `call` (a `fatalError`) is in the `else` of a `guard` every condition of which binds a value that
    /// is never `nil`, so it never runs (Moya 15.0.3: `guard let data = string.data(using: .utf8) else {
    /// fatalError(…) }`, and `try? JSONSerialization.data(withJSONObject:)` of a literal).
    private static func isInGuardThatHolds(
        _ call: FunctionCallExprSyntax, test: ScannedTest, sources: SourceFunctions?,
        runs: Set<String>
    ) -> Bool {
        var current = call.parent
        while let node = current, !node.is(ClosureExprSyntax.self), !node.is(FunctionDeclSyntax.self) {
            if let guardStatement = node.as(GuardStmtSyntax.self) {
                return guardStatement.conditions.allSatisfy { element in
                    guard case .optionalBinding(let binding) = element.condition else { return false }
                    if bindsBoundStream(binding, before: guardStatement) { return true }
                    guard let value = binding.initializer?.value else { return false }
                    return neverNil(value, test: test, sources: sources, runs: runs)
                }
            }
            current = node.parent
        }
        return false
    }

    /// The Unicode encodings every Swift string can be encoded in, in either byte order: `data(using:)` never
    /// returns `nil` for them (CSV.swift 2.5.2 writes its BOM tests' text in `.utf16BigEndian` and the rest).
    static let unicodeEncodings: Set<String> = [
        "utf8", "utf16", "utf32", "unicode", "utf16BigEndian", "utf16LittleEndian", "utf32BigEndian",
        "utf32LittleEndian",
    ]

    /// The names the test binds to an `NSString` (`let text = NSString("…")`, `var text: NSString`), whose
    /// UTF-8 data can be `nil` (a lone surrogate).
    static func objcStringNames(_ test: ScannedTest) -> Set<String> {
        Set(
            test.all(PatternBindingSyntax.self).compactMap { binding in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
                let made = binding.initializer?.value.trimmedDescription ?? ""
                return type.hasPrefix("NS") || made.hasPrefix("NSString(") || made.hasPrefix("NSMutableString(")
                    ? name : nil
            })
    }

    /// The names the test binds to the result of running a fixture's tests (`let result =
    /// qck_runSpec(FunctionalTests_ItSpec.self)`), which the run always gives (``FixtureRuns``).
    static func fixtureRunNames(_ test: ScannedTest) -> Set<String> {
        Set(
            test.all(PatternBindingSyntax.self).compactMap { binding in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), FixtureRuns.runsTests(call),
                    !FixtureRuns.types(runIn: Syntax(call)).isEmpty
                else { return nil }
                return name
            })
    }

    /// Whether `expression` cannot be `nil`, so unwrapping it cannot trap (a string's Unicode data is
    /// ``FailableLiteral``'s):
    /// - `Test.current` inside a test, which Swift Testing sets while the test runs;
    /// - a URL or UUID of a fixed literal (``isFixedLiteralParse(_:)``);
    /// - the result of running a fixture's tests (`qck_runSpec(X.self)`, or a name in `runs` bound to
    ///   one), which XCTest's suite run always gives (Quick 7.6.2's functional tests unwrap 23).
    static func cannotBeNil(_ expression: ExprSyntax, runs: Set<String> = []) -> Bool {
        if expression.trimmedDescription == "Test.current" { return true }
        if isFixedLiteralParse(expression) { return true }
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text, runs.contains(name) { return true }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return false }
        return FixtureRuns.runsTests(call) && !FixtureRuns.types(runIn: Syntax(call)).isEmpty
    }

    /// `URL(string: "https://…")` or `UUID(uuidString: "…")` of a string literal whose only interpolations
    /// are plain names or members (`"http://127.0.0.1:\(port)"`): the same text every run, so the unwrap
    /// either traps on the first run or never (FlyingFox 0.27.1's server tests unwrap nine such URLs; its
    /// maintainers would not call them traps). An interpolated call or another expression may make any
    /// text, and still counts.
    static func isFixedLiteralParse(_ expression: ExprSyntax) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            call.arguments.count == 1, let argument = call.arguments.first,
            (type == "URL" && argument.label?.text == "string")
                || (type == "UUID" && argument.label?.text == "uuidString"),
            let literal = argument.expression.as(StringLiteralExprSyntax.self)
        else { return false }
        let text = literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
        if type == "URL", !text.contains("://") { return false }
        return literal.segments.allSatisfy { segment in
            guard let interpolation = segment.as(ExpressionSegmentSyntax.self) else { return true }
            return interpolation.expressions.count == 1
                && interpolation.expressions.allSatisfy {
                    $0.expression.is(DeclReferenceExprSyntax.self) || $0.expression.is(MemberAccessExprSyntax.self)
                }
        }
    }

    /// The calls that lend a closure the bytes of a value (`withUnsafeBytes(of: addrIn) { … }`): the
    /// buffer spans the value's memory, so its base address is never `nil` (FlyingFox 0.27.1's socket
    /// address tests). Not a collection's `withUnsafeBytes { … }`, whose buffer is empty, with a `nil`
    /// base, when the collection is.
    static let valueByteCalls: Set<String> = ["withUnsafeBytes", "withUnsafeMutableBytes"]

    /// Whether `expression` is the base address of the bytes of a value, or of those bytes bound to a
    /// type: `buffer.baseAddress` where `buffer` is the closure parameter of `withUnsafeBytes(of: x)`, or
    /// `buffer.bindMemory(to: T.self)` (`assumingMemoryBound(to:)`) of one, or a name the test binds to
    /// such a binding. `bindMemory` keeps the base address it binds.
    static func isValueBufferAddress(_ expression: ExprSyntax, test: ScannedTest) -> Bool {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "baseAddress",
            let base = member.base
        else { return false }
        return isValueBuffer(base, test: test, depth: 0)
    }

    private static func isValueBuffer(_ expression: ExprSyntax, test: ScannedTest, depth: Int) -> Bool {
        guard depth < 4 else { return false }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["bindMemory", "assumingMemoryBound"].contains(member.declName.baseName.text), let base = member.base
        {
            return isValueBuffer(base, test: test, depth: depth + 1)
        }
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        if closureParameterOfValueBytes(name, around: Syntax(expression)) { return true }
        return test.all(PatternBindingSyntax.self).contains { binding in
            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                && binding.initializer.map { value in
                    value.value.is(FunctionCallExprSyntax.self)
                        && isValueBuffer(value.value, test: test, depth: depth + 1)
                } == true
        }
    }

    /// Whether `name` at `node` is the parameter (or `$0`) of a closure around it that
    /// `withUnsafeBytes(of: value)` calls.
    private static func closureParameterOfValueBytes(_ name: String, around node: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current {
            if let closure = syntax.as(ClosureExprSyntax.self) {
                let parameters = closure.parameterNames ?? ["$0"]
                if parameters.contains(name) {
                    guard let call = closure.hostCall, let called = CallCollector.calledName(call.calledExpression)
                    else { return false }
                    return valueByteCalls.contains(called) && call.arguments.first?.label?.text == "of"
                }
            }
            current = syntax.parent
        }
        return false
    }

    /// Whether `value as! HTTPURLResponse` casts the response of a URLSession request to an `http(s)` URL
    /// (`let (_, response) = try await URLSession.shared.data(for: request)` in a test whose URLs are all
    /// `https://…` literals): URLSession gives an `HTTPURLResponse` for those or throws before, so the
    /// cast holds (FlyingFox 0.27.1). A test that also writes another scheme, or a response of anything
    /// else, still counts.
    static func isHTTPResponseCast(_ value: ExprSyntax, to type: TypeSyntax, test: ScannedTest) -> Bool {
        guard type.trimmedDescription == "HTTPURLResponse",
            let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return false }
        let fromSession = test.all(PatternBindingSyntax.self).contains { binding in
            guard let tuple = binding.pattern.as(TuplePatternSyntax.self), tuple.elements.count == 2,
                tuple.elements.last?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                let made = binding.initializer?.value.withoutTryOrAwait,
                let call = made.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                ["data", "upload", "download", "bytes"].contains(member.declName.baseName.text),
                let session = member.base?.trimmedDescription
            else { return false }
            return session.contains("URLSession") || session.lowercased().hasSuffix("session")
        }
        guard fromSession else { return false }
        let urls = test.all(StringLiteralExprSyntax.self).compactMap { literal -> String? in
            let text = literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
            return text.contains("://") || text.hasPrefix("data:") || text.hasPrefix("file:") ? text : nil
        }
        return !urls.isEmpty && urls.allSatisfy(isWebURL)
    }

    /// Whether `text` starts with the `http` or `https` scheme.
    private static func isWebURL(_ text: String) -> Bool {
        let prefixes = ["https://", "http://"]
        return prefixes.contains(where: text.hasPrefix)
    }

    /// A trap inside Nimble's `expect { … }.to(throwAssertion())`, which catches it on purpose.
    private static func isExpectedTrap(_ node: Syntax) -> Bool {
        if ExitTestBody.contains(node) { return true }
        var current = node.parent
        while let syntax = current {
            if let call = syntax.as(FunctionCallExprSyntax.self),
                CallCollector.calledName(call.calledExpression) == "expect",
                call.trailingClosure != nil
                    || call.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) }),
                let chained = call.parent?.as(MemberAccessExprSyntax.self)?.parent?.as(FunctionCallExprSyntax.self),
                chained.arguments.first?.expression.trimmedDescription.hasPrefix("throwAssertion") == true
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }
}
