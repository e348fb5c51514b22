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
            let loop = enclosingLoop(of: Syntax(statement), in: body), let loopBody = loopBody(of: loop),
            countsOnce(counter, in: loopBody), startsAtZero(counter, before: loop, in: body),
            let end = checkedEnd(of: counter, after: loop, assertions: assertions, in: body), end > 0
        else { return false }
        var covered: Set<Int> = []
        for item in statement.cases {
            guard let switchCase = item.as(SwitchCaseSyntax.self) else { return false }
            guard case .case(let label) = switchCase.label else { continue }
            let values = label.caseItems.map { integer($0.pattern.trimmedDescription) }
            if checks(switchCase) { covered.formUnion(values.compactMap { $0 }) }
        }
        return (0..<end).allSatisfy(covered.contains)
    }

    /// The nearest `for`, `while` or `repeat` loop around `node` inside `body`.
    private static func enclosingLoop(of node: Syntax, in body: Syntax) -> Syntax? {
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

    private static func loopBody(of loop: Syntax) -> CodeBlockSyntax? {
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

    /// Whether the test declares `var counter = 0` before the loop, once.
    private static func startsAtZero(_ counter: String, before loop: Syntax, in body: Syntax) -> Bool {
        let bindings = body.descendants(of: PatternBindingSyntax.self).filter {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == counter
        }
        guard bindings.count == 1, let binding = bindings.first, binding.position < loop.position,
            binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.var)
        else { return false }
        return binding.initializer?.value.trimmedDescription == "0"
    }

    /// The integer literal an unconditional check after the loop says `counter` equals.
    private static func checkedEnd(of counter: String, after loop: Syntax, assertions: [Syntax], in body: Syntax)
        -> Int?
    {
        let scope = RequiredBefore.scope(of: loop, in: body)
        for check in assertions
        where check.position >= loop.endPosition && RequiredBefore.isUnconditional(check, in: scope) {
            for (name, other) in comparedPairs(check) where name == counter {
                if let end = integer(other.trimmedDescription) { return end }
            }
        }
        return nil
    }

    /// The name and the other side of each equality a check states of a variable as a whole.
    private static func comparedPairs(_ check: Syntax) -> [(String, ExprSyntax)] {
        comparedValues(check).filter(\.whole).map { ($0.name, $0.other) }
    }

    private static func integer(_ text: String) -> Int? { Int(text.replacingOccurrences(of: "_", with: "")) }
}
