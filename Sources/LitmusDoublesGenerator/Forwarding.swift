import SwiftSyntax

/// Forwarding doubles: `init(forwardingTo: real)` keeps a real instance, and each instance member the
/// test did not stub records the call and passes it to the real one (`Forwardee` in LitmusDoubles).
enum Forwarding {
    /// The double's stored property holding the real instance.
    static let property = "litmusForwardee"

    /// Whether a double of the protocol can forward: not an actor (its calls to another actor would
    /// have to await), no associated types, no `Self` in a requirement and no identity
    /// conformance (`any P` cannot call those), and no initializer requirements (the double's witnesses
    /// of them would leave the real instance unset).
    static func isPossible(for analysis: ProtocolAnalysis) -> Bool {
        guard !analysis.isActor, analysis.associatedTypes.isEmpty, analysis.identityConformances.isEmpty
        else { return false }
        return !analysis.requirements.contains { requirement in
            if case .initializer = requirement { return true }
            return requirement.syntax.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.Self) }
        }
    }

    /// The arguments of a call to the real member, as the witness has them: `id: id`, `&title`, `handler`;
    /// `nil` when one cannot be passed on as it came (a variadic list, a parameter pack, an autoclosure
    /// the double already evaluated, an `isolated` parameter).
    static func arguments(_ parameters: FunctionParameterListSyntax, labelled: (FunctionParameterSyntax) -> Bool)
        -> String?
    {
        var passed: [String] = []
        for (position, parameter) in parameters.enumerated() {
            if parameter.ellipsis != nil || parameter.type.is(PackExpansionTypeSyntax.self) { return nil }
            var isInout = false
            if let attributed = parameter.type.as(AttributedTypeSyntax.self) {
                let specifiers = attributed.specifiers.map(\.trimmedDescription)
                if specifiers.contains("isolated") { return nil }
                isInout = specifiers.contains("inout")
                let names = attributed.attributes.compactMap {
                    $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
                }
                if names.contains("autoclosure") { return nil }
            }
            let internalName = (parameter.secondName ?? parameter.firstName).text.trimmingBackticks
            let name = internalName == "_" ? "argument\(position)" : Keywords.escaped(internalName)
            let value = (isInout ? "&" : "") + name
            let label = parameter.firstName.text
            passed.append(labelled(parameter) && label != "_" ? "\(label): \(value)" : value)
        }
        return passed.joined(separator: ", ")
    }

    /// `try await ` for a call with these effects.
    static func marks(_ effects: Effects) -> String {
        let tries: Bool
        switch effects.throwing {
        case .none: tries = false
        default: tries = true
        }
        return (tries ? "try " : "") + (effects.isAsync ? "await " : "")
    }
}

extension Forwarding {
    /// A method's or getter's body for a forwarding double, indented by `indent` spaces: the real
    /// instance's `member` (`.fetch(id: id)`, `.name`, `[key]`) when nothing is stubbed for the call
    /// (`recorder.forwards(arguments)` records it), else `otherwise`, the double's own call.
    static func getter(
        _ recorder: String, arguments: String, member: String, effects: Effects, otherwise: String, indent: Int
    ) -> String {
        let pad = String(repeating: " ", count: indent)
        return """
            \(pad)if let litmusReal = self.\(property), \(recorder).forwards(\(arguments)) {
            \(pad)    return \(marks(effects))litmusReal.real\(member)
            \(pad)}
            \(pad)return \(otherwise)
            """
    }

    /// A setter's body for a forwarding double, indented by `indent` spaces: with a real instance the
    /// set is recorded and made on it, else `otherwise`, the double's own set.
    static func setter(_ recorder: String, arguments: String, member: String, otherwise: String, indent: Int)
        -> String
    {
        let pad = String(repeating: " ", count: indent)
        return """
            \(pad)if let litmusReal = self.\(property) {
            \(pad)    \(recorder).recordForwarded(\(arguments))
            \(pad)    litmusReal.real\(member) = newValue
            \(pad)} else {
            \(pad)    \(otherwise)
            \(pad)}
            """
    }
}
