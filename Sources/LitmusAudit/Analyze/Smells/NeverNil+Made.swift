import SwiftSyntax

/// Values never `nil` because of what the test made: an element of a literal that holds one, and the address
/// of a channel the test bound.
extension NeverNil {
    /// Whether `call` takes an element of a non-empty literal the test wrote: `"abcdefghijkl".randomElement()`,
    /// `[1, 2, 3].randomElement()`, `.min()`, `.max()` (hummingbird-project/swift-websocket 1.6.2 picks a random
    /// letter so), or of the `let` in scope bound to a non-empty array literal (`queues.randomElement()` of `let
    /// queues = [DispatchQueue.main, …]`, swift-composable-architecture 1.25.5; `bytesValues.randomElement()` of
    /// `let bytesValues: [ContiguousBytes] = [Data(), [UInt8]()]`, swift-crypto 4.5.2); an empty literal, a `var`,
    /// or a collection from elsewhere, may have none.
    static func isElementOfWrittenLiteral(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool {
        guard call.arguments.isEmpty, call.trailingClosure == nil,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["randomElement", "min", "max"].contains(member.declName.baseName.text), let base = member.base
        else { return false }
        if holdsWrittenElement(base) { return true }
        if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text {
            return test.letValue(of: name, at: Syntax(base)).map(holdsWrittenElement) ?? false
        }
        guard let literal = base.as(StringLiteralExprSyntax.self), let text = EqualityShapeDetector.plainText(literal)
        else { return false }
        return !text.isEmpty
    }

    /// Whether `value` holds an element by how the test wrote it: a non-empty array literal, a range or a `stride` of
    /// integer literals that holds one, or such a value mapped element for element (`(0 ..< 1000).map { "key\($0)" }`,
    /// nicklockwood/LRUCache 1.2.1's keys; `stride(from: 1, to: 100, by: 2).map { HTTP2StreamID($0) }`, swift-nio-http2
    /// 1.46.0's stream IDs), reversed, sorted, shuffled or made an `Array`; not `filter` or `compactMap`, which may
    /// drop every element.
    static func holdsWrittenElement(_ value: ExprSyntax) -> Bool {
        let source = value.elementsSource
        if let array = source.as(ArrayExprSyntax.self) { return !array.elements.isEmpty }
        return isNonEmptyRange(source) || isNonEmptyStride(source)
    }

    /// Whether `expression` is `stride(from:to:by:)` or `stride(from:through:by:)` of integer literals that holds an
    /// element: `stride(from: 1, through: 5, by: 2)`; not `stride(from: 5, to: 1, by: 1)`, nor a step of 0.
    private static func isNonEmptyStride(_ expression: ExprSyntax) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "stride",
            call.arguments.count == 3
        else { return false }
        let arguments = Array(call.arguments)
        guard arguments[0].label?.text == "from", arguments[2].label?.text == "by",
            let low = integer(arguments[0].expression), let high = integer(arguments[1].expression),
            let step = integer(arguments[2].expression), step != 0
        else { return false }
        switch arguments[1].label?.text {
        case "to": return step > 0 ? low < high : low > high
        case "through": return step > 0 ? low <= high : low >= high
        default: return false
        }
    }

    /// Whether `base` is a non-empty literal, or a view of a string literal's code units or scalars (`"X".utf8`,
    /// swift-nio 2.101.3's `"X".utf8.first!`): its first and last elements exist.
    static func isNonEmptyLiteral(_ base: ExprSyntax) -> Bool {
        if let array = base.as(ArrayExprSyntax.self) { return !array.elements.isEmpty }
        // A dictionary written with an entry (apple/swift-package-collection-generator's `let authTokens =
        // [AuthTokenType.github("github.com"): "foo"]`, then `authTokens.first!` in a handler, read false).
        if let dictionary = base.as(DictionaryExprSyntax.self) {
            if case .elements(let elements) = dictionary.content { return !elements.isEmpty }
            return false
        }
        var text = base
        if let view = base.as(MemberAccessExprSyntax.self),
            ["utf8", "utf16", "unicodeScalars"].contains(view.declName.baseName.text), let viewed = view.base
        {
            text = viewed
        }
        guard let literal = text.as(StringLiteralExprSyntax.self) else { return false }
        // Text of its own beside interpolations makes it non-empty whatever they give (`"Content-Length: \(n)"`).
        return literal.segments.contains { $0.as(StringSegmentSyntax.self).map { !$0.content.text.isEmpty } ?? false }
    }

    /// Whether `name` is a channel the test opened and has not closed where its `localAddress` is read: the
    /// `let` in scope bound to what a `try` returned (`let serverChannel = try ServerBootstrap(group:
    /// group).bind(host: "127.0.0.1", port: 0).wait()`, or a helper that binds one), no `name.close(…)` before
    /// the read but in a `defer`, which runs after it; and the package's sources declare no `localAddress` of
    /// their own (swift-nio-transport-services 1.28.0's listener channels are the code under test, read true). A channel that bound has its address until it closes; a bind that failed threw instead
    /// (apple/swift-nio-ssl 2.37.6 unwraps 37).
    static func isOpenChannel(_ name: DeclReferenceExprSyntax, test: ScannedTest) -> Bool {
        let text = name.baseName.text
        guard let value = test.letValue(of: text, at: Syntax(name)), let attempt = value.as(TryExprSyntax.self),
            attempt.questionOrExclamationMark == nil,
            // What binds or listens (a bootstrap's `bind`, a helper named for a server channel): a pipe has no address.
            ["bind", "listen", "server", "channel"].contains(
                where: attempt.expression.trimmedDescription.lowercased().contains)
        else { return false }
        return !test.all(FunctionCallExprSyntax.self).contains { call in
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.base?.trimmedDescription == text, member.declName.baseName.text == "close"
            else { return false }
            // A `defer` of a block around the read closes it when that block ends, after the read.
            var node = call.parent
            while let current = node, current.id != test.declaration.id {
                if let deferred = current.as(DeferStmtSyntax.self),
                    let block = deferred.parent?.parent?.as(CodeBlockItemListSyntax.self),
                    name.ancestorOrSelf(mapping: { $0.id == block.id ? $0 : nil }) != nil
                {
                    return false
                }
                node = current.parent
            }
            return call.position < name.position
        }
    }

    /// Whether `expression` is a range of integer literals that holds an element: `(0..<63)`, `(30...100)`
    /// (async-http-client 1.37.0 picks random sizes and ports so), `0..<Int32.max`; not `5..<5`.
    private static func isNonEmptyRange(_ expression: ExprSyntax) -> Bool {
        guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let range = Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
            ["..<", "..."].contains(range), let low = integer(sequence.elements.first)
        else { return false }
        let upper = sequence.elements.last
        let high = integer(upper) ?? upper.flatMap { integerMaxima[$0.trimmedDescription] }
        guard let high else { return false }
        return range == "..." ? low <= high : low < high
    }

    /// The standard library's integer maxima, by how a test writes them.
    static let integerMaxima: [String: Int] = [
        "Int.max": Int.max, "Int64.max": Int(Int64.max), "Int32.max": Int(Int32.max), "Int16.max": Int(Int16.max),
        "Int8.max": Int(Int8.max), "UInt32.max": Int(UInt32.max), "UInt16.max": Int(UInt16.max),
        "UInt8.max": Int(UInt8.max),
    ]

    /// The value of an integer literal, negative or not.
    private static func integer(_ expression: ExprSyntax?) -> Int? {
        if let negative = expression?.as(PrefixOperatorExprSyntax.self), negative.operator.text == "-" {
            return integer(negative.expression).map { -$0 }
        }
        return expression?.as(IntegerLiteralExprSyntax.self).flatMap {
            Int($0.literal.text.replacingOccurrences(of: "_", with: ""))
        }
    }

    /// `first` or `last` of a non-empty literal, of the test's one `let` of one (swift-nio-ssl's `let promises = [a,
    /// b, c]`) or a constant of its file or type bound to one, or of a string the test wrote, given to a closure
    /// (``isElementOfWrittenStrings(_:test:)``).
    static func isEndOfWrittenLiteral(_ member: MemberAccessExprSyntax, test: ScannedTest) -> Bool {
        guard ["first", "last"].contains(member.declName.baseName.text), let base = member.base else { return false }
        if isNonEmptyLiteral(base) { return true }
        // A constant of the file or the test's type (vapor/crypto 3.4.1's file-level `let tests = ["$2a$05$…":
        // "U*U", …]`, then `tests.first!`, read false).
        if let constant = test.constantValue(of: base), isNonEmptyLiteral(constant), isStandardCollection(constant) {
            return true
        }
        // A view of the test's one `let` of a string it wrote (swift-tools-protocols 0.0.10's `let notification1Str =
        // "Content-Length: \(…)\r\n\r\n\(…)"`, then `notification1Str.utf8.last!`).
        if let view = base.as(MemberAccessExprSyntax.self),
            ["utf8", "utf16", "unicodeScalars"].contains(view.declName.baseName.text),
            let viewed = view.base?.as(DeclReferenceExprSyntax.self), !isParameter(viewed),
            let value = test.letValue(of: viewed.baseName.text, at: Syntax(viewed)),
            value.is(StringLiteralExprSyntax.self), isNonEmptyLiteral(value), isStandardCollection(value)
        {
            return true
        }
        guard let name = base.as(DeclReferenceExprSyntax.self) else { return false }
        if let value = test.letValue(of: name.baseName.text, at: Syntax(name)),
            isNonEmptyLiteral(value) && isStandardCollection(value) || holdsWrittenElement(value), !isParameter(name)
        {
            return true
        }
        return isElementOfWrittenStrings(name, test: test)
    }

    /// Whether the literal `value` of a binding makes the standard library's collection: the binding writes no type,
    /// or an array's, a dictionary's or a string's. A literal bound to another type (swift-collections' `let d:
    /// TreeDictionary = ["a": 1, "b": 2]`, then `d.first!`, read true) is that type's: its `first` is the code under test.
    private static func isStandardCollection(_ value: ExprSyntax) -> Bool {
        guard let binding = value.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let type = binding.typeAnnotation?.type
        else { return true }
        if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) { return true }
        return ["Array", "Dictionary", "String", "Substring"].contains(type.as(IdentifierTypeSyntax.self)?.name.text)
    }

    /// Whether `name` is a parameter of a closure passed to a method of a collection the test wrote out of
    /// non-empty string literals (`["Apple", "Banana"].keyed(by: { $0.first! })`, or the test's one `let`
    /// bound to such an array), or of an `EmptyCollection`, which calls it never: each string it is given
    /// has a first and a last character (apple/swift-algorithms 1.2.1's `chunked(on:)` and `keyed(by:)`
    /// tests).
    static func isElementOfWrittenStrings(_ name: DeclReferenceExprSyntax, test: ScannedTest) -> Bool {
        // A method that takes only closures hands them the elements (`reduce("")` hands `$0` its accumulator).
        guard let closure = closure(taking: name.baseName.text, around: Syntax(name)), let call = closure.hostCall,
            call.arguments.allSatisfy({ $0.expression.is(ClosureExprSyntax.self) }),
            let collection = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        else { return false }
        if let made = collection.as(FunctionCallExprSyntax.self),
            made.calledExpression.trimmedDescription.hasPrefix("EmptyCollection")
        {
            return true
        }
        let array =
            collection.as(ArrayExprSyntax.self)
            ?? collection.as(DeclReferenceExprSyntax.self).flatMap {
                test.onlyLetValue(of: $0.baseName.text)?.as(ArrayExprSyntax.self)
            }
        guard let array, !array.elements.isEmpty else { return false }
        return array.elements.allSatisfy { element in
            element.expression.as(StringLiteralExprSyntax.self).flatMap(EqualityShapeDetector.plainText)
                .map { !$0.isEmpty } ?? false
        }
    }

    /// The innermost closure around `node` that takes a parameter named `name` (`$0` for one without a
    /// signature). A closure nearer the use that takes other names is looked through only when nothing in it
    /// binds `name` (`a.withUnsafeBytes { p in withUnsafeBytes(of: &b) { q in f(p.baseAddress!) } }`): a
    /// parameter, capture or local of that name there would be another value.
    static func closure(taking name: String, around node: Syntax) -> ClosureExprSyntax? {
        var current = node.parent
        while let syntax = current {
            if let closure = syntax.as(ClosureExprSyntax.self) {
                if let parameters = closure.parameterNames {
                    if parameters.contains(name) { return closure }
                } else if name.hasPrefix("$") {
                    return ["$0", "$1", "$2"].contains(name) ? closure : nil
                }
                if name.hasPrefix("$") || bindsAnywhere(name, in: closure) { return nil }
            }
            current = syntax.parent
        }
        return nil
    }

    /// Whether a pattern, parameter or capture anywhere in `node` binds `name`.
    private static func bindsAnywhere(_ name: String, in node: ClosureExprSyntax) -> Bool {
        node.descendants(of: IdentifierPatternSyntax.self).contains { $0.identifier.text == name }
            || node.descendants(of: FunctionParameterSyntax.self).contains {
                ($0.secondName ?? $0.firstName).text == name
            }
            || node.descendants(of: ClosureCaptureSyntax.self).contains { $0.name.text == name }
            || node.descendants(of: ClosureShorthandParameterSyntax.self).contains { $0.name.text == name }
            || node.descendants(of: ClosureParameterSyntax.self).contains {
                ($0.secondName ?? $0.firstName).text == name
            }
    }

    /// Whether `name` is a parameter of a function or closure around it (`func check(_ items: [Int])` inside a test
    /// that also binds `items`), which the test's own binding does not hold.
    static func isParameter(_ name: DeclReferenceExprSyntax) -> Bool {
        var current = Syntax(name).parent
        while let node = current {
            if let function = node.as(FunctionDeclSyntax.self) {
                if function.signature.parameterClause.parameters.contains(where: {
                    ($0.secondName ?? $0.firstName).text == name.baseName.text
                }) {
                    return true
                }
            } else if let closure = node.as(ClosureExprSyntax.self),
                (closure.parameterNames ?? ["$0", "$1", "$2"]).contains(name.baseName.text)
            {
                return true
            }
            current = node.parent
        }
        return false
    }
}
