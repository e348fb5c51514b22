import SwiftSyntax

/// An end of a collection the same condition found not empty first.
extension NeverNil {
    /// Whether `member` is `x.first` or `x.last` in a condition whose earlier clause (of the same `if`, `guard` or
    /// `while`, or an operand before it of the same `&&`), or in the first statement of an `if` whose condition,
    /// finds `x` not empty (``isNonEmptyTest(_:of:)``: `x.count == 1`, `x.count > 0`, `0 < x.count`, `!x.isEmpty`;
    /// CodableCSV 0.6.7's `if f.scalars.count == 1, t.contains(f.scalars.first!)`, read as the wrong cause on first
    /// contact: the unwrap that can trap was the next one). `x` is compared as written, and must name no call (`make().first` is another value each time); a later
    /// clause, an `||` or another collection guards nothing.
    static func isGuardedEnd(_ member: MemberAccessExprSyntax) -> Bool {
        guard ["first", "last"].contains(member.declName.baseName.text), let base = member.base,
            base.descendants(of: FunctionCallExprSyntax.self).isEmpty, !base.is(FunctionCallExprSyntax.self)
        else { return false }
        let collection = RepetitionDetector.tokenText(Syntax(base))
        return clausesBefore(Syntax(member)).contains { isNonEmptyTest($0, of: collection) }
    }

    /// Whether `expression`, unwrapped, comes after an earlier clause or `&&` operand of its condition (or in the
    /// first statement of the `if` whose condition) found it not `nil`: `E != nil` or `nil != E`, written the same
    /// (ollama-swift 1.8.0's `res.thinking != nil && !res.thinking!.isEmpty`). `E` must name no call (`make()` is
    /// another value each time); a later clause or an `||` guards nothing.
    static func isCheckedNotNil(_ expression: ExprSyntax) -> Bool {
        guard expression.descendants(of: FunctionCallExprSyntax.self).isEmpty,
            !expression.is(FunctionCallExprSyntax.self)
        else { return false }
        let written = RepetitionDetector.tokenText(Syntax(expression))
        if isInMessageOfNilCheck(expression, written: written) { return true }
        return clausesBefore(Syntax(expression)).contains { elements in
            guard elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "!=" else {
                return false
            }
            let sides = [elements[0], elements[2]]
            return sides.contains { $0.is(NilLiteralExprSyntax.self) }
                && sides.contains { RepetitionDetector.tokenText(Syntax($0)) == written }
        }
    }

    /// Whether `expression` (written `written`) is unwrapped in the message of an `XCTAssertNil` of itself (Kitura
    /// 3.0.1's `XCTAssertNil(body, "… '\\(body!)'")`): XCTest builds the message only when the check fails, that is when
    /// the value is not `nil`.
    private static func isInMessageOfNilCheck(_ expression: ExprSyntax, written: String) -> Bool {
        var current = Syntax(expression)
        while let parent = current.parent {
            if let argument = parent.as(LabeledExprSyntax.self),
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                let first = call.arguments.first, first.id != argument.id
            {
                return CallCollector.calledName(call.calledExpression) == "XCTAssertNil"
                    && RepetitionDetector.tokenText(Syntax(first.expression)) == written
            }
            if parent.is(ClosureExprSyntax.self) || parent.is(CodeBlockItemSyntax.self) { return false }
            current = parent
        }
        return false
    }

    /// The conditions that certainly hold where `node` runs because they come before it, each as the elements of
    /// its unfolded sequence (`x.count`, `==`, `1`): the earlier clauses of the condition list it is in, the
    /// operands before it of the `&&`s it is in, and the conditions of the `if` whose body it opens (its first
    /// statement: nothing ran since they held). A sequence with an `||` (or any operator that is not `&&` between
    /// the operands) gives none.
    private static func clausesBefore(_ node: Syntax) -> [[ExprSyntax]] {
        var found: [[ExprSyntax]] = []
        var current = node
        while let parent = current.parent {
            if let sequence = parent.as(ExprListSyntax.self), let groups = conjuncts(Array(sequence)) {
                found += groups.prefix { group in !group.contains { $0.id == current.id } }
            }
            if let clause = parent.as(ConditionElementSyntax.self),
                let list = clause.parent?.as(ConditionElementListSyntax.self)
            {
                for earlier in list {
                    guard earlier.id != clause.id else { break }
                    guard case .expression(let condition) = earlier.condition else { continue }
                    let elements = condition.as(SequenceExprSyntax.self).map { Array($0.elements) } ?? [condition]
                    found += conjuncts(elements) ?? []
                }
                return found
            }
            if let statement = parent.as(CodeBlockItemSyntax.self) {
                // The first statement of an `if`'s body: nothing ran since its conditions held.
                if let list = statement.parent?.as(CodeBlockItemListSyntax.self), list.first?.id == statement.id,
                    let block = list.parent?.as(CodeBlockSyntax.self),
                    let branch = block.parent?.as(IfExprSyntax.self), branch.body.id == block.id
                {
                    for clause in branch.conditions {
                        guard case .expression(let condition) = clause.condition else { continue }
                        let elements = condition.as(SequenceExprSyntax.self).map { Array($0.elements) } ?? [condition]
                        found += conjuncts(elements) ?? []
                    }
                }
                return found
            }
            if parent.is(ClosureExprSyntax.self) { return found }
            current = parent
        }
        return found
    }

    /// The operands of an unfolded sequence's `&&`s, each as its own elements; `nil` when an `||` is among them
    /// (`a && b || c` holds without `a`).
    static func conjuncts(_ elements: [ExprSyntax]) -> [[ExprSyntax]]? {
        var groups: [[ExprSyntax]] = [[]]
        for element in elements {
            if let operation = element.as(BinaryOperatorExprSyntax.self) {
                if operation.operator.text == "||" { return nil }
                if operation.operator.text == "&&" {
                    groups.append([])
                    continue
                }
            }
            groups[groups.count - 1].append(element)
        }
        return groups
    }

    /// Whether the condition written `elements` holds only when the collection written `collection` has an element:
    /// `!x.isEmpty`, `x.count` compared with an integer so that it is at least 1 (`x.count > 0`, `x.count == 2`,
    /// `x.count != 0`, `0 < x.count`).
    static func isNonEmptyTest(_ elements: [ExprSyntax], of collection: String) -> Bool {
        if elements.count == 1, let negation = elements[0].withoutParentheses.as(PrefixOperatorExprSyntax.self),
            negation.operator.text == "!",
            let empty = negation.expression.as(MemberAccessExprSyntax.self), empty.declName.baseName.text == "isEmpty",
            let base = empty.base
        {
            return RepetitionDetector.tokenText(Syntax(base)) == collection
        }
        guard elements.count == 3, let comparison = elements[1].as(BinaryOperatorExprSyntax.self) else { return false }
        let counted = { (side: ExprSyntax) in
            side.as(MemberAccessExprSyntax.self).map {
                $0.declName.baseName.text == "count"
                    && $0.base.map { RepetitionDetector.tokenText(Syntax($0)) == collection } == true
            } == true
        }
        let bound = { (side: ExprSyntax) in side.as(IntegerLiteralExprSyntax.self).flatMap { Int($0.literal.text) } }
        // The count on the left: `x.count > 0`; on the right, the operator read the other way: `0 < x.count`.
        let op: String
        let limit: Int
        if counted(elements[0]), let value = bound(elements[2]) {
            (op, limit) = (comparison.operator.text, value)
        } else if counted(elements[2]), let value = bound(elements[0]) {
            let mirrored = ["<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="]
            (op, limit) = (mirrored[comparison.operator.text] ?? "", value)
        } else {
            return false
        }
        switch op {
        case "==", ">=": return limit >= 1
        case ">": return limit >= 0
        case "!=": return limit == 0
        default: return false
        }
    }
}
