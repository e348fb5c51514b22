import SwiftSyntax

/// `first` and `last` of a collection a check before them found not empty (``TrapDetector``).
extension TrapDetector {
    /// Whether the unwrapped `expression` is `X.first` or `X.last` (or of `X.prefix(k)`, `X.suffix(k)`, `k` at least 1)
    /// where `X` was found not empty and is not changed in the function or closure around it: in the body of an `if`,
    /// or after a `guard`, whose conditions say so (`!X.isEmpty`, `X.count > 0`, `X.count == 1`, `X.count >= 2`,
    /// `0 < X.count`), or after `if X.isEmpty { return … }` (swift-syntax 603.0.1's `guard property.bindings.count == 1
    /// else { return [] }` then `property.bindings.first!`; OpenAPIKit 6.4.0's `guard codingPath.count > 1 else { return
    /// false }` then `codingPath.suffix(2).first!`). `X` is a name or a member path without calls: a call may give
    /// another collection the next time.
    static func isCheckedNonEmpty(_ expression: ExprSyntax) -> Bool {
        guard let end = expression.as(MemberAccessExprSyntax.self),
            ["first", "last"].contains(end.declName.baseName.text),
            var collection = end.base
        else { return false }
        if let slice = collection.as(FunctionCallExprSyntax.self),
            let member = slice.calledExpression.as(MemberAccessExprSyntax.self),
            ["prefix", "suffix"].contains(member.declName.baseName.text), slice.arguments.count == 1,
            slice.arguments.first?.label == nil,
            let count = slice.arguments.first?.expression.as(IntegerLiteralExprSyntax.self)
                .flatMap(ConditionalLogicDetector.integer(of:)), count >= 1, let base = member.base
        {
            collection = base
        }
        guard Syntax(collection).descendants(of: FunctionCallExprSyntax.self).isEmpty,
            collection.is(DeclReferenceExprSyntax.self) || collection.is(MemberAccessExprSyntax.self)
        else { return false }
        let name = collection.trimmedDescription
        let written = RepetitionDetector.tokenText(Syntax(collection))
        guard
            let check = establishment(
                at: Syntax(expression),
                by: { conditions in
                    conditions.contains { element in
                        guard case .expression(let condition) = element.condition else { return false }
                        let unwrapped = condition.withoutParentheses
                        let elements = unwrapped.as(SequenceExprSyntax.self).map { Array($0.elements) } ?? [unwrapped]
                        return (NeverNil.conjuncts(elements) ?? []).contains {
                            NeverNil.isNonEmptyTest($0, of: written)
                        }
                    }
                },
                before: { exitsWhenEmpty($0, name) })
        else { return false }
        return !isChanged(name, around: Syntax(expression), after: check)
    }

    /// Whether `statement` is `if X.isEmpty { … }` (or `X.count == 0`) without an `else`, whose block ends by leaving
    /// (`return`, `throw`, `continue`, `break`, `fatalError(…)`).
    private static func exitsWhenEmpty(_ statement: CodeBlockItemSyntax, _ name: String) -> Bool {
        guard
            let branch = statement.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
                ?? statement.item.as(IfExprSyntax.self),
            branch.elseBody == nil, branch.conditions.count == 1,
            let condition = branch.conditions.first?.condition.as(ExprSyntax.self)?.withoutParentheses,
            let last = branch.body.statements.last?.item
        else { return false }
        let comparison = EqualityShapeDetector.comparison(condition)
        let empty =
            isMember(condition, "isEmpty", of: name)
            || (comparison.map { $0.1 == "==" && isMember($0.0, "count", of: name) } == true
                && comparison?.2.as(IntegerLiteralExprSyntax.self).flatMap(ConditionalLogicDetector.integer(of:)) == 0)
        guard empty else { return false }
        if last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self) || last.is(ContinueStmtSyntax.self)
            || last.is(BreakStmtSyntax.self)
        {
            return true
        }
        let call =
            last.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
            ?? last.as(FunctionCallExprSyntax.self)
        return call.map { trappingCalls.contains($0.calledExpression.trimmedDescription) } ?? false
    }

    /// Whether `expression` is `name.member`.
    private static func isMember(_ expression: ExprSyntax, _ member: String, of name: String) -> Bool {
        guard let access = expression.as(MemberAccessExprSyntax.self) else { return false }
        return access.declName.baseName.text == member && access.base?.trimmedDescription == name
    }

    /// Whether the function or closure around `node` assigns `name` (a path under it, or one it is under) from `check`
    /// on, or anywhere in a closure, a local function or a `defer` (which may run later), hands it `inout` or calls a
    /// method on it (`items.removeAll()`, `sut.reset()`, which may start work that changes it later) anywhere, or binds
    /// its first name twice (a loop's pattern): the check may no longer hold. An assignment before the check is what
    /// the check saw (swiftly 0.4.0's `config = try Config.load()`, then `guard !config.installedToolchains.isEmpty`).
    static func isChanged(_ name: String, around node: Syntax, after check: Syntax) -> Bool {
        var scope = node
        while let parent = scope.parent {
            scope = parent
            if scope.is(ClosureExprSyntax.self) || scope.is(FunctionDeclSyntax.self) { break }
        }
        // `self.items` and `items` are one path; a change of the value the path starts from (`sut = …`,
        // `sut.reset()`) may change what it reaches.
        let path = { (text: String) in text.hasPrefix("self.") ? String(text.dropFirst(5)) : text }
        let checked = path(name)
        let under = { (expression: ExprSyntax) in
            let text = path(expression.trimmedDescription)
            return text == checked || text.hasPrefix(checked + ".") || text.hasPrefix(checked + "[")
                || checked.hasPrefix(text + ".")
        }
        // A name bound again in the scope (a loop's pattern, an `if let`, a closure's parameter) may be another value.
        let root = String(checked.prefix { $0 != "." && $0 != "[" })
        let bindings =
            scope.descendants(of: IdentifierPatternSyntax.self).filter { $0.identifier.text == root }.count
            + scope.descendants(of: ClosureShorthandParameterSyntax.self).filter { $0.name.text == root }.count
            + scope.descendants(of: ClosureParameterSyntax.self).filter { $0.firstName.text == root }.count
            + scope.descendants(of: FunctionParameterSyntax.self).filter {
                ($0.secondName ?? $0.firstName).text == root
            }.count
        if bindings > 1 { return true }
        // An assignment counts unless it runs before the check, in the scope's own statements.
        let counts = { (change: Syntax) in
            change.position >= check.position || isDeferred(change, within: scope)
        }
        for sequence in scope.descendants(of: SequenceExprSyntax.self) where counts(Syntax(sequence)) {
            let elements = Array(sequence.elements)
            for (index, element) in elements.enumerated() where index > 0 && index + 1 < elements.count {
                if element.is(AssignmentExprSyntax.self) || ConditionalLogicDetector.isCompoundAssignment(element),
                    under(elements[index - 1])
                {
                    return true
                }
            }
        }
        if scope.descendants(of: InOutExprSyntax.self).contains(where: { under($0.expression) }) { return true }
        return scope.descendants(of: FunctionCallExprSyntax.self).contains { call in
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
            else {
                return false
            }
            return under(base)
                && !["prefix", "suffix", "filter", "map", "sorted", "contains"].contains(
                    member.declName.baseName.text)
        }
    }

    /// Whether `node` lies in a closure, a local function, a `defer` or a computed variable's accessors inside `scope`:
    /// code that may run after what follows it.
    private static func isDeferred(_ node: Syntax, within scope: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current, syntax.id != scope.id {
            if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self)
                || syntax.is(DeferStmtSyntax.self)
                || syntax.is(AccessorBlockSyntax.self)
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }
}
