import SwiftSyntax

/// A branch on a loop's own counter that a check after the loop shows was taken.
extension ConditionalLogicDetector {
    /// Whether `branch` is `if counter == K` (K an integer literal), a statement of the body of a loop that counts its
    /// passes in `counter` (``countedPasses(_:of:assertions:in:)``) before the statement that adds one, and the loop
    /// made more than K passes: at pass K the counter is K, so the branch held once (HdrHistogram/hdrhistogram-swift
    /// 0.2.0's bucket walks check bucket 0 under `if index == 0`, then `XCTAssertEqual(1_000, index)`). Only its body
    /// is taken: the `else` may never run.
    static func countedPassReached(_ branch: IfExprSyntax, assertions: [Syntax], in body: Syntax) -> Bool {
        guard branch.conditions.count == 1, let condition = branch.conditions.first?.condition.as(ExprSyntax.self),
            let (left, op, right) = EqualityShapeDetector.comparison(condition), op == "=="
        else { return false }
        let pair = [(left, right), (right, left)].first { $0.0.is(DeclReferenceExprSyntax.self) }
        guard let (counter, bound) = pair, let pass = bound.as(IntegerLiteralExprSyntax.self).flatMap(integer(of:)),
            let statement = branch.parent?.as(ExpressionStmtSyntax.self).map(Syntax.init) ?? branch.parent,
            let item = statement.as(CodeBlockItemSyntax.self) ?? statement.parent?.as(CodeBlockItemSyntax.self),
            let loop = enclosingLoop(of: Syntax(branch), in: body), let loopBody = loopBody(of: loop),
            item.parent?.id == loopBody.statements.id,
            let increment = loopBody.statements.first(where: { addsOne(to: counter.trimmedDescription, $0.item) }),
            item.endPosition <= increment.position,
            let passes = countedPasses(counter.trimmedDescription, of: loop, assertions: assertions, in: body)
        else { return false }
        return passes > pass
    }

    /// Whether `statement` is `name += 1`.
    private static func addsOne(to name: String, _ statement: CodeBlockItemSyntax.Item) -> Bool {
        guard let (target, op, value) = statement.as(ExprSyntax.self).flatMap(EqualityShapeDetector.comparison)
        else { return false }
        return op == "+=" && target.trimmedDescription == name && value.trimmedDescription == "1"
    }
}
