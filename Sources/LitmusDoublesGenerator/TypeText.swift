import SwiftSyntax

/// Renders type and signature syntax as the double needs it: `Self` replaced by the double's type,
/// and parameter types turned into the types a call's arguments are stored as.
struct TypeText {
    /// The double's type name, which stands for `Self` in a final class or an actor.
    let selfType: String
    /// Associated types (generic parameters of the double): `Self.Element` becomes `Element`.
    let associatedTypes: Set<String>
    /// Typealiases of the module that name a function type (`typealias Completion = (Int) -> Void`):
    /// a parameter of such a type is a non-escaping closure unless it says `@escaping`.
    var closureAliases: Set<String> = []
    /// Values of the module's types a double can make, by type as written (see ``MadeValues``).
    var madeValues: [String: String] = [:]

    /// The expression making a value of `type` (`Token()`, `Subscribers.Demand.none`) when the
    /// module offers one and no generic parameter or associated type shadows the type's name; else `nil`.
    func madeValue(of type: TypeSyntax?, generics: Set<String> = []) -> String? {
        guard !madeValues.isEmpty, let type, let path = MadeValues.plainPath(type), let made = madeValues[path] else {
            return nil
        }
        let first = String(path.prefix { $0 != "." })
        return associatedTypes.contains(first) || generics.contains(first) ? nil : made
    }

    /// The node's source with `Self` substituted, trivia around it trimmed.
    func render(_ node: some SyntaxProtocol) -> String {
        var text = ""
        let tokens = Array(node.tokens(viewMode: .sourceAccurate))
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            let isFirst = index == 0
            let isLast = index == tokens.count - 1
            let leading = isFirst ? "" : token.leadingTrivia.description
            let trailing = isLast ? "" : token.trailingTrivia.description
            if token.tokenKind == .keyword(.Self) {
                if index + 2 < tokens.count, tokens[index + 1].tokenKind == .period,
                    associatedTypes.contains(tokens[index + 2].text)
                {
                    text += leading
                    index += 2
                    continue
                }
                text += leading + selfType + trailing
            } else {
                text += leading + token.text + trailing
            }
            index += 1
        }
        return text
    }

    /// Whether `type` is one of ``closureAliases`` (generic arguments aside: `Handler<Int>`).
    func isClosureAlias(_ type: TypeSyntax) -> Bool {
        guard !closureAliases.isEmpty, let identifier = type.as(IdentifierTypeSyntax.self) else { return false }
        return closureAliases.contains(identifier.name.text)
    }

    /// Whether the type names a generic parameter of the member, or is an opaque `some` type.
    static func mentions(_ names: Set<String>, in type: some SyntaxProtocol) -> Bool {
        type.tokens(viewMode: .sourceAccurate).contains { token in
            token.tokenKind == .keyword(.some) || (names.contains(token.text) && token.tokenKind.isIdentifier)
        }
    }
}

extension TokenKind {
    var isIdentifier: Bool {
        if case .identifier = self { return true }
        return false
    }
}

/// A parameter of a method, subscript or initializer, as the double records it.
struct Parameter {
    /// The name the body refers to it by, escaped if it is a keyword.
    let name: String
    /// The label of the recorded tuple element.
    let label: String
    /// The type it is recorded as, or `nil` for a non-escaping closure or a `consuming` or
    /// `borrowing` parameter (counted, not stored).
    let storedType: String?
    /// The expression recorded: the parameter, or for a non-escaping `@autoclosure` its value
    /// (`message()`, evaluated once, when the call is recorded).
    let expression: String

    init(_ syntax: FunctionParameterSyntax, position: Int, memberGenerics: Set<String>, text: TypeText) {
        let internalName = (syntax.secondName ?? syntax.firstName).text
        let usable = internalName == "_" ? "argument\(position)" : internalName
        label = usable.trimmingBackticks
        name = Keywords.escaped(label)
        let stored = Parameter.storedType(of: syntax, memberGenerics: memberGenerics, text: text)
        storedType = stored?.type
        switch stored?.recorded {
        case .value?, nil: expression = name
        case .evaluated?: expression = name + "()"
        case .pack?:
            // `repeat each T` is recorded as an array of its values, in order.
            expression =
                "{ var litmusValues: [Any] = []; for litmusValue in repeat each \(name) { litmusValues.append(litmusValue) }; "
                + "return litmusValues }()"
        }
    }

    /// How a stored parameter becomes its recorded value.
    private enum Recorded {
        /// As it is.
        case value
        /// A non-escaping autoclosure, called once.
        case evaluated
        /// A parameter pack (`repeat each T`), as `[Any]`.
        case pack
    }

    /// Whether the parameter has no name the body could refer to (`_: Int`).
    static func isUnnamed(_ syntax: FunctionParameterSyntax) -> Bool {
        (syntax.secondName ?? syntax.firstName).text == "_"
    }

    private static func storedType(
        of syntax: FunctionParameterSyntax,
        memberGenerics: Set<String>,
        text: TypeText
    ) -> (type: String, recorded: Recorded)? {
        var type = syntax.type
        if type.is(PackExpansionTypeSyntax.self) {
            return ("[Any]", .pack)
        }
        var isEscaping = false
        var isAutoclosure = false
        if let attributed = type.as(AttributedTypeSyntax.self) {
            // A `consuming` or `borrowing` parameter may be of a noncopyable type, which a history
            // cannot hold: it is counted, not stored.
            let ownership: Set<String> = ["consuming", "borrowing", "__owned", "__shared"]
            if attributed.specifiers.contains(where: { ownership.contains($0.trimmedDescription) }) {
                return nil
            }
            let names = attributed.attributes.compactMap {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
            }
            isEscaping = names.contains("escaping")
            isAutoclosure = names.contains("autoclosure")
            let kept = attributed.attributes.filter { element in
                let name = element.as(AttributeSyntax.self)?.attributeName.trimmedDescription
                return name != "escaping" && name != "autoclosure"
            }
            let rebuilt = attributed.with(\.specifiers, []).with(\.attributes, kept)
            type = kept.isEmpty ? attributed.baseType : TypeSyntax(rebuilt)
        }
        if isAutoclosure {
            if isEscaping { return ("() -> " + text.render(type), .value) }
            // A non-escaping autoclosure cannot be stored, but its value can: the call evaluates it
            // once (a throwing or `async` one is only counted, as its member may not be able to).
            guard let function = (type.as(AttributedTypeSyntax.self)?.baseType ?? type).as(FunctionTypeSyntax.self),
                function.effectSpecifiers == nil
            else {
                return nil
            }
            let value = function.returnClause.type
            return (TypeText.mentions(memberGenerics, in: value) ? "Any" : text.render(value), .evaluated)
        }
        // `@Sendable (Int) -> Void` is as non-escaping as `(Int) -> Void`: the base type decides.
        let base = type.as(AttributedTypeSyntax.self)?.baseType ?? type
        // A generic parameter or associated type named like a module's alias shadows the alias.
        let isShadowed = base.as(IdentifierTypeSyntax.self).map {
            memberGenerics.contains($0.name.text) || text.associatedTypes.contains($0.name.text)
        }
        if !isEscaping, base.is(FunctionTypeSyntax.self) || (isShadowed != true && text.isClosureAlias(base)) {
            return nil
        }
        if TypeText.mentions(memberGenerics, in: type) {
            return (syntax.ellipsis == nil ? "Any" : "[Any]", .value)
        }
        let rendered = text.render(type)
        return (syntax.ellipsis == nil ? rendered : "[\(rendered)]", .value)
    }
}

/// Swift's reserved words, which need backticks where the generated code uses them as names.
enum Keywords {
    static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try",
    ]

    static func escaped(_ name: String) -> String {
        reserved.contains(name) ? "`\(name)`" : name
    }
}

extension String {
    var trimmingBackticks: String {
        filter { $0 != "`" }
    }

    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
