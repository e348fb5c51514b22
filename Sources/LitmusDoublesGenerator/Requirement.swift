import SwiftSyntax

/// One requirement of a protocol, classified; the unit the emitter turns into a recorder and a witness.
enum Requirement {
    case method(FunctionDeclSyntax)
    case property(VariableDeclSyntax, PatternBindingSyntax)
    case `subscript`(SubscriptDeclSyntax)
    case initializer(InitializerDeclSyntax)

    /// The requirement's declaration.
    var syntax: Syntax {
        switch self {
        case .method(let decl): Syntax(decl)
        case .property(let decl, _): Syntax(decl)
        case .subscript(let decl): Syntax(decl)
        case .initializer(let decl): Syntax(decl)
        }
    }

    var isStatic: Bool {
        let modifiers: DeclModifierListSyntax
        switch self {
        case .method(let decl): modifiers = decl.modifiers
        case .property(let decl, _): modifiers = decl.modifiers
        case .subscript(let decl): modifiers = decl.modifiers
        case .initializer: return false
        }
        return modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// The requirement's Swift name as people write it: `fetch(id:)`, `title`, `subscript(_:)`.
    var signature: String {
        switch self {
        case .method(let decl):
            return decl.name.text + "("
                + decl.signature.parameterClause.parameters.map { "\($0.firstName.text):" }
                .joined() + ")"
        case .property(_, let binding):
            return binding.pattern.trimmedDescription
        case .subscript(let decl):
            let names = decl.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text + ":" }
            return "subscript(" + names.joined() + ")"
        case .initializer(let decl):
            return "init(" + decl.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined() + ")"
        }
    }

    /// Candidate recorder names, most readable first; overloads move on to the next candidate.
    var nameCandidates: [String] {
        switch self {
        case .method(let decl):
            let base = Requirement.identifier(forFunctionNamed: decl.name.text)
            let parameters = decl.signature.parameterClause.parameters
            return Requirement.candidates(base: base, parameters: parameters)
        case .property(_, let binding):
            let name = binding.pattern.trimmedDescription.trimmingBackticks
            return [name, name + "Property"]
        case .subscript(let decl):
            return Requirement.candidates(
                base: "subscript", parameters: decl.parameterClause.parameters, labelled: true)
        case .initializer(let decl):
            return Requirement.candidates(
                base: "initializer",
                parameters: decl.signature.parameterClause.parameters,
                labelled: true
            )
        }
    }

    private static func candidates(
        base: String,
        parameters: FunctionParameterListSyntax,
        labelled: Bool = false
    ) -> [String] {
        let labels = parameters.map { parameter -> String in
            let label = parameter.firstName.text == "_" ? (parameter.secondName?.text ?? "") : parameter.firstName.text
            return label.trimmingBackticks.capitalizedFirst
        }.joined()
        let types = parameters.map { parameter in
            parameter.type.trimmedDescription.filter { $0.isLetter || $0.isNumber }.capitalizedFirst
        }.joined()
        let withLabels = base + labels
        return (labelled ? [] : [base]) + [withLabels, withLabels + types]
    }

    private static let operatorWords: [Character: String] = [
        "=": "Equal", "!": "Not", "<": "Less", ">": "Greater", "+": "Plus", "-": "Minus", "*": "Times",
        "/": "Divide", "%": "Remainder", "&": "And", "|": "Or", "^": "Caret", "~": "Tilde", "?": "Question",
        ".": "Dot",
    ]

    /// A function's name usable as a property name: operators become words (`==` -> `operatorEqualEqual`).
    static func identifier(forFunctionNamed name: String) -> String {
        guard let first = name.first, operatorWords[first] != nil else { return name.trimmingBackticks }
        return "operator" + name.map { operatorWords[$0] ?? "" }.joined()
    }
}
