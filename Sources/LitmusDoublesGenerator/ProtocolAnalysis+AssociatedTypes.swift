import SwiftSyntax

/// The associated types of a protocol and its parents: merged over their declarations, bound by
/// same-type requirements, and written into the double's clauses.
extension ProtocolAnalysis {
    /// The associated types that are generic parameters of the double: those no same-type
    /// requirement binds to a type.
    var genericAssociatedTypes: [AssociatedType] { associatedTypes.filter { $0.boundType == nil } }

    /// An associated type bound by `Input == Request` becomes `typealias Input = Request` in the
    /// double, since a generic parameter cannot be made equal to a type; other same-type
    /// requirements stay in the double's where clause.
    mutating func bindSameTypes() {
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
    }

    /// Writes what a binding fixed as its type wherever the double's clauses name it.
    mutating func substituteBindings() {
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

    /// Adds `decl`'s constraints to the associated type of its name: a child protocol may
    /// constrain what its parent declared (`associatedtype Source` in the parent,
    /// `associatedtype Source: RequestContextSource` in the child).
    ///
    /// A library protocol's associated type keeps its default (`associatedtype Iterator =
    /// IndexingIterator<Self>`), which ``bindStandardDefaults()`` binds when nothing else does.
    mutating func merge(_ decl: AssociatedTypeDeclSyntax, isStandard: Bool) {
        let constraints = decl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        var requirements: [String] = []
        for clause in decl.genericWhereClause?.requirements ?? [] {
            if let sameType = clause.requirement.as(SameTypeRequirementSyntax.self) {
                // `associatedtype Body where Body == Never` binds it like a protocol's where clause does.
                let left = sameType.leftType.trimmedDescription.replacingSelfPrefix
                let right = sameType.rightType.trimmedDescription.replacingSelfPrefix
                sameTypeRequirements.append((left, right))
                if isStandard { standardClauses.insert("\(left) == \(right)") }
            } else {
                requirements.append(clause.requirement.trimmedDescription.replacingSelfPrefix)
                if isStandard { standardClauses.insert(clause.requirement.trimmedDescription.replacingSelfPrefix) }
            }
        }
        let fallback = isStandard ? decl.initializer?.value.trimmedDescription : nil
        guard let index = associatedTypes.firstIndex(where: { $0.name == decl.name.text }) else {
            var associated = AssociatedType(
                name: decl.name.text, constraints: constraints, whereRequirements: requirements)
            associated.standardDefault = fallback
            associatedTypes.append(associated)
            return
        }
        if let fallback { associatedTypes[index].standardDefault = fallback }
        for constraint in constraints where !associatedTypes[index].constraints.contains(constraint) {
            associatedTypes[index].constraints.append(constraint)
        }
        for requirement in requirements where !associatedTypes[index].whereRequirements.contains(requirement) {
            associatedTypes[index].whereRequirements.append(requirement)
        }
    }
}
