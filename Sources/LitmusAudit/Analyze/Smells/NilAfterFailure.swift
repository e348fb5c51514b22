import SwiftSyntax

/// Helpers that return `nil` only once they have recorded a failure: a test's `guard let x = helper(…) else {
/// return }` leaves only after the test has failed, so the checks after it cannot be skipped silently.
/// swift-nio 2.101.3's and async-http-client 1.37.0's `XCTAssertNoThrowWithResult` (`do { return try await
/// expression() } catch { XCTFail(…) }; return nil`), swift-nio's `frameForFrame` (`guard let frame = … else {
/// XCTFail(…); return nil }; …; return frame`).
///
/// The helper's statements are followed path by path, structured as they are written: a failure call as a
/// statement of its own marks the path failed; `do`/`catch`, `if`/`else`, `guard` and `switch` split and join
/// paths; any other statement that returns from inside (a loop, a closure's caller) makes the helper unknown,
/// as does a `return` of a value that may itself be `nil`: without types, a returned value counts as not `nil`
/// only when it is written as one (``isValue(_:in:)``).
///
/// A helper may also keep its result in a variable that starts empty and is given a value only where nothing failed
/// (DDMathParser 3.1.0's `XCTAssertNoThrows`: `var t: T? = nil; do { t = try expression() } catch { XCTFail(…) };
/// return t`): the assignment ends the path's silence as a failure does, since from there on the helper returns a
/// value. The same holds for a helper that answers `false` only once it has failed (`var ok = false; do { try
/// expression(); ok = true } catch { XCTFail(…) }; return ok`): `guard helper(…) else { return }` in a test.
enum NilAfterFailure {
    /// What the helper returns when nothing is there: `nil` of an optional, or `false` of a `Bool`.
    enum Absence {
        case nilValue, falseValue
    }

    /// The framework whose test the helper's failures fail, when every path of `function` that returns `absence`
    /// (`nil` by default) has recorded a failure first; `nil` otherwise (or when it records none).
    static func framework(of function: FunctionDeclSyntax, absence: Absence = .nilValue) -> ScannedTest.Framework? {
        guard let body = function.body, let returned = function.signature.returnClause?.type else { return nil }
        switch absence {
        case .nilValue: guard returned.is(OptionalTypeSyntax.self) else { return nil }
        case .falseValue: guard returned.trimmedDescription == "Bool" else { return nil }
        }
        let failures = body.descendants(of: FunctionCallExprSyntax.self).compactMap(failureFramework)
        guard let framework = failures.first, failures.allSatisfy({ $0 == framework }) else { return nil }
        // A body of one expression returns it: `nil` or not, no failure comes first.
        if body.statements.count == 1, body.statements.first?.item.is(ExprSyntax.self) == true { return nil }
        // A result given a value keeps it: every write of it gives one (none empties it again, none is compound, no
        // method of it is called), and no other declaration of its name could take one of those writes.
        let probe = Walk(function: function, absence: absence, results: [])
        let kept = results(in: body.statements, absence: absence).filter { name in
            !writes([name], in: Syntax(body), other: { !probe.isPresent($0) })
                && body.descendants(of: IdentifierPatternSyntax.self).filter { $0.identifier.text == name }.count == 1
                && !body.descendants(of: ClosureParameterSyntax.self).contains { $0.firstName.text == name }
                && !body.descendants(of: ClosureShorthandParameterSyntax.self).contains { $0.name.text == name }
                && !body.descendants(of: FunctionCallExprSyntax.self).contains {
                    $0.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?
                        .baseName.text == name
                }
        }
        let walk = Walk(function: function, absence: absence, results: kept)
        return walk.after(body.statements, from: [.silent]) == nil ? nil : framework
    }

    /// The variables declared in `statements` (the helper's own, not nested) that start empty: `var t: T? = nil` or
    /// `var t: T?` for an optional helper, `var ok = false` for a Boolean one.
    private static func results(in statements: CodeBlockItemListSyntax, absence: Absence) -> Set<String> {
        var names: Set<String> = []
        for statement in statements {
            guard let declaration = statement.item.as(VariableDeclSyntax.self),
                declaration.bindingSpecifier.tokenKind == .keyword(.var), declaration.bindings.count == 1,
                let binding = declaration.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            else { continue }
            let initial = binding.initializer?.value
            switch absence {
            case .nilValue:
                guard binding.typeAnnotation?.type.is(OptionalTypeSyntax.self) == true,
                    initial == nil || initial?.is(NilLiteralExprSyntax.self) == true
                else { continue }
            case .falseValue:
                guard initial?.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false),
                    binding.typeAnnotation.map({ $0.type.trimmedDescription == "Bool" }) ?? true
                else { continue }
            }
            names.insert(name)
        }
        return names
    }

    /// The left side and the value of `expression` when it assigns one (`t = try expression()`), folded or not.
    static func assignment(_ expression: ExprSyntax) -> (target: String, value: ExprSyntax)? {
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            guard elements[1].is(AssignmentExprSyntax.self),
                let target = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
            else { return nil }
            return (target, elements[2])
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self),
            let target = infix.leftOperand.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return (target, infix.rightOperand)
        }
        return nil
    }

    /// Whether `node` writes one of `names`: assigns it (`=`, `+=`, …) or passes it `inout`; of plain assignments
    /// (`name = value`), only those whose value `other` picks (every one by default).
    private static func writes(
        _ names: Set<String>, in node: Syntax, other: (ExprSyntax) -> Bool = { _ in true }
    ) -> Bool {
        guard !names.isEmpty else { return false }
        let named = { (expression: ExprSyntax) in
            expression.as(DeclReferenceExprSyntax.self).map { names.contains($0.baseName.text) } ?? false
        }
        if node.descendants(of: InOutExprSyntax.self).contains(where: { named($0.expression) }) { return true }
        return node.descendants(of: SequenceExprSyntax.self).contains { sequence in
            let elements = Array(sequence.elements)
            return elements.indices.contains { index in
                guard index > 0, named(elements[index - 1]) else { return false }
                if elements[index].is(AssignmentExprSyntax.self) {
                    // `name = value` alone; any longer sequence around it is not read here.
                    guard elements.count == 3, index == 1 else { return true }
                    return other(elements[2])
                }
                guard let op = elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
                return op.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(op)
            }
        }
    }

    /// The helper's statements followed path by path.
    private struct Walk {
        let function: FunctionDeclSyntax
        let absence: Absence
        /// The variables that hold the result and start empty (``results(in:absence:)``).
        let results: Set<String>

        /// Whether a returned (or assigned) `value` is not the absence: written as a value (``isValue(_:in:)``) for
        /// an optional helper, the literal `true` for a Boolean one.
        func isPresent(_ value: ExprSyntax) -> Bool {
            switch absence {
            case .nilValue: NilAfterFailure.isValue(value, in: function)
            case .falseValue: value.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
            }
        }

        /// How a path can stand where no failure was recorded: its result still empty (`silent`), or given a
        /// value (`kept`). A path that recorded a failure is no longer followed.
        enum State: Hashable {
            case silent, kept
        }

        /// The states the end of `statements` can be reached in, given those their start can (`states`); empty when
        /// every path failed, returned or threw first; `nil` when a path returns the absence (or a value that may be
        /// it) with no failure recorded, or cannot be followed.
        func after(_ statements: CodeBlockItemListSyntax, from states: Set<State>) -> Set<State>? {
            var states = states
            for statement in statements {
                // Once every path has failed (or left), nothing after it runs silently.
                guard !states.isEmpty else { return [] }
                let item = statement.item
                if let expression = item.as(ExprSyntax.self) ?? item.as(ExpressionStmtSyntax.self)?.expression {
                    if NilAfterFailure.isFailure(expression) {
                        states = []
                        continue
                    }
                    // The result is given a value: the paths here hold it from now on (no write empties it again).
                    if let (target, value) = NilAfterFailure.assignment(expression), results.contains(target) {
                        guard isPresent(value) else { return nil }
                        states = [.kept]
                        continue
                    }
                    if let choice = expression.as(IfExprSyntax.self) {
                        guard let next = after(choice, from: states) else { return nil }
                        states = next
                        continue
                    }
                    if let switched = expression.as(SwitchExprSyntax.self) {
                        var next: Set<State> = []
                        for switchCase in switched.cases {
                            guard let listed = switchCase.as(SwitchCaseSyntax.self),
                                let end = after(listed.statements, from: states)
                            else { return nil }
                            next.formUnion(end)
                        }
                        states = next
                        continue
                    }
                }
                if let returned = item.as(ReturnStmtSyntax.self) {
                    guard let value = returned.expression else { return [] }
                    if let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text, results.contains(name) {
                        // The result itself: empty on a path where nothing failed and nothing gave it a value.
                        return states.contains(.silent) ? nil : []
                    }
                    return isPresent(value) ? [] : nil
                }
                if item.is(ThrowStmtSyntax.self) { return [] }
                if let attempt = item.as(DoStmtSyntax.self) {
                    guard var next = after(attempt.body.statements, from: states) else { return nil }
                    for clause in attempt.catchClauses {
                        guard let end = after(clause.body.statements, from: states) else { return nil }
                        next.formUnion(end)
                    }
                    states = next
                    continue
                }
                if let guarded = item.as(GuardStmtSyntax.self) {
                    guard after(guarded.body.statements, from: states) != nil else { return nil }
                    continue
                }
                // Anything else that returns from inside it, or writes the result, cannot be followed here.
                if NilAfterFailure.returns(Syntax(item)) || NilAfterFailure.writes(results, in: Syntax(item)) {
                    return nil
                }
            }
            return states
        }

        /// The end of `choice` (and of its `else if` chain): the states of any of its ways.
        func after(_ choice: IfExprSyntax, from states: Set<State>) -> Set<State>? {
            guard let body = after(choice.body.statements, from: states) else { return nil }
            switch choice.elseBody {
            case .none:
                return body.union(states)
            case .codeBlock(let block):
                guard let other = after(block.statements, from: states) else { return nil }
                return body.union(other)
            case .ifExpr(let next):
                guard let other = after(next, from: states) else { return nil }
                return body.union(other)
            }
        }
    }

    /// Whether `node` holds a `return` of the helper itself (not of a closure or a local function in it).
    fileprivate static func returns(_ node: Syntax) -> Bool {
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
    fileprivate static func isFailure(_ expression: ExprSyntax) -> Bool {
        let unwrapped = expression.as(TryExprSyntax.self)?.expression ?? expression
        return unwrapped.as(FunctionCallExprSyntax.self).map { failureFramework($0) != nil } ?? false
    }

    /// Whether a returned `value` is written as one that cannot be `nil`: a literal, a call of one of the helper's
    /// closure parameters whose result is not optional (`return try await expression()` of `_ expression:
    /// @autoclosure () async throws -> Result`), or a name an optional binding around the `return` unwrapped
    /// (`guard let frame = …` before it in its block or one around it, `if let frame` whose body holds it), not one
    /// of the helper's parameters. Anything else (`nil`, `try?`, a property, a call of another function, a value a
    /// `case` binds, which may itself be optional: `case .end(let trailers)` of an `HTTPHeaders?`) may be `nil` for
    /// all the syntax tells.
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
        let parameters = function.signature.parameterClause.parameters
        if let call = value.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return parameters.contains { parameter in
                guard (parameter.secondName ?? parameter.firstName).text == name else { return false }
                var type = parameter.type
                if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
                guard let closure = type.as(FunctionTypeSyntax.self) else { return false }
                return !closure.returnClause.type.is(OptionalTypeSyntax.self)
                    && !closure.returnClause.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            }
        }
        guard let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text,
            !parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name })
        else { return false }
        return isUnwrapped(name, at: Syntax(value), in: function)
    }

    /// Whether an optional binding of `name` holds at `node`: a `guard let name` earlier in a block around it, or an
    /// `if let name` whose body holds it, with no declaration of `name` between (up to `function`).
    private static func isUnwrapped(_ name: String, at node: Syntax, in function: FunctionDeclSyntax) -> Bool {
        var child = node
        var current = node.parent
        while let syntax = current, syntax.id != function.id {
            if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self) { return false }
            if let choice = syntax.as(IfExprSyntax.self), choice.body.id == child.id,
                binds(name, choice.conditions)
            {
                return true
            }
            if let list = syntax.as(CodeBlockItemListSyntax.self) {
                for item in list.reversed() where item.endPosition <= child.position {
                    if let guarded = item.item.as(GuardStmtSyntax.self), binds(name, guarded.conditions) { return true }
                    if let declaration = item.item.as(VariableDeclSyntax.self),
                        declaration.bindings.contains(where: { identifiers(in: $0.pattern).contains(name) })
                    {
                        return false
                    }
                }
            }
            child = syntax
            current = syntax.parent
        }
        return false
    }

    /// Whether `conditions` unwrap `name` (`let name = …`, `let name`).
    private static func binds(_ name: String, _ conditions: ConditionElementListSyntax) -> Bool {
        conditions.contains { element in
            element.condition.as(OptionalBindingConditionSyntax.self).map { identifiers(in: $0.pattern) == [name] }
                ?? false
        }
    }

    /// The names `pattern` binds.
    private static func identifiers(in pattern: PatternSyntax) -> [String] {
        if let single = pattern.as(IdentifierPatternSyntax.self) { return [single.identifier.text] }
        return pattern.descendants(of: IdentifierPatternSyntax.self).map(\.identifier.text)
    }
}
