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
    private var sameTypeRequirements: [(left: String, right: String)] = []
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

    /// Inherited names the double satisfies by being a final `Sendable` class or an actor (`Error`
    /// has no requirement a `Sendable` class lacks).
    static let markerProtocols: Set<String> = [
        "Sendable", "AnyObject", "Actor", "AnyActor", "SendableMetatype", "Copyable", "Escapable", "~Copyable",
        "~Escapable", "Swift.Sendable", "Swift.Actor", "_Concurrency.Actor", "_SendableMetatype", "Error",
        "Swift.Error",
    ]

    /// Protocols of the standard library a protocol may inherit, which `--parent` cannot bring.
    static let standardLibraryProtocols: Set<String> = [
        "Comparable", "Codable", "Encodable", "Decodable", "CustomStringConvertible",
        "CustomDebugStringConvertible", "LosslessStringConvertible", "Identifiable", "Sequence", "Collection",
        "BidirectionalCollection", "RandomAccessCollection", "MutableCollection", "RangeReplaceableCollection",
        "IteratorProtocol", "AsyncSequence", "AsyncIteratorProtocol", "RawRepresentable", "CaseIterable",
        "TextOutputStream", "TextOutputStreamable", "Strideable", "Numeric", "SerialExecutor", "Executor",
        "TaskExecutor", "CustomReflectable", "ExpressibleByStringLiteral", "ExpressibleByIntegerLiteral",
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
        collect(decl, condition: nil, known: known, visited: &visited)
        bindSameTypes()
    }

    /// The associated types that are generic parameters of the double: those no same-type
    /// requirement binds to a type.
    var genericAssociatedTypes: [AssociatedType] { associatedTypes.filter { $0.boundType == nil } }

    /// An associated type bound by `Input == Request` becomes `typealias Input = Request` in the
    /// double, since a generic parameter cannot be made equal to a type; other same-type
    /// requirements stay in the double's where clause.
    private mutating func bindSameTypes() {
        let names = Set(associatedTypes.map(\.name))
        // `Element == Iterator.Element` relates two generic types: it stays a where clause.
        func mentionsAssociatedType(_ type: String) -> Bool {
            type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.contains { names.contains(String($0)) }
        }
        func bound(_ name: String) -> String? { associatedTypes.first { $0.name == name }?.boundType }
        for (left, right) in sameTypeRequirements {
            let leftIndex = associatedTypes.firstIndex { $0.name == left }
            let rightIndex = associatedTypes.firstIndex { $0.name == right }
            if bound(left) == right || bound(right) == left {
                continue  // a descendant restating its parent's binding
            } else if let leftIndex, !mentionsAssociatedType(right), associatedTypes[leftIndex].boundType == nil {
                associatedTypes[leftIndex].boundType = right
            } else if let rightIndex, !mentionsAssociatedType(left), associatedTypes[rightIndex].boundType == nil {
                associatedTypes[rightIndex].boundType = left
            } else if leftIndex != nil, let rightIndex, associatedTypes[rightIndex].boundType == nil {
                // `A == B`: two generic parameters cannot be made equal; B becomes a typealias of A.
                associatedTypes[rightIndex].boundType = left
            } else {
                whereRequirements.append("\(left) == \(right)")
            }
        }
        // What a binding fixed is written as its type wherever the double's clauses name it.
        let bindings = Dictionary(
            associatedTypes.compactMap { type in type.boundType.map { (type.name, $0) } },
            uniquingKeysWith: { first, _ in first }
        )
        guard !bindings.isEmpty else { return }
        whereRequirements = whereRequirements.map { Self.substitute(bindings, in: $0) }
        for index in associatedTypes.indices where associatedTypes[index].boundType == nil {
            associatedTypes[index].constraints = associatedTypes[index].constraints.map {
                Self.substitute(bindings, in: $0)
            }
            associatedTypes[index].whereRequirements = associatedTypes[index].whereRequirements.map {
                Self.substitute(bindings, in: $0)
            }
        }
    }

    /// `text` with each name of `bindings` (not a member after a `.`) replaced by its type:
    /// `B.Element == A` with `A == Int` becomes `B.Element == Int`.
    static func substitute(_ bindings: [String: String], in text: String) -> String {
        var result = ""
        var word = ""
        var previous: Character = " "
        func flush() {
            if !word.isEmpty {
                result += previous == "." ? word : (bindings[word] ?? word)
                word = ""
            }
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                result.append(character)
                previous = character
            }
        }
        flush()
        return result
    }

    var accessLevel: String {
        let levels = ["public", "package", "fileprivate", "private"]
        let found = decl.modifiers.first { levels.contains($0.name.text) }?.name.text
        return found == "private" ? "fileprivate" : (found ?? "")
    }

    private mutating func collect(
        _ decl: ProtocolDeclSyntax,
        condition: IfCondition?,
        known: [String: [(decl: ProtocolDeclSyntax, condition: IfCondition?)]],
        visited: inout Set<SyntaxIdentifier>
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
                continue
            }
            if ProtocolAnalysis.identityProtocols.contains(name) {
                identityConformances.insert(name.hasSuffix("Hashable") ? "Hashable" : "Equatable")
                continue
            }
            if let parents = known[name] {
                for parent in parents {
                    let both = IfCondition.both(condition, parent.condition)
                    collect(parent.decl, condition: both, known: known, visited: &visited)
                }
                continue
            }
            let advice =
                seesWholeModule
                ? (ProtocolAnalysis.standardLibraryProtocols.contains(name)
                    ? "a standard library protocol whose requirements the generator does not know; "
                        + "write this double by hand"
                    : "it is declared outside this module, so the generator cannot see its requirements; "
                        + "give the sources of the module declaring it (`litmus doubles … --parent <its Sources "
                        + "folder>`), or write this double by hand")
                : "the generator cannot see its requirements here; generate the double with the LitmusDoublesPlugin "
                    + "or `litmus doubles`, which read the whole module, or write this double by hand"
            diagnostics.append(
                GeneratorDiagnostic(.error, "\(decl.name.text) inherits from \(name): \(advice)", at: inherited)
            )
        }
        for clause in decl.genericWhereClause?.requirements ?? [] {
            let text = clause.requirement.trimmedDescription
            if let sameType = clause.requirement.as(SameTypeRequirementSyntax.self) {
                sameTypeRequirements.append(
                    (
                        sameType.leftType.trimmedDescription.replacingSelfPrefix,
                        sameType.rightType.trimmedDescription.replacingSelfPrefix
                    )
                )
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
            }
        }
        for member in decl.memberBlock.members {
            classify(member.decl, in: decl, condition: condition)
        }
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
                merge(associated)
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

    /// Adds `decl`'s constraints to the associated type of its name: a child protocol may
    /// constrain what its parent declared (`associatedtype Source` in the parent,
    /// `associatedtype Source: RequestContextSource` in the child).
    private mutating func merge(_ decl: AssociatedTypeDeclSyntax) {
        let constraints = decl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        var requirements: [String] = []
        for clause in decl.genericWhereClause?.requirements ?? [] {
            if let sameType = clause.requirement.as(SameTypeRequirementSyntax.self) {
                // `associatedtype Body where Body == Never` binds it like a protocol's where clause does.
                sameTypeRequirements.append(
                    (
                        sameType.leftType.trimmedDescription.replacingSelfPrefix,
                        sameType.rightType.trimmedDescription.replacingSelfPrefix
                    )
                )
            } else {
                requirements.append(clause.requirement.trimmedDescription.replacingSelfPrefix)
            }
        }
        guard let index = associatedTypes.firstIndex(where: { $0.name == decl.name.text }) else {
            associatedTypes.append(
                AssociatedType(name: decl.name.text, constraints: constraints, whereRequirements: requirements)
            )
            return
        }
        for constraint in constraints where !associatedTypes[index].constraints.contains(constraint) {
            associatedTypes[index].constraints.append(constraint)
        }
        for requirement in requirements where !associatedTypes[index].whereRequirements.contains(requirement) {
            associatedTypes[index].whereRequirements.append(requirement)
        }
    }

    private mutating func add(_ requirement: Requirement, condition: IfCondition?) {
        requirements.append(requirement)
        conditions.append(condition)
    }
}
