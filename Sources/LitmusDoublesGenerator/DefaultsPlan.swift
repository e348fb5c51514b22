import SwiftSyntax

/// How one double reaches its protocol's extension defaults: which requirements they answer, and the
/// helper types (structs, or classes when a default needs one) that the double makes to reach them,
/// one per such requirement.
struct DefaultsPlan {
    /// The double's name, `PMock`.
    let doubleName: String
    /// The double's type as the helper names it, `PMock<Input>`.
    let doubleType: String
    /// Whether the helper is a class: the protocol is class-bound, or a default is in an extension
    /// `where Self: AnyObject`.
    let isClass: Bool
    /// The indices of the requirements a default answers when unstubbed.
    let answered: Set<Int>

    /// The name of the helper type for the requirement recorded by `recorder`: `PMockDefaultGreeting`.
    func helperName(for recorder: String) -> String {
        doubleName + "Default" + recorder.prefix(1).uppercased() + recorder.dropFirst()
    }

    /// The expression of that helper inside a witness of the double: a struct made for the call, or
    /// the double's one instance of that class.
    func helperExpression(for recorder: String) -> String {
        isClass
            ? "self.litmusDefaults.helper { \(helperName(for: recorder))(self) }"
            : "\(helperName(for: recorder))(litmusDouble: self)"
    }

    /// The name of the trampoline (in an extension of the protocol) that calls the requirement
    /// recorded by `recorder` through the protocol.
    func trampoline(for recorder: String) -> String {
        "litmusDefault_\(doubleName)_\(recorder)"
    }

    /// The plan for a double of `analysis`'s protocol, or `nil` when no default can be reached: no
    /// requirement matches a default, or the helper cannot be written (actors, global actors, `Equatable`
    /// or `Hashable` protocols, initializer or static requirements, `Self` in a requirement, or a
    /// member whose arguments cannot be passed on: variadic, parameter pack, `@autoclosure`, `isolated`).
    static func make(for analysis: ProtocolAnalysis, doubleName: String) -> DefaultsPlan? {
        guard !analysis.extensionDefaults.isEmpty, !analysis.isActor, analysis.globalActorAttributes.isEmpty,
            analysis.identityConformances.isEmpty
        else { return nil }
        for requirement in analysis.requirements {
            if requirement.isStatic { return nil }
            if case .initializer = requirement { return nil }
            if requirement.syntax.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.Self) })
            {
                return nil
            }
            if passedArguments(requirement) == nil { return nil }
        }
        var answered: Set<Int> = []
        var needsClass = analysis.isClassBound
        for (index, requirement) in analysis.requirements.enumerated() where analysis.conditions[index] == nil {
            guard !takesOwnership(requirement),
                let member = analysis.extensionDefaults.first(where: { ExtensionDefaults.matches(requirement, $0) })
            else { continue }
            answered.insert(index)
            needsClass = needsClass || member.needsClass
        }
        guard !answered.isEmpty else { return nil }
        let generics = analysis.genericAssociatedTypes.map(\.name)
        let doubleType = generics.isEmpty ? doubleName : doubleName + "<" + generics.joined(separator: ", ") + ">"
        return DefaultsPlan(doubleName: doubleName, doubleType: doubleType, isClass: needsClass, answered: answered)
    }

    /// Whether a parameter of `requirement` is `consuming` or `borrowing` (swift-nio's `enqueue(_ job:
    /// consuming ExecutorJob)`): the default is called inside a closure (`runningDefault { … }`), which
    /// cannot capture such a parameter, so the member is doubled without reaching its default.
    static func takesOwnership(_ requirement: Requirement) -> Bool {
        let parameters: FunctionParameterListSyntax
        switch requirement {
        case .method(let decl): parameters = decl.signature.parameterClause.parameters
        case .subscript(let decl): parameters = decl.parameterClause.parameters
        case .property, .initializer: return false
        }
        return parameters.contains { parameter in
            parameter.type.as(AttributedTypeSyntax.self)?.specifiers.contains {
                ["consuming", "borrowing", "__owned", "__shared"].contains($0.trimmedDescription)
            } == true
        }
    }

    /// The arguments a call passes on, labelled as a function's (`id: id`), or `""` for a property;
    /// `nil` when they cannot be passed on.
    static func passedArguments(_ requirement: Requirement) -> String? {
        switch requirement {
        case .method(let decl): Forwarding.arguments(decl.signature.parameterClause.parameters, labelled: { _ in true })
        case .subscript(let decl): Forwarding.arguments(decl.parameterClause.parameters, labelled: { _ in true })
        case .property: ""
        case .initializer: nil
        }
    }
}
