import SwiftSyntax

/// A branch on a loop's own counter that a check after the loop shows was taken.
extension ConditionalLogicDetector {
    /// Whether `branch` is `if counter == K` (K an integer literal) inside a loop that adds 1 to `counter` at every
    /// pass (a statement of its body, and no `continue` there that could skip it), from 0 set just before the loop in
    /// the same block, and an unconditional check after the loop in that block states that `counter` equals an
    /// integer literal above K (`XCTAssertEqual(1_000, index)`, `#expect(index == 1_000)`): the pass where the
    /// branch holds came (HdrHistogram/hdrhistogram-swift 0.2.0's bucket walks check bucket 0 under `if index == 0`).
    static func countedPassReached(_ branch: IfExprSyntax, assertions: [Syntax]) -> Bool {
        guard branch.conditions.count == 1, let condition = branch.conditions.first?.condition.as(ExprSyntax.self),
            let (left, op, right) = EqualityShapeDetector.comparison(condition), op == "=="
        else { return false }
        let pair = [(left, right), (right, left)].first { $0.0.is(DeclReferenceExprSyntax.self) }
        guard let (counter, bound) = pair, let literal = bound.as(IntegerLiteralExprSyntax.self),
            let pass = integer(of: literal),
            let loop = enclosingLoop(of: Syntax(branch)),
            let item = loop.statement.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        let name = counter.trimmedDescription
        guard loop.body.statements.contains(where: { addsOne(to: name, $0.item) }),
            !loop.body.descendants(of: ContinueStmtSyntax.self).contains(where: { _ in true })
        else { return false }
        let checks = Set(assertions.map(\.id))
        let before = list.filter { $0.endPosition <= item.position }
        guard let start = before.last(where: { setsOrDeclares(name, $0, checks: checks) != nil }),
            setsOrDeclares(name, start, checks: checks) == 0
        else { return false }
        return list.contains { statement in
            statement.position >= item.endPosition
                && statementCheck(statement, among: checks).map { checksCount(of: name, above: pass, in: $0) } == true
        }
    }

    /// The innermost `for` or `while` around `node`, its statement and body.
    private static func enclosingLoop(of node: Syntax) -> (statement: Syntax, body: CodeBlockSyntax)? {
        var current = node.parent
        while let syntax = current {
            if let loop = syntax.as(ForStmtSyntax.self) { return (syntax, loop.body) }
            if let loop = syntax.as(WhileStmtSyntax.self) { return (syntax, loop.body) }
            if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self) { return nil }
            current = syntax.parent
        }
        return nil
    }

    /// Whether `statement` is `name += 1`.
    private static func addsOne(to name: String, _ statement: CodeBlockItemSyntax.Item) -> Bool {
        guard let (target, op, value) = statement.as(ExprSyntax.self).flatMap(EqualityShapeDetector.comparison)
        else { return false }
        return op == "+=" && target.trimmedDescription == name
            && value.as(IntegerLiteralExprSyntax.self).flatMap(integer(of:)) == 1
    }

    /// The integer `item` sets `name` to (`name = 0`, `var name = 0`, `var name: Int = 0`), `-1` for a value
    /// that is no integer literal or another statement naming it (a call may change it), `nil` when it does not
    /// name `name` or is one of the test's `checks`.
    private static func setsOrDeclares(_ name: String, _ item: CodeBlockItemSyntax, checks: Set<SyntaxIdentifier>)
        -> Int?
    {
        let statement = item.item
        if let declaration = statement.as(VariableDeclSyntax.self),
            let binding = declaration.bindings.first(where: {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            })
        {
            return binding.initializer?.value.as(IntegerLiteralExprSyntax.self).flatMap(integer(of:)) ?? -1
        }
        guard let expression = statement.as(ExprSyntax.self), expression.trimmedDescription.contains(name) else {
            return nil
        }
        // `name = 0`, as the parser leaves it: an assignment is no binary operator.
        guard let elements = expression.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count == 3,
            elements[0].trimmedDescription == name
        else { return statementCheck(item, among: checks) == nil ? -1 : nil }
        guard elements[1].is(AssignmentExprSyntax.self) else { return -1 }
        return elements[2].as(IntegerLiteralExprSyntax.self).flatMap(integer(of:)) ?? -1
    }

    /// The check `statement` is, when it is one of `checks` (the statement itself, or under `try`/`await`).
    private static func statementCheck(_ statement: CodeBlockItemSyntax, among checks: Set<SyntaxIdentifier>)
        -> Syntax?
    {
        var node = Syntax(statement.item)
        while !checks.contains(node.id) {
            if let attempt = node.as(TryExprSyntax.self) {
                node = Syntax(attempt.expression)
            } else if let wait = node.as(AwaitExprSyntax.self) {
                node = Syntax(wait.expression)
            } else {
                return nil
            }
        }
        return node
    }

    /// Whether `check` states that `name` equals an integer literal above `pass`: `XCTAssertEqual(N, name)` (either
    /// order), `#expect(name == N)`.
    private static func checksCount(of name: String, above pass: Int, in check: Syntax) -> Bool {
        guard let assertion = SmellScan.assertionName(check) else { return false }
        let arguments = SmellScan.arguments(check).filter { $0.label == nil }.map(\.expression)
        var sides: [ExprSyntax] = []
        if assertion == "XCTAssertEqual", arguments.count >= 2 {
            sides = [arguments[0], arguments[1]]
        } else if ["#expect", "#require", "XCTAssert", "XCTAssertTrue"].contains(assertion),
            let first = arguments.first,
            let (left, op, right) = EqualityShapeDetector.comparison(first), op == "=="
        {
            sides = [left, right]
        }
        guard sides.count == 2 else { return false }
        let names = sides.map(\.trimmedDescription)
        let numbers = sides.compactMap { $0.as(IntegerLiteralExprSyntax.self).flatMap(integer(of:)) }
        return names.contains(name) && numbers.contains { $0 > pass }
    }
}
