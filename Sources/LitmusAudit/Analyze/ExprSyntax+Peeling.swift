import SwiftSyntax

// What an expression is under the layers that do not change the value the rules ask about: `try` and `await`,
// parentheses, unwraps, the calls that keep a collection's elements.

extension ExprSyntax {
    /// The value under its `try`, `try!` and `await` (`XMLHash.parse(x)` of `try await XMLHash.parse(x)`);
    /// never under `try?`, which makes the value optional.
    var withoutTryOrAwait: ExprSyntax {
        var value = self
        while true {
            if let tried = value.as(TryExprSyntax.self),
                tried.questionOrExclamationMark?.tokenKind != .postfixQuestionMark
            {
                value = tried.expression
            } else if let awaited = value.as(AwaitExprSyntax.self) {
                value = awaited.expression
            } else {
                return value
            }
        }
    }
}

extension ExprSyntax {
    /// The expression inside parentheses around one element (`x` of `((x))`); a tuple of more stays.
    var withoutParentheses: ExprSyntax {
        var value = self
        while let tuple = value.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            value = only.expression
        }
        return value
    }

    /// The value read under its force unwraps, optional chains and parentheses (`x.description` of
    /// `(x.description)!` or `x.description?`): the value itself, nothing made of it.
    var withoutUnwrapsOrParentheses: ExprSyntax {
        var value = self
        while true {
            if let chained = value.as(OptionalChainingExprSyntax.self) {
                value = chained.expression
            } else if let forced = value.as(ForceUnwrapExprSyntax.self) {
                value = forced.expression
            } else if let tuple = value.as(TupleExprSyntax.self), tuple.elements.count == 1,
                let only = tuple.elements.first
            {
                value = only.expression
            } else {
                return value
            }
        }
    }
}

extension ExprSyntax {
    /// The expression one step down a chain of postfix reads: a member's base, a call's or a subscript's callee, what
    /// an optional chain or a force unwrap reads (`sut.a?` of `sut.a?.b()`); `nil` at the chain's start.
    var chainBase: ExprSyntax? {
        if let member = self.as(MemberAccessExprSyntax.self) { return member.base }
        if let call = self.as(FunctionCallExprSyntax.self) { return call.calledExpression }
        if let subscripted = self.as(SubscriptCallExprSyntax.self) { return subscripted.calledExpression }
        if let chained = self.as(OptionalChainingExprSyntax.self) { return chained.expression }
        return self.as(ForceUnwrapExprSyntax.self)?.expression
    }
}

extension ExprSyntax {
    /// The collection this value holds the elements of, one for one, under the calls that keep every element and
    /// their count: `Array(x)`, `x.reversed()`, `x.sorted()` (`by:` too), `x.shuffled()` (`using:` too), `x.map { … }`
    /// (`[16, 14].reversed()` → `[16, 14]`); the value itself when it is none of these. `filter` and `compactMap`
    /// may drop elements and are not peeled. A `try` or an `await` before them is peeled too (`try (0 ..< 30).map {
    /// try insert($0) }`, pointfreeco/isowords' players): what throws binds nothing.
    var elementsSource: ExprSyntax {
        var value = withoutTryOrAwait.withoutParentheses
        while let call = value.as(FunctionCallExprSyntax.self), call.additionalTrailingClosures.isEmpty {
            let given = call.arguments.count + (call.trailingClosure == nil ? 0 : 1)
            let label = call.arguments.first?.label?.text
            if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Array", given == 1,
                call.trailingClosure == nil, label == nil, let argument = call.arguments.first
            {
                value = argument.expression.withoutParentheses
                continue
            }
            guard let method = call.calledExpression.as(MemberAccessExprSyntax.self), let base = method.base else {
                break
            }
            let keeps: Bool
            switch method.declName.baseName.text {
            case "map": keeps = given == 1 && (call.trailingClosure != nil || label == nil)
            case "reversed": keeps = given == 0
            case "sorted": keeps = given == 0 || (given == 1 && (call.trailingClosure != nil || label == "by"))
            case "shuffled": keeps = given == 0 || (given == 1 && label == "using")
            default: keeps = false
            }
            guard keeps else { break }
            value = base.withoutParentheses
        }
        return value
    }
}
