import SwiftSyntax

/// The requirements of the standard library's and Foundation's protocols (``StandardProtocols``) that a
/// protocol inherits: collected like a parent's, then resolved against what the libraries implement.
extension ProtocolAnalysis {
    /// Collects the library protocol `name`, which `decl` inherits, reporting its diagnostics at
    /// `anchor` (the module's inherited type that brought it); `false` when the table has no such
    /// protocol.
    mutating func collectStandard(
        _ name: String,
        inheritedBy decl: ProtocolDeclSyntax,
        at anchor: Syntax,
        condition: IfCondition?,
        known: [String: [(decl: ProtocolDeclSyntax, condition: IfCondition?)]],
        visited: inout Set<SyntaxIdentifier>
    ) -> Bool {
        if StandardProtocols.isObjectiveC(name) {
            diagnostics.append(
                GeneratorDiagnostic(
                    .error,
                    "\(decl.name.text) inherits from \(name), which Apple platforms declare in Objective-C, so only "
                        + "an NSObject subclass conforms to it; write this double by hand",
                    at: anchor
                )
            )
            return true
        }
        if let reason = Self.undoublableStandardProtocols[StandardProtocols.plainName(name)] {
            diagnostics.append(
                GeneratorDiagnostic(
                    .error, "\(decl.name.text) inherits from \(name), \(reason); write this double by hand", at: anchor)
            )
            return true
        }
        guard let standard = StandardProtocols.parsed(named: name) else { return false }
        standardAncestors.insert(standard.name)
        if standardOrigins[standard.decl.root.id] == nil {
            standardOrigins[standard.decl.root.id] = (standard.name, anchor)
        }
        collect(standard.decl, condition: condition, known: known, visited: &visited, anchor: anchor)
        return true
    }

    /// `diagnostic`, or when it names a construct of a library protocol's declaration (which is no
    /// file of the module's), the same message about that protocol at the inherited type that brought it.
    func anchored(_ diagnostic: GeneratorDiagnostic) -> GeneratorDiagnostic {
        guard let origin = standardOrigins[diagnostic.node.root.id] else { return diagnostic }
        let message = diagnostic.message + " (in \(origin.name), which \(decl.name.text) inherits)"
        return GeneratorDiagnostic(diagnostic.severity, message, at: origin.anchor)
    }

    /// The library protocols whose double would not compile, for what the symbol graphs do not say
    /// (the end-to-end test that compiles a double of every protocol of the table finds them).
    static let undoublableStandardProtocols: [String: String] = [
        "BitwiseCopyable": "which only value types conform to, and a double is a class",
        "CVarArg":
            "whose requirement `_cVarArgEncoding` the symbol graphs leave out, as they do every underscored name",
        "StringInterpolationProtocol":
            "whose `appendInterpolation` methods the compiler looks up by name: the protocol does not declare them",
    ]

    /// The library protocol declaring `requirement`, or `nil` for the module's own.
    func standardProtocol(of requirement: Requirement) -> String? {
        standardOrigins[requirement.syntax.root.id]?.name
    }

    /// Resolves the library protocols' requirements once every protocol is collected and the
    /// same-type requirements are bound:
    ///
    /// 1. a requirement the module's protocol restates (`var id: UUID { get }` for Identifiable's
    ///    `var id: ID`) is the module's, and binds the associated type it named;
    /// 2. the associated types nothing bound take the library's default (``bindStandardDefaults()``);
    /// 3. a requirement the library implements for this double is left to that implementation
    ///    (``leaveToLibraryDefaults()``);
    /// 4. the requirements a class double can answer by itself get their ``OwnAnswer``.
    mutating func resolveStandardRequirements() {
        guard !standardOrigins.isEmpty else { return }
        let restated = dropRestatedRequirements()
        bindStandardDefaults()
        leaveToLibraryDefaults(restated.defaults)
        for requirement in requirements {
            guard let key = restated.answerKeys[requirement.syntax.id],
                let answer = OwnAnswer.answer(for: key, associatedTypes: associatedTypes)
            else { continue }
            ownAnswers[requirement.syntax.id] = answer
        }
    }

    /// Drops the library's requirements that the module's protocols, or another library protocol,
    /// already declare with the same name, and returns each remaining requirement's key for
    /// ``OwnAnswer`` (`CustomStringConvertible.description`; a restated one takes the library's), and
    /// each remaining library requirement's implementations, those of its restatements included
    /// (SerialExecutor restates Executor's `enqueue`, which only Executor's extension implements).
    private mutating func dropRestatedRequirements() -> (
        answerKeys: [SyntaxIdentifier: String], defaults: [SyntaxIdentifier: [StandardProtocols.Default]]
    ) {
        let bindings = Dictionary(
            associatedTypes.compactMap { type in type.boundType.map { (type.name, $0) } },
            uniquingKeysWith: { first, _ in first })
        let key = { (requirement: Requirement) in Self.restatementKey(of: requirement, bindings: bindings) }
        var own: [String: Int] = [:]
        for (index, requirement) in requirements.enumerated() where standardProtocol(of: requirement) == nil {
            own[key(requirement)] = own[key(requirement)] ?? index
        }
        var answerKeys: [SyntaxIdentifier: String] = [:]
        var implementations: [String: [StandardProtocols.Default]] = [:]
        var seen: Set<String> = []
        var kept: [Int] = []
        // A settable restatement (MutableCollection's `subscript(position:) { get set }`) is the one
        // the double must implement, wherever it was collected.
        let settable = Set(requirements.filter { standardProtocol(of: $0) != nil && Self.isSettable($0) }.map(key))
        // Backwards: a parent's requirements are collected before its child's, and a child restating
        // one (OptionSet's `init(rawValue:)` for RawRepresentable's `init?(rawValue:)`) declares it best.
        for (index, requirement) in requirements.enumerated().reversed() {
            guard let origin = standardProtocol(of: requirement) else {
                kept.append(index)
                continue
            }
            implementations[key(requirement), default: []] +=
                StandardProtocols.parsed(named: origin)?.defaults[requirement.syntax.id] ?? []
            if settable.contains(key(requirement)), !Self.isSettable(requirement) { continue }
            let answerKey = origin + "." + requirement.signature
            if let restating = own[key(requirement)] {
                answerKeys[requirements[restating].syntax.id] =
                    answerKeys[requirements[restating].syntax.id] ?? answerKey
                bindAssociatedType(namedBy: requirement, from: requirements[restating])
            } else if seen.insert(key(requirement)).inserted {
                answerKeys[requirement.syntax.id] = answerKey
                kept.append(index)
            }
        }
        kept.reverse()
        requirements = kept.map { requirements[$0] }
        conditions = kept.map { conditions[$0] }
        var defaults: [SyntaxIdentifier: [StandardProtocols.Default]] = [:]
        for requirement in requirements where standardProtocol(of: requirement) != nil {
            defaults[requirement.syntax.id] = implementations[key(requirement)]
        }
        return (answerKeys, defaults)
    }

    /// What a restatement of `requirement` shares with it: its scope, name, labels and parameters' types
    /// (with `bindings` written in). Overloads differ in their parameters' types (DurationProtocol's two
    /// `/`), a restatement in nothing but its result (`var id: UUID` for `var id: ID`).
    private static func restatementKey(of requirement: Requirement, bindings: [String: String]) -> String {
        let parameters: FunctionParameterListSyntax? =
            switch requirement {
            case .method(let decl): decl.signature.parameterClause.parameters
            case .subscript(let decl): decl.parameterClause.parameters
            case .initializer(let decl): decl.signature.parameterClause.parameters
            case .property: nil
            }
        let types = (parameters ?? []).map {
            substitute(bindings, in: $0.type.trimmedDescription.replacingSelfPrefix).filter { $0 != " " }
        }
        return (requirement.isStatic ? "static " : "") + requirement.signature + types.joined(separator: ",")
    }

    /// Binds the associated type that `library`'s type is (`var id: ID`) to the type `restating`
    /// declares in its place (`var id: UUID`), as Swift infers it.
    private mutating func bindAssociatedType(namedBy library: Requirement, from restating: Requirement) {
        guard let named = Self.declaredType(of: library)?.replacingSelfPrefix,
            let index = associatedTypes.firstIndex(where: { $0.name == named && $0.boundType == nil }),
            let type = Self.declaredType(of: restating),
            !Self.words(of: type).contains(where: { word in associatedTypes.contains { $0.name == word } })
        else { return }
        associatedTypes[index].boundType = type
        associatedTypes[index].bindingNote = "the type of `\(restating.signature)` as the protocol declares it"
    }

    /// The identifiers of `text`: `["B", "Element", "A"]` for `B.Element == A`.
    private static func words(of text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// The identifiers of `text` that name a type of their own, not a member of another: `["B", "A"]`
    /// for `B.Element == A`.
    private static func typeNames(in text: String) -> [String] {
        var names: [String] = []
        var word = ""
        var afterDot = false
        for character in text + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            if !word.isEmpty, !afterDot { names.append(word) }
            if !word.isEmpty || character != " " { afterDot = character == "." }
            word = ""
        }
        return names
    }

    /// Whether `requirement` is a property or subscript with a setter.
    private static func isSettable(_ requirement: Requirement) -> Bool {
        let block: AccessorBlockSyntax? =
            switch requirement {
            case .property(_, let binding): binding.accessorBlock
            case .subscript(let decl): decl.accessorBlock
            case .method, .initializer: nil
            }
        guard let block, case .accessors(let accessors) = block.accessors else { return false }
        return accessors.contains { $0.accessorSpecifier.tokenKind == .keyword(.set) }
    }

    /// A property's type or a method's result type, as written.
    private static func declaredType(of requirement: Requirement) -> String? {
        switch requirement {
        case .property(_, let binding): binding.typeAnnotation?.type.trimmedDescription
        case .method(let decl): decl.signature.returnClause?.type.trimmedDescription
        case .subscript, .initializer: nil
        }
    }

    /// Binds each library associated type nothing bound to the library's default (Collection's
    /// `Iterator` to `IndexingIterator<Self>`), and Identifiable's `ID` to `ObjectIdentifier` (the
    /// double is a class, whose identity that is). The library's where clauses about a type bound to
    /// a default made of `Self` (`Indices == Indices.SubSequence` for `DefaultIndices<Self>`) hold by
    /// that default's declaration, and the double leaves them out: in its own generic signature they
    /// would refer to itself. Those about other defaults (`Failure == AsyncIterator.Failure` for
    /// `any Error`) stay, with the default written in.
    private mutating func bindStandardDefaults() {
        var defaulted: Set<String> = []
        for index in associatedTypes.indices where associatedTypes[index].boundType == nil {
            if let fallback = associatedTypes[index].standardDefault {
                associatedTypes[index].boundType = fallback
                associatedTypes[index].bindingNote = "the library's default for it"
                if Self.words(of: fallback).contains("Self") { defaulted.insert(associatedTypes[index].name) }
            } else if associatedTypes[index].name == "ID", standardAncestors.contains("Identifiable") {
                associatedTypes[index].boundType = "ObjectIdentifier"
                associatedTypes[index].bindingNote = "the double's identity, which `id` answers unless stubbed"
            }
        }
        defer { bindThroughDefaults() }
        guard !defaulted.isEmpty else { return }
        let dropped = standardClauses.filter { Self.typeNames(in: $0).contains(where: defaulted.contains) }
        whereRequirements.removeAll { dropped.contains($0) }
        for index in associatedTypes.indices {
            associatedTypes[index].whereRequirements.removeAll { dropped.contains($0) }
        }
    }

    /// Binds an associated type that a where clause makes equal to a type a default fixed:
    /// ExpressibleByStringInterpolation's `StringLiteralType == StringInterpolation.StringLiteralType`,
    /// once `StringInterpolation` is `DefaultStringInterpolation`, binds `StringLiteralType` to
    /// `DefaultStringInterpolation.StringLiteralType` (a generic parameter cannot be made equal to it).
    private mutating func bindThroughDefaults() {
        var changed = true
        while changed {
            changed = false
            let bindings = Dictionary(
                associatedTypes.compactMap { type in type.boundType.map { (type.name, $0) } },
                uniquingKeysWith: { first, _ in first })
            let unbound = Set(associatedTypes.filter { $0.boundType == nil }.map(\.name))
            for (position, clause) in whereRequirements.enumerated() {
                guard let equals = Substring(clause).range(of: " == ") else { continue }
                let sides = [String(clause[..<equals.lowerBound]), String(clause[equals.upperBound...])]
                for (name, other) in [(sides[0], sides[1]), (sides[1], sides[0])]
                where unbound.contains(name) && Self.typeNames(in: other).allSatisfy({ !unbound.contains($0) }) {
                    guard let index = associatedTypes.firstIndex(where: { $0.name == name }) else { continue }
                    associatedTypes[index].boundType = Self.substitute(bindings, in: other)
                    associatedTypes[index].bindingNote = "which `\(clause)` fixes once the library's defaults are bound"
                    whereRequirements.remove(at: position)
                    changed = true
                    break
                }
                if changed { break }
            }
        }
    }

    /// Leaves out the library requirements that an extension of a library protocol the double
    /// conforms to implements where its constraints hold (Comparable's `<=`, which calls `<`), so
    /// the library's implementation answers. A protocol whose own extensions implement every one of its
    /// requirements (LocalizedError, CustomNSError, Executor: ``StandardProtocols/Parsed/isCustomizable``)
    /// exists to be customized: the requirements it implements are doubled, but for deprecated ones
    /// (Executor's `enqueue(_: Job)`), which a conforming type is warned against implementing.
    private mutating func leaveToLibraryDefaults(_ defaults: [SyntaxIdentifier: [StandardProtocols.Default]]) {
        let kept = requirements.indices.filter { index in
            let requirement = requirements[index]
            guard let applicable = defaults[requirement.syntax.id]?.first(where: isApplicable) else { return true }
            let attributes = requirement.syntax.asProtocol(WithAttributesSyntax.self)?.attributes
            let isDeprecated = attributes.map(Availability.isDeprecated) ?? false
            return !isDeprecated && StandardProtocols.parsed(named: applicable.protocolName)?.isCustomizable == true
        }
        requirements = kept.map { requirements[$0] }
        conditions = kept.map { conditions[$0] }
    }

    /// Whether `implementation` reaches the double: it conforms to the extended protocol, and each
    /// constraint holds (a same-type one binds an associated type as the double does; `Self: P` names
    /// a protocol the double conforms to; `Self.A: P` names a constraint the double's `A` has).
    private func isApplicable(_ implementation: StandardProtocols.Default) -> Bool {
        guard standardAncestors.contains(implementation.protocolName) else { return false }
        return implementation.constraints.allSatisfy { constraint in
            let compact = Substring(constraint.filter { $0 != " " })
            if let equals = compact.range(of: "==") {
                let name = String(compact[..<equals.lowerBound]).replacingSelfPrefix
                let type = String(compact[equals.upperBound...])
                return associatedTypes.contains { $0.name == name && $0.boundType?.filter { $0 != " " } == type }
            }
            let parts = compact.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return false }
            if parts[0] == "Self" {
                return parts[1] == "AnyObject" || standardAncestors.contains(parts[1])
            }
            return associatedTypes.contains {
                $0.name == parts[0].replacingSelfPrefix && $0.boundType == nil && $0.constraints.contains(parts[1])
            }
        }
    }
}
