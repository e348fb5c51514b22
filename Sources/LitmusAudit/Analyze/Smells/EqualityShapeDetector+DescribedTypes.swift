import SwiftSyntax

/// The types whose descriptions a test reads, as the syntax names them without the compiler's facts.
extension EqualityShapeDetector {
    /// The package's enum `Type` when `expression` (or the value the test binds it to) is one of its cases:
    /// `Type.name` or `Type.name(…)` (mattt/Replay 0.4.0's `let error = ReplayError.notConfigured`, whose
    /// `description` the package writes).
    static func caseType(_ expression: ExprSyntax, test: ScannedTest, sources: SourceFunctions) -> String? {
        let value = boundValue(expression, test: test)
        let member =
            value.as(MemberAccessExprSyntax.self)
            ?? value.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)
        // The type written with its outer ones too (PotentCodables 3.5.2's `ASN1.Tag.boolean.description`,
        // `Schema.Size.is(2).description`: its own enums', read false).
        guard let member, let type = member.base?.typeNameByComponents else { return nil }
        let name = member.declName.baseName.text
        // Or a named constant of a struct of the package, read as an enum's case (Bluetooth 8.1.0's
        // `ChannelIdentifier.att`, `ATTError.invalidHandle`), not called (`Type.make()` is a function's result).
        let isConstant = value.is(MemberAccessExprSyntax.self) && sources.declaresStaticValue(name, ofType: type)
        guard sources.declaresCase(name, ofEnum: type) || isConstant else { return nil }
        return type
    }

    /// The type the test's one binding of the name `expression` writes, `T` of `let company: CompanyIdentifier = 76`
    /// (Bluetooth 8.1.0's literals of its `ExpressibleByIntegerLiteral` types): a value of that type whatever the
    /// literal. Not an optional, a generic or a collection type, nor a `var`, nor a name bound more than once.
    static func writtenType(_ expression: ExprSyntax, test: ScannedTest) -> String? {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        let bindings = test.all(PatternBindingSyntax.self).filter {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }
        let patterns = test.all(IdentifierPatternSyntax.self).filter { $0.identifier.text == name }
        // A `let`: a `var` the test changes is a state it reads through the text (Alamofire 5.10.2's `var headers:
        // HTTPHeaders = ["c": "a"]; headers["C"] = "c"` then `headers.description == "C: c"`, read true).
        guard bindings.count == 1, patterns.count == 1,
            bindings.first?.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let),
            let type = bindings.first?.typeAnnotation?.type.as(IdentifierTypeSyntax.self),
            type.genericArgumentClause == nil
        else { return nil }
        return type.name.text
    }

    /// The type `expression` (or the value the test binds it to) is cast to, `T` of `x as! T` or `x as? T`: a value of
    /// `T` or of a subclass of it (CommonMark 0.5.1's `let paragraph = document.children[2] as! Paragraph`).
    static func castType(_ expression: ExprSyntax, test: ScannedTest) -> String? {
        let value = boundValue(expression, test: test)
        if let cast = value.as(AsExprSyntax.self), cast.questionOrExclamationMark != nil {
            return cast.type.as(IdentifierTypeSyntax.self)?.name.text
        }
        guard let sequence = value.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].as(UnresolvedAsExprSyntax.self)?.questionOrExclamationMark != nil else { return nil }
        return elements[2].as(TypeExprSyntax.self)?.type.as(IdentifierTypeSyntax.self)?.name.text
    }

    /// The type `T` the test's value is decoded as, `try decoder.decode(T.self, from: data)` (or the value the test
    /// binds the name to): a value of `T` (apple/app-store-server-library-swift v6.0.0's models read from JSON fixtures).
    static func decodedType(_ expression: ExprSyntax, test: ScannedTest) -> String? {
        guard let call = boundValue(expression, test: test).withoutTryOrAwait.as(FunctionCallExprSyntax.self),
            CallCollector.calledName(call.calledExpression) == "decode",
            let first = call.arguments.first, first.label == nil,
            let metatype = first.expression.as(MemberAccessExprSyntax.self), metatype.declName.baseName.text == "self"
        else { return nil }
        return metatype.base?.typeNameByComponents
    }
}
