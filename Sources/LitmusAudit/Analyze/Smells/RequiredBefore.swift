import SwiftSyntax

/// An `if let` whose value an earlier check of the test already requires: `if let last = result.last`
/// after `XCTAssertFalse(result.isEmpty)` cannot skip its checks while the test passes, since when the
/// value is missing the earlier check has failed. Conditional Test Logic leaves such a branch alone
/// (SwiftGraph 4.0.0's search tests: fourteen `if let last = result.last` after `XCTAssertFalse(result
/// .isEmpty)` were called skippable). What counts as requiring it, by an unconditional check before the
/// `if` (not under another `if`, `switch`, loop, `guard` or closure):
/// - for `R.first` or `R.last`: `XCTAssertFalse(R.isEmpty)`, `XCTAssert(!R.isEmpty)`, `#expect(!R.isEmpty)`,
///   `R.count` compared equal to a positive literal, greater than 0 or at least 1;
/// - for any value `E`: `XCTAssertNotNil(E)`, `XCTAssert(E != nil)` or `#expect(E != nil)`, the
///   comparison as the parser leaves it (a sequence) or folded (SWXMLHash 8.1.1's conversion tests:
///   six `if let value = value` after `#expect(value != nil)` were called skippable).
/// The condition may also be `E != nil` itself (`if err != nil { #expect(err!.line == 1) }` after
/// `#expect(err != nil)`).
enum RequiredBefore {
    /// Whether every condition of `branch` binds a value the checks of `assertions` before it require.
    static func covers(_ branch: IfExprSyntax, assertions: [Syntax], body: Syntax) -> Bool {
        let earlier = assertions.filter { $0.position < branch.position && isUnconditional($0, in: body) }
        guard !earlier.isEmpty else { return false }
        let required = Set(earlier.flatMap(requiredValues))
        return branch.conditions.allSatisfy { element in
            if let expression = element.condition.as(ExprSyntax.self),
                let (left, op, right) = EqualityShapeDetector.comparison(expression), op == "!=",
                right.is(NilLiteralExprSyntax.self)
            {
                return required.contains(left.trimmedDescription)
            }
            guard let binding = element.condition.as(OptionalBindingConditionSyntax.self),
                let value = binding.initializer?.value
            else { return false }
            let text = value.trimmedDescription
            if required.contains(text) { return true }
            guard let member = value.as(MemberAccessExprSyntax.self), let base = member.base,
                ["first", "last"].contains(member.declName.baseName.text)
            else { return false }
            return required.contains(base.trimmedDescription + ".isEmpty == false")
        }
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
            return positiveCount(arguments[0], arguments[1]).map(nonEmpty) ?? []
        case "XCTAssertGreaterThan" where arguments.count >= 2:
            return countAbove(arguments[0], arguments[1], atLeast: 0).map(nonEmpty) ?? []
        case "XCTAssertGreaterThanOrEqual" where arguments.count >= 2:
            return countAbove(arguments[0], arguments[1], atLeast: 1).map(nonEmpty) ?? []
        case "XCTAssert", "XCTAssertTrue", "#expect", "#require":
            return condition(first)
        default:
            return []
        }
    }

    /// What a Boolean condition requires: `!R.isEmpty`, `R.count == N` (N > 0), `R.count > 0`,
    /// `R.count >= 1`, `E != nil`.
    private static func condition(_ expression: ExprSyntax) -> [String] {
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!",
            let collection = isEmptyCheck(prefix.expression)
        {
            return [collection + ".isEmpty == false"]
        }
        guard let (left, op, right) = EqualityShapeDetector.comparison(expression) else { return [] }
        switch op {
        case "!=" where right.is(NilLiteralExprSyntax.self):
            return [left.trimmedDescription]
        case "==":
            return positiveCount(left, right).map { [$0 + ".isEmpty == false"] } ?? []
        case ">":
            return countAbove(left, right, atLeast: 0).map { [$0 + ".isEmpty == false"] } ?? []
        case ">=":
            return countAbove(left, right, atLeast: 1).map { [$0 + ".isEmpty == false"] } ?? []
        default:
            return []
        }
    }

    /// `R` of `R.isEmpty`.
    private static func isEmptyCheck(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "isEmpty"
        else { return nil }
        return member.base?.trimmedDescription
    }

    /// `R` of `R.count` compared equal to a positive integer literal, either way round.
    private static func positiveCount(_ left: ExprSyntax, _ right: ExprSyntax) -> String? {
        if let collection = countOf(left), let value = integer(right), value > 0 { return collection }
        if let collection = countOf(right), let value = integer(left), value > 0 { return collection }
        return nil
    }

    /// `R` of `R.count` compared greater than a literal at least `atLeast`.
    private static func countAbove(_ left: ExprSyntax, _ right: ExprSyntax, atLeast: Int) -> String? {
        guard let collection = countOf(left), let value = integer(right), value >= atLeast else { return nil }
        return collection
    }

    private static func countOf(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "count"
        else { return nil }
        return member.base?.trimmedDescription
    }

    private static func integer(_ expression: ExprSyntax) -> Int? {
        expression.as(IntegerLiteralExprSyntax.self).flatMap {
            Int($0.literal.text.replacingOccurrences(of: "_", with: ""))
        }
    }

    /// Whether `node` runs whenever `body` (the test's, or a loop's) does: no `if`, `switch`, loop,
    /// `guard` body, `catch` or closure between them.
    static func isUnconditional(_ node: Syntax, in body: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current, syntax.id != body.id {
            if syntax.is(IfExprSyntax.self) || syntax.is(SwitchCaseSyntax.self) || syntax.is(ForStmtSyntax.self)
                || syntax.is(WhileStmtSyntax.self) || syntax.is(RepeatStmtSyntax.self)
                || syntax.is(GuardStmtSyntax.self) || syntax.is(CatchClauseSyntax.self)
                || syntax.is(ClosureExprSyntax.self)
            {
                return false
            }
            current = syntax.parent
        }
        return current != nil
    }
}
