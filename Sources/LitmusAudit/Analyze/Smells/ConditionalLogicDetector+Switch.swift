import SwiftSyntax

/// A `switch` over a loop's counter whose cases name each count the loop reaches: `var i = 0`, a loop whose
/// body switches on `i` (`case 0: XCTAssertEqual(row, …)`, `case 1: …`, `default: break`) and then adds one to
/// it, and an unconditional check after the loop that `i` ends at a literal `N` (`XCTAssertEqual(i, 2)`). The
/// counter then took each value `0..<N` once, so when every one of them is a case that checks, the silent
/// `default` never ran: no way through checks nothing (yaslab/CSV.swift 2.5.2's reader tests walk the rows
/// of a CSV they wrote so).
extension ConditionalLogicDetector {
    /// Whether `statement` is such a switch inside `body`, its cases judged by `checks`.
    static func switchesOnCheckedCount(
        _ statement: SwitchExprSyntax, assertions: [Syntax], in body: Syntax, checks: (SwitchCaseSyntax) -> Bool
    ) -> Bool {
        guard let counter = statement.subject.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let loop = enclosingLoop(of: Syntax(statement), in: body),
            let end = countedPasses(counter, of: loop, assertions: assertions, in: body), end > 0
        else { return false }
        var covered: Set<Int> = []
        for item in statement.cases {
            guard let switchCase = item.as(SwitchCaseSyntax.self) else { return false }
            guard case .case(let label) = switchCase.label else { continue }
            let values = label.caseItems.map {
                $0.pattern.as(ExpressionPatternSyntax.self)?.expression.as(IntegerLiteralExprSyntax.self)
                    .flatMap(integer(of:))
            }
            if checks(switchCase) { covered.formUnion(values.compactMap { $0 }) }
        }
        return (0..<end).allSatisfy(covered.contains)
    }

    /// How many passes `loop` made, when it counts them in `counter`: its body adds one to it in a statement of its
    /// own and changes it nowhere else (no `continue` there skips that), the last statement before the loop that
    /// names it sets it to 0 (`var counter = 0`, `counter = 0`), and an unconditional check after the loop, with
    /// nothing between naming it but checks, says it equals an integer literal (`XCTAssertEqual(i, 2)`); `nil`
    /// otherwise.
    static func countedPasses(_ counter: String, of loop: Syntax, assertions: [Syntax], in body: Syntax) -> Int? {
        guard let loopBody = loopBody(of: loop), countsOnce(counter, in: loopBody),
            !loopBody.descendants(of: ContinueStmtSyntax.self).contains(where: { _ in true }),
            let item = loop.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self),
            let end = checkedEnd(of: counter, after: loop, assertions: assertions, in: body)
        else { return nil }
        let checks = Set(assertions.map(\.id))
        let naming = list.filter { names(counter, $0) && !isCheck($0, among: checks) }
        guard let start = naming.last(where: { $0.endPosition <= item.position }), setsToZero(counter, start.item),
            !naming.contains(where: { $0.position >= item.endPosition && $0.endPosition <= end.check.endPosition })
        else { return nil }
        return end.value
    }

    /// Whether `item`'s tokens name `counter`.
    private static func names(_ counter: String, _ item: CodeBlockItemSyntax) -> Bool {
        item.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(counter) }
    }

    /// Whether `item` is one of the test's `checks` (under `try` or `await` too).
    private static func isCheck(_ item: CodeBlockItemSyntax, among checks: Set<SyntaxIdentifier>) -> Bool {
        var node = Syntax(item.item)
        while !checks.contains(node.id) {
            if let attempt = node.as(TryExprSyntax.self) {
                node = Syntax(attempt.expression)
            } else if let wait = node.as(AwaitExprSyntax.self) {
                node = Syntax(wait.expression)
            } else {
                return false
            }
        }
        return true
    }

    /// Whether `statement` is `var counter = 0` (or `let`, or typed) or `counter = 0`.
    private static func setsToZero(_ counter: String, _ statement: CodeBlockItemSyntax.Item) -> Bool {
        if let declaration = statement.as(VariableDeclSyntax.self) {
            return declaration.bindings.count == 1
                && declaration.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == counter
                && declaration.bindings.first?.initializer?.value.trimmedDescription == "0"
        }
        guard let elements = statement.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count == 3
        else { return false }
        return elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == counter
            && elements[1].is(AssignmentExprSyntax.self) && elements[2].trimmedDescription == "0"
    }

    /// The nearest `for`, `while` or `repeat` loop around `node` inside `body`.
    static func enclosingLoop(of node: Syntax, in body: Syntax) -> Syntax? {
        var current = node.parent
        while let syntax = current, syntax.id != body.id {
            if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self) { return nil }
            if syntax.is(ForStmtSyntax.self) || syntax.is(WhileStmtSyntax.self) || syntax.is(RepeatStmtSyntax.self) {
                return syntax
            }
            current = syntax.parent
        }
        return nil
    }

    static func loopBody(of loop: Syntax) -> CodeBlockSyntax? {
        loop.as(ForStmtSyntax.self)?.body ?? loop.as(WhileStmtSyntax.self)?.body ?? loop.as(RepeatStmtSyntax.self)?.body
    }

    /// Whether the loop's body adds one to `counter` in a statement of its own, unconditionally, and changes
    /// it nowhere else.
    private static func countsOnce(_ counter: String, in loopBody: CodeBlockSyntax) -> Bool {
        let changes = loopBody.descendants(of: SequenceExprSyntax.self).filter { sequence in
            let elements = Array(sequence.elements)
            return elements.count >= 3 && elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == counter
                && (elements[1].is(AssignmentExprSyntax.self) || isCompoundAssignment(elements[1]))
        }
        guard changes.count == 1, let change = changes.first else { return false }
        let elements = Array(change.elements)
        return elements.count == 3 && elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+="
            && elements[2].trimmedDescription == "1"
            && change.parent?.parent?.as(CodeBlockItemListSyntax.self)?.id == loopBody.statements.id
            && !loopBody.descendants(of: InOutExprSyntax.self).contains { $0.expression.trimmedDescription == counter }
    }

    /// The integer literal the first unconditional check after the loop that says `counter` equals one names, and
    /// that check.
    private static func checkedEnd(of counter: String, after loop: Syntax, assertions: [Syntax], in body: Syntax)
        -> (value: Int, check: Syntax)?
    {
        let scope = RequiredBefore.scope(of: loop, in: body)
        for check in assertions
        where check.position >= loop.endPosition && RequiredBefore.isUnconditional(check, in: scope) {
            for (name, other) in comparedPairs(check) where name == counter {
                if let end = other.as(IntegerLiteralExprSyntax.self).flatMap(integer(of:)) { return (end, check) }
            }
        }
        return nil
    }

    /// The name and the other side of each equality a check states of a variable as a whole.
    private static func comparedPairs(_ check: Syntax) -> [(String, ExprSyntax)] {
        comparedValues(check).filter(\.whole).map { ($0.name, $0.other) }
    }

}
