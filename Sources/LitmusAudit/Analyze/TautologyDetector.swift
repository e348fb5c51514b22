import SwiftSyntax

/// Assertions that cannot fail.
enum TautologyDetector {
    private static let equalityAssertions: Set<String> = [
        "XCTAssertEqual", "XCTAssertIdentical", "XCTAssertGreaterThanOrEqual", "XCTAssertLessThanOrEqual",
    ]
    private static let truthAssertions: Set<String> = ["XCTAssert", "XCTAssertTrue"]

    /// A sentence describing the tautology at `node`, or `nil`. A check whose function or macro the package's
    /// code under test declares (`underTest`, asked with the check and the call that makes it: a testing
    /// library's own `equal` matcher, `XCTAssertEqual`, `#expect`) is a test of that check, which fails when the
    /// check is wrong: no tautology.
    /// `writesEquality` tells whether the package's own sources write `==` for a type
    /// (``SourceFunctions/writesEquality(of:)``).
    static func message(
        for node: Syntax,
        underTest: (CodeUnderTest.Check, FunctionCallExprSyntax?) -> Bool = { _, _ in false },
        writesEquality: (String) -> Bool = { _ in false }
    ) -> String? {
        guard let found = candidate(for: node, writesEquality: writesEquality), !underTest(found.check, found.call)
        else { return nil }
        return found.message
    }

    /// A sentence describing what looks like a tautology at `node`, with the check that makes it and its call.
    private static func candidate(for node: Syntax, writesEquality: (String) -> Bool) -> (
        message: String, check: CodeUnderTest.Check, call: FunctionCallExprSyntax?
    )? {
        if let call = node.as(FunctionCallExprSyntax.self), let name = CallCollector.calledName(call.calledExpression) {
            let arguments = Array(call.arguments)
            if equalityAssertions.contains(name), arguments.count >= 2,
                arguments[0].expression.trimmedDescription == arguments[1].expression.trimmedDescription,
                !checksReflexivity(call, arguments),
                name == "XCTAssertIdentical" || !testsWrittenEquality(arguments[0].expression, writesEquality),
                !comparesTwoEvaluations(arguments[0].expression, in: call, identity: name == "XCTAssertIdentical")
            {
                return (
                    "\(name) compares \(arguments[0].expression.trimmedDescription) with itself",
                    .init(name: name, isMacro: false, arguments: arguments.count), call
                )
            }
            if truthAssertions.contains(name), let first = arguments.first, isAlwaysTrue(first.expression),
                !(isSelfComparison(first.expression) && isNamedForReflexivity(call)
                    && comparison(first.expression)?.1 != "==="),
                !isTwoEvaluationsCompared(first.expression, in: call)
            {
                return (
                    "\(name)(\(first.expression.trimmedDescription)) is always true",
                    .init(name: name, isMacro: false, arguments: arguments.count), call
                )
            }
            if name == "XCTAssertFalse", let first = arguments.first,
                first.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false)
            {
                return (
                    "XCTAssertFalse(false) is always true",
                    .init(name: name, isMacro: false, arguments: arguments.count),
                    call
                )
            }
            if name == "XCTAssertNil", arguments.first?.expression.is(NilLiteralExprSyntax.self) == true {
                return (
                    "XCTAssertNil(nil) is always true", .init(name: name, isMacro: false, arguments: arguments.count),
                    call
                )
            }
            if let redundant = LiteralCheck.alwaysPasses(name, arguments) {
                return (redundant, .init(name: name, isMacro: false, arguments: arguments.count), call)
            }
            if name == "to", let found = nimbleSelfComparison(call) { return found }
        }
        if let macro = node.as(MacroExpansionExprSyntax.self),
            macro.macroName.text == "expect" || macro.macroName.text == "require",
            let first = macro.arguments.first?.expression, isAlwaysTrue(first),
            !(isSelfComparison(first) && comparison(first)?.1 != "==="
                && (isNamedForReflexivity(macro) || comparesClosureParameter(first) || testsItsType(first))),
            !isTwoEvaluationsCompared(first, in: macro)
        {
            return (
                "#\(macro.macroName.text)(\(first.trimmedDescription)) is always true",
                .init(name: macro.macroName.text, isMacro: true), nil
            )
        }
        if let macro = node.as(MacroExpansionExprSyntax.self),
            macro.macroName.text == "expect" || macro.macroName.text == "require",
            let first = macro.arguments.first?.expression, LiteralCheck.evaluate(first) == true
        {
            return (
                "#\(macro.macroName.text)(\(first.trimmedDescription)) compares literals: it is always true",
                .init(name: macro.macroName.text, isMacro: true), nil
            )
        }
        if let macro = node.as(MacroExpansionExprSyntax.self),
            macro.macroName.text == "expect" || macro.macroName.text == "require",
            let nan = LiteralCheck.nanAlwaysPasses("#\(macro.macroName.text)", Array(macro.arguments))
        {
            return (nan, .init(name: macro.macroName.text, isMacro: true), nil)
        }
        return nil
    }

    /// Nimble's `expect(x).to(equal(x))`: the sentence, the matcher's check and its call.
    private static func nimbleSelfComparison(_ call: FunctionCallExprSyntax) -> (
        message: String, check: CodeUnderTest.Check, call: FunctionCallExprSyntax?
    )? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let expectCall = member.base?.as(FunctionCallExprSyntax.self),
            CallCollector.calledName(expectCall.calledExpression) == "expect",
            let actual = expectCall.arguments.first?.expression.trimmedDescription,
            let matcher = call.arguments.first?.expression.as(FunctionCallExprSyntax.self),
            CallCollector.calledName(matcher.calledExpression) == "equal",
            matcher.arguments.first?.expression.trimmedDescription == actual
        else { return nil }
        return (
            "expect(\(actual)).to(equal(\(actual))) compares a value with itself",
            .init(name: "equal", isMacro: false, arguments: matcher.arguments.count), matcher
        )
    }

    /// Whether a comparison of `expression` with itself compares two evaluations on purpose: each side
    /// calls a function or reads a property again (a value is computed twice), and the test is named for
    /// sameness (`getETagValue_isStable_forSameFile`) or compares identity (`===`: a container asked twice
    /// for its scoped instance). `total([7]) == total([7])` in a test named `…_isThatPrice` compares a
    /// computation with itself and stays a tautology; `x == x` always is one.
    private static func comparesTwoEvaluations(
        _ expression: ExprSyntax, in node: some SyntaxProtocol, identity: Bool
    ) -> Bool {
        // A value made by a type's initializer, `Version(1, 2, 3)` on both sides: the test checks that
        // type's `==`, which can fail (mxcl/Version's `testFromString`, read for the smell corpus).
        if let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true
        {
            return true
        }
        // So does the hash of such a value, or of a case made with its payload, on both sides (`T(r).hashValue ==
        // T(r).hashValue`, `E.invalid(e: X()).hashValue == …`): two values made apart, whose hash the type may write
        // by hand (mochidev/swift-webpush 0.4.2's error tests, three read false on first contact).
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "hashValue",
            let call = member.base?.as(FunctionCallExprSyntax.self), isMadeByType(call)
        {
            return true
        }
        let evaluates =
            !expression.descendants(of: FunctionCallExprSyntax.self).isEmpty
            || !expression.descendants(of: MemberAccessExprSyntax.self).filter { $0.base != nil }.isEmpty
        guard evaluates else { return false }
        // Identity of what is made or read twice can differ: a container asked twice for its scoped instance, a
        // provider's computed `instance` (Swinject's scope tests).
        if identity { return true }
        let function = (node.enclosingFunctionName ?? "").lowercased()
        return [
            "stable", "same", "determin", "consisten", "idempot", "repeat", "twice", "again", "cache", "always",
            "reproduc", "unchang", "pure",
        ].contains(where: function.contains)
    }

    /// Whether `call` makes a value of a type named by its capitalized name: an initializer's
    /// (``FunctionCallExprSyntax/initializedTypeName(implicit:)``), or a case (or a static function's value) of it
    /// with arguments, `T.name(…)`.
    private static func isMadeByType(_ call: FunctionCallExprSyntax) -> Bool {
        if call.initializedTypeName() != nil { return true }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), !call.arguments.isEmpty,
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return false }
        return base.baseName.text.first?.isUppercase == true
    }

    /// ``comparesTwoEvaluations(_:in:identity:)`` for a comparison expression `a == b`, `a === b`.
    private static func isTwoEvaluationsCompared(_ expression: ExprSyntax, in node: some SyntaxProtocol) -> Bool {
        guard let (left, op) = comparison(expression) else { return false }
        return comparesTwoEvaluations(left, in: node, identity: op == "===")
    }

    /// The left operand and operator of `a op b`, folded or not.
    private static func comparison(_ expression: ExprSyntax) -> (ExprSyntax, String)? {
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        {
            return (infix.leftOperand, op)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text {
                return (elements[0], op)
            }
        }
        return nil
    }

    /// Whether comparing a value with itself is the point: a test of `==`, `<` or hashing themselves
    /// (its function is named for equality, comparison or hashing, or its message says "itself").
    private static func checksReflexivity(_ call: FunctionCallExprSyntax, _ arguments: [LabeledExprSyntax]) -> Bool {
        if isNamedForReflexivity(call) { return true }
        return arguments.dropFirst(2).contains { $0.expression.trimmedDescription.lowercased().contains("itself") }
    }

    /// Whether the function `node` is in is named for equality, comparison or hashing (`testComparable`,
    /// Swift Testing's `hashable()`), where `x == x` is what is tested.
    private static func isNamedForReflexivity(_ node: some SyntaxProtocol) -> Bool {
        let function = (node.enclosingFunctionName ?? "").lowercased()
        return ["equa", "compar", "hash", "reflex", "identi"].contains(where: function.contains)
    }

    /// Whether `expression` (`item == item`) compares a parameter of the closure it is in with itself:
    /// a property check's generated value, of a type the test does not fix, whose `==` may well fail on
    /// itself (a NaN): `item == item` there checks that, and is no tautology.
    private static func comparesClosureParameter(_ expression: ExprSyntax) -> Bool {
        guard let (left, _) = comparison(expression), let name = left.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return false }
        var node = expression.parent
        while let current = node {
            if let closure = current.as(ClosureExprSyntax.self), let names = closure.parameterNames,
                names.contains(name)
            {
                return true
            }
            node = current.parent
        }
        return false
    }

    /// Whether `expression` (`rng == rng`, `rng.hashValue == rng.hashValue`) compares a value with itself in
    /// a test named for the value's type (`testXoshiro`, where `rng` is `Xoshiro(seed:)`): the test checks
    /// that type's own `==` and hash (swift-property-based's Xoshiro writes both), no tautology.
    private static func testsItsType(_ expression: ExprSyntax) -> Bool {
        guard let (left, _) = comparison(expression) else { return false }
        var base = left
        while let member = base.as(MemberAccessExprSyntax.self), let inner = member.base { base = inner }
        guard let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        var node = expression.parent
        while let current = node, !current.is(FunctionDeclSyntax.self) { node = current.parent }
        guard let function = node?.as(FunctionDeclSyntax.self), let body = function.body else { return false }
        let testName = function.name.text.lowercased()
        for binding in body.descendants(of: PatternBindingSyntax.self)
        where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
            guard let value = binding.initializer?.value else { continue }
            let types = value.descendants(of: FunctionCallExprSyntax.self).compactMap { call in
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            }.filter { $0.first?.isUppercase == true }
            if types.contains(where: { testName.contains($0.lowercased()) }) { return true }
        }
        return false
    }

    /// Whether `value` of `XCTAssertEqual(value, value)` is a name the test binds once to a value it makes with
    /// `Type(…)`, in a test named for `Type`, whose `==` the package's own sources write (`writesEquality`):
    /// swift-collections-benchmark 0.0.4's `testTransform` checks `XCTAssertEqual(t1, t1)` of `let t1 = Transform(…)`,
    /// whose `==` the package writes field by field, beside `XCTAssertNotEqual(t1, t2)` (five read false on first
    /// contact). Not a member of it (`t1.a`), not a type of elsewhere (`Set`, `Data`), nor one whose `==` the compiler
    /// writes.
    private static func testsWrittenEquality(_ value: ExprSyntax, _ writesEquality: (String) -> Bool) -> Bool {
        guard let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        var node = value.parent
        while let current = node, !current.is(FunctionDeclSyntax.self) { node = current.parent }
        guard let function = node?.as(FunctionDeclSyntax.self), let body = function.body else { return false }
        let bindings = body.descendants(of: PatternBindingSyntax.self).filter {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }
        guard bindings.count == 1, let made = bindings.first?.initializer?.value.withoutTryOrAwait else { return false }
        guard let call = made.as(FunctionCallExprSyntax.self),
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            type.first?.isUppercase == true
        else { return false }
        return function.name.text.lowercased().contains(type.lowercased()) && writesEquality(type)
    }

    /// `true`, `!false`, `x == x`, `x >= x`, `x <= x`.
    private static func isAlwaysTrue(_ expression: ExprSyntax) -> Bool {
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!",
            let literal = prefix.expression.as(BooleanLiteralExprSyntax.self)
        {
            return literal.literal.tokenKind == .keyword(.false)
        }
        return isSelfComparison(expression)
    }

    /// `x == x`, `x === x`, `x >= x`, `x <= x`.
    private static func isSelfComparison(_ expression: ExprSyntax) -> Bool {
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
            ["==", "===", ">=", "<="].contains(op)
        {
            return infix.leftOperand.trimmedDescription == infix.rightOperand.trimmedDescription
        }
        // Unfolded sequences (the parser does not fold operators): a == a
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
                ["==", "===", ">=", "<="].contains(op)
            {
                return elements[0].trimmedDescription == elements[2].trimmedDescription
            }
        }
        return false
    }
}
