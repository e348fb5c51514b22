import SwiftSyntax

/// What a protocol and the protocols it inherits from require, and what cannot be doubled.
struct ProtocolAnalysis {
    let decl: ProtocolDeclSyntax
    var requirements: [Requirement] = []
    /// The `#if` condition each of ``requirements`` is declared under (same index), or `nil`.
    var conditions: [IfCondition?] = []
    /// The associated types of the protocol and its parents, each merged over its declarations.
    var associatedTypes: [AssociatedType] = []
    /// Same-type requirements of where clauses (`Input == Request`), resolved once every
    /// associated type is known.
    var sameTypeRequirements: [(left: String, right: String)] = []
    var whereRequirements: [String] = []
    var globalActorAttributes: [String] = []
    var isActor = false
    var diagnostics: [GeneratorDiagnostic] = []
    /// The typealiases of function types, the protocols' own and the module's (see
    /// ``TypeText/closureAliases``).
    var closureAliases: Set<String> = []
    /// Values of the module's types a double can make (``MadeValues``), by type as written: an
    /// unstubbed member returning one returns it (`Token()`, `Subscribers.Demand.none`).
    var madeValues: [String: String] = [:]
    /// What the extensions of the protocol and its parents implement (see ``ExtensionDefaults``),
    /// which the plugin and CLI find.
    var extensionDefaults: [ExtensionDefault] = []
    /// Whether the protocol or a parent inherits `AnyObject`, so only a class conforms.
    var isClassBound = false
    /// The library protocols (``StandardProtocols``) the protocol inherits, directly or not, markers
    /// such as `Sendable` and `Equatable` included: the extensions of these reach the double.
    var standardAncestors: Set<String> = []
    /// For each library protocol's parsed declaration, by its tree's root: its name, and the inherited
    /// type of the module's protocol through which it came, where its diagnostics are reported.
    var standardOrigins: [SyntaxIdentifier: (name: String, anchor: Syntax)] = [:]
    /// The where clauses the library protocols contribute, as ``whereRequirements`` and associated
    /// types hold them: those naming an associated type bound to the library's default are dropped.
    var standardClauses: Set<String> = []
    /// What an unstubbed call of a requirement answers instead of the usual default (``OwnAnswer``),
    /// by the requirement's syntax.
    var ownAnswers: [SyntaxIdentifier: OwnAnswer] = [:]

    /// Inherited names the double satisfies by being a final `Sendable` class or an actor (`Error`
    /// has no requirement a `Sendable` class lacks).
    static let markerProtocols: Set<String> = [
        "Sendable", "AnyObject", "Actor", "AnyActor", "SendableMetatype", "Copyable", "Escapable", "~Copyable",
        "~Escapable", "Swift.Sendable", "Swift.Actor", "_Concurrency.Actor", "_SendableMetatype", "Error",
        "Swift.Error",
    ]

    /// Inherited protocols the double satisfies by identity: two doubles are equal when they are the same object.
    static let identityProtocols: Set<String> = ["Equatable", "Hashable", "Swift.Equatable", "Swift.Hashable"]

    /// `Equatable` or `Hashable`, when the protocol inherits them; the double compares by identity.
    var identityConformances: Set<String> = []

    /// Whether a parent protocol missing from `inherited` comes from another module.
    let seesWholeModule: Bool

    /// The analysis of `decl`, whose parents in the module are `inherited`, each with the `#if`
    /// condition it is declared under: a parent declared in several clauses contributes each
    /// clause's requirements under that clause's condition.
    init(
        _ decl: ProtocolDeclSyntax,
        inherited: [(decl: ProtocolDeclSyntax, condition: IfCondition?)],
        seesWholeModule: Bool
    ) {
        self.decl = decl
        self.seesWholeModule = seesWholeModule
        let known = Dictionary(grouping: inherited, by: \.decl.name.text)
        var visited: Set<SyntaxIdentifier> = []
        collect(decl, condition: nil, known: known, visited: &visited, anchor: nil)
        bindSameTypes()
        resolveStandardRequirements()
        substituteBindings()
    }

    var accessLevel: String {
        let levels = ["public", "package", "fileprivate", "private"]
        let found = decl.modifiers.first { levels.contains($0.name.text) }?.name.text
        return found == "private" ? "fileprivate" : (found ?? "")
    }

    /// Collects the requirements of `decl` and of what it inherits. `anchor` is `nil` for the module's
    /// protocols; for a library protocol's declaration (``StandardProtocols``) it is the inherited type
    /// of the module's protocol that brought it, where its diagnostics are reported.
    mutating func collect(
        _ decl: ProtocolDeclSyntax,
        condition: IfCondition?,
        known: [String: [(decl: ProtocolDeclSyntax, condition: IfCondition?)]],
        visited: inout Set<SyntaxIdentifier>,
        anchor: Syntax?
    ) {
        guard visited.insert(decl.id).inserted else { return }
        collectAttributes(of: decl)
        for inherited in decl.inheritanceClause?.inheritedTypes ?? [] {
            let name = inherited.type.trimmedDescription
            if name == "Actor" || name.hasSuffix(".Actor") || name == "AnyActor" {
                isActor = true
            }
            if name == "AnyObject" || name == "Swift.AnyObject" {
                isClassBound = true
            }
            if ProtocolAnalysis.markerProtocols.contains(name) {
                standardAncestors.insert(StandardProtocols.plainName(name))
                continue
            }
            if ProtocolAnalysis.identityProtocols.contains(name) {
                identityConformances.insert(name.hasSuffix("Hashable") ? "Hashable" : "Equatable")
                standardAncestors.insert(StandardProtocols.plainName(name))
                continue
            }
            if anchor == nil, let parents = known[name] {
                for parent in parents {
                    let both = IfCondition.both(condition, parent.condition)
                    collect(parent.decl, condition: both, known: known, visited: &visited, anchor: nil)
                }
                continue
            }
            if collectStandard(
                name, inheritedBy: decl, at: anchor ?? Syntax(inherited), condition: condition, known: known,
                visited: &visited)
            {
                continue
            }
            let advice = unknownParentAdvice(inLibraryProtocol: anchor != nil)
            diagnostics.append(
                GeneratorDiagnostic(.error, "\(decl.name.text) inherits from \(name): \(advice)", at: inherited)
            )
        }
        for clause in decl.genericWhereClause?.requirements ?? [] {
            let text = clause.requirement.trimmedDescription
            if let sameType = clause.requirement.as(SameTypeRequirementSyntax.self) {
                let left = sameType.leftType.trimmedDescription.replacingSelfPrefix
                let right = sameType.rightType.trimmedDescription.replacingSelfPrefix
                sameTypeRequirements.append((left, right))
                if anchor != nil { standardClauses.insert("\(left) == \(right)") }
            } else if text.hasPrefix("Self:") || text.hasPrefix("Self :") {
                let constraint = text.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: " ")
                if constraint == "AnyObject" { isClassBound = true }
                if ProtocolAnalysis.markerProtocols.contains(constraint) { continue }
                diagnostics.append(
                    GeneratorDiagnostic(
                        .error,
                        "\(decl.name.text) requires `\(text)`, which a generated double cannot satisfy; write it by hand",
                        at: clause
                    )
                )
            } else {
                whereRequirements.append(text.replacingSelfPrefix)
                if anchor != nil { standardClauses.insert(text.replacingSelfPrefix) }
            }
        }
        for member in decl.memberBlock.members {
            classify(member.decl, in: decl, condition: condition)
        }
    }

    /// Why a parent the analysis cannot find is not doubled, and what to do: the parent of a library
    /// protocol is missing from the table; the module's own parent is another module's (plugin, CLI) or
    /// out of the macro's sight.
    private func unknownParentAdvice(inLibraryProtocol: Bool) -> String {
        if inLibraryProtocol {
            return "a protocol the table of the standard library's and Foundation's protocols does not hold "
                + "(scripts/standard-protocols keeps their public protocols); write this double by hand"
        }
        return seesWholeModule
            ? "it is declared outside this module, so the generator cannot see its requirements; give the sources "
                + "of the module declaring it (`litmus doubles … --parent <its Sources folder>`), or write this double "
                + "by hand"
            : "the generator cannot see its requirements here; generate the double with the LitmusDoublesPlugin "
                + "or `litmus doubles`, which read the whole module, or write this double by hand"
    }

    private mutating func collectAttributes(of decl: ProtocolDeclSyntax) {
        for element in decl.attributes {
            guard let attribute = element.as(AttributeSyntax.self) else {
                diagnostics.append(
                    GeneratorDiagnostic(
                        .error, "#if around the attributes of \(decl.name.text) is not supported", at: element)
                )
                continue
            }
            let name = attribute.attributeName.trimmedDescription
            if name == "objc" {
                diagnostics.append(
                    GeneratorDiagnostic(
                        .error,
                        "@objc protocol \(decl.name.text) needs an NSObject double, which Linux lacks; write it by hand",
                        at: attribute
                    )
                )
            } else if name.hasSuffix("Actor"), !globalActorAttributes.contains(attribute.trimmedDescription) {
                globalActorAttributes.append(attribute.trimmedDescription)
            }
        }
    }

    private mutating func classify(_ member: DeclSyntax, in decl: ProtocolDeclSyntax, condition: IfCondition?) {
        if let attributes = member.asProtocol(WithAttributesSyntax.self)?.attributes,
            let availability = Availability.unavailable(in: attributes)
        {
            diagnostics.append(
                GeneratorDiagnostic(
                    .warning,
                    "\(decl.name.text) marks `\(Self.declarationWithoutAttributes(member))` \(availability): the double "
                        + "leaves it out",
                    at: member
                )
            )
            return
        }
        if let function = member.as(FunctionDeclSyntax.self) {
            add(.method(function), condition: condition)
        } else if let variable = member.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                add(.property(variable, binding), condition: condition)
            }
        } else if let subscriptDecl = member.as(SubscriptDeclSyntax.self) {
            add(.subscript(subscriptDecl), condition: condition)
        } else if let initializer = member.as(InitializerDeclSyntax.self) {
            add(.initializer(initializer), condition: condition)
        } else if let associated = member.as(AssociatedTypeDeclSyntax.self) {
            if condition != nil {
                diagnostics.append(
                    GeneratorDiagnostic(
                        .error,
                        "\(decl.name.text) declares associated type \(associated.name.text) inside #if, which would "
                            + "make the double's generic parameters depend on the build; move it out of #if or write "
                            + "this double by hand",
                        at: associated
                    )
                )
            } else if let constraint = associated.inheritanceClause?.inheritedTypes.first(where: {
                ["~Copyable", "~Escapable"].contains($0.type.trimmedDescription)
            }) {
                diagnostics.append(
                    GeneratorDiagnostic(
                        .error,
                        "\(decl.name.text) declares associated type \(associated.name.text): "
                            + "\(constraint.type.trimmedDescription), whose values a recorder cannot hold; write this "
                            + "double by hand",
                        at: associated
                    )
                )
            } else {
                merge(associated, isStandard: standardOrigins[decl.root.id] != nil)
            }
        } else if let alias = member.as(TypeAliasDeclSyntax.self) {
            if ClosureAliases.namesFunctionType(alias) { closureAliases.insert(alias.name.text) }
        } else if let ifConfig = member.as(IfConfigDeclSyntax.self) {
            classify(ifConfig, in: decl, condition: condition)
        } else {
            diagnostics.append(
                GeneratorDiagnostic(
                    .error,
                    "\(decl.name.text) declares `\(member.trimmedDescription.prefix(40))`, which the generator does not "
                        + "know how to double; write this double by hand",
                    at: member
                )
            )
        }
    }

    /// `func fetch() -> Int` for `@available(…) func fetch() -> Int`, on one line.
    private static func declarationWithoutAttributes(_ member: DeclSyntax) -> String {
        var text = member.trimmedDescription
        if let attributes = member.asProtocol(WithAttributesSyntax.self)?.attributes, !attributes.isEmpty {
            text = String(text.dropFirst(attributes.trimmedDescription.count))
        }
        let line =
            text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: " ") }
            .first { !$0.isEmpty } ?? ""
        return String(line.prefix { $0 != "{" }.prefix(80)).trimmingCharacters(in: " ")
    }

    /// Classifies the requirements of each clause of `ifConfig` under the condition that selects
    /// that clause (``IfCondition/clauses(of:within:)``). The double declares each requirement's
    /// recorder and witness under the same condition, so it compiles wherever the protocol does.
    private mutating func classify(
        _ ifConfig: IfConfigDeclSyntax,
        in decl: ProtocolDeclSyntax,
        condition: IfCondition?
    ) {
        for (clause, clauseCondition) in IfCondition.clauses(of: ifConfig, within: condition) {
            switch clause.elements {
            case .decls(let members):
                for member in members {
                    classify(member.decl, in: decl, condition: clauseCondition)
                }
            case nil:
                continue
            default:
                diagnostics.append(
                    GeneratorDiagnostic(
                        .error,
                        "\(decl.name.text) has a #if clause that does not hold declarations; write this double by hand",
                        at: clause
                    )
                )
            }
        }
    }

    mutating func add(_ requirement: Requirement, condition: IfCondition?) {
        requirements.append(requirement)
        conditions.append(condition)
    }
}
