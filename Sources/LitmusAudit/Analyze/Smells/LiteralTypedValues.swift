import SwiftSyntax

/// What a value compared with a Boolean literal is, when the test shows it is no `Bool`, so that neither
/// `#expect(x)` nor `XCTAssertTrue(x)` would compile and `== true` is the only check (FlyingFox's):
/// - an optional, reached through `?.` (`headers[.date]?.isEmpty == false`: present and not empty), or written as
///   one (`try? x`, `x as? Bool`, a collection's `.first`);
/// - a name the test binds to another type's initializer (`let val = try JSONValue(true as Any)`) or to an optional
///   written as one (`let handled = info?["handled"] as? Bool`), or declares of another type (`let flag: JSONValue`,
///   `let done: Bool?`), or a `Bool!` it declares without a value;
/// - a value the test also compares with a number or a string, by its name or the function it calls
///   (`json.getValue(for: "$.age") == 7` … `json.getValue(for: "$.isAdmin") == true`): a type
///   expressible by several literals, such as a JSON value.
struct LiteralTypedValues {
    /// The names bound to a value of a type other than `Bool`.
    private var typedNames: Set<String> = []
    /// The names and called functions compared with a number or a string literal.
    private var comparedWithOtherLiterals: Set<String> = []
    /// The test, whose scopes say which `let` a name compared reads.
    private let test: ScannedTest

    init(_ test: ScannedTest) {
        self.test = test
        for binding in test.all(PatternBindingSyntax.self) {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if let type = binding.typeAnnotation?.type.trimmedDescription {
                // A `Bool!` left nil until a callback sets it (ReactiveX/RxSwift 6.10.2's `var changed: Bool!`) is
                // an optional: `XCTAssertTrue(changed)` would trap where `XCTAssertEqual(changed, true)` fails.
                // One the test sets itself, outside closures, before it reads it (`done = compute()`) keeps the advice.
                let settable =
                    (binding.initializer.map { $0.value.is(NilLiteralExprSyntax.self) } ?? true)
                    && !Self.setOutsideClosures(name, in: test)
                if !["Bool", "Bool!", "Swift.Bool"].contains(type) || (type == "Bool!" && settable) {
                    typedNames.insert(name)
                }
            } else if let value = binding.initializer?.value,
                let call = Self.unwrapped(value).as(FunctionCallExprSyntax.self),
                let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                type.first?.isUppercase == true, type != "Bool"
            {
                typedNames.insert(name)
            }
        }
        for assertion in test.assertions {
            guard let name = SmellScan.assertionName(assertion) else { continue }
            let arguments = SmellScan.arguments(assertion)
            var pairs: [(ExprSyntax, ExprSyntax)] = []
            if EqualityShapeDetector.equalityAssertions.contains(name) || name == "XCTAssertNotEqual",
                arguments.count >= 2
            {
                pairs.append((arguments[0].expression, arguments[1].expression))
            } else if let first = arguments.first?.expression,
                let (left, op, right) = EqualityShapeDetector.comparison(first), op == "==" || op == "!="
            {
                pairs.append((left, right))
            }
            for (left, right) in pairs {
                if Self.isOtherLiteral(right), let key = Self.key(left) { comparedWithOtherLiterals.insert(key) }
                if Self.isOtherLiteral(left), let key = Self.key(right) { comparedWithOtherLiterals.insert(key) }
            }
        }
    }

    /// Whether the test assigns `name` a value in a statement of its own, outside any closure.
    private static func setOutsideClosures(_ name: String, in test: ScannedTest) -> Bool {
        test.all(SequenceExprSyntax.self).contains { sequence in
            let elements = Array(sequence.elements)
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
                elements[0].trimmedDescription == name, !elements[2].is(NilLiteralExprSyntax.self)
            else { return false }
            var current = Syntax(sequence).parent
            while let node = current, node.id != test.body?.id {
                if node.is(ClosureExprSyntax.self) { return false }
                current = node.parent
            }
            return true
        }
    }

    /// Whether `value`, compared with a Boolean literal, is shown to be no `Bool`.
    func isNotBool(_ value: ExprSyntax) -> Bool {
        if Self.readsOptionalChain(value) || Self.isOptionalByShape(value) { return true }
        let inner = Self.unwrapped(value)
        if let name = inner.as(DeclReferenceExprSyntax.self)?.baseName.text, typedNames.contains(name) { return true }
        // The `let` the name reads where it is compared, bound to an optional written as one with no type written
        // (PostHog/posthog-ios 3.69.3's `let handled = mechanism?["handled"] as? Bool`, then `#expect(handled ==
        // false)`), or the one `var` of that name; not a name an `if let` or a closure's parameter nearer the
        // comparison binds again.
        if let reference = inner.as(DeclReferenceExprSyntax.self),
            let bound = test.letValue(of: reference.baseName.text, at: Syntax(reference))
                ?? test.onlyBinding(of: reference.baseName.text),
            bound.parent?.parent?.as(PatternBindingSyntax.self)?.typeAnnotation == nil, Self.isOptionalValue(bound)
        {
            return true
        }
        return Self.key(value).map(comparedWithOtherLiterals.contains) ?? false
    }

    /// Whether a bound value is an optional by how it is written (``isOptionalByShape(_:)``) or reached through `?.`,
    /// and not force unwrapped as a whole (`(a?.b)!` is no optional).
    private static func isOptionalValue(_ value: ExprSyntax) -> Bool {
        var current = value.withoutParentheses
        while let inner = current.as(TryExprSyntax.self)?.expression ?? current.as(AwaitExprSyntax.self)?.expression {
            if current.as(TryExprSyntax.self)?.questionOrExclamationMark?.tokenKind == .postfixQuestionMark {
                return true
            }
            current = inner.withoutParentheses
        }
        if current.is(ForceUnwrapExprSyntax.self) { return false }
        return isOptionalByShape(current) || readsOptionalChain(current)
    }

    /// A number or a string literal.
    private static func isOtherLiteral(_ expression: ExprSyntax) -> Bool {
        expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(StringLiteralExprSyntax.self)
    }

    /// What names a compared value: the function a call calls (`json.getValue`), or the expression.
    private static func key(_ expression: ExprSyntax) -> String? {
        let inner = unwrapped(expression)
        if let call = inner.as(FunctionCallExprSyntax.self) {
            return "call " + call.calledExpression.trimmedDescription
        }
        return inner.trimmedDescription
    }

    /// The expression inside `try` (`try?` too), `await`, parentheses, force unwraps and optional chains.
    private static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        let inner = expression.withoutUnwrapsOrParentheses
        if let tried = inner.as(TryExprSyntax.self) { return unwrapped(tried.expression) }
        if let awaited = inner.as(AwaitExprSyntax.self) { return unwrapped(awaited.expression) }
        return inner
    }

    /// Whether `expression` is an optional by how it is written, not unwrapped: `try? x`, `x as? T`, or what a
    /// collection of the standard library gives as one, `.first`, `.last`, `.randomElement()`, `.min()`, `.max()`,
    /// `.popLast()`, `.first(where:)`, `.last(where:)` (pointfreeco/swift-structured-queries 0.37.0 compares
    /// `try db.execute(…).first == false`).
    private static func isOptionalByShape(_ expression: ExprSyntax) -> Bool {
        var current = expression.withoutParentheses
        while true {
            if let tried = current.as(TryExprSyntax.self) {
                if tried.questionOrExclamationMark?.tokenKind == .postfixQuestionMark { return true }
                current = tried.expression.withoutParentheses
            } else if let awaited = current.as(AwaitExprSyntax.self) {
                current = awaited.expression.withoutParentheses
            } else {
                break
            }
        }
        if let cast = current.as(AsExprSyntax.self) {
            return cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
        }
        // A cast as written, before operators are folded: `x as? T` is `x`, `as?`, `T` in sequence.
        if let sequence = current.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let cast = sequence.elements.dropFirst().first?.as(UnresolvedAsExprSyntax.self)
        {
            return cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
        }
        if let member = current.as(MemberAccessExprSyntax.self), member.base != nil {
            return ["first", "last"].contains(member.declName.baseName.text)
        }
        guard let call = current.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil
        else { return false }
        let name = member.declName.baseName.text
        if call.arguments.isEmpty, call.trailingClosure == nil {
            return ["randomElement", "min", "max", "popLast"].contains(name)
        }
        let searches =
            call.arguments.map { $0.label?.text } == ["where"]
            || (call.arguments.isEmpty && call.trailingClosure != nil)
        return ["first", "last"].contains(name) && searches
    }

    /// Whether `expression` reaches its value through `?.`, so it is optional (`a?.b`, `a?.b.c()`, `a[k]?.d`).
    private static func readsOptionalChain(_ expression: ExprSyntax) -> Bool {
        var current: ExprSyntax? = unwrapped(expression)
        while let node = current {
            if node.is(OptionalChainingExprSyntax.self) { return true }
            if let member = node.as(MemberAccessExprSyntax.self) {
                current = member.base
            } else if let call = node.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else if let subscripted = node.as(SubscriptCallExprSyntax.self) {
                current = subscripted.calledExpression
            } else {
                current = nil
            }
        }
        return false
    }
}
