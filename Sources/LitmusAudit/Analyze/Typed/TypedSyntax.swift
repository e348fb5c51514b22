import SwiftSyntax

/// The facts of a syntax node: the compiler's places are the byte offsets of a node's first and last
/// tokens, as swift-syntax counts them in the same file.
extension TypedFileFacts {
    /// The type of the expression `node`: the type the compiler gave the expression as written, the
    /// outermost of its place (`error?.description.hasPrefix("x")` is a `Bool?`, its call inside a `Bool`),
    /// not a conversion it wrapped around it; `nil` when the facts have none there.
    public func type(of node: some SyntaxProtocol) -> TypedType? {
        // `try x`, `try! x` and `await x` have the type of `x`; an operand written so in a sequence
        // (`#expect(try await a() == true)` gives `await a()`) has no fact of its own place: the compiler's
        // `await` spans the whole comparison.
        if let expression = Syntax(node).as(ExprSyntax.self), expression.withoutTryOrAwait.id != expression.id {
            return type(of: expression.withoutTryOrAwait)
        }
        guard let (start, end) = Self.span(of: node) else { return nil }
        let candidates = facts(from: start, to: end)
        let chosen =
            candidates.first { $0.typeIndex >= 0 && !Self.conversions.contains(kind(of: $0)) }
            ?? candidates.first { $0.typeIndex >= 0 }
        return chosen.flatMap(type(of:))
    }

    /// Kinds the compiler wraps around an expression to convert it where it is used: not its own type.
    static let conversions: Set<String> = [
        "autoclosure_expr", "load_expr", "inject_into_optional", "function_conversion_expr", "erasure_expr",
        "derived_to_base_expr", "abi_safe_conversion_expr", "underlying_to_opaque_expr", "metatype_conversion_expr",
        "covariant_function_conversion_expr", "covariant_return_conversion_expr", "pointer_to_pointer",
        "array_to_pointer", "string_to_pointer", "inout_to_pointer", "existential_metatype_to_object",
        "collection_upcast_expr", "unresolved_type_conversion_expr", "any_hashable_erasure_expr",
    ]

    /// The declaration `call` calls: the function, method or initializer the compiler resolved it to.
    public func declaration(calledBy call: FunctionCallExprSyntax) -> TypedDeclaration? {
        declaration(of: call.calledExpression)
    }

    /// The declaration a reference refers to: a name (`print`), a member (`store.send`, `.utf8`), or a type
    /// called as an initializer (`Decimal` of `Decimal(string:)`).
    public func declaration(of reference: ExprSyntax) -> TypedDeclaration? {
        var name: TokenSyntax?
        if let plain = reference.as(DeclReferenceExprSyntax.self) {
            name = plain.baseName
        } else if let member = reference.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName
        } else if let specialized = reference.as(GenericSpecializationExprSyntax.self) {
            return declaration(of: specialized.expression)
        }
        if let name {
            let offset = name.positionAfterSkippingLeadingTrivia.utf8Offset
            if let found = facts(startingAt: offset).first(where: { $0.declarationIndex >= 0 }) {
                return declaration(of: found)
            }
        }
        // A member found through `@dynamicMemberLookup` (`param.description` of a wrapper): the compiler's key path
        // to the member starts at the dot, and names it.
        if let member = reference.as(MemberAccessExprSyntax.self),
            let found = facts(startingAt: member.period.positionAfterSkippingLeadingTrivia.utf8Offset).first(where: {
                $0.declarationIndex >= 0 && kind(of: $0) == "keypath_expr"
            })
        {
            return declaration(of: found)
        }
        // A member reached through its base (`x.count`: the fact spans `x.count`).
        guard let (start, end) = Self.span(of: reference) else { return nil }
        return facts(from: start, to: end).first { $0.declarationIndex >= 0 }.flatMap(declaration(of:))
    }

    /// Whether the compiler declared something of `kind` (`class_decl`, `extension_decl`) whose place holds
    /// `name`: a declaration the build compiled.
    public func declares(_ kind: String, named name: some SyntaxProtocol) -> Bool {
        guard let index = kinds.firstIndex(of: kind) else { return false }
        let offset = Int32(clamping: name.positionAfterSkippingLeadingTrivia.utf8Offset)
        return facts.contains { $0.kindIndex == Int32(index) && $0.start <= offset && offset <= $0.end }
    }

    /// The byte offsets of `node`'s first and last tokens, as the compiler's ranges count them: its lexer reads a
    /// string literal (interpolations, a multi-line or raw one too) and a regex literal as one token, so a range
    /// ending in one ends at the literal's start (`"Hello \(id)"` spans its opening quote only, and
    /// `"Hello \(id)".data(using: .utf8)` ends at `data`'s call's closing parenthesis as before).
    static func span(of node: some SyntaxProtocol) -> (Int, Int)? {
        guard let last = node.lastToken(viewMode: .sourceAccurate) else { return nil }
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        var end = last.positionAfterSkippingLeadingTrivia.utf8Offset
        if let literal = last.ancestorOrSelf(mapping: {
            $0.is(StringLiteralExprSyntax.self) || $0.is(RegexLiteralExprSyntax.self) ? $0 : nil
        }),
            literal.lastToken(viewMode: .sourceAccurate)?.id == last.id,
            literal.positionAfterSkippingLeadingTrivia.utf8Offset >= start
        {
            end = literal.positionAfterSkippingLeadingTrivia.utf8Offset
        }
        return (start, end)
    }
}
