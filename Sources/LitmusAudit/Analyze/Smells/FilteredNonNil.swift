import SwiftSyntax

/// trapInTest: the element unwrapped by a `map` right after a `filter` that kept only the elements that are not `nil`
/// (`xs.filter({ $0 != nil }).map({ $0! })`, the idiom before `compactMap`: typelift/Swiftz 0.8.0's ArrayExtSpec, read
/// false on first contact). The unwrap must be the whole body of the `map`'s closure, of its own parameter, and the
/// `filter`'s closure must be exactly that parameter compared `!= nil`. A `filter` on anything else (`$0 == nil`, a
/// field of the element, `$0 != nil && …`), another call between the two (`.filter(…).reversed().map(…)`), a lazy
/// chain (which evaluates what comes before the filter again for the map), or an unwrap of something other than the
/// element (`$0.value!`) is still counted.
enum FilteredNonNil {
    /// Whether `unwrap` unwraps the element of a `map` over elements a `filter` found not `nil`.
    static func cannotBeNil(_ unwrap: ForceUnwrapExprSyntax) -> Bool {
        guard let element = unwrap.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let mapped = closure(whoseBodyIs: ExprSyntax(unwrap)),
            parameter(of: mapped) == element,
            let map = mapped.hostCall, map.arguments.count + (map.trailingClosure == nil ? 0 : 1) == 1,
            let mapMember = map.calledExpression.as(MemberAccessExprSyntax.self),
            mapMember.declName.baseName.text == "map",
            let filter = mapMember.base?.as(FunctionCallExprSyntax.self),
            let filterMember = filter.calledExpression.as(MemberAccessExprSyntax.self),
            filterMember.declName.baseName.text == "filter",
            // A lazy chain runs what comes before the filter again for the map (`lazy.map { f() }.filter…`).
            !(filterMember.base?.descendants(of: DeclReferenceExprSyntax.self).contains {
                $0.baseName.text == "lazy"
            } ?? false),
            let kept = filter.trailingClosure ?? filter.arguments.first?.expression.as(ClosureExprSyntax.self),
            filter.arguments.count + (filter.trailingClosure == nil ? 0 : 1) == 1,
            let name = parameter(of: kept),
            let condition = onlyExpression(of: kept)
        else { return false }
        return isNotNil(condition, name)
    }

    /// The closure whose one statement is `expression`, with nothing around it but parentheses.
    private static func closure(whoseBodyIs expression: ExprSyntax) -> ClosureExprSyntax? {
        var node = Syntax(expression)
        while let tuple = node.parent?.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 {
            node = Syntax(tuple)
        }
        if let statement = node.parent?.as(ReturnStmtSyntax.self) { node = Syntax(statement) }
        guard let item = node.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self),
            list.count == 1
        else { return nil }
        return list.parent?.as(ClosureExprSyntax.self)
    }

    /// The closure's one parameter: `$0` when it names none, its name when it names one, else `nil`.
    private static func parameter(of closure: ClosureExprSyntax) -> String? {
        guard let names = closure.parameterNames else { return "$0" }
        return names.count == 1 ? names[0] : nil
    }

    /// The one expression the closure's body is.
    private static func onlyExpression(of closure: ClosureExprSyntax) -> ExprSyntax? {
        guard closure.statements.count == 1 else { return nil }
        let item = closure.statements.first?.item
        return item?.as(ExprSyntax.self) ?? item?.as(ReturnStmtSyntax.self)?.expression
    }

    /// Whether `condition` is `name != nil` or `nil != name`.
    private static func isNotNil(_ condition: ExprSyntax, _ name: String) -> Bool {
        guard let (left, op, right) = EqualityShapeDetector.comparison(condition), op == "!=" else { return false }
        return Set([left.trimmedDescription, right.trimmedDescription]) == [name, "nil"]
    }
}
