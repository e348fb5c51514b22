import SwiftSyntax

/// Unicode scalars made from integers the test fixed.
extension NeverNil {
    /// `Unicode.Scalar(n)` (or `UnicodeScalar(n)`), the standard library's failable initializer of an integer, of a
    /// value it accepts: an integer the test fixes (a literal, `0x41`), or the element of a `for n in A...B` (or
    /// `A..<B`) around it whose fixed bounds lie in one stretch of valid scalars (0 to 0xD7FF, or 0xE000 to
    /// 0x10FFFF: it is `nil` for a surrogate or above). swift-extras/swift-extras-json 0.6.0 walks the control
    /// characters, `for index in 0 ... 31 { … Unicode.Scalar(index)! … }`; a closure a method walking a range's
    /// elements is given too (``mappedRange(named:around:in:)``).
    static func isValidScalar(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool {
        guard ["Unicode.Scalar", "UnicodeScalar"].contains(call.calledExpression.trimmedDescription),
            call.trailingClosure == nil, call.arguments.count == 1, let argument = call.arguments.first,
            argument.label == nil
        else { return false }
        let body = Syntax(test.declaration)
        let place = Syntax(call)
        let value = argument.expression.withoutParentheses
        let range: ClosedRange<Int>
        if let fixed = ConditionalLogicDetector.fixedInteger(value, before: place, in: body) {
            range = fixed...fixed
        } else if let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let walked = walkedRange(named: name, around: place, in: body)
                ?? mappedRange(named: name, around: place, in: body)
        {
            range = walked
        } else {
            return false
        }
        let valid = [0...0xD7FF, 0xE000...0x10FFFF]
        return valid.contains { $0.contains(range.lowerBound) && $0.contains(range.upperBound) }
            && FailableLiteral.isLibrary(call, test: test)
    }

    /// The values of `$0` (or the closure's one parameter `name`) in the closure around `place` that a method walking
    /// the elements is given on a range of fixed bounds: `(0...127).compactMap { … Unicode.Scalar($0)! … }`
    /// (vapor/multipart-kit 4.7.1).
    private static func mappedRange(named name: String, around place: Syntax, in body: Syntax) -> ClosedRange<Int>? {
        guard let closure = place.ancestorOrSelf(mapping: { $0.as(ClosureExprSyntax.self) }),
            RequiredBefore.isInside(Syntax(closure), body),
            closure.parameterNames.map({ $0 == [name] }) ?? (name == "$0"),
            !isRebound(name, before: place, below: Syntax(closure.statements)),
            let call = closure.hostCall, let method = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["map", "compactMap", "flatMap", "forEach", "filter", "allSatisfy", "contains", "first"].contains(
                method.declName.baseName.text),
            let base = method.base
        else { return nil }
        return fixedRange(base.withoutParentheses, before: Syntax(call), in: body)
    }

    /// Whether `name` is bound again between `top` and `place`: a `let` or `var` of that name before `place` in a
    /// block holding it (`let index = index + 0xD800`), or a closure between them whose parameter it is (or, for
    /// `$0`, any closure between them).
    private static func isRebound(_ name: String, before place: Syntax, below top: Syntax) -> Bool {
        let rebinding = top.descendants(of: PatternBindingSyntax.self).contains { binding in
            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                && binding.endPosition <= place.position
                && binding.ancestorOrSelf(mapping: { $0.as(CodeBlockItemListSyntax.self) }).map {
                    RequiredBefore.isInside(place, Syntax($0))
                } == true
        }
        if rebinding { return true }
        var current = place.parent
        while let node = current, node.id != top.id {
            if let closure = node.as(ClosureExprSyntax.self) {
                if closure.parameterNames.map({ $0.contains(name) }) ?? (name == "$0") { return true }
            }
            current = node.parent
        }
        return false
    }

    /// The values of `A...B` (or a non-empty `A..<B`), its bounds fixed at `place`.
    private static func fixedRange(_ expression: ExprSyntax, before place: Syntax, in body: Syntax)
        -> ClosedRange<Int>?
    {
        guard let (low, op, high) = EqualityShapeDetector.comparison(expression),
            let lower = ConditionalLogicDetector.fixedInteger(low, before: place, in: body),
            let upper = ConditionalLogicDetector.fixedInteger(high, before: place, in: body)
        else { return nil }
        switch op {
        case "...": return lower <= upper ? lower...upper : nil
        case "..<": return lower < upper ? lower...(upper - 1) : nil
        default: return nil
        }
    }

    /// The values of `name` as the `for name in A...B` (or `A..<B`, not empty) around `place` walks them, its bounds
    /// fixed; `nil` otherwise (another sequence, a `where` clause is fine: it only skips values).
    private static func walkedRange(named name: String, around place: Syntax, in body: Syntax) -> ClosedRange<Int>? {
        var current = place.parent
        while let node = current, node.id != body.id {
            defer { current = node.parent }
            guard let loop = node.as(ForStmtSyntax.self), RequiredBefore.isInside(place, Syntax(loop.body)) else {
                continue
            }
            guard loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name else { continue }
            if isRebound(name, before: place, below: Syntax(loop.body)) { return nil }
            return fixedRange(loop.sequence.withoutParentheses, before: Syntax(loop), in: body)
        }
        return nil
    }
}
