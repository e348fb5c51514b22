import SwiftSyntax

extension RepetitionDetector {
    /// Whether a statement between two checks that call something is a command to what made a name the check reads
    /// (the root of the name's `let` value): a call on that maker whose result nothing keeps (PostHog/posthog-ios 3.69.3's `let integration =
    /// sut.getReplayIntegration()`, then `#expect(integration?.isActive() == false)` again after `sut.capture("page_view")`,
    /// a call made for what it does to `sut` and what it holds). A call on the maker whose result the test binds
    /// makes something new and is no command (JohnSundell/Files 4.3.0's `let subfolderWithFolder = try
    /// folder.createSubfolder(named: "3")` between two checks of `subfolderWithFile`, made by `folder` too).
    static func commandsMaker(
        of item: CodeBlockItemSyntax, between: ArraySlice<CodeBlockItemSyntax>, test: ScannedTest
    ) -> Bool {
        // Not `self` (any helper of the test is called on it), nor a value a copy was taken of (`let first = items[0]`
        // of `var items = [x]`: a command to `items` leaves `first` as it was).
        let makers = Set(
            readNames(item).compactMap { reference in
                test.onlyLetValue(of: reference.baseName.text).flatMap(root(of:))
            }.filter { $0.name != "self" && !holdsValue($0.node, test: test) }.map(\.name))
        guard !makers.isEmpty else { return false }
        return between.contains { statement in
            guard let expression = statement.item.as(ExprSyntax.self),
                let call = expression.withoutTryOrAwait.as(FunctionCallExprSyntax.self),
                call.calledExpression.is(MemberAccessExprSyntax.self),
                let root = root(of: ExprSyntax(call))
            else { return false }
            return makers.contains(root.name)
        }
    }

    /// Whether `root`, the start of a `let`'s value, holds a value of a value type: a literal collection or text the
    /// test binds the name to, or a standard library value by the compiler's facts there.
    private static func holdsValue(_ root: ExprSyntax, test: ScannedTest) -> Bool {
        if let name = root.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let value = test.onlyBinding(of: name)?.withoutParentheses,
            value.is(ArrayExprSyntax.self) || value.is(DictionaryExprSyntax.self)
                || value.is(StringLiteralExprSyntax.self)
        {
            return true
        }
        guard case .known(let type) = test.type(of: root) else { return false }
        return type.isStandardLibraryValue
    }

    /// The name a chain of members, calls, subscripts and unwraps starts from (`sut` of `sut.a?.b()[0]`, of
    /// `self.sut.a()` and of `sut` itself), with the expression that names it; `nil` for anything else (a literal, a
    /// type's member).
    private static func root(of expression: ExprSyntax) -> (name: String, node: ExprSyntax)? {
        var chain = [expression.withoutTryOrAwait]
        while let base = chain[chain.count - 1].chainBase { chain.append(base) }
        guard let last = chain.last, let name = last.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        // `self.sut.capture()` is a command to `sut`, a property of the test; `self.log(…)` is a call of its method.
        if name == "self", chain.count >= 3, let property = chain[chain.count - 2].as(MemberAccessExprSyntax.self),
            chain[chain.count - 3].as(FunctionCallExprSyntax.self)?.calledExpression.id != property.id
        {
            return (property.declName.baseName.text, ExprSyntax(property))
        }
        return name.first?.isLowercase == true ? (name, last) : nil
    }
}
