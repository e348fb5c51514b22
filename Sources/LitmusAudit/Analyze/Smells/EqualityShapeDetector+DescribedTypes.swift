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

    /// Without the compiler's facts: whether every `x.description` among `expressions` reads a value the test makes with
    /// an initializer of, or casts to, a type whose `description` the package's own sources declare, on it or a
    /// superclass (`let db = try Connection(
    /// .inMemory)` then `db.description`, stephencelis/SQLite.swift 0.16.0, whose `Connection` describes itself by
    /// its file name), or with a static function of a package type that returns such a type
    /// (``SourceFunctions/staticResultType(of:in:)``), or one of the cases of an enum of the package that declares it
    /// (``caseType(_:test:sources:)``): the text the package chose, as an audit's facts would tell. So is every
    /// `String(describing: x)` of such a value whose type the package also makes `CustomStringConvertible`
    /// (``SourceFunctions/describesItself(_:)``; grpc/grpc-swift 1.26.1's `String(describing: timeout)` of a
    /// `GRPCTimeout(rounding:unit:)`, its `grpc-timeout` header value, seven read false on first contact): without the
    /// conformance the standard library reflects the value's fields instead. Not a value from elsewhere, nor a type
    /// that takes the general reflection.
    static func describedByPackage(_ expressions: [ExprSyntax], test: ScannedTest, sources: SourceFunctions)
        -> Bool
    {
        let nodes: [Syntax] = expressions.flatMap { [Syntax($0)] + $0.descendants(of: Syntax.self) }
        // Each value rendered, and whether it is rendered by `String(describing:)`, which prints the package's text
        // only through the conformance.
        let members: [(value: ExprSyntax?, describing: Bool)] = nodes.compactMap {
            $0.as(MemberAccessExprSyntax.self)
        }.filter { $0.declName.baseName.text == "description" }.map { ($0.base, false) }
        let describing: [(value: ExprSyntax?, describing: Bool)] = nodes.compactMap {
            $0.as(FunctionCallExprSyntax.self)
        }.filter {
            $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String"
                && $0.arguments.count == 1 && $0.arguments.first?.label?.text == "describing"
        }.map { ($0.arguments.first?.expression, true) }
        let rendered = members + describing
        return !rendered.isEmpty
            && rendered.allSatisfy { value, describing in
                // `String(describing:)` of an optional renders `Optional(…)`, the standard library's text; a
                // `description` read compiles only on the unwrapped value (Optional has none), the package type's.
                guard let value,
                    let (type, exact) = describedType(value, test: test, sources: sources, throughOptional: !describing)
                else {
                    return false
                }
                // Through an existential (`let value: any CustomStringConvertible = Provider(…)`) the general
                // initializer takes any type's value: only the facts tell.
                if describing {
                    return !annotatedOtherwise(value, test: test) && sources.describesItself(type)
                }
                return exact
                    ? sources.declaresMember("description", ofType: type)
                        || sources.declaresMember("description", ofProtocol: type)
                    : sources.declaresMember("description", ofTypeOrSuperclass: type)
            }
    }

    /// The package type a value the test renders is of, as ``describedByPackage(_:test:sources:)`` reads it: one of an
    /// enum's cases or the one type a package type's static function returns (`exact`: its own members answer, not a
    /// superclass's), a cast, a written type, or the type the call that makes it initializes (qualified by its module
    /// or outer type too, Bluetooth 8.1.0's `Bluetooth.UInt128(uuid:)`); `nil` for anything else.
    private static func describedType(
        _ value: ExprSyntax, test: ScannedTest, sources: SourceFunctions, throughOptional: Bool = false
    ) -> (type: String, exact: Bool)? {
        if let type = caseType(value, test: test, sources: sources) { return (type, true) }
        if let type = castType(value, test: test) ?? writtenType(value, test: test) { return (type, false) }
        guard let call = madeBy(value, test: test) else { return nil }
        if let type = call.initializedTypeName() { return (type, false) }
        // `T.make(…)`: a static function of a type of the package, returning one of its types.
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let owner = member.base?.typeNameByComponents,
            let type = sources.staticResultType(
                of: member.declName.baseName.text, in: owner, throughOptional: throughOptional)
        else { return nil }
        return (type, true)
    }

    /// Whether the name `expression` is bound with a written type that is not a plain type's name (`any
    /// CustomStringConvertible`, `some P`, an optional).
    private static func annotatedOtherwise(_ expression: ExprSyntax, test: ScannedTest) -> Bool {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        return test.all(PatternBindingSyntax.self).contains {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                && $0.typeAnnotation.map { !$0.type.is(IdentifierTypeSyntax.self) } == true
        }
    }
}
