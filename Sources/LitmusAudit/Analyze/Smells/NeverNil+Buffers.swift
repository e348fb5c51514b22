import SwiftSyntax

extension NeverNil {
    /// Whether `name` is bound once, by the test, to `[T](repeating: x, count: N)` or `Array(repeating:count:)` with `N`
    /// a positive integer literal or a `let` of one (Kitura-net 3.0.1's `let arrayValuesToFill = 64`), and is never
    /// handed on `inout` nor given a member call that could change its count: its buffer has a base address.
    static func isRepeatedArray(_ name: DeclReferenceExprSyntax, test: ScannedTest) -> Bool {
        let text = name.baseName.text
        guard let value = test.onlyBinding(of: text)?.as(FunctionCallExprSyntax.self),
            isArrayType(value.calledExpression),
            value.arguments.map({ $0.label?.text ?? "" }) == ["repeating", "count"],
            let count = value.arguments.last?.expression
        else { return false }
        let positive =
            isPositiveLiteral(count)
            || count.as(DeclReferenceExprSyntax.self).flatMap { test.letValue(of: $0.baseName.text, at: Syntax(value)) }
                .map(isPositiveLiteral) == true
        return positive
            && test.all(DeclReferenceExprSyntax.self).filter { $0.baseName.text == text }.allSatisfy(keepsCount)
    }

    /// `[T]` or `Array` (`Array<T>` too).
    private static func isArrayType(_ called: ExprSyntax) -> Bool {
        if called.is(ArrayExprSyntax.self) { return true }
        let written = called.trimmedDescription
        return written == "Array" || written.hasPrefix("Array<")
    }

    /// The members of an array that leave its count as it is.
    private static let countKeepingMembers: Set<String> =
        bufferCalls.union([
            "count", "isEmpty", "first", "last", "reduce", "map", "filter", "contains", "elementsEqual", "forEach",
            "indices", "sorted", "prefix", "suffix", "allSatisfy", "min", "max",
        ])

    /// Whether this use of a name cannot change its count: not `&name`, not the left side of an assignment (nor a
    /// subscript of it: `array[0..<64] = []`), and where it is a member's base, a member in ``countKeepingMembers``.
    private static func keepsCount(_ use: DeclReferenceExprSyntax) -> Bool {
        if use.parent?.is(InOutExprSyntax.self) == true { return false }
        // `array[0..<64] = []` replaces a range: its count may change.
        if let subscripted = use.parent?.as(SubscriptCallExprSyntax.self), subscripted.calledExpression.id == use.id {
            return !isAssigned(ExprSyntax(subscripted))
        }
        if let member = use.parent?.as(MemberAccessExprSyntax.self) {
            if member.declName.id == use.id { return true }
            return countKeepingMembers.contains(member.declName.baseName.text)
        }
        return !isAssigned(ExprSyntax(use))
    }

    /// Whether `expression` is the left side of an assignment (`=`, or any operator ending in `=`, which a
    /// comparison does too: only ever one exemption fewer).
    private static func isAssigned(_ expression: ExprSyntax) -> Bool {
        guard let list = expression.parent?.as(ExprListSyntax.self),
            let index = list.firstIndex(where: { $0.id == expression.id }), list.index(after: index) != list.endIndex
        else { return false }
        let next = list[list.index(after: index)]
        return next.is(AssignmentExprSyntax.self)
            || next.as(BinaryOperatorExprSyntax.self)?.operator.text.hasSuffix("=") == true
    }
}
