import SwiftSyntax

/// What a helper's own declaration says of it, read from its syntax alone: what its result type lets a use take,
/// whether its failures are each an `XCTFail` followed by a `throw`, and whether it hands its closures expectations.
extension HelperIndex {
    /// A helper's result type, as far as its spelling tells: an optional (`T?`), a `Bool`, nothing, or anything else
    /// (`Int!`, `Optional<T>`, `Swift.Bool`, an alias), which any use may call.
    enum Returned {
        case optional, bool, nothing, other

        init(_ clause: ReturnClauseSyntax?) {
            guard let type = clause?.type else {
                self = .nothing
                return
            }
            if type.is(OptionalTypeSyntax.self) {
                self = .optional
            } else if type.trimmedDescription == "Bool" {
                self = .bool
            } else if ["Void", "()"].contains(type.trimmedDescription) {
                self = .nothing
            } else {
                self = .other
            }
        }
    }

    /// A Swift Testing `@Test` or an XCTest-style `test…()` method.
    static func isTest(_ function: FunctionDeclSyntax) -> Bool {
        function.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Test" }
            || (function.name.text.hasPrefix("test") && function.signature.parameterClause.parameters.isEmpty)
    }

    /// `seeds` and every function that calls one of them, directly or through others.
    static func callers(of seeds: Set<String>, over calls: [String: Set<String>]) -> Set<String> {
        var reached = seeds
        var changed = true
        while changed {
            changed = false
            for (name, callees) in calls where !reached.contains(name) && !callees.isDisjoint(with: reached) {
                reached.insert(name)
                changed = true
            }
        }
        return reached
    }

    /// Whether `body` reports a failure to Swift Testing: `#expect`, `#require`, or `Issue.record`.
    static func reportsToSwiftTesting(_ body: CodeBlockSyntax) -> Bool {
        body.descendants(of: MacroExpansionExprSyntax.self).contains {
            ["expect", "require"].contains($0.macroName.text)
        }
            || body.descendants(of: MemberAccessExprSyntax.self).contains {
                $0.declName.baseName.text == "record" && $0.base?.trimmedDescription == "Issue"
            }
    }

    /// Whether an error `call` throws leaves the function declaring it: no closure and no `do` with a `catch` between
    /// them (the error of `queue.sync { try f() }` leaves the closure; one a `catch` takes, nothing).
    static func leavesFunction(_ call: FunctionCallExprSyntax) -> Bool {
        var child = Syntax(call)
        var current = call.parent
        while let node = current, !node.is(FunctionDeclSyntax.self) {
            if node.is(ClosureExprSyntax.self) { return false }
            if let attempt = node.as(DoStmtSyntax.self), attempt.body.id == child.id, !attempt.catchClauses.isEmpty {
                return false
            }
            child = node
            current = node.parent
        }
        return current != nil
    }

    /// When every XCTest call of `function` is an `XCTFail` whose next statement throws: a `throw`, or (swift-nio
    /// 2.101.3's `assertNoThrowWithValue`) `if let value = defaultValue { return value } else { throw error }` of a
    /// parameter given `nil` by default: the labels of those parameters, which a call must leave out; otherwise `nil`
    /// (an `XCTAssert…`, which may fail without throwing, or a failure followed by anything else).
    static func throwsAfterFailing(_ function: FunctionDeclSyntax) -> Set<String>? {
        guard let body = function.body else { return nil }
        let failures = body.descendants(of: FunctionCallExprSyntax.self).filter {
            CallCollector.calledName($0.calledExpression).map(IgnoredCheckDetector.isXCTestAssertion) ?? false
        }
        var unless: Set<String> = []
        for failure in failures {
            guard CallCollector.calledName(failure.calledExpression) == "XCTFail",
                let statement = failure.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) }),
                statement.item.as(FunctionCallExprSyntax.self)?.id == failure.id,
                let block = statement.parent?.as(CodeBlockItemListSyntax.self),
                let next = block.first(where: { $0.position > statement.position })
            else { return nil }
            if next.item.is(ThrowStmtSyntax.self) { continue }
            guard let label = defaultReturn(next, in: function) else { return nil }
            unless.insert(label)
        }
        return failures.isEmpty ? nil : unless
    }

    /// The labels of the `Bool` parameters that every XCTest failure `function` makes itself is under: in the body of
    /// an `if` one of whose conditions is the parameter itself (`if result != .completed, failIfNotCompleted { XCTFail(…)
    /// }`); `nil` when there is none, or a failure outside such an `if`. A parameter without a label, or one the body
    /// assigns or binds again, gates nothing.
    static func failsOnlyWhen(_ function: FunctionDeclSyntax) -> Set<String>? {
        guard let body = function.body else { return nil }
        var flags: [String: String] = [:]
        for parameter in function.signature.parameterClause.parameters
        where parameter.firstName.tokenKind != .wildcard && parameter.type.trimmedDescription == "Bool" {
            flags[(parameter.secondName ?? parameter.firstName).text] = parameter.firstName.text
        }
        let assigned = Set(
            body.descendants(of: SequenceExprSyntax.self).compactMap { sequence -> String? in
                let elements = Array(sequence.elements)
                guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
                return elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
            })
        // A name the body binds again (`let flag = flag || isCI`, `if let`, a loop's or a closure's parameter) may be
        // what a condition reads, not the parameter.
        let rebound =
            Set(body.descendants(of: IdentifierPatternSyntax.self).map(\.identifier.text))
            .union(body.descendants(of: ClosureShorthandParameterSyntax.self).map(\.name.text))
            .union(body.descendants(of: ClosureParameterSyntax.self).map { ($0.secondName ?? $0.firstName).text })
        flags = flags.filter { !assigned.contains($0.key) && !rebound.contains($0.key) }
        guard !flags.isEmpty else { return nil }
        let failures = body.descendants(of: FunctionCallExprSyntax.self).filter {
            CallCollector.calledName($0.calledExpression).map(IgnoredCheckDetector.isXCTestAssertion) ?? false
        }
        guard !failures.isEmpty else { return nil }
        var gates: Set<String>?
        for failure in failures {
            var under: Set<String> = []
            var current = Syntax(failure).parent
            var child = Syntax(failure)
            while let node = current, node.id != body.id {
                if let choice = node.as(IfExprSyntax.self), choice.body.id == child.id {
                    for condition in choice.conditions {
                        if let name = condition.condition.as(ExprSyntax.self)?.withoutParentheses
                            .as(DeclReferenceExprSyntax.self)?.baseName.text, let label = flags[name]
                        {
                            under.insert(label)
                        }
                    }
                }
                child = node
                current = node.parent
            }
            gates = gates.map { $0.intersection(under) } ?? under
        }
        return gates.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The label of the parameter `p` when `item` is `if let x = p { …; return x } else { …; throw e }` (or `if let
    /// p`) and `p` defaults to `nil`.
    fileprivate static func defaultReturn(_ item: CodeBlockItemSyntax, in function: FunctionDeclSyntax) -> String? {
        let choice =
            item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
            ?? item.item.as(IfExprSyntax.self)
        guard let choice, choice.conditions.count == 1,
            let binding = choice.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
            choice.body.statements.last?.item.is(ReturnStmtSyntax.self) == true,
            let otherwise = choice.elseBody?.as(CodeBlockSyntax.self),
            otherwise.statements.last?.item.is(ThrowStmtSyntax.self) == true
        else { return nil }
        let bound =
            binding.initializer?.value.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        let parameter = function.signature.parameterClause.parameters.first {
            ($0.secondName ?? $0.firstName).text == bound
        }
        guard let parameter, parameter.defaultValue?.value.is(NilLiteralExprSyntax.self) == true,
            parameter.firstName.tokenKind != .wildcard
        else { return nil }
        return parameter.firstName.text
    }

    /// Whether `function` waits for what one of its parameters holds: a call of `wait` or `fulfillment` (XCTest's
    /// `wait(for:timeout:)`, `fulfillment(of:timeout:)`, `XCTWaiter`'s) whose `for:` or `of:` argument reads a
    /// parameter (swiftlang/sourcekit-lsp's `fulfillmentOfOrThrow(_ expectations: XCTestExpectation...)`, which
    /// throws when `XCTWaiter.fulfillment(of: expectations, …)` times out).
    static func waitsForParameter(_ function: FunctionDeclSyntax) -> Bool {
        let parameters = Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        guard let body = function.body, !parameters.isEmpty else { return false }
        return body.descendants(of: FunctionCallExprSyntax.self).contains { call in
            guard ["wait", "fulfillment"].contains(CallCollector.calledName(call.calledExpression)),
                let waited = call.arguments.first(where: { ["for", "of"].contains($0.label?.text) })
            else { return false }
            let names =
                [waited.expression.as(DeclReferenceExprSyntax.self)].compactMap { $0 }
                + Syntax(waited.expression).descendants(of: DeclReferenceExprSyntax.self)
            return names.contains { parameters.contains($0.baseName.text) }
        }
    }

    /// Whether `function` takes a closure one of whose parameters is an `XCTestExpectation` and hands a call the
    /// expectations it makes with `expectation(…)` (`let e = self.expectation(…)`, then `task(e)`), and nothing else
    /// it could hand one: it makes none with `XCTestExpectation(…)`, fulfils none itself and inverts none.
    static func handsExpectation(_ function: FunctionDeclSyntax, calling called: Set<String>) -> Bool {
        guard called.contains("expectation"), !called.contains("XCTestExpectation"), let body = function.body,
            !body.descendants(of: MemberAccessExprSyntax.self).contains(where: {
                ["isInverted", "fulfill"].contains($0.declName.baseName.text)
            }),
            function.signature.parameterClause.parameters.contains(where: { parameter in
                parameter.type.descendants(of: FunctionTypeSyntax.self).contains { type in
                    type.parameters.contains { $0.type.trimmedDescription == "XCTestExpectation" }
                }
            })
        else { return false }
        let made = Set(
            body.descendants(of: PatternBindingSyntax.self).compactMap { binding -> String? in
                guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                    CallCollector.calledName(call.calledExpression) == "expectation"
                else { return nil }
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            })
        return body.descendants(of: FunctionCallExprSyntax.self).contains { call in
            call.arguments.contains { argument in
                argument.expression.as(DeclReferenceExprSyntax.self).map { made.contains($0.baseName.text) } ?? false
            }
        }
    }
}

extension SyntaxProtocol {
    /// The function declaration this node is nested in, if any.
    var enclosingFunction: FunctionDeclSyntax? {
        var current = parent
        while let node = current {
            if let function = node.as(FunctionDeclSyntax.self) { return function }
            current = node.parent
        }
        return nil
    }

    /// The nearest type declaration or extension this node is nested in (a class, struct, enum, actor,
    /// protocol or extension), if any.
    var enclosingDeclarationGroup: Syntax? {
        sequence(first: Syntax(self), next: \.parent).dropFirst().first { $0.asProtocol(DeclGroupSyntax.self) != nil }
    }
}
