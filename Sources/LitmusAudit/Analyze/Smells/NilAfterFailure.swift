import SwiftSyntax

/// Helpers that return `nil` only once they have recorded a failure: a test's `guard let x = helper(…) else {
/// return }` leaves only after the test has failed, so the checks after it cannot be skipped silently.
/// swift-nio 2.101.3's and async-http-client 1.37.0's `XCTAssertNoThrowWithResult` (`do { return try await
/// expression() } catch { XCTFail(…) }; return nil`), swift-nio-http2 1.46.0's `assertStreamError` (`switch
/// body() { case .streamError(…, let error, …): return error; case let result: XCTFail(…); return nil }`),
/// swift-nio-ssh 0.15.1's `assertChannelOpen`.
///
/// The helper's statements are followed path by path, structured as they are written: a failure call as a
/// statement of its own marks the path failed; `do`/`catch`, `if`/`else`, `guard` and `switch` split and join
/// paths; any other statement that returns from inside (a loop, a closure's caller) makes the helper unknown,
/// as does a `return` of a value that may itself be `nil`: without types, a returned value counts as not `nil`
/// only when it is written as one (``isValue(_:in:)``).
enum NilAfterFailure {
    /// The framework whose test the helper's failures fail, when every path of `function` that returns `nil` has
    /// recorded a failure first; `nil` otherwise (or when it records none).
    static func framework(of function: FunctionDeclSyntax) -> ScannedTest.Framework? {
        guard let body = function.body, function.signature.returnClause?.type.is(OptionalTypeSyntax.self) == true
        else { return nil }
        let failures = body.descendants(of: FunctionCallExprSyntax.self).compactMap(failureFramework)
        guard let framework = failures.first, failures.allSatisfy({ $0 == framework }) else { return nil }
        // A body of one expression returns it: `nil` or not, no failure comes first.
        if body.statements.count == 1, body.statements.first?.item.is(ExprSyntax.self) == true { return nil }
        return after(body.statements, clean: true, in: function) == nil ? nil : framework
    }

    /// Whether the end of `statements` can be reached with no failure recorded, given whether their start can
    /// (`clean`); `nil` when a path returns `nil` (or a value that may be) before any failure, or cannot be
    /// followed.
    private static func after(_ statements: CodeBlockItemListSyntax, clean: Bool, in function: FunctionDeclSyntax)
        -> Bool?
    {
        var clean = clean
        for statement in statements {
            // Once failed, every path on from here has failed.
            guard clean else { return false }
            let item = statement.item
            if let expression = item.as(ExprSyntax.self) ?? item.as(ExpressionStmtSyntax.self)?.expression {
                if isFailure(expression) {
                    clean = false
                    continue
                }
                if let choice = expression.as(IfExprSyntax.self) {
                    guard let next = after(choice, clean: clean, in: function) else { return nil }
                    clean = next
                    continue
                }
                if let switched = expression.as(SwitchExprSyntax.self) {
                    var next = false
                    for switchCase in switched.cases {
                        guard let listed = switchCase.as(SwitchCaseSyntax.self),
                            let end = after(listed.statements, clean: clean, in: function)
                        else { return nil }
                        next = next || end
                    }
                    clean = next
                    continue
                }
            }
            if let returned = item.as(ReturnStmtSyntax.self) {
                if let value = returned.expression, !isValue(value, in: function) { return nil }
                return false
            }
            if item.is(ThrowStmtSyntax.self) { return false }
            if let attempt = item.as(DoStmtSyntax.self) {
                guard var next = after(attempt.body.statements, clean: clean, in: function) else { return nil }
                for clause in attempt.catchClauses {
                    guard let end = after(clause.body.statements, clean: clean, in: function) else {
                        return nil
                    }
                    next = next || end
                }
                clean = next
                continue
            }
            if let guarded = item.as(GuardStmtSyntax.self) {
                guard after(guarded.body.statements, clean: clean, in: function) != nil else { return nil }
                continue
            }
            // Anything else that returns from inside it cannot be followed here.
            if returns(Syntax(item)) { return nil }
        }
        return clean
    }

    /// The end of `choice` (and of its `else if` chain): clean when one of its ways is.
    private static func after(_ choice: IfExprSyntax, clean: Bool, in function: FunctionDeclSyntax) -> Bool? {
        guard let body = after(choice.body.statements, clean: clean, in: function) else { return nil }
        switch choice.elseBody {
        case .none:
            return body || clean
        case .codeBlock(let block):
            guard let other = after(block.statements, clean: clean, in: function) else { return nil }
            return body || other
        case .ifExpr(let next):
            guard let other = after(next, clean: clean, in: function) else { return nil }
            return body || other
        }
    }

    /// Whether `node` holds a `return` of the helper itself (not of a closure or a local function in it).
    private static func returns(_ node: Syntax) -> Bool {
        node.descendants(of: ReturnStmtSyntax.self).contains { statement in
            var current = statement.parent
            while let syntax = current, syntax.id != node.id {
                if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self) { return false }
                current = syntax.parent
            }
            return true
        }
    }

    /// The framework `call` records a failure in, when it is a failure call alone: `XCTFail(…)`, `Issue.record(…)`.
    private static func failureFramework(_ call: FunctionCallExprSyntax) -> ScannedTest.Framework? {
        if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "XCTFail" { return .xctest }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "record",
            member.base?.trimmedDescription == "Issue"
        {
            return .swiftTesting
        }
        return nil
    }

    /// Whether `expression`, a statement, is a failure call (`XCTFail(…)`, `Issue.record(…)`, `try?` or not).
    private static func isFailure(_ expression: ExprSyntax) -> Bool {
        let unwrapped = expression.as(TryExprSyntax.self)?.expression ?? expression
        return unwrapped.as(FunctionCallExprSyntax.self).map { failureFramework($0) != nil } ?? false
    }

    /// Whether a returned `value` is written as one that cannot be `nil`: a literal, a call of one of the helper's
    /// closure parameters whose result is not optional (`return try await expression()` of `_ expression:
    /// @autoclosure () async throws -> Result`), or a name a pattern binds to what an optional or a case holds
    /// (`guard let frame = …`, `case .streamError(_, let error, _)`). Anything else (`nil`, `try?`, a property,
    /// a call of another function) may be `nil` for all the syntax tells.
    static func isValue(_ value: ExprSyntax, in function: FunctionDeclSyntax) -> Bool {
        var value = value
        while true {
            if let attempt = value.as(TryExprSyntax.self) {
                if attempt.questionOrExclamationMark != nil { return false }
                value = attempt.expression
            } else if let awaited = value.as(AwaitExprSyntax.self) {
                value = awaited.expression
            } else {
                break
            }
        }
        if value.is(IntegerLiteralExprSyntax.self) || value.is(StringLiteralExprSyntax.self)
            || value.is(BooleanLiteralExprSyntax.self) || value.is(FloatLiteralExprSyntax.self)
        {
            return true
        }
        if let call = value.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return function.signature.parameterClause.parameters.contains { parameter in
                guard (parameter.secondName ?? parameter.firstName).text == name else { return false }
                var type = parameter.type
                if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
                guard let closure = type.as(FunctionTypeSyntax.self) else { return false }
                return !closure.returnClause.type.is(OptionalTypeSyntax.self)
                    && !closure.returnClause.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            }
        }
        guard let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text, let body = function.body else {
            return false
        }
        return boundValues(in: body).contains(name) && !declaredNames(in: body).contains(name)
    }

    /// The names `body` binds by a pattern to what an optional holds (`guard let x = …`, `if let x`) or a case
    /// holds (`case .some(let x)`, `if case let .frame(x) = …`).
    private static func boundValues(in body: CodeBlockSyntax) -> Set<String> {
        let unwrapped = body.descendants(of: OptionalBindingConditionSyntax.self).flatMap {
            identifiers(in: $0.pattern)
        }
        let matched = body.descendants(of: ValueBindingPatternSyntax.self).filter { pattern in
            pattern.ancestorOrSelf(mapping: { $0.as(SwitchCaseItemSyntax.self) }) != nil
                || pattern.ancestorOrSelf(mapping: { $0.as(MatchingPatternConditionSyntax.self) }) != nil
        }.flatMap { identifiers(in: $0.pattern) }
        return Set(unwrapped + matched)
    }

    /// The names `body` declares with `let` or `var` (which may hold anything).
    private static func declaredNames(in body: CodeBlockSyntax) -> Set<String> {
        Set(body.descendants(of: PatternBindingSyntax.self).flatMap { identifiers(in: $0.pattern) })
    }

    /// The names `pattern` binds.
    private static func identifiers(in pattern: PatternSyntax) -> [String] {
        if let single = pattern.as(IdentifierPatternSyntax.self) { return [single.identifier.text] }
        return pattern.descendants(of: IdentifierPatternSyntax.self).map(\.identifier.text)
    }
}
