import SwiftSyntax

/// Writes one requirement's recorders and its witness (the implementation that records and stubs).
struct RequirementEmitter {
    let requirement: Requirement
    let memberName: String
    /// The double's property holding the recorders of the requirement's scope, instance or static
    /// (``RecordersProperty``); an initializer's witness sets the instance one.
    let recorders: String
    let text: TypeText
    /// `"public "` or `""`.
    let access: String
    let runtime: String
    /// `"nonisolated "` for a global-actor double's initializers, else `""`.
    let initializerIsolation: String
    /// Whether the witness passes an unstubbed call to the real instance of a forwarding double.
    var forwards = false

    struct Emitted {
        var recorders: [Recorder]
        var witness: String
    }

    private var owner: String { (requirement.isStatic ? "Self." : "self.") + recorders }

    func emit(diagnostics: inout [GeneratorDiagnostic]) -> Emitted {
        switch requirement {
        case .method(let decl): return method(decl, diagnostics: &diagnostics)
        case .property(let decl, let binding): return property(decl, binding, diagnostics: &diagnostics)
        case .subscript(let decl): return subscriptMember(decl, diagnostics: &diagnostics)
        case .initializer(let decl): return initializer(decl)
        }
    }

    // MARK: Methods

    private func method(_ decl: FunctionDeclSyntax, diagnostics: inout [GeneratorDiagnostic]) -> Emitted {
        let generics = Set(decl.genericParameterClause?.parameters.map(\.name.text) ?? [])
        let parameters = decl.signature.parameterClause.parameters
        let recorded = arguments(parameters, generics: generics)
        // `-> sending T`: the recorder returns a T; the witness keeps `sending` in its signature.
        let returnType = decl.signature.returnClause.map { Self.withoutSending($0.type) }
        checkNoncopyable(decl.genericParameterClause, decl.genericWhereClause, parameters, returnType, &diagnostics)
        let isGenericResult = returnType.map { TypeText.mentions(generics, in: $0) } ?? false
        let resultType = isGenericResult ? "Any" : (returnType.map(text.render) ?? "Void")
        let effects = Effects(decl.signature.effectSpecifiers)
        let recorderType = "\(runtime).\(effects.recorderKind)<\(recorded.type), \(resultType)>"
        let call = callExpression(
            recorder: "\(owner).\(memberName)",
            arguments: recorded.expression,
            effects: effects,
            genericResult: isGenericResult ? returnType.map(text.render) : nil
        )
        var header = attributes(decl.attributes, diagnostics: &diagnostics)
        header += access + modifiers(decl.modifiers, diagnostics: &diagnostics)
        header += "func \(decl.name.text)"
        header += decl.genericParameterClause.map(text.render) ?? ""
        header += parameterClause(parameters)
        header += decl.signature.effectSpecifiers.map { " " + text.render($0) } ?? ""
        header += decl.signature.returnClause.map { " " + text.render($0) } ?? ""
        header += decl.genericWhereClause.map { " " + text.render($0) } ?? ""
        var body = "        return \(call)"
        if forwards, let passed = Forwarding.arguments(parameters, labelled: { _ in true }) {
            body = """
                        if let litmusReal = self.\(Forwarding.property), \(owner).\(memberName).forwards(\(recorded.expression)) {
                            return \(Forwarding.marks(effects))litmusReal.real.\(decl.name.text)(\(passed))
                        }
                \(body)
                """
        }
        let witness = "    \(header) {\n\(body)\n    }"
        var recorder = Recorder(name: memberName, type: recorderType, signature: requirement.signature)
        recorder.fallback = isGenericResult ? nil : text.madeValue(of: returnType, generics: generics)
        recorder.matcher = matcher(decl, recorderType: recorderType, generics: generics)
        return Emitted(recorders: [recorder], witness: witness)
    }

    /// The function of the double's `Members` that makes a `CallMatcher` of the method's calls, for
    /// `given(double.fetch(id: .any))` and `verify(double.fetch(id: .equal(3)))`: one `Arg` per
    /// parameter. None for a method without parameters (its recorder is verified as it is), an
    /// operator, or one with a parameter that is not recorded (a non-escaping closure, `inout`,
    /// `consuming`, `borrowing`), whose matcher could not check every argument.
    private func matcher(_ decl: FunctionDeclSyntax, recorderType: String, generics: Set<String>) -> [String] {
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
            let value = parameters.count == 1 ? "\\.self" : "\\.\(position)"
            let label = external == "_" ? "" : external.trimmingBackticks
            checks.append(".init(\"\(label)\", \(parameter.name), \(value))")
            conditions.append("\(parameter.name).matches(\(parameters.count == 1 ? "$0" : "$0.\(position)"))")
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

    // MARK: Properties

    private func property(
        _ decl: VariableDeclSyntax,
        _ binding: PatternBindingSyntax,
        diagnostics: inout [GeneratorDiagnostic]
    ) -> Emitted {
        let propertyName = binding.pattern.trimmedDescription
        guard let typeAnnotation = binding.typeAnnotation else {
            diagnostics.append(GeneratorDiagnostic(.error, "property \(propertyName) has no type", at: binding))
            return Emitted(recorders: [], witness: "")
        }
        let type = text.render(typeAnnotation.type)
        let accessors = accessorList(binding.accessorBlock)
        let getter = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }
        let hasSetter = accessors.contains { $0.accessorSpecifier.tokenKind == .keyword(.set) }
        var header = attributes(decl.attributes, diagnostics: &diagnostics)
        header += access + modifiers(decl.modifiers, diagnostics: &diagnostics)
        header += "var \(propertyName): \(type)"
        let recorder = "\(owner).\(memberName)"
        if hasSetter {
            var witness = """
                    \(header) {
                        get { \(recorder).get() }
                        set { \(recorder).set(newValue) }
                    }
                """
            if forwards {
                witness = """
                        \(header) {
                            get {
                                if let litmusReal = self.\(Forwarding.property), \(recorder).getter.forwards(()) {
                                    return litmusReal.real.\(propertyName)
                                }
                                return \(recorder).get()
                            }
                            set {
                                if let litmusReal = self.\(Forwarding.property) {
                                    \(recorder).setter.recordForwarded(newValue)
                                    litmusReal.real.\(propertyName) = newValue
                                } else {
                                    \(recorder).set(newValue)
                                }
                            }
                        }
                    """
            }
            var property = Recorder(name: memberName, type: "\(runtime).Property<\(type)>", signature: propertyName)
            property.fallback = text.madeValue(of: typeAnnotation.type)
            return Emitted(recorders: [property], witness: witness)
        }
        let effects = Effects(getter?.effectSpecifiers)
        let call = callExpression(recorder: recorder, arguments: "()", effects: effects, genericResult: nil)
        let effectText = getter?.effectSpecifiers.map { " " + text.render($0) } ?? ""
        var witness = "    \(header) {\n        get\(effectText) { \(call) }\n    }"
        if forwards {
            witness = """
                    \(header) {
                        get\(effectText) {
                            if let litmusReal = self.\(Forwarding.property), \(recorder).forwards(()) {
                                return \(Forwarding.marks(effects))litmusReal.real.\(propertyName)
                            }
                            return \(call)
                        }
                    }
                """
        }
        var getterRecorder = Recorder(
            name: memberName,
            type: "\(runtime).\(effects.recorderKind)<Void, \(type)>",
            signature: propertyName
        )
        getterRecorder.fallback = text.madeValue(of: typeAnnotation.type)
        return Emitted(recorders: [getterRecorder], witness: witness)
    }

    // MARK: Subscripts

    private func subscriptMember(_ decl: SubscriptDeclSyntax, diagnostics: inout [GeneratorDiagnostic]) -> Emitted {
        let generics = Set(decl.genericParameterClause?.parameters.map(\.name.text) ?? [])
        let parameters = decl.parameterClause.parameters
        let recorded = arguments(parameters, generics: generics)
        let returnType = Self.withoutSending(decl.returnClause.type)
        checkNoncopyable(decl.genericParameterClause, decl.genericWhereClause, parameters, returnType, &diagnostics)
        let isGenericResult = TypeText.mentions(generics, in: returnType)
        let rendered = text.render(returnType)
        let accessors = accessorList(decl.accessorBlock)
        let getter = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }
        let hasSetter = accessors.contains { $0.accessorSpecifier.tokenKind == .keyword(.set) }
        let getterEffects = Effects(getter?.effectSpecifiers)
        let getterCall = callExpression(
            recorder: "\(owner).\(memberName)",
            arguments: recorded.expression,
            effects: getterEffects,
            genericResult: isGenericResult ? rendered : nil
        )
        var header = attributes(decl.attributes, diagnostics: &diagnostics)
        header += access + modifiers(decl.modifiers, diagnostics: &diagnostics)
        header += "subscript" + (decl.genericParameterClause.map(text.render) ?? "")
        header += parameterClause(parameters) + " " + text.render(decl.returnClause)
        header += decl.genericWhereClause.map { " " + text.render($0) } ?? ""
        let valueType = isGenericResult ? "Any" : rendered
        var recorders = [
            Recorder(
                name: memberName,
                type: "\(runtime).\(getterEffects.recorderKind)<\(recorded.type), \(valueType)>",
                signature: requirement.signature
            )
        ]
        let effectText = getter?.effectSpecifiers.map { " " + text.render($0) } ?? ""
        var body = "        get\(effectText) { \(getterCall) }"
        let passed = forwards ? Forwarding.arguments(parameters, labelled: { $0.secondName != nil }) : nil
        if let passed {
            body = """
                        get\(effectText) {
                            if let litmusReal = self.\(Forwarding.property), \(owner).\(memberName).forwards(\(recorded.expression)) {
                                return \(Forwarding.marks(getterEffects))litmusReal.real[\(passed)]
                            }
                            return \(getterCall)
                        }
                """
        }
        if hasSetter {
            let setterArguments = arguments(parameters, generics: generics, appending: ("newValue", valueType))
            recorders.append(
                Recorder(
                    name: memberName + "Setter",
                    type: "\(runtime).Member<\(setterArguments.type), Void>",
                    signature: requirement.signature + " = newValue",
                    isAlwaysAllowed: true
                )
            )
            let setter = "\(owner).\(memberName)Setter"
            if let passed {
                body += """

                            set {
                                if let litmusReal = self.\(Forwarding.property) {
                                    \(setter).recordForwarded(\(setterArguments.expression))
                                    litmusReal.real[\(passed)] = newValue
                                } else {
                                    \(setter).call(\(setterArguments.expression))
                                }
                            }
                    """
            } else {
                body += "\n        set { \(setter).call(\(setterArguments.expression)) }"
            }
        }
        return Emitted(recorders: recorders, witness: "    \(header) {\n\(body)\n    }")
    }

    // MARK: Initializers

    private func initializer(_ decl: InitializerDeclSyntax) -> Emitted {
        let generics = Set(decl.genericParameterClause?.parameters.map(\.name.text) ?? [])
        let parameters = decl.signature.parameterClause.parameters
        let recorded = arguments(parameters, generics: generics)
        let effects = Effects(decl.signature.effectSpecifiers)
        let call = callExpression(
            recorder: "\(owner).\(memberName)",
            arguments: recorded.expression,
            effects: effects,
            genericResult: nil
        )
        var header = access + initializerIsolation + "init" + (decl.optionalMark.map { $0.text } ?? "")
        header += decl.genericParameterClause.map(text.render) ?? ""
        header += parameterClause(parameters)
        header += decl.signature.effectSpecifiers.map { " " + text.render($0) } ?? ""
        header += decl.genericWhereClause.map { " " + text.render($0) } ?? ""
        let context = "\(runtime).DoubleContext(typeName: \"\(text.selfType)\", mode: .relaxed)"
        let witness = """
                \(header) {
                    self.\(recorders) = Members(\(context))
                    \(call)
                }
            """
        return Emitted(
            recorders: [
                Recorder(
                    name: memberName,
                    type: "\(runtime).\(effects.recorderKind)<\(recorded.type), Void>",
                    signature: requirement.signature
                )
            ],
            witness: witness
        )
    }

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
    private func checkNoncopyable(
        _ genericParameters: GenericParameterClauseSyntax?,
        _ whereClause: GenericWhereClauseSyntax?,
        _ parameters: FunctionParameterListSyntax,
        _ returnType: TypeSyntax?,
        _ diagnostics: inout [GeneratorDiagnostic]
    ) {
        let suppressed = { (text: String) in text.contains("~Copyable") || text.contains("~Escapable") }
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
    private func arguments(
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
            stored.append((extra.label, extra.label, extra.type))
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

    private func parameterClause(_ parameters: FunctionParameterListSyntax) -> String {
        let rendered = parameters.enumerated().map { position, parameter -> String in
            var result = parameter.attributes.isEmpty ? "" : text.render(parameter.attributes) + " "
            result += parameter.firstName.text
            if Parameter.isUnnamed(parameter) {
                result += " argument\(position)"
            } else if let second = parameter.secondName {
                result += " " + second.text
            }
            result += ": " + text.render(parameter.type)
            if parameter.ellipsis != nil { result += "..." }
            return result
        }
        return "(" + rendered.joined(separator: ", ") + ")"
    }

    private func callExpression(recorder: String, arguments: String, effects: Effects, genericResult: String?) -> String
    {
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

    private func attributes(_ list: AttributeListSyntax, diagnostics: inout [GeneratorDiagnostic]) -> String {
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

    private func modifiers(_ list: DeclModifierListSyntax, diagnostics: inout [GeneratorDiagnostic]) -> String {
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

    private func accessorList(_ block: AccessorBlockSyntax?) -> [AccessorDeclSyntax] {
        guard let block, case .accessors(let list) = block.accessors else { return [] }
        return Array(list)
    }
}

/// Whether a member is `async`, and whether and how it throws.
struct Effects {
    enum Throwing {
        case none
        case untyped
        case typed(TypeSyntax)
        case `rethrows`
    }

    let throwing: Throwing
    /// An `async` member is recorded by an `AsyncMember`, whose handler may suspend, and awaited.
    let isAsync: Bool

    /// The runtime's recorder class for the member: `AsyncMember` or `Member`.
    var recorderKind: String { isAsync ? "AsyncMember" : "Member" }

    init(_ specifiers: FunctionEffectSpecifiersSyntax?) {
        self.init(throwsClause: specifiers?.throwsClause, isAsync: specifiers?.asyncSpecifier != nil)
    }

    init(_ specifiers: AccessorEffectSpecifiersSyntax?) {
        self.init(throwsClause: specifiers?.throwsClause, isAsync: specifiers?.asyncSpecifier != nil)
    }

    private init(throwsClause: ThrowsClauseSyntax?, isAsync: Bool) {
        self.isAsync = isAsync
        guard let clause = throwsClause else {
            throwing = .none
            return
        }
        if clause.throwsSpecifier.tokenKind == .keyword(.rethrows) {
            throwing = .rethrows
        } else if let type = clause.type, type.trimmedDescription != "any Error" {
            throwing = type.trimmedDescription == "Never" ? .none : .typed(type)
        } else {
            throwing = .untyped
        }
    }
}
