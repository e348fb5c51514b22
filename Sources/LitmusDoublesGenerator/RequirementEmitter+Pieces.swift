import LitmusSupport
import SwiftSyntax

/// The pieces every kind of requirement's witness is made of: types without `sending`, argument lists,
/// attributes and modifiers, bodies.
extension RequirementEmitter {
    // MARK: Pieces

    /// `type` without a `sending` specifier: what a recorder holds and returns.
    static func withoutSending(_ type: TypeSyntax) -> TypeSyntax {
        guard let attributed = type.as(AttributedTypeSyntax.self),
            attributed.specifiers.contains(where: { $0.trimmedDescription == "sending" })
        else { return type }
        let rest = attributed.specifiers.filter { $0.trimmedDescription != "sending" }
        if rest.isEmpty, attributed.attributes.isEmpty { return attributed.baseType }
        return TypeSyntax(attributed.with(\.specifiers, rest))
    }

    /// An error when the member returns, or would record, a value of a generic parameter that may
    /// be noncopyable or nonescapable (`T: ~Copyable`): a recorder can hold neither. Such values
    /// passed `borrowing` or `consuming` are counted, not stored, and are fine.
    func checkNoncopyable(
        _ genericParameters: GenericParameterClauseSyntax?,
        _ whereClause: GenericWhereClauseSyntax?,
        _ parameters: FunctionParameterListSyntax,
        _ returnType: TypeSyntax?,
        _ diagnostics: inout [GeneratorDiagnostic]
    ) {
        let suppressed = { (text: String) in
            ByteSearch.contains("~Copyable", in: text) || ByteSearch.contains("~Escapable", in: text)
        }
        var names = Set(
            genericParameters?.parameters.filter { suppressed($0.trimmedDescription) }.map(\.name.text) ?? [])
        for requirement in whereClause?.requirements ?? [] where suppressed(requirement.trimmedDescription) {
            if let conformance = requirement.requirement.as(ConformanceRequirementSyntax.self) {
                names.insert(conformance.leftType.trimmedDescription)
            }
        }
        guard !names.isEmpty else { return }
        let generics = Set(genericParameters?.parameters.map(\.name.text) ?? [])
        let recordsOne = parameters.enumerated().contains { position, syntax in
            let parameter = Parameter(syntax, position: position, memberGenerics: generics, text: text)
            return parameter.storedType != nil && TypeText.mentions(names, in: syntax.type)
        }
        let returnsOne = returnType.map { TypeText.mentions(names, in: $0) } ?? false
        guard recordsOne || returnsOne else { return }
        diagnostics.append(
            GeneratorDiagnostic(
                .error,
                "\(requirement.signature) \(returnsOne ? "returns" : "takes") a value of a generic parameter that may "
                    + "be noncopyable or nonescapable (\(names.sorted().joined(separator: ", ")): ~Copyable or "
                    + "~Escapable), which a recorder cannot hold; take it `borrowing` or `consuming`, or write this "
                    + "double by hand",
                at: returnsOne ? Syntax(returnType!) : Syntax(parameters)
            )
        )
    }

    /// The recorded arguments: their tuple type and the expression building them.
    func arguments(
        _ parameters: FunctionParameterListSyntax,
        generics: Set<String>,
        appending extra: (label: String, type: String)? = nil
    ) -> (type: String, expression: String) {
        var stored: [(label: String, name: String, type: String)] = []
        for (position, syntax) in parameters.enumerated() {
            let parameter = Parameter(syntax, position: position, memberGenerics: generics, text: text)
            if let type = parameter.storedType {
                stored.append((parameter.label, parameter.expression, type))
            }
        }
        if let extra {
            // A generic subscript's value is recorded as `Any`, which an optional is not implicitly.
            stored.append((extra.label, extra.type == "Any" ? "\(extra.label) as Any" : extra.label, extra.type))
        }
        switch stored.count {
        case 0:
            return ("Void", "()")
        case 1:
            return (stored[0].type, stored[0].name)
        default:
            let type = "(" + stored.map { "\($0.label): \($0.type)" }.joined(separator: ", ") + ")"
            let expression = "(" + stored.map { "\($0.label): \($0.name)" }.joined(separator: ", ") + ")"
            return (type, expression)
        }
    }

    func parameterClause(_ parameters: FunctionParameterListSyntax, isSubscript: Bool = false) -> String {
        let rendered = parameters.enumerated().map { position, parameter -> String in
            var result = parameter.attributes.isEmpty ? "" : text.render(parameter.attributes) + " "
            result += parameter.firstName.text
            if Parameter.isUnnamed(parameter) {
                result += " argument\(position)"
            } else if let second = parameter.secondName, isSubscript || second.text != parameter.firstName.text {
                // `dynamicMember dynamicMember:`, a subscript's label, is one name in a function.
                result += " " + second.text
            }
            result += ": " + text.render(parameter.type)
            if parameter.ellipsis != nil { result += "..." }
            return result
        }
        return "(" + rendered.joined(separator: ", ") + ")"
    }

    func callExpression(recorder: String, arguments: String, effects: Effects, genericResult: String?) -> String {
        let awaiting = effects.isAsync ? "await " : ""
        switch effects.throwing {
        case .none, .rethrows:
            if let genericResult {
                return "\(awaiting)\(recorder).call(\(arguments), returning: (\(genericResult)).self)"
            }
            return "\(awaiting)\(recorder).call(\(arguments))"
        case .untyped:
            if let genericResult {
                return "try \(awaiting)\(recorder).callThrowing(\(arguments), returning: (\(genericResult)).self)"
            }
            return "try \(awaiting)\(recorder).callThrowing(\(arguments))"
        case .typed(let failure):
            return "try \(awaiting)\(recorder).callThrowing(\(arguments), failure: (\(text.render(failure))).self)"
        }
    }

    func attributes(_ list: AttributeListSyntax, diagnostics: inout [GeneratorDiagnostic]) -> String {
        var result = ""
        for element in list {
            if let attribute = element.as(AttributeSyntax.self), attribute.attributeName.trimmedDescription == "objc" {
                diagnostics.append(
                    GeneratorDiagnostic(
                        .error, "@objc requirement \(requirement.signature) is not supported", at: element)
                )
            }
            result += text.render(element) + " "
        }
        return result
    }

    /// The attributes a helper's witness and a trampoline keep: `@available` (a deprecated requirement is
    /// called from a deprecated declaration, without a warning) and `@discardableResult`; not
    /// `@inlinable` and the like, which a `fileprivate` declaration cannot have.
    func helperAttributes(_ list: AttributeListSyntax) -> String {
        var result = ""
        for element in list {
            guard let attribute = element.as(AttributeSyntax.self),
                ["available", "discardableResult"].contains(attribute.attributeName.trimmedDescription)
            else { continue }
            result += text.render(attribute) + " "
        }
        return result
    }

    func modifiers(_ list: DeclModifierListSyntax, diagnostics: inout [GeneratorDiagnostic]) -> String {
        var result = ""
        for modifier in list {
            switch modifier.name.tokenKind {
            case .keyword(.static), .keyword(.class):
                result += "static "
            case .keyword(.mutating), .keyword(.nonmutating):
                continue
            case .keyword(.optional):
                diagnostics.append(
                    GeneratorDiagnostic(
                        .error, "optional requirement \(requirement.signature) is not supported", at: modifier)
                )
            default:
                result += text.render(modifier) + " "
            }
        }
        return result
    }

    func accessorList(_ block: AccessorBlockSyntax?) -> [AccessorDeclSyntax] {
        guard let block, case .accessors(let list) = block.accessors else { return [] }
        return Array(list)
    }
}

extension RequirementEmitter {
    // MARK: Decodable

    /// `Decodable`'s `init(from:)` (``OwnAnswer/decoding``): the double's recorders are made as in any
    /// initializer, and the call is recorded in its static ones, which a test stubs before decoding;
    /// unstubbed, it throws `UnstubbedDecodingError`.
    func decodingInitializer(_ decl: InitializerDeclSyntax) -> Emitted {
        let parameters = decl.signature.parameterClause.parameters
        let recorded = arguments(parameters, generics: [])
        let header = access + initializerIsolation + "init" + parameterClause(parameters) + " throws"
        let context = "\(runtime).DoubleContext(typeName: \"\(text.selfType)\", mode: .relaxed)"
        let error = "\(runtime).UnstubbedDecodingError(double: \"\(text.selfType)\")"
        let witness = """
                \(header) {
                    self.\(recorders) = Members(\(context))
                    try Self.\(staticRecorders).\(memberName).callThrowing(\(recorded.expression), unstubbed: { throw \(error) })
                }
            """
        let recorder = Recorder(
            name: memberName, type: "\(runtime).Member<\(recorded.type), Void>", signature: requirement.signature)
        return Emitted(recorders: [recorder], witness: witness)
    }
}
