import Foundation
import SwiftSyntax

/// An unwrap that cannot fail: a failable initializer of Foundation, the standard library or swift-http-types given
/// a string literal that it parses (`Decimal(string: "1.5")!`, `Data(base64Encoded: "aGk=")!` with or without
/// literal options, `Int("42")!`, `HTTPField.Name("x-request-id")!`), or a
/// Swift string's data in a Unicode encoding (`s.data(using: .utf8)!`, `.data(using: e)!` where every value
/// the test gives `e` is one), or a literal percent-encoded with a named set. The literal is parsed here, with the same initializer: what parses here
/// parses in the test, every run; what does not traps on the first one, and is reported. The compiler's
/// facts confirm the initializer is the library's (a package may declare a `Decimal(string:)` of its own)
/// and the string a Swift `String`; without them the names decide.
enum FailableLiteral {
    /// The failable initializers read, by type and argument label, with how each parses a text.
    static let initializers: [String: (label: String?, parses: @Sendable (String) -> Bool)] = [
        "Decimal": ("string", { Decimal(string: $0) != nil }),
        "URL": ("string", { URL(string: $0) != nil }), "NSURL": ("string", { NSURL(string: $0) != nil }),
        "URLComponents": ("string", { URLComponents(string: $0) != nil }),
        "UUID": ("uuidString", { UUID(uuidString: $0) != nil }),
        "Data": ("base64Encoded", { Data(base64Encoded: $0) != nil }),
        "Int": (nil, { Int($0) != nil }), "Int8": (nil, { Int8($0) != nil }), "Int16": (nil, { Int16($0) != nil }),
        "Int32": (nil, { Int32($0) != nil }), "Int64": (nil, { Int64($0) != nil }), "UInt": (nil, { UInt($0) != nil }),
        "UInt8": (nil, { UInt8($0) != nil }), "UInt16": (nil, { UInt16($0) != nil }),
        "UInt32": (nil, { UInt32($0) != nil }), "UInt64": (nil, { UInt64($0) != nil }),
        "Double": (nil, { Double($0) != nil }), "Float": (nil, { Float($0) != nil }),
        "Bool": (nil, { Bool($0) != nil }),
        // swift-http-types' `HTTPField.Name("x-request-id")!`: nil only for a name that is no RFC 9110 token
        // (swift-openapi-generator 1.14.3's tests unwrap fixed header names so).
        "HTTPField.Name": (nil, { isHTTPToken($0) }),
    ]

    /// The module that declares each initializer of ``initializers`` that is neither Foundation's nor the
    /// standard library's.
    static let modules = ["HTTPField.Name": "HTTPTypes"]

    /// The module names that qualify a type of ``initializers`` declared by Foundation or the standard library.
    static let qualifiers: Set<String> = ["Foundation", "FoundationEssentials", "Swift"]

    /// Whether `text` is an RFC 9110 token, as swift-http-types checks a field name: not empty, and only
    /// letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isHTTPToken(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0))
            }
    }

    /// What an unwrapped expression is.
    enum Verdict {
        /// It cannot be `nil`.
        case cannotFail
        /// It is a parse of a literal that does not parse, or not the library's initializer: it can trap.
        case canFail
        /// None of the shapes read here.
        case notRead
    }

    /// Whether unwrapping `expression` in `test` can trap, as far as these shapes tell.
    static func judge(_ expression: ExprSyntax, test: ScannedTest) -> Verdict {
        if BundledResource.isBundleFolder(expression, test: test) || TestResources.isClassBundleFolder(expression) {
            return .cannotFail
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return .notRead }
        if BundledResource.isBundled(call, test: test) || TestResources.isHeld(call, test: test) { return .cannotFail }
        if let type = initializedType(call, test: test),
            let initializer = initializers[type], let argument = call.arguments.first,
            argument.label?.text == initializer.label,
            let texts = literalTexts(argument.expression, test: test)
        {
            if call.arguments.count == 1 {
                guard isLibrary(call, test: test, module: modules[type]) else { return .canFail }
                return texts.allSatisfy(initializer.parses) ? .cannotFail : .canFail
            }
            if type == "Data", call.arguments.count == 2, let options = base64Options(call.arguments.last) {
                guard isLibrary(call, test: test) else { return .canFail }
                return texts.allSatisfy { Data(base64Encoded: $0, options: options) != nil } ? .cannotFail : .canFail
            }
        }
        if let zone = timeZone(call, test: test) { return zone }
        if let encoded = percentEncoded(call, test: test) { return encoded ? .cannotFail : .canFail }
        if let encodes = literalEncodes(call, test: test) { return encodes ? .cannotFail : .canFail }
        if let found = literalFound(call, test: test) { return found ? .cannotFail : .canFail }
        return isUnicodeData(call, test: test) || decodesASCIIBytes(call, test: test) ? .cannotFail : .notRead
    }

    /// `String(data: d, encoding: .utf8)` (or `.ascii`) of Foundation, with `d` (or the `let` it names)
    /// `Data(repeating: b, count: n)` of an integer literal `b` below 0x80: bytes that are all ASCII, which both
    /// encodings decode (Kitura 3.0.1's `Data(repeating: 0x7A, count: headerBytes)`, a header of 80 KB of `z`).
    private static func decodesASCIIBytes(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool {
        guard call.calledExpression.trimmedDescription == "String",
            call.arguments.map({ $0.label?.text ?? "_" }) == ["data", "encoding"],
            let encoding = call.arguments.last?.expression.as(MemberAccessExprSyntax.self),
            encoding.base == nil || encoding.base?.trimmedDescription == "String.Encoding",
            ["utf8", "ascii"].contains(encoding.declName.baseName.text), let data = call.arguments.first?.expression,
            isLibrary(call, test: test)
        else { return false }
        let value =
            data.as(DeclReferenceExprSyntax.self).flatMap { test.letValue(of: $0.baseName.text, at: Syntax(call)) }
            ?? data
        guard let made = value.as(FunctionCallExprSyntax.self), made.calledExpression.trimmedDescription == "Data",
            made.arguments.map({ $0.label?.text ?? "_" }) == ["repeating", "count"],
            let byte = made.arguments.first?.expression.as(IntegerLiteralExprSyntax.self)
        else { return false }
        let digits = byte.literal.text.replacingOccurrences(of: "_", with: "")
        let number = digits.hasPrefix("0x") ? Int(digits.dropFirst(2), radix: 16) : Int(digits)
        return number.map { $0 < 0x80 } ?? false
    }

    /// Foundation's string encodings by the names a test writes them with.
    static let namedEncodings: [String: String.Encoding] = [
        "ascii": .ascii, "isoLatin1": .isoLatin1, "isoLatin2": .isoLatin2, "macOSRoman": .macOSRoman,
        "windowsCP1250": .windowsCP1250, "windowsCP1251": .windowsCP1251, "windowsCP1252": .windowsCP1252,
        "nonLossyASCII": .nonLossyASCII, "utf8": .utf8, "utf16": .utf16, "utf32": .utf32,
    ]

    /// Whether the data of a literal (or the constant bound to one) in an encoding the test names
    /// (`"abc".data(using: .ascii)`, `"😆".data(using: .isoLatin1)`) is made, encoded here the same way: the
    /// same every run, so never `nil` or always; `nil` when `call` is not that shape.
    private static func literalEncodes(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "data", let base = member.base, call.arguments.count == 1,
            let argument = call.arguments.first, argument.label?.text == "using",
            let name = argument.expression.as(MemberAccessExprSyntax.self),
            name.base == nil || name.base?.trimmedDescription == "String.Encoding",
            let encoding = namedEncodings[name.declName.baseName.text], let text = text(of: base, test: test),
            isLibrary(call, test: test)
        else { return nil }
        return text.data(using: encoding) != nil
    }

    /// Whether a literal (or the constant bound to one) holds the literal searched for in it with `range(of:)`
    /// (`"foobar".range(of: "bar")!`: nicklockwood/Expression 0.13.9's parser tests unwrap such ranges to name a
    /// part of their input), or the one character searched for with `firstIndex(of:)` or `lastIndex(of:)`:
    /// searched here the same way, so found every run or never; `nil` when `call` is not that shape (options, a
    /// range, a locale, a text that is not a literal).
    private static func literalFound(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            call.arguments.count == 1, let argument = call.arguments.first, argument.label?.text == "of",
            let haystack = text(of: base, test: test), let needle = text(of: argument.expression, test: test)
        else { return nil }
        let found: Bool
        switch member.declName.baseName.text {
        case "range": found = haystack.range(of: needle) != nil
        // One character: a longer literal is no `Character`.
        case "firstIndex" where needle.count == 1, "lastIndex" where needle.count == 1:
            // By whole characters, as `firstIndex(of:)` compares: `"👨‍👩‍👧"` holds no `"👩"`.
            found = needle.first.map { haystack.contains($0) } ?? false
        default: return nil
        }
        return isLibrary(call, test: test) ? found : nil
    }

    /// The character sets `addingPercentEncoding(withAllowedCharacters:)` is given by name, by that name.
    static let allowedCharacters: [String: CharacterSet] = [
        "urlQueryAllowed": .urlQueryAllowed, "urlPathAllowed": .urlPathAllowed, "urlHostAllowed": .urlHostAllowed,
        "urlFragmentAllowed": .urlFragmentAllowed, "urlUserAllowed": .urlUserAllowed,
        "urlPasswordAllowed": .urlPasswordAllowed, "alphanumerics": .alphanumerics,
    ]

    /// Whether `call` percent-encodes, with one of Foundation's named character sets, a literal (or the
    /// constant bound to one) and so gives a text (`"name=Vapor&age=3".addingPercentEncoding(withAllowedCharacters:
    /// .urlQueryAllowed)!`, vapor 4.122.3's query tests): encoded here with the same set; `nil` when `call` is
    /// not that shape.
    private static func percentEncoded(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "addingPercentEncoding", let base = member.base,
            call.arguments.count == 1, let argument = call.arguments.first,
            argument.label?.text == "withAllowedCharacters",
            let set = argument.expression.as(MemberAccessExprSyntax.self),
            set.base == nil || set.base?.trimmedDescription == "CharacterSet",
            let allowed = allowedCharacters[set.declName.baseName.text], let text = text(of: base, test: test),
            isLibrary(call, test: test)
        else { return nil }
        return text.addingPercentEncoding(withAllowedCharacters: allowed) != nil
    }

    /// The type `call` initializes: its name (`URL(string: …)`), or, for an implicit member (`url:
    /// .init(string: "https://apple.com/")`, vapor/multipart-kit 4.7.1), the Foundation type the compiler's
    /// facts say it resolves to (without them, none: it is not read).
    private static func initializedType(_ call: FunctionCallExprSyntax, test: ScannedTest) -> String? {
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text { return name }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        {
            // Named with its module (`Foundation.UUID(uuidString: "…")!`, apple/swift-cassandra-client 0.12.0, whose
            // package declares a `UUID` of its own).
            let type = member.declName.baseName.text
            if qualifiers.contains(base.baseName.text), initializers[type] != nil, modules[type] == nil { return type }
            let name = "\(base.baseName.text).\(type)"
            return modules[name] == nil ? nil : name
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text == "init",
            case .known(let declaration) = test.declaration(calledBy: call)
        else { return nil }
        // swift-openapi-generator 1.14.3's `[.init("My-Request-UUID")!: "abcd-1234"]`, a `[HTTPField.Name: String]`.
        if declaration.module == "HTTPTypes", declaration.usr.contains("9HTTPFieldV4NameV") { return "HTTPField.Name" }
        guard TypedDeclaration.foundationModules.contains(declaration.module ?? "") else { return nil }
        return ["URL", "URLComponents", "UUID", "Data", "Decimal"].first {
            declaration.usr.contains("\($0.count)\($0)V")
        }
    }

    /// The options of `Data(base64Encoded: text, options: …)` when the test writes them as a literal
    /// (`.ignoreUnknownCharacters`, `[]`, `[.ignoreUnknownCharacters]`; Yams 6.2.2 decodes its fixtures so).
    private static func base64Options(_ argument: LabeledExprSyntax?) -> Data.Base64DecodingOptions? {
        guard let argument, argument.label?.text == "options" else { return nil }
        switch argument.expression.trimmedDescription.replacingOccurrences(of: " ", with: "") {
        case "[]": return []
        case ".ignoreUnknownCharacters", "[.ignoreUnknownCharacters]",
            "Data.Base64DecodingOptions.ignoreUnknownCharacters":
            return .ignoreUnknownCharacters
        default: return nil
        }
    }

    /// Every text `expression` can be, when each is a plain string literal (none interpolated): a literal; the
    /// test's one `let` bound to one (swift-asn1's `let encodedPrivateKey = "MHcC…"` then
    /// `Data(base64Encoded: encodedPrivateKey)!`); a constant of the test's type or file
    /// (``ScannedTest/constantValue(of:)``: swift-certificates 1.21.1's `Self.base64EncodedSampleCert`); or the
    /// parameter of a closure mapping an array of such literals (`Self.codesignCerts.map { Data(base64Encoded:
    /// $0, …)! }`), or the element of a loop over them (``loopElements(_:test:)``). `nil` otherwise (a `var`, a
    /// name declared twice, a literal with interpolations).
    static func literalTexts(_ expression: ExprSyntax, test: ScannedTest) -> [String]? {
        if let elements = mappedElements(expression, test: test) ?? loopElements(expression, test: test) {
            // The elements as written: a name among them is of the declaration's scope, not the test's.
            let texts = elements.compactMap { $0.as(StringLiteralExprSyntax.self).flatMap(plainText) }
            return texts.count == elements.count && !texts.isEmpty ? texts : nil
        }
        return text(of: expression, test: test).map { [$0] }
    }

    /// The text of `expression` when it is, or names, one plain string literal (``literalTexts(_:test:)``).
    private static func text(of expression: ExprSyntax, test: ScannedTest) -> String? {
        let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        let value =
            expression.is(StringLiteralExprSyntax.self)
            ? expression : name.flatMap { test.onlyLetValue(of: $0) } ?? test.constantValue(of: expression)
        return value?.as(StringLiteralExprSyntax.self).flatMap(plainText)
    }

    /// The text of a literal with nothing interpolated and no escape (`\n`), whose source text is its value.
    private static func plainText(_ literal: StringLiteralExprSyntax) -> String? {
        EqualityShapeDetector.plainText(literal).flatMap { $0.contains("\\") ? nil : $0 }
    }

    /// The elements `expression` goes over when it is the parameter of the closure it is in (`$0`, or the one
    /// name it declares), and that closure is given to `map`, `compactMap`, `flatMap` or `forEach` of an array
    /// literal, or of a constant bound to one; `nil` otherwise.
    private static func mappedElements(_ expression: ExprSyntax, test: ScannedTest) -> [ExprSyntax]? {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        var node = expression.parent
        while let current = node, !current.is(ClosureExprSyntax.self) { node = current.parent }
        guard let closure = node?.as(ClosureExprSyntax.self),
            closure.parameterNames.map({ $0 == [name] }) ?? (name == "$0"),
            // A name the closure binds again inside (`if let s = other`, a `for s in`) is not the element.
            !closure.statements.descendants(of: IdentifierPatternSyntax.self).contains(where: {
                $0.identifier.text == name
            }),
            let host = closure.hostCall, host.trailingClosure?.id == closure.id,
            let member = host.calledExpression.as(MemberAccessExprSyntax.self),
            ["map", "compactMap", "flatMap", "forEach"].contains(member.declName.baseName.text),
            let base = member.base
        else { return nil }
        let array =
            base.as(ArrayExprSyntax.self)
            ?? (base.as(DeclReferenceExprSyntax.self).flatMap { test.onlyLetValue(of: $0.baseName.text) }
            ?? test.constantValue(of: base))?.as(ArrayExprSyntax.self)
        return array.map { $0.elements.map(\.expression) }
    }

    /// Whether `call` calls Foundation's or the standard library's declaration (or `module`'s, when given): by
    /// the compiler's facts, or by its name when there are none.
    static func isLibrary(_ call: FunctionCallExprSyntax, test: ScannedTest, module expected: String? = nil) -> Bool {
        guard case .known(let declaration) = test.declaration(calledBy: call) else { return true }
        let module = declaration.module ?? ""
        if let expected { return module == expected }
        return module == "Swift" || TypedDeclaration.foundationModules.contains(module)
    }

    /// `s.data(using: E)` of a Swift `String` (or `Substring`) with `E` a Unicode encoding, or a name every
    /// value of which the test makes one: every Swift string encodes in UTF-8, -16 and -32. The facts tell
    /// the string's type; without them, a name the test binds to an `NSString` is no Swift string. A literal's
    /// data in a named encoding is ``literalEncodes(_:test:)``'s (swift-crypto 4.5.2's digest tests unwrap 14
    /// `"abc".data(using: .ascii)!`).
    private static func isUnicodeData(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool {
        // `allowLossyConversion:` changes nothing here: a Unicode encoding loses nothing (kylef/Mockingjay's
        // `"…".data(using: String.Encoding.utf8, allowLossyConversion: true)!`).
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "data", let base = member.base,
            labels == ["using"] || labels == ["using", "allowLossyConversion"],
            let argument = call.arguments.first, argument.label?.text == "using"
        else { return false }
        switch test.type(of: base) {
        case .known(let type):
            guard ["$sSSD", "$sSsD"].contains(type.mangled) else { return false }
        case .unknown:
            // `body?.data(using: .utf8)` is nil when `body` is.
            guard !base.trimmedDescription.hasPrefix("NS"), !base.is(OptionalChainingExprSyntax.self),
                base.descendants(of: OptionalChainingExprSyntax.self).isEmpty,
                !TrapDetector.objcStringNames(test).contains(base.as(DeclReferenceExprSyntax.self)?.baseName.text ?? "")
            else { return false }
        }
        if let encoding = argument.expression.as(MemberAccessExprSyntax.self) { return isUnicode(encoding) }
        guard let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        let values = valuesGiven(to: name, in: test)
        return !values.isEmpty && values.allSatisfy { $0.as(MemberAccessExprSyntax.self).map(isUnicode) ?? false }
    }

    /// `.utf8`, `String.Encoding.utf16`, … .
    private static func isUnicode(_ encoding: MemberAccessExprSyntax) -> Bool {
        (encoding.base == nil || encoding.base?.trimmedDescription == "String.Encoding")
            && TrapDetector.unicodeEncodings.contains(encoding.declName.baseName.text)
    }

    /// Every value the test gives `name`: a `let`'s value, the elements of the array literal a `for` loop
    /// binding it goes over, the arguments of a parameterized `@Test` of that parameter. None when anything
    /// else may set it (a `var`, a parameter of another kind).
    static func valuesGiven(to name: String, in test: ScannedTest) -> [ExprSyntax] {
        var values: [ExprSyntax] = []
        for binding in test.all(PatternBindingSyntax.self)
        where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
            guard binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let),
                let value = binding.initializer?.value
            else { return [] }
            values.append(value)
        }
        for loop in test.all(ForStmtSyntax.self)
        where loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
            guard let array = loop.sequence.as(ArrayExprSyntax.self) else { return [] }
            values += array.elements.map(\.expression)
        }
        if let function = test.declaration.as(FunctionDeclSyntax.self),
            function.signature.parameterClause.parameters.contains(where: {
                ($0.secondName ?? $0.firstName).text == name
            })
        {
            guard function.signature.parameterClause.parameters.count == 1,
                let arguments = function.attributes.compactMap({ $0.as(AttributeSyntax.self) }).first(where: {
                    $0.attributeName.trimmedDescription == "Test"
                })?.arguments?.as(LabeledExprListSyntax.self)?.first(where: { $0.label?.text == "arguments" }),
                let array = arguments.expression.as(ArrayExprSyntax.self)
            else { return [] }
            values += array.elements.map(\.expression)
        }
        return values
    }
    /// Whether `call`, a function of the package given literal texts (`ModuleSource.uri("birds:/dir1/Bird.pkl")`),
    /// cannot be `nil`: every declaration of it is `nil` only where a parse of a parameter fails
    /// (``SourceFunctions/nilOnlyWhenParsesFail(_:owner:labels:)``), and each such parse, one of ``initializers``, parses
    /// the text the call gives that parameter, as it is parsed here. The initializers are read by name, in the
    /// package's sources, where no facts are kept.
    static func packageFunctionCannotFail(_ call: FunctionCallExprSyntax, test: ScannedTest, sources: SourceFunctions)
        -> Bool
    {
        guard call.trailingClosure == nil else { return false }
        let name: String
        var owner: String?
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, base.first?.isUppercase == true
        {
            name = member.declName.baseName.text
            owner = base
        } else {
            return false
        }
        guard name.first?.isLowercase == true,
            let parses = sources.nilOnlyWhenParsesFail(
                name, owner: owner, labels: call.arguments.map { $0.label?.text })
        else { return false }
        let arguments = Array(call.arguments)
        return parses.allSatisfy { parse in
            guard parse.parameter < arguments.count, let initializer = initializers[parse.type],
                initializer.label == parse.label, let text = text(of: arguments[parse.parameter].expression, test: test)
            else { return false }
            return initializer.parses(text)
        }
    }
}
