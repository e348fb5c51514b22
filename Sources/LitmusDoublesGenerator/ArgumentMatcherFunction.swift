import SwiftSyntax

extension RequirementEmitter {
    /// The function of the double's `Members` that makes a `CallMatcher` of the method's calls, for
    /// `given(double.fetch(id: .any))` and `verify(double.fetch(id: .equal(3)))`: one `Arg` per
    /// parameter. None for a method without parameters (its recorder is verified as it is), an
    /// operator, or one with a parameter that is not recorded (a non-escaping closure, `inout`,
    /// `consuming`, `borrowing`), whose matcher could not check every argument.
    func matcher(_ decl: FunctionDeclSyntax, recorderType: String, generics: Set<String>) -> [String] {
        let parameters = decl.signature.parameterClause.parameters
        guard !parameters.isEmpty, case .identifier = decl.name.tokenKind else { return [] }
        var clause: [String] = []
        var checks: [String] = []
        var conditions: [String] = []
        for (position, syntax) in parameters.enumerated() {
            let parameter = Parameter(syntax, position: position, memberGenerics: generics, text: text)
            guard let stored = parameter.storedType, !syntax.type.trimmedDescription.hasPrefix("inout ") else {
                return []
            }
            let external = syntax.firstName.text
            let declared = external.trimmingBackticks == parameter.label ? external : "\(external) \(parameter.name)"
            clause.append("\(declared): \(runtime).Arg<\(stored)>")
            // One parameter is recorded as its value, several as a tuple read by position.
            let element = parameters.count == 1 ? "" : ".\(position)"
            let label = external == "_" ? "" : external.trimmingBackticks
            checks.append(".init(\"\(label)\", \(parameter.name), \\.\(element.isEmpty ? "self" : "\(position)"))")
            conditions.append("\(parameter.name).matches($0\(element))")
        }
        let name = decl.name.text
        return [
            "        /// The calls of `\(requirement.signature)` whose arguments match, for `given(…)` and `verify(…)`.",
            "        \(access)func \(name)(\(clause.joined(separator: ", "))) -> \(recorderType).Matcher {",
            "            .init(self.\(memberName), \"\(name.trimmingBackticks)\", [\(checks.joined(separator: ", "))]) {",
            "                \(conditions.joined(separator: " && "))",
            "            }",
            "        }",
        ]
    }
}
