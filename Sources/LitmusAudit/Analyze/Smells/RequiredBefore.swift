import SwiftSyntax

/// An `if let` whose value an earlier check of the test already requires: `if let last = result.last`
/// after `XCTAssertFalse(result.isEmpty)` cannot skip its checks while the test passes, since when the
/// value is missing the earlier check has failed. Conditional Test Logic leaves such a branch alone
/// (SwiftGraph 4.0.0's search tests: fourteen `if let last = result.last` after `XCTAssertFalse(result
/// .isEmpty)` were called skippable). What counts as requiring it, by an unconditional check before the
/// `if` (not under another `if`, `switch`, loop, `guard` or closure, unless the `if` is in it too):
/// - for `R.first` or `R.last`: `XCTAssertFalse(R.isEmpty)`, `XCTAssert(!R.isEmpty)`, `#expect(!R.isEmpty)`,
///   `R.count` compared equal to a positive literal, greater than 0 or at least 1;
/// - for any value `E`: `XCTAssertNotNil(E)`, `XCTAssert(E != nil)` or `#expect(E != nil)`, the
///   comparison as the parser leaves it (a sequence) or folded (SWXMLHash 8.1.1's conversion tests:
///   six `if let value = value` after `#expect(value != nil)` were called skippable).
/// The condition may also be `E != nil` itself (`if err != nil { #expect(err!.line == 1) }` after
/// `#expect(err != nil)`), or any condition, calling nothing, that the check right before the `if` requires as
/// written (`if n >= 2` right after `#expect(n >= 2)`).
///
/// A check after the branch counts too, when nothing but the branch lies between (the path that skips it
/// reaches that check, which fails): `if let y = x as? T { … }` then `XCTAssertNotNil(x as? T)` or
/// `#expect(x is T)`; and so does a later check of a `var` that only the branch sets (`handled = true`
/// in the branch, `XCTAssertTrue(handled)` after it). The scope is the innermost loop body, closure or
/// function around the branch: a check before it in the same loop body ran in the same iteration.
enum RequiredBefore {
    /// Whether every condition of `branch` binds a value the checks of `assertions` around it require.
    static func covers(_ branch: IfExprSyntax, assertions: [Syntax], body: Syntax) -> Bool {
        covers(branch.conditions, at: Syntax(branch), assertions: assertions, body: body)
            || laterCheckReadsBranchFlag(branch, assertions: assertions, body: body)
    }

    /// Whether every one of `conditions` (of an `if` or a `guard` at `statement`) binds a value an
    /// unconditional check of its scope, before it or after it, requires.
    static func covers(
        _ conditions: ConditionElementListSyntax, at statement: Syntax, assertions: [Syntax], body: Syntax
    ) -> Bool {
        let scope = self.scope(of: statement, in: body)
        let around = assertions.filter { check in
            guard !isInside(check, statement) else { return false }
            if check.position < statement.position, runs(check, beforeReaching: statement) { return true }
            return isUnconditional(check, in: scope)
                && (check.position < statement.position || statement.is(IfExprSyntax.self))
        }
        guard !around.isEmpty else { return false }
        let required = Set(around.flatMap(requiredValues))
        return conditions.allSatisfy { element in
            if let expression = element.condition.as(ExprSyntax.self),
                checkedRightBefore(expression, at: statement, assertions: around)
                    || countCheckedRightBefore(expression, at: statement, assertions: around)
            {
                return true
            }
            if let expression = element.condition.as(ExprSyntax.self),
                // In parentheses too (Kitura-CORS 2.1.201's `guard (response != nil) else { return }`).
                let (left, op, right) = EqualityShapeDetector.comparison(expression.withoutParentheses), op == "!=",
                right.is(NilLiteralExprSyntax.self)
            {
                return required.contains(left.trimmedDescription)
            }
            guard let binding = element.condition.as(OptionalBindingConditionSyntax.self) else { return false }
            // `if let x` unwraps `x` itself.
            guard let value = binding.initializer?.value else {
                return required.contains(binding.pattern.trimmedDescription)
            }
            let text = value.trimmedDescription
            if required.contains(text) { return true }
            guard let member = value.as(MemberAccessExprSyntax.self), let base = member.base,
                ["first", "last"].contains(member.declName.baseName.text)
            else { return false }
            return required.contains(base.trimmedDescription + ".isEmpty == false")
        }
    }

    /// The innermost loop body, closure or function body around `node`, within `body`.
    static func scope(of node: Syntax, in body: Syntax) -> Syntax {
        var current = node.parent
        while let syntax = current, syntax.id != body.id {
            if let loop = syntax.as(ForStmtSyntax.self) { return Syntax(loop.body) }
            if let loop = syntax.as(WhileStmtSyntax.self) { return Syntax(loop.body) }
            if syntax.is(ClosureExprSyntax.self) { return syntax }
            current = syntax.parent
        }
        return body
    }

    /// Whether `node` lies inside `container`.
    static func isInside(_ node: Syntax, _ container: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current {
            if syntax.id == container.id { return true }
            current = syntax.parent
        }
        return false
    }

    /// Whether a check after `branch`, unconditional in its scope, reads what only the branch leaves: a `var`
    /// declared before the branch that only the branch sets (`found = true`, `count += 1`), or a collection
    /// every setter of which adds to it (`visited.append(x)` here and in other branches): when the branch is
    /// skipped the variable keeps another value, which that check is there to refuse. When the branch is in
    /// a closure passed to a call (a visitor's callback, a sequence's `forEach`), the checks after that
    /// statement in the scope around count too, and so does a value the branch returns from the closure,
    /// through the name the statement binds (`let edited = visit(root) { if let n = node as? Field { …;
    /// return .node(m) }; return .continue }` then `#expect(edited … )`: GraphQLSwift/GraphQL 4.3.0's
    /// visitor tests).
    static func laterCheckReadsBranchFlag(_ branch: IfExprSyntax, assertions: [Syntax], body: Syntax) -> Bool {
        let set = Set(setNames(in: Syntax(branch.body)))
        var scope = self.scope(of: Syntax(branch), in: body)
        var after = branch.endPosition
        var results: Set<String> = []
        // Only a value returned from the innermost closure reaches its call's result.
        var returns = returnsValue(Syntax(branch.body), from: scope)
        while true {
            let flags = set.filter { isFlag($0, setOnlyBy: branch, in: scope) }.union(results)
            if !flags.isEmpty,
                assertions.contains(where: { check in
                    check.position >= after && isUnconditional(check, in: scope)
                        && check.descendants(of: DeclReferenceExprSyntax.self).contains {
                            flags.contains($0.baseName.text)
                        }
                })
            {
                return true
            }
            // The body itself may be a closure (a Quick spec's `it { }`): nothing around it is the test's.
            guard scope.is(ClosureExprSyntax.self), scope.id != body.id else { return false }
            let outer = self.scope(of: scope, in: body)
            if returns { results = boundNames(ofStatementHolding: scope, in: outer) }
            returns = false
            after = scope.endPosition
            scope = outer
        }
    }

    /// Whether `name` is a `var` declared in `scope` before `branch` that only `branch` sets, or that every
    /// place sets by adding to it (`append`, `insert`).
    private static func isFlag(_ name: String, setOnlyBy branch: IfExprSyntax, in scope: Syntax) -> Bool {
        let declared = scope.descendants(of: VariableDeclSyntax.self).contains { declaration in
            declaration.bindingSpecifier.tokenKind == .keyword(.var) && declaration.position < branch.position
                && declaration.bindings.contains {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                }
        }
        guard declared else { return false }
        let sites = setSites(of: name, in: scope)
        // Every other setter adds to it in a branch of its own: an unconditional `log.append(…)` would make the
        // later check hold whether this branch ran or not.
        return !sites.contains { !isInside($0, Syntax(branch)) }
            || sites.allSatisfy { isAddition($0) && (isInside($0, Syntax(branch)) || !isUnconditional($0, in: scope)) }
    }

    /// Whether `node` holds a `return` of a value from `closure` (not from a closure inside it).
    private static func returnsValue(_ node: Syntax, from closure: Syntax) -> Bool {
        guard closure.is(ClosureExprSyntax.self) else { return false }
        return node.descendants(of: ReturnStmtSyntax.self).contains { statement in
            guard statement.expression != nil else { return false }
            var current = statement.parent
            while let syntax = current {
                if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self) {
                    return syntax.id == closure.id
                }
                current = syntax.parent
            }
            return false
        }
    }

    /// The names the statement of `scope` that holds `node` binds (`let edited = visit(…) { … }`).
    private static func boundNames(ofStatementHolding node: Syntax, in scope: Syntax) -> Set<String> {
        var current = node.parent
        while let syntax = current, syntax.id != scope.id {
            if let declaration = syntax.as(VariableDeclSyntax.self) {
                return Set(
                    declaration.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text })
            }
            if syntax.is(CodeBlockItemSyntax.self) { return [] }
            current = syntax.parent
        }
        return []
    }

    /// The names `node` sets: assigned (`x = …`, `x += …`) or changed in place (`x.append(…)`).
    private static func setNames(in node: Syntax) -> [String] {
        node.descendants(of: DeclReferenceExprSyntax.self).filter { isSet($0) }.map(\.baseName.text)
    }

    /// The places `node` sets `name`.
    private static func setSites(of name: String, in node: Syntax) -> [Syntax] {
        node.descendants(of: DeclReferenceExprSyntax.self).filter { $0.baseName.text == name && isSet($0) }
            .map(Syntax.init)
    }

    /// Whether `site` (a place ``setSites(of:in:)`` found) adds to a collection: `x.append(…)`, `x.insert(…)`,
    /// `x.formUnion(…)`.
    private static func isAddition(_ site: Syntax) -> Bool {
        guard let member = site.parent?.as(MemberAccessExprSyntax.self) else { return false }
        return ["append", "insert", "formUnion"].contains(member.declName.baseName.text)
    }

    /// Whether `reference` is set where it stands: the left side of an assignment, or the base of a
    /// mutating call of a collection (`append`, `insert`, `remove…`).
    private static func isSet(_ reference: DeclReferenceExprSyntax) -> Bool {
        let node = Syntax(reference)
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
            member.parent?.is(FunctionCallExprSyntax.self) == true,
            ["append", "insert", "removeAll", "removeFirst", "removeLast", "formUnion", "toggle"].contains(
                member.declName.baseName.text)
        {
            return true
        }
        guard let list = node.parent?.as(ExprListSyntax.self), let index = list.firstIndex(where: { $0.id == node.id })
        else { return false }
        let next = list.index(after: index)
        guard next < list.endIndex else { return false }
        if list[next].is(AssignmentExprSyntax.self) { return true }
        return list[next].as(BinaryOperatorExprSyntax.self).map {
            ["+=", "-=", "*=", "|=", "&="].contains($0.operator.text)
        }
            ?? false
    }

    /// What `check` requires, as texts: `E` for a value it requires present, `R.isEmpty == false` for a
    /// collection it requires non-empty.
    static func requiredValues(_ check: Syntax) -> [String] {
        guard let name = SmellScan.assertionName(check) else { return [] }
        let arguments = SmellScan.arguments(check).filter { $0.label == nil }.map(\.expression)
        guard let first = arguments.first else { return [] }
        let nonEmpty = { (collection: String) in [collection + ".isEmpty == false"] }
        switch name {
        case "XCTAssertNotNil":
            return [first.trimmedDescription]
        case "XCTAssertFalse":
            return isEmptyCheck(first).map(nonEmpty) ?? []
        case "XCTAssertEqual" where arguments.count >= 2:
            // And the equality as written, either way round: Kitura 3.0.1's `XCTAssertEqual(reconstructed.count,
            // original.count)` then `if reconstructed.count == original.count { … }`.
            // Not with a tolerance (`accuracy:`), which passes values that are not equal.
            let exact = !SmellScan.arguments(check).contains { $0.label?.text == "accuracy" }
            let (left, right) = (arguments[0].trimmedDescription, arguments[1].trimmedDescription)
            return (positiveCount(arguments[0], arguments[1]).map(nonEmpty) ?? [])
                + (equalToElements(arguments[0], arguments[1]).map(nonEmpty) ?? [])
                + (exactCount(arguments[0], arguments[1]).map { [$0] } ?? [])
                + (exact ? ["holds: \(left) == \(right)", "holds: \(right) == \(left)"] : [])
        case "XCTAssertGreaterThan" where arguments.count >= 2:
            return countAbove(arguments[0], arguments[1], atLeast: 0).map(nonEmpty) ?? []
        case "XCTAssertGreaterThanOrEqual" where arguments.count >= 2:
            return countAbove(arguments[0], arguments[1], atLeast: 1).map(nonEmpty) ?? []
        case "XCTAssertNoThrow":
            return assignedByTry(first).map { [$0] } ?? []
        case "XCTAssert", "XCTAssertTrue", "#expect", "#require":
            // The condition itself, as written: an `if` on the same condition cannot skip once it passed.
            return condition(first) + [holds(first)]
        case "toNot", "notTo":
            return nimbleRequirement(check, matcher: first)
        default:
            return []
        }
    }

    /// What Nimble's `expect(x).toNot(beNil())` (or `notTo`) requires: `x` not `nil`; `expect(xs).toNot(beEmpty())`:
    /// `xs` not empty (ReactiveSwift 7.2.1's specs check `expect(latestEvent).toNot(beNil())` before `if let event =
    /// latestEvent`).
    private static func nimbleRequirement(_ check: Syntax, matcher: ExprSyntax) -> [String] {
        guard let matcherCall = matcher.as(FunctionCallExprSyntax.self), matcherCall.arguments.isEmpty,
            let matcherName = matcherCall.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let member = check.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self),
            let subject = member.base?.as(FunctionCallExprSyntax.self),
            subject.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "expect",
            subject.arguments.count == 1, let value = subject.arguments.first?.expression,
            // A call may give another value the next time (`expect(iterator.next()).toNot(beNil())`).
            value.descendants(of: FunctionCallExprSyntax.self).isEmpty, !value.is(FunctionCallExprSyntax.self)
        else { return [] }
        switch matcherName {
        case "beNil": return [value.trimmedDescription]
        case "beEmpty": return [value.trimmedDescription + ".isEmpty == false"]
        default: return []
        }
    }

    /// The name `expression` assigns a value that cannot be `nil` unless the check around it failed:
    /// `XCTAssertNoThrow(request = try PreparedRequest(request))` leaves `request` unset only when the
    /// initializer threw, which fails the check (async-http-client 1.37.0 then reads it with `guard let
    /// request else { return }`). Read: an initializer of a type (`Name(…)`, `Outer.Name(…)`; a throwing `init?` is
    /// not told apart), a decoder's `decode(Name.self, …)`, or a channel a bootstrap bound or connected
    /// (`….bind(…).wait()`), under a `try` that is neither `try?` nor `try!`.
    private static func assignedByTry(_ expression: ExprSyntax) -> String? {
        guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            Array(sequence.elements)[1].is(AssignmentExprSyntax.self),
            let target = sequence.elements.first, target.is(DeclReferenceExprSyntax.self),
            let attempt = sequence.elements.last?.as(TryExprSyntax.self), attempt.questionOrExclamationMark == nil,
            let call = attempt.expression.withoutTryOrAwait.as(FunctionCallExprSyntax.self)
        else { return nil }
        // A nested type's too (`HTTPClient.Request(url:)`, async-http-client 1.37.0).
        let initializer = call.initializedTypeName() != nil
        // A channel a bootstrap bound or connected (`….bind(host:port:).wait()`); another future may hold nil.
        let waited =
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "wait"
            && call.arguments.isEmpty
            && [".bind(", ".connect("].contains(where: call.calledExpression.trimmedDescription.contains)
        return initializer || waited || decodesType(call) ? target.trimmedDescription : nil
    }

    /// Whether `call` decodes a value of a type it names, not an optional one: `decoder.decode(RequestInfo.self, from:
    /// body)`, which returns a `RequestInfo` or throws (`decode(T?.self, …)` may give `nil`).
    private static func decodesType(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "decode",
            let first = call.arguments.first, first.label == nil,
            let member = first.expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self"
        else { return false }
        // `RequestInfo.self`, `Outer.Name.self`; `RequestInfo?.self` is no such name.
        return member.base?.typeNameByComponents != nil
    }

    /// Whether the statement right before `statement` (in its block) is a check requiring `condition` as written,
    /// and the condition calls nothing: nothing between them can change its value.
    private static func checkedRightBefore(_ condition: ExprSyntax, at statement: Syntax, assertions: [Syntax]) -> Bool
    {
        guard condition.descendants(of: FunctionCallExprSyntax.self).isEmpty,
            let (item, list) = block(holding: statement),
            let previous = list.last(where: { $0.endPosition <= item.position })
        else { return false }
        return assertions.contains { check in
            isInside(check, Syntax(previous)) && requiredValues(check).contains(holds(condition))
        }
    }

    /// The text ``requiredValues(_:)`` gives for a Boolean `condition` a check requires to hold as written
    /// (WasmKit 0.4.2: `#expect(trap.callStack.count >= 2)` then `if trap.callStack.count >= 2 { … }`).
    private static func holds(_ condition: ExprSyntax) -> String { "holds: " + condition.trimmedDescription }

    /// What a Boolean condition requires: `!R.isEmpty`, `R.count == N` (N > 0), `R.count > 0`,
    /// `R.count >= 1`, `E != nil`.
    private static func condition(_ expression: ExprSyntax) -> [String] {
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!",
            let collection = isEmptyCheck(prefix.expression)
        {
            return [collection + ".isEmpty == false"]
        }
        if let check = expression.as(IsExprSyntax.self) {
            return ["\(check.expression.trimmedDescription) as? \(check.type.trimmedDescription)"]
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let value = sequence.elements.first, let type = sequence.elements.last?.as(TypeExprSyntax.self),
            Array(sequence.elements)[1].is(UnresolvedIsExprSyntax.self)
        {
            return ["\(value.trimmedDescription) as? \(type.type.trimmedDescription)"]
        }
        guard let (left, op, right) = EqualityShapeDetector.comparison(expression) else { return [] }
        switch op {
        case "!=" where right.is(NilLiteralExprSyntax.self):
            return [left.trimmedDescription]
        case "==":
            let nonEmpty = [positiveCount(left, right), equalToElements(left, right)].compactMap { $0 }
            return nonEmpty.map { $0 + ".isEmpty == false" } + (exactCount(left, right).map { [$0] } ?? [])
        case ">":
            return countAbove(left, right, atLeast: 0).map { [$0 + ".isEmpty == false"] } ?? []
        case ">=":
            return countAbove(left, right, atLeast: 1).map { [$0 + ".isEmpty == false"] } ?? []
        default:
            return []
        }
    }

    /// `R` compared equal to an array literal of at least one element, either way round: the check fails unless `R`
    /// has elements (tuist/XcodeGraph 1.34.5's `#expect(infoPlist.libraries == [Library(…), Library(…)])` before `for
    /// library in infoPlist.libraries { … }`).
    private static func equalToElements(_ left: ExprSyntax, _ right: ExprSyntax) -> String? {
        let elements = { (side: ExprSyntax) in side.as(ArrayExprSyntax.self).map { !$0.elements.isEmpty } == true }
        if elements(right), !elements(left) { return left.trimmedDescription }
        if elements(left), !elements(right) { return right.trimmedDescription }
        return nil
    }

    /// `R` of `R.isEmpty`.
    private static func isEmptyCheck(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "isEmpty"
        else { return nil }
        return member.base?.trimmedDescription
    }
}
