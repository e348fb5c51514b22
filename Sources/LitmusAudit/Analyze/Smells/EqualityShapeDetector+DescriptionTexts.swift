import SwiftSyntax

/// sensitiveEquality: what a test says of descriptions besides its checks (its name, the texts it writes, the
/// names it binds to a Codable error's context), read to tell a pinned-down text from a rendering.
extension EqualityShapeDetector {
    /// Whether the test's name, or its class's or suite's, says the description is what it tests
    /// (`testDescription`, `debugDescription_namesTheCase`, `testContainerDescribesRegistration`, a suite
    /// `MetadataValueInterpolationTests` of how values read in a string, SwiftyJSON 5.0.2's `PrintableTests`,
    /// Swift 1's name of `CustomStringConvertible`, and its `testNumberPrint`; pkl-swift 0.10.0's `testStringify`,
    /// JavaScript's word for it; sersoft-gmbh/semver 5.5.0's `customDebugStringRepresentable`): checking the text is
    /// then the test's point, not a smell. "print" counts as a word of the name (`testNumberPrint`, `testPrints_total`),
    /// not inside one (`testBlueprint`), and so does a word that starts "stringif" (`testStringify`, not
    /// `testReturnsStringIfValid`).
    static func testsDescription(_ test: ScannedTest) -> Bool {
        let names = [test.declaration.as(FunctionDeclSyntax.self)?.name.text ?? test.shown, test.owner ?? ""]
        return names.contains { name in
            // Snake-cased names too (`test_expression_custom_string_convertible`, `encode_to_string`).
            let lower = name.lowercased().replacingOccurrences(of: "_", with: "")
            return [
                "description", "describes", "describing", "stringconvertible", "stringrepresentable", "interpolation",
                "tostring", "printable",
            ].contains(where: lower.contains)
                || words(of: name).contains {
                    ["print", "prints", "printed", "printing"].contains($0) || $0.hasPrefix("stringif")
                }
        }
    }

    /// The words of a camel-cased or snake-cased name, lowercased, digits apart (`testPrint2Lines` → test, print, 2,
    /// lines).
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in name {
            let startsWord = character.isUppercase || (character.isNumber != (current.last?.isNumber ?? false))
            if character == "_" || (startsWord && !current.isEmpty) {
                if !current.isEmpty { words.append(current) }
                current = character == "_" ? "" : String(character).lowercased()
            } else {
                current += String(character).lowercased()
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The texts the test writes outside its checks: its string literals with no interpolation, nested
    /// ones included (`"\("value", attributes: …)"` writes `value`), and its integer literals.
    static func textsWritten(_ test: ScannedTest) -> Set<String> {
        let checked = Set(test.assertions.flatMap { [$0.id] + $0.descendants(of: Syntax.self).map(\.id) })
        var texts: Set<String> = []
        for node in test.nodes where !checked.contains(node.id) {
            if let literal = node.as(StringLiteralExprSyntax.self), let text = plainText(literal), !text.isEmpty {
                texts.insert(text)
            } else if let literal = node.as(IntegerLiteralExprSyntax.self) {
                texts.insert(literal.literal.text.replacingOccurrences(of: "_", with: ""))
            }
        }
        return texts
    }

    /// Whether a description is compared with a text the test itself wrote into a value (`.attributed(
    /// "hello", …)` … `value.description == "hello"`; `.attributed(42, …)` … `== "42"`): the description
    /// hands back the text the test gave, a round trip through a carrier whose text only its description
    /// reads (swift-log's attributed metadata values), not a rendering whose format may change.
    static func echoesText(_ operands: [ExprSyntax], _ written: Set<String>) -> Bool {
        guard operands.count == 2 else { return false }
        return operands.contains { operand in
            guard let literal = operand.as(StringLiteralExprSyntax.self), let text = plainText(literal) else {
                return false
            }
            return written.contains(text)
        }
    }

    /// The cases of `DecodingError` and `EncodingError` that carry a `Context`.
    static let codingErrorCases: Set<String> = [
        "dataCorrupted", "keyNotFound", "typeMismatch", "valueNotFound", "invalidValue",
    ]

    /// The names the test binds to the context of a Codable error (`case .dataCorrupted(let context)`,
    /// `catch DecodingError.keyNotFound(_, let context)`): its `debugDescription` is a stored `String`,
    /// the message the decoder threw, not a rendering of a value (attaswift/BigInt 6.0.1's
    /// `#expect(context.debugDescription == "Invalid big integer sign")`, 3 false findings).
    static func codingErrorContexts(_ test: ScannedTest) -> Set<String> {
        var names: Set<String> = []
        for call in test.all(FunctionCallExprSyntax.self) {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                codingErrorCases.contains(member.declName.baseName.text),
                let last = call.arguments.last?.expression
            else { continue }
            names.formUnion(last.descendants(of: IdentifierPatternSyntax.self).map(\.identifier.text))
            // `case let .dataCorrupted(context)`: the `let` binds the names the pattern writes.
            if let reference = last.as(DeclReferenceExprSyntax.self),
                sequence(first: Syntax(call), next: { $0.parent }).contains(where: {
                    $0.is(ValueBindingPatternSyntax.self)
                })
            {
                names.insert(reference.baseName.text)
            }
        }
        return names
    }
}

/// What a description is read from: type names, bare reads, casts to the describing protocols, caught errors.
extension EqualityShapeDetector {
    /// Whether every name `description` reads (`String(describing: error)`, `"\(error)"`, `error.description`)
    /// is an error the test caught where it reads it: a `catch` clause's (`error`, or the names its pattern
    /// binds), or the parameter of the closure given to `XCTAssertThrowsError`.
    static func describesCaughtError(_ description: ExprSyntax) -> Bool {
        let names = ([Syntax(description)] + description.descendants(of: Syntax.self)).compactMap {
            $0.as(DeclReferenceExprSyntax.self)?.baseName.text
        }.filter { $0.first?.isLowercase == true || $0.hasPrefix("$") }
        guard !names.isEmpty else { return false }
        return names.allSatisfy { name in
            var current = description.parent
            while let node = current {
                if let clause = node.as(CatchClauseSyntax.self) {
                    let bound = clause.catchItems.flatMap {
                        $0.pattern?.descendants(of: IdentifierPatternSyntax.self).map(\.identifier.text) ?? []
                    }
                    return clause.catchItems.isEmpty ? name == "error" : bound.contains(name)
                }
                if let closure = node.as(ClosureExprSyntax.self) {
                    guard
                        let call = closure.parent?.as(FunctionCallExprSyntax.self)
                            ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                        CallCollector.calledName(call.calledExpression) == "XCTAssertThrowsError"
                    else { return false }
                    return name == "$0" || (closure.parameterNames?.contains(name) ?? false)
                }
                current = node.parent
            }
            return false
        }
    }

    /// `T.self` of a type written by name (capitalized, or generic: `Int.self`, `Array<Int>.self`); not `x.self` of
    /// a value, which is the value itself.
    static func isTypeName(_ expression: ExprSyntax) -> Bool {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            let base = member.base
        else { return false }
        if base.is(GenericSpecializationExprSyntax.self) { return true }
        let name =
            base.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? base.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        return name?.first?.isUppercase == true
    }

    /// Whether `expression` is itself a description read (`(e as? E).debugDescription`, `x?.description`), through
    /// optional chains, unwraps and parentheses: nothing made of its text.
    static func isBareDescription(_ expression: ExprSyntax) -> Bool {
        let inner = expression.withoutUnwrapsOrParentheses
        if let member = inner.as(MemberAccessExprSyntax.self), member.base != nil {
            return ["description", "debugDescription"].contains(member.declName.baseName.text)
        }
        guard let call = inner.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String"
        else { return false }
        return ["describing", "reflecting"].contains(call.arguments.first?.label?.text ?? "")
    }

    /// Whether `expression` asks only whether a description is empty: `d.isEmpty` or `!d.isEmpty` of a bare
    /// description `d` (``isBareDescription(_:)``), in parentheses or not.
    static func isDescriptionEmptiness(_ expression: ExprSyntax) -> Bool {
        var inner = expression.withoutUnwrapsOrParentheses
        if let negation = inner.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!" {
            inner = negation.expression.withoutUnwrapsOrParentheses
        }
        guard let member = inner.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "isEmpty",
            let base = member.base
        else { return false }
        return isBareDescription(base)
    }

    /// Whether `base` is a value cast to the protocol that declares `name`
    /// (`(subscriber as? CustomStringConvertible)?.description`, `(x as! CustomDebugStringConvertible).debugDescription`):
    /// the test checks that the value conforms and what its conformance says, the text written on purpose
    /// (OpenCombine 0.14.0's subscribers, which describe themselves as Apple's Combine does), not a rendering.
    static func castsToConformance(_ base: ExprSyntax, of name: String) -> Bool {
        let conformance = name == "description" ? "CustomStringConvertible" : "CustomDebugStringConvertible"
        let inner = base.withoutUnwrapsOrParentheses
        guard let type = cast(inner)?.type else { return false }
        return type == conformance || type == "any " + conformance
    }

    /// `value as Type`, `as?` or `as!` (`conditional`), folded or as the parser leaves it (three elements).
    static func cast(_ expression: ExprSyntax) -> (value: ExprSyntax, type: String, conditional: Bool)? {
        if let folded = expression.as(AsExprSyntax.self) {
            return (folded.expression, folded.type.trimmedDescription, folded.questionOrExclamationMark != nil)
        }
        guard let elements = expression.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count == 3,
            let operation = elements[1].as(UnresolvedAsExprSyntax.self)
        else { return nil }
        return (elements[0], elements[2].trimmedDescription, operation.questionOrExclamationMark != nil)
    }
}
