import SwiftSyntax

/// The integers and counts a test fixes before a place: what a loop's bounds, a stride's or a scalar's value are.
extension ConditionalLogicDetector {
    /// The integer `expression` is at `place`: a literal, a sum, difference or product of such, or a name whose last
    /// binding before `place`, in a block around it, gives one, with nothing between changing it (assigned, alone or
    /// in a tuple, passed `inout`, a method called on it) and nothing binding the name again around `place` (a loop's
    /// pattern, a closure's or function's parameter); `nil` otherwise, and for a `place` in a closure, a nested
    /// function or a `defer` below the binding's block, which may run after later changes.
    static func fixedInteger(_ expression: ExprSyntax, before place: Syntax, in body: Syntax, depth: Int = 0) -> Int? {
        guard depth < 8 else { return nil }
        let fixed = { (inner: ExprSyntax) in fixedInteger(inner, before: place, in: body, depth: depth + 1) }
        if let literal = expression.as(IntegerLiteralExprSyntax.self) { return integer(of: literal) }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return fixed(prefix.expression).map { -$0 }
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return fixed(only.expression)
        }
        if let (left, op, right) = EqualityShapeDetector.comparison(expression), let a = fixed(left),
            let b = fixed(right)
        {
            switch op {
            case "+": return a.addingReportingOverflow(b).overflow ? nil : a + b
            case "-": return a.subtractingReportingOverflow(b).overflow ? nil : a - b
            case "*": return a.multipliedReportingOverflow(by: b).overflow ? nil : a * b
            default: return nil
            }
        }
        // The count of a collection the test fixed (`inputs.count` of `let inputs = [16, 14, 10]`).
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "count",
            let base = member.base
        {
            return fixedCount(base, before: place, in: body, depth: depth + 1)
        }
        // The value as it was where it was bound (`var i = n; n = 10` leaves `i` at `n`'s earlier value).
        return boundValue(of: expression, before: place, in: body).flatMap {
            fixedInteger($0.value, before: $0.at, in: body, depth: depth + 1)
        }
    }

    /// The value of an integer literal, in any of Swift's radixes (`42`, `1_000`, `0x41`, `0o17`, `0b101`).
    static func integer(of literal: IntegerLiteralExprSyntax) -> Int? {
        let text = literal.literal.text.replacingOccurrences(of: "_", with: "")
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where text.hasPrefix(prefix) {
            return Int(text.dropFirst(2), radix: radix)
        }
        return Int(text)
    }

    /// How many elements `expression` holds at `place`: an array literal's, or a name bound to one as
    /// ``fixedInteger(_:before:in:depth:)`` finds a bound integer, through the calls that keep the count
    /// (`elementsSource`: swift-nio 2.101.3's HeapTests walk `Array([16, 14, …].reversed())`);
    /// `nil` for anything else (a dictionary literal, whose repeated keys trap).
    static func fixedCount(_ expression: ExprSyntax, before place: Syntax, in body: Syntax, depth: Int = 0) -> Int? {
        guard depth < 8 else { return nil }
        let source = expression.elementsSource
        if let array = source.as(ArrayExprSyntax.self) { return array.elements.count }
        return boundValue(of: source, before: place, in: body).flatMap {
            fixedCount($0.value, before: $0.at, in: body, depth: depth + 1)
        }
    }

    /// The value the name `expression` is bound to at `place`, as ``fixedInteger(_:before:in:depth:)`` reads it: its
    /// last binding before `place` in a block around it, or a later assignment of it standing as a statement of such
    /// a block (`i = 10` before `while i > 0`: swift-collections-benchmark 0.0.4 walks an index back over ten
    /// elements), nothing between changing it (a `let`: nothing can) or binding the name again; with the place it was
    /// bound at, where its value is read. An assignment counts only for a name the test binds before it in such a
    /// block, and that no closure or function of the test writes (`let reset = { i = 0 }` may run between).
    private static func boundValue(of expression: ExprSyntax, before place: Syntax, in body: Syntax) -> (
        value: ExprSyntax, at: Syntax
    )? {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        let around = { (node: Syntax) in
            node.ancestorOrSelf(mapping: { $0.as(CodeBlockItemListSyntax.self) }).map {
                RequiredBefore.isInside(place, Syntax($0))
            } == true
        }
        let binding = body.descendants(of: PatternBindingSyntax.self).last { binding in
            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                && binding.endPosition <= place.position && around(Syntax(binding))
        }
        let writtenElsewhere = body.descendants(of: Syntax.self).contains { node in
            (node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self))
                && node.descendants(of: Syntax.self).contains { changes(name, $0) }
        }
        let assignment = body.descendants(of: SequenceExprSyntax.self).last { sequence in
            let elements = Array(sequence.elements)
            return elements.count == 3 && elements[1].is(AssignmentExprSyntax.self)
                && elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == name
                && sequence.parent?.is(CodeBlockItemSyntax.self) == true && sequence.endPosition <= place.position
                && around(Syntax(sequence)) && binding.map { $0.endPosition <= sequence.position } == true
                && !writtenElsewhere
        }
        let last: (node: Syntax, value: ExprSyntax?, constant: Bool)
        if let assignment, binding.map({ $0.endPosition <= assignment.position }) ?? true {
            last = (Syntax(assignment), Array(assignment.elements)[2], false)
        } else if let binding {
            let specifier = binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind
            last = (Syntax(binding), binding.initializer?.value, specifier == .keyword(.let))
        } else {
            return nil
        }
        // A `let` keeps its value: a method called on it (`inputs.forEach { heap.append($0) }`) changes nothing of the
        // integers and literal lists read here, which are values.
        guard let block = last.node.ancestorOrSelf(mapping: { $0.as(CodeBlockItemListSyntax.self) }),
            !isBoundAgain(name, around: place, below: Syntax(block)),
            let value = last.value,
            last.constant
                || !body.descendants(of: Syntax.self).contains(where: { node in
                    node.position >= last.node.endPosition && node.position < place.position && changes(name, node)
                })
        else { return nil }
        return (value, last.node)
    }

    /// Whether, between `place` and `top`, a loop's pattern or a closure's parameter names `name`, or a closure, a
    /// nested function or a `defer` holds `place`.
    private static func isBoundAgain(_ name: String, around place: Syntax, below top: Syntax) -> Bool {
        var current = place.parent
        while let syntax = current, syntax.id != top.id {
            if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self)
                || syntax.is(DeferStmtSyntax.self)
            {
                return true
            }
            if let loop = syntax.as(ForStmtSyntax.self),
                loop.pattern.trimmedDescription == name
                    || loop.pattern.descendants(of: IdentifierPatternSyntax.self).contains(where: {
                        $0.identifier.text == name
                    })
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }

    /// Whether `node` assigns `name` (`x = …`, `x += …`, `(x, y) = …`), passes it `inout` (`&x`) or calls a method
    /// on it (`x.negate()`).
    static func changes(_ name: String, _ node: Syntax) -> Bool {
        if let passed = node.as(InOutExprSyntax.self) {
            return passed.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        }
        if let call = node.as(FunctionCallExprSyntax.self) {
            return call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?
                .baseName.text == name
        }
        guard let sequence = node.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) || isCompoundAssignment(elements[1])
        else { return false }
        if let tuple = elements[0].as(TupleExprSyntax.self) {
            return tuple.elements.contains { $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name }
        }
        return elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == name
    }
}
