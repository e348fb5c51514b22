import SwiftSyntax

/// Unwraps a check before them makes safe: a branch or a `guard` that tests the value, a throwing check that
/// leaves the block.
extension TrapDetector {
    /// Whether the unwrapped `expression` sits in the body of an `if` one of whose conditions is
    /// `expression != nil`, or after a `guard expression != nil else { … }` in a block around it (both
    /// as the parser leaves them), or one binding an optional chain through it (`if let value = kv?.value`): there it
    /// is not `nil` (SWXMLHash 8.1.1's `if err != nil { #expect(err!.line == 1) }`), or after a throwing check that requires it (``throwingCheckRequires(_:)``).
    /// Not in the `else` of such an `if`, and not across a closure or a function around the unwrap.
    static func isCheckedNonNil(_ expression: ExprSyntax) -> Bool {
        let unwrapped = expression.trimmedDescription
        let checksNonNil = { (conditions: ConditionElementListSyntax) in
            conditions.contains { element in
                // In parentheses too (Kitura-Session 4.0.0's `guard (cookie3 != nil) else { return }`).
                guard let condition = element.condition.as(ExprSyntax.self)?.withoutParentheses,
                    let (left, op, right) = EqualityShapeDetector.comparison(condition), op == "!="
                else { return false }
                return (right.is(NilLiteralExprSyntax.self) && left.trimmedDescription == unwrapped)
                    || (left.is(NilLiteralExprSyntax.self) && right.trimmedDescription == unwrapped)
            }
        }
        if isEstablished(
            at: Syntax(expression), by: checksNonNil,
            before: { throwingCheckRequires($0.item).contains(unwrapped) })
        {
            return true
        }
        return isBoundThroughChain(expression)
    }

    /// Whether the unwrapped `expression` sits where a binding of an optional chain through it established it: in the
    /// body of `if let v = kv?.value`, or after `guard let v = kv?.value else { … }`, the chain gives `nil` whenever
    /// `kv` is (swift-tools-protocols 0.0.10's `kv!.key.count` in that body). Only a name or a member path without
    /// calls or subscripts (`it.next()` may give another value the next time), not bound again by the binding (`if
    /// let kv = kv?.next`), and nothing changing it from the binding on (``isChanged(_:around:after:)``).
    private static func isBoundThroughChain(_ expression: ExprSyntax) -> Bool {
        guard expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self),
            Syntax(expression).descendants(of: FunctionCallExprSyntax.self).isEmpty,
            Syntax(expression).descendants(of: SubscriptCallExprSyntax.self).isEmpty
        else { return false }
        let unwrapped = expression.trimmedDescription
        let root = String(unwrapped.prefix { $0 != "." })
        let bindsChain = { (conditions: ConditionElementListSyntax) in
            conditions.contains { element in
                guard case .optionalBinding(let binding) = element.condition, let value = binding.initializer?.value,
                    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text != root
                else { return false }
                return chains(value, through: unwrapped)
            }
        }
        guard let check = establishment(at: Syntax(expression), by: bindsChain) else { return false }
        return !isChanged(unwrapped, around: Syntax(expression), after: check)
    }

    /// Whether `expression` is an optional chain through `optional` (`optional?.member`, `optional?.call(…)[i]`): a
    /// member, a call or a subscript of it, each of the value before, never an argument (`f(optional?.x)` may be
    /// anything).
    private static func chains(_ expression: ExprSyntax, through optional: String) -> Bool {
        var current = expression
        while let base = current.chainBase {
            if current.is(OptionalChainingExprSyntax.self), base.trimmedDescription == optional { return true }
            current = base
        }
        return false
    }

    /// Whether the cast of `value` to `type` sits where the test has found `value` is that type: in the body of `if
    /// value is T`, after `guard value is T else { … }` in a block around it, or in `case is T:` of a `switch value`,
    /// every item of the case that type (swift-nio 2.101.3's `case is SocketAddressError.FailedToParseIPByteBuffer:`
    /// then `error as! …` of the same error). Only a value read again unchanged: a name or a member path, no call
    /// (`make() is T` may not hold for the next `make()`).
    static func isCheckedCast(_ value: ExprSyntax, to type: TypeSyntax) -> Bool {
        guard !value.is(FunctionCallExprSyntax.self), Syntax(value).descendants(of: FunctionCallExprSyntax.self).isEmpty
        else { return false }
        let name = value.trimmedDescription
        let typeName = type.trimmedDescription
        let checks = { (expression: ExprSyntax) -> Bool in
            let elements = expression.as(SequenceExprSyntax.self).map { Array($0.elements) } ?? []
            if elements.count == 3, elements[0].trimmedDescription == name,
                let test = elements[1].as(UnresolvedIsExprSyntax.self), test.isKeyword.text == "is",
                elements[2].as(TypeExprSyntax.self)?.type.trimmedDescription == typeName
            {
                return true
            }
            guard let test = expression.as(IsExprSyntax.self) else { return false }
            return test.expression.trimmedDescription == name && test.type.trimmedDescription == typeName
        }
        return isEstablished(
            at: Syntax(value),
            by: { conditions in
                conditions.contains { $0.condition.as(ExprSyntax.self).map { checks($0.withoutParentheses) } ?? false }
            },
            within: { syntax in
                guard let switchCase = syntax.as(SwitchCaseSyntax.self),
                    switchCase.parent?.parent?.as(SwitchExprSyntax.self)?.subject.trimmedDescription == name,
                    let items = switchCase.label.as(SwitchCaseLabelSyntax.self)?.caseItems
                else { return false }
                return items.allSatisfy { $0.pattern.as(IsTypePatternSyntax.self)?.type.trimmedDescription == typeName }
            })
    }

    /// Whether what `node` relies on is established where it sits, up to the closure or function around it: in the
    /// body of an `if` whose conditions `conditions` accepts, after a `guard` whose conditions it accepts or a statement
    /// `before` accepts in a block around it, or inside a node `within` accepts (a `switch` case).
    static func isEstablished(
        at node: Syntax, by conditions: (ConditionElementListSyntax) -> Bool,
        before: (CodeBlockItemSyntax) -> Bool = { _ in false }, within: (Syntax) -> Bool = { _ in false }
    ) -> Bool {
        establishment(at: node, by: conditions, before: before, within: within) != nil
    }

    /// What establishes what `node` relies on (``isEstablished(at:by:before:within:)``): the `if` whose body holds it,
    /// the last `guard` or statement `before` accepts of the nearest block around it that has one, or the node `within`
    /// accepts; `nil` when nothing does.
    static func establishment(
        at node: Syntax, by conditions: (ConditionElementListSyntax) -> Bool,
        before: (CodeBlockItemSyntax) -> Bool = { _ in false }, within: (Syntax) -> Bool = { _ in false }
    ) -> Syntax? {
        var child = node
        var current = child.parent
        while let syntax = current {
            if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self) { return nil }
            if let branch = syntax.as(IfExprSyntax.self), child.id == branch.body.id, conditions(branch.conditions) {
                return syntax
            }
            if within(syntax) { return syntax }
            if let list = syntax.as(CodeBlockItemListSyntax.self) {
                var last: Syntax?
                for statement in list {
                    if statement.id == child.id { break }
                    if let guardStatement = statement.item.as(GuardStmtSyntax.self),
                        conditions(guardStatement.conditions)
                    {
                        last = Syntax(statement)
                    } else if before(statement) {
                        last = Syntax(statement)
                    }
                }
                if let last { return last }
            }
            child = syntax
            current = syntax.parent
        }
        return nil
    }

    /// Whether the file `root` imports Spectre, whose `expect` throws.
    private static func importsSpectre(_ root: Syntax) -> Bool {
        root.as(SourceFileSyntax.self)?.statements.contains {
            $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text == "Spectre"
        } ?? false
    }

    /// What a throwing check as a statement requires of the rest of its block, which it leaves when it fails:
    /// Spectre's `try expect(E) != nil` requires `E`; `try expect(X.count) == N` (N above 0) requires `X.first` and
    /// `X.last` (yonaskolb/XcodeGen 2.45.4: `try expect(phases.count) == 1`, then `phases.first!`); `try
    /// expect(E?.count) == n`, `n` an integer literal or a count, requires `E` (`phase.files!` after `try
    /// expect(phase.files?.count) == paths.count`). Only in a file that imports Spectre: Nimble's `expect`, which
    /// does not throw, is no such check.
    private static func throwingCheckRequires(_ item: CodeBlockItemSyntax.Item) -> [String] {
        // `try` covers the whole comparison; the parser leaves it on the first operand (`try expect(x) == 1`). Nimble's
        // `expect` compiles under `try` too (with a warning) and does not leave: the file must import Spectre.
        guard let expression = item.as(ExprSyntax.self), importsSpectre(Syntax(item).root),
            let (tried, op, right) = EqualityShapeDetector.comparison(
                expression.as(TryExprSyntax.self)?.expression ?? expression),
            let attempt = expression.as(TryExprSyntax.self) ?? tried.as(TryExprSyntax.self),
            attempt.questionOrExclamationMark == nil,
            let call = (tried.as(TryExprSyntax.self)?.expression ?? tried).as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "expect",
            call.arguments.count == 1, let subject = call.arguments.first?.expression
        else { return [] }
        if op == "!=", right.is(NilLiteralExprSyntax.self) { return [subject.trimmedDescription] }
        // `try expect(E?.count) == n` (n a count or an integer literal, never nil) fails when `E` is nil.
        if op == "==", let chained = subject.as(MemberAccessExprSyntax.self)?.base?.as(OptionalChainingExprSyntax.self),
            right.is(IntegerLiteralExprSyntax.self)
                || right.as(MemberAccessExprSyntax.self).map({
                    $0.declName.baseName.text == "count" && !$0.trimmedDescription.contains("?")
                }) == true
        {
            return [chained.expression.trimmedDescription]
        }
        guard op == "==", let count = right.as(IntegerLiteralExprSyntax.self).flatMap(ConditionalLogicDetector.integer),
            count > 0, let member = subject.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "count",
            let base = member.base?.trimmedDescription
        else { return [] }
        return ["\(base).first", "\(base).last"]
    }
}
