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
    /// How the double reaches its protocol's extension defaults, when it does (``DefaultsPlan``):
    /// every requirement then gets a witness in the helper type.
    var defaults: DefaultsPlan?
    /// Whether an unstubbed call of this requirement is answered by its extension's default.
    var answeredByDefault = false
    /// What the double answers, unstubbed, for a library requirement it satisfies by itself.
    var ownAnswer: OwnAnswer?
    /// The double's static recorders' property, where `Decodable`'s `init(from:)` is recorded.
    var staticRecorders = "double"

    struct Emitted {
        var recorders: [Recorder]
        var witness: String
        /// The requirement's witness in the helper type of ``DefaultsPlan``: it calls the double.
        var helperWitness: String?
        /// The trampoline calling the requirement through the protocol (in an extension of it), for a
        /// requirement a default answers.
        var trampoline: String?
    }

    var owner: String { (requirement.isStatic ? "Self." : "self.") + recorders }

    func emit(diagnostics: inout [GeneratorDiagnostic]) -> Emitted {
        switch requirement {
        case .method(let decl): return method(decl, diagnostics: &diagnostics)
        case .property(let decl, let binding): return property(decl, binding, diagnostics: &diagnostics)
        case .subscript(let decl): return subscriptMember(decl, diagnostics: &diagnostics)
        case .initializer(let decl): return ownAnswer == .decoding ? decodingInitializer(decl) : initializer(decl)
        }
    }

    // MARK: Methods

    func method(_ decl: FunctionDeclSyntax, diagnostics: inout [GeneratorDiagnostic]) -> Emitted {
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
        let attributeText = attributes(decl.attributes, diagnostics: &diagnostics)
        let modifierText = modifiers(decl.modifiers, diagnostics: &diagnostics)
        var tail = decl.genericParameterClause.map(text.render) ?? ""
        tail += parameterClause(parameters)
        tail += decl.signature.effectSpecifiers.map { " " + text.render($0) } ?? ""
        tail += decl.signature.returnClause.map { " " + text.render($0) } ?? ""
        tail += decl.genericWhereClause.map { " " + text.render($0) } ?? ""
        let header = attributeText + access + modifierText + "func \(decl.name.text)" + tail
        let passed = Forwarding.arguments(parameters, labelled: { _ in true })
        let body = body(
            recorder: "\(owner).\(memberName)", arguments: recorded.expression, effects: effects, call: call,
            forwarded: forwards ? passed.map { ".\(decl.name.text)(\($0))" } : nil,
            defaultCall: passed.map { "\(defaults?.trampoline(for: memberName) ?? "")(\($0))" }, indent: 8)
        let witness = "    \(header) {\n\(body)\n    }"
        var recorder = Recorder(name: memberName, type: recorderType, signature: requirement.signature)
        recorder.fallback = isGenericResult ? nil : text.madeValue(of: returnType, generics: generics)
        recorder.matcher = matcher(decl, recorderType: recorderType, generics: generics)
        var emitted = Emitted(recorders: [recorder], witness: witness)
        if defaults != nil, let passed {
            let marks = Forwarding.marks(effects)
            emitted.helperWitness =
                "    \(helperAttributes(decl.attributes))\(modifierText)func \(decl.name.text)\(tail) {\n"
                + "        \(marks)litmusDouble.\(decl.name.text)(\(passed))\n    }"
            if answeredByDefault, let defaults {
                emitted.trampoline =
                    "    \(helperAttributes(decl.attributes))fileprivate \(modifierText)func "
                    + "\(defaults.trampoline(for: memberName))\(tail) {\n"
                    + "        \(marks)self.\(decl.name.text)(\(passed))\n    }"
            }
        }
        return emitted
    }

    /// A witness's body, indented by `indent` spaces: the real instance's `forwarded` member for a
    /// forwarding double, the extension's default through the helper (`defaultCall`, the
    /// trampoline's call) when this requirement has one, each only for an unstubbed call; else `call`.
    func body(
        recorder: String, arguments: String, effects: Effects, call: String, forwarded: String?,
        defaultCall: String?, indent: Int
    ) -> String {
        let pad = String(repeating: " ", count: indent)
        guard answeredByDefault, let defaults, let defaultCall else {
            guard let forwarded else { return "\(pad)return \(call)" }
            return Forwarding.getter(
                recorder, arguments: arguments, member: forwarded, effects: effects, otherwise: call, indent: indent)
        }
        let marks = Forwarding.marks(effects)
        var lines: [String] = []
        if let forwarded {
            lines.append("\(pad)if let litmusReal = self.\(Forwarding.property), \(recorder).forwards(\(arguments)) {")
            lines.append("\(pad)    return \(marks)litmusReal.real\(forwarded)")
            lines.append("\(pad)}")
        }
        lines.append("\(pad)if \(recorder).usesDefault(\(arguments)) {")
        lines.append("\(pad)    let litmusDefault = \(defaults.helperExpression(for: memberName))")
        lines.append("\(pad)    return \(marks)\(recorder).runningDefault { \(marks)litmusDefault.\(defaultCall) }")
        lines.append("\(pad)}")
        lines.append("\(pad)return \(call)")
        return lines.joined(separator: "\n")
    }

    // MARK: Properties

    func property(
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
        let attributeText = attributes(decl.attributes, diagnostics: &diagnostics)
        let modifierText = modifiers(decl.modifiers, diagnostics: &diagnostics)
        let header = attributeText + access + modifierText + "var \(propertyName): \(type)"
        let helperHeader = "    \(helperAttributes(decl.attributes))\(modifierText)var \(propertyName): \(type) {\n"
        let recorder = "\(owner).\(memberName)"
        if hasSetter {
            return settableProperty(
                propertyName, type: type, typeSyntax: typeAnnotation.type, header: header, helperHeader: helperHeader)
        }
        let effects = Effects(getter?.effectSpecifiers)
        var call = callExpression(recorder: recorder, arguments: "()", effects: effects, genericResult: nil)
        if case .value(let answer)? = ownAnswer, !effects.isAsync, case .none = effects.throwing {
            call = "\(recorder).call((), unstubbed: { \(answer) })"
        }
        let effectText = getter?.effectSpecifiers.map { " " + text.render($0) } ?? ""
        var witness = "    \(header) {\n        get\(effectText) { \(call) }\n    }"
        if forwards || answeredByDefault {
            let get = body(
                recorder: recorder, arguments: "()", effects: effects, call: call,
                forwarded: forwards ? ".\(propertyName)" : nil, defaultCall: defaults?.trampoline(for: memberName),
                indent: 12)
            witness = "    \(header) {\n        get\(effectText) {\n\(get)\n        }\n    }"
        }
        var getterRecorder = Recorder(
            name: memberName,
            type: "\(runtime).\(effects.recorderKind)<Void, \(type)>",
            signature: propertyName
        )
        getterRecorder.fallback = text.madeValue(of: typeAnnotation.type)
        var emitted = Emitted(recorders: [getterRecorder], witness: witness)
        if let defaults {
            let marks = Forwarding.marks(effects)
            emitted.helperWitness =
                helperHeader + "        get\(effectText) { \(marks)litmusDouble.\(propertyName) }\n    }"
            if answeredByDefault {
                emitted.trampoline =
                    "    \(helperAttributes(decl.attributes))fileprivate \(modifierText)var "
                    + "\(defaults.trampoline(for: memberName)): \(type) {\n"
                    + "        get\(effectText) { \(marks)self.\(propertyName) }\n    }"
            }
        }
        return emitted
    }

    /// A `{ get set }` property: one recorder for both accessors, forwarded or answered by the default
    /// implementation's helper when the double has one.
    private func settableProperty(
        _ propertyName: String, type: String, typeSyntax: TypeSyntax, header: String, helperHeader: String
    ) -> Emitted {
        let recorder = "\(owner).\(memberName)"
        var witness = """
                \(header) {
                    get { \(recorder).get() }
                    set { \(recorder).set(newValue) }
                }
            """
        if forwards {
            let get = Forwarding.getter(
                "\(recorder).getter", arguments: "()", member: ".\(propertyName)",
                effects: Effects(nil as FunctionEffectSpecifiersSyntax?),
                otherwise: "\(recorder).get()", indent: 12)
            let set = Forwarding.setter(
                "\(recorder).setter", arguments: "newValue", member: ".\(propertyName)",
                otherwise: "\(recorder).set(newValue)", indent: 12)
            witness = "    \(header) {\n        get {\n\(get)\n        }\n        set {\n\(set)\n        }\n    }"
        }
        var property = Recorder(name: memberName, type: "\(runtime).Property<\(type)>", signature: propertyName)
        property.fallback = text.madeValue(of: typeSyntax)
        var emitted = Emitted(recorders: [property], witness: witness)
        if let defaults {
            let set = defaults.isClass ? "set" : "nonmutating set"
            emitted.helperWitness =
                helperHeader + "        get { litmusDouble.\(propertyName) }\n"
                + "        \(set) { litmusDouble.\(propertyName) = newValue }\n    }"
        }
        return emitted
    }

    // MARK: Subscripts

    func subscriptMember(_ decl: SubscriptDeclSyntax, diagnostics: inout [GeneratorDiagnostic]) -> Emitted {
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
        let attributeText = attributes(decl.attributes, diagnostics: &diagnostics)
        let modifierText = modifiers(decl.modifiers, diagnostics: &diagnostics)
        var tail = (decl.genericParameterClause.map(text.render) ?? "") + parameterClause(parameters, isSubscript: true)
        let returnText = " " + text.render(decl.returnClause)
        let whereText = decl.genericWhereClause.map { " " + text.render($0) } ?? ""
        tail += returnText + whereText
        let header = attributeText + access + modifierText + "subscript" + tail
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
        let indexes = Forwarding.arguments(parameters, labelled: { $0.secondName != nil })
        let passed = forwards ? indexes : nil
        let called = Forwarding.arguments(parameters, labelled: { _ in true })
        if passed != nil || (answeredByDefault && called != nil) {
            let get = self.body(
                recorder: "\(owner).\(memberName)", arguments: recorded.expression, effects: getterEffects,
                call: getterCall, forwarded: passed.map { "[\($0)]" },
                defaultCall: called.map { "\(defaults?.trampoline(for: memberName) ?? "")(\($0))" }, indent: 12)
            body = "        get\(effectText) {\n\(get)\n        }"
        }
        let (helperWitness, trampoline) = subscriptHelpers(
            decl, indexes: indexes, getter: (getterEffects, effectText), hasSetter: hasSetter,
            modifiers: modifierText, tail: tail, result: returnText + whereText)
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
                let set = Forwarding.setter(
                    setter, arguments: setterArguments.expression, member: "[\(passed)]",
                    otherwise: "\(setter).call(\(setterArguments.expression))", indent: 12)
                body += "\n        set {\n\(set)\n        }"
            } else {
                body += "\n        set { \(setter).call(\(setterArguments.expression)) }"
            }
        }
        return Emitted(
            recorders: recorders, witness: "    \(header) {\n\(body)\n    }", helperWitness: helperWitness,
            trampoline: trampoline)
    }

    /// The subscript's witness in the helper type of ``DefaultsPlan`` and, when an extension's default
    /// answers it, the function through which the double reaches that default; `nil`s without defaults or
    /// when its indexes cannot be passed on. `tail` is its declaration after `subscript` and `result` the
    /// result and `where` clause.
    private func subscriptHelpers(
        _ decl: SubscriptDeclSyntax, indexes: String?, getter: (effects: Effects, text: String), hasSetter: Bool,
        modifiers modifierText: String, tail: String, result: String
    ) -> (helperWitness: String?, trampoline: String?) {
        guard let defaults, let indexes else { return (nil, nil) }
        let marks = Forwarding.marks(getter.effects)
        let helperWitness =
            "    \(helperAttributes(decl.attributes))\(modifierText)subscript\(tail) {\n"
            + "        get\(getter.text) { \(marks)litmusDouble[\(indexes)] }\n"
            + (hasSetter
                ? "        \(defaults.isClass ? "set" : "nonmutating set") { litmusDouble[\(indexes)] = newValue }\n"
                : "")
            + "    }"
        guard answeredByDefault else { return (helperWitness, nil) }
        let effectsText = (getter.effects.isAsync ? " async" : "") + (marks.hasPrefix("try") ? " throws" : "")
        let trampoline =
            "    \(helperAttributes(decl.attributes))fileprivate \(modifierText)func \(defaults.trampoline(for: memberName))"
            + (decl.genericParameterClause.map(text.render) ?? "") + parameterClause(decl.parameterClause.parameters)
            + effectsText + result + " {\n        \(marks)self[\(indexes)]\n    }"
        return (helperWitness, trampoline)
    }

    // MARK: Initializers

    func initializer(_ decl: InitializerDeclSyntax) -> Emitted {
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
}
