import Foundation

extension StateDeclaration {
    /// The state among `all` (every file's declarations): the variables and the constants not found fixed. A
    /// constant naming only constants found fixed and enum cases is fixed too, until none changes. A name
    /// resolves only when every declaration of it is fixed (`Owner.name` first, when it exists, else the global
    /// `name`); `.name@Types` to a case or a fixed constant of that name of one of `Types` (with `*`, and no
    /// state, computed property or function of that name of any type); `~name` (an option of a toolchain type's argument) when no such state, property or function
    /// exists; `.name()` only to an enum case; `class:Name` when the sources declare no class `Name`; `type:Name` when
    /// they declare no type `Name` at all, nor extend one. A name that resolves to nothing known stays unknown, so the
    /// constant naming it stays set lazily. A ``Role/tool`` is no state when every name it depends on resolves, but
    /// it is never taken as a fixed value for the others.
    package static func state(of all: [StateDeclaration]) -> [StateDeclaration] {
        var resolved = Set(all.indices.filter { all[$0].fixed })
        let byKey = Dictionary(grouping: all.indices.filter { all[$0].role != .classType }, by: { all[$0].key })
        let statics = Dictionary(grouping: all.indices.filter { all[$0].owner != nil }, by: { all[$0].name })
        let classes = Set(all.filter { $0.role == .classType }.map(\.name))
        let types = classes.union(all.compactMap(\.owner))
        func isFixed(_ index: Int) -> Bool { resolved.contains(index) }
        func resolves(_ reference: String) -> Bool {
            let alternatives = reference.split(separator: "|").map(String.init)
            // `Owner.name|name`: the type's own member shadows a global of the same name. Inside a type, a bare name
            // may also be an enclosing type's, a superclass's or a protocol's static, which the owner does not say:
            // the global is taken only when no type declares a static of that name.
            let key = alternatives.first { byKey[$0] != nil } ?? alternatives[0]
            if alternatives.count > 1, key == alternatives.last, statics[key] != nil { return false }
            if key.hasPrefix("class:") { return !classes.contains(String(key.dropFirst(6))) }
            if key.hasPrefix("type:") { return !types.contains(String(key.dropFirst(5))) }
            if key.hasPrefix(".") {
                // `.name@Type,…`: a member of one of the types the annotation names; with `*` (no annotation, the
                // types only guessed), every member of that name must be fixed too.
                let parts = key.dropFirst().split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
                let types = Set((parts.count > 1 ? parts[1] : "").split(separator: ",").map(String.init))
                let call = parts[0].hasSuffix("()")
                let name = String(call ? parts[0].dropLast(2) : parts[0])
                let named = (statics[name] ?? []).filter { all[$0].owner.map(types.contains) == true }
                guard !named.isEmpty, named.allSatisfy(isFixed) else { return false }
                if types.contains("*"), !(statics[name] ?? []).allSatisfy(isFixed) { return false }
                return call ? named.contains { all[$0].role == .enumCase } : !StateSyntax.sharedMembers.contains(name)
            }
            if key.hasPrefix("~") {
                let name = String(key.dropFirst())
                return !StateSyntax.sharedMembers.contains(name) && (statics[name] ?? []).allSatisfy(isFixed)
            }
            if let declared = byKey[key] { return declared.allSatisfy(isFixed) }
            // Declared nowhere in the sources: a C library's constant (a macro, an enum's case) when spelled as
            // one, and not a static some type may hold (`SOCK_STREAM`, `SOCK_STREAM.rawValue`).
            let name = alternatives[alternatives.count - 1]
            let base = String(name.prefix { $0 != "." })
            return StateSyntax.isImportedConstant(name) && statics[base] == nil && byKey[base] == nil
        }
        var changed = true
        while changed {
            changed = false
            for index in all.indices where !resolved.contains(index) && all[index].role != .tool {
                guard let references = all[index].dependsOn, references.allSatisfy(resolves) else { continue }
                resolved.insert(index)
                changed = true
            }
        }
        return all.indices.filter { index in
            switch all[index].role {
            case .state: !resolved.contains(index)
            case .tool: !(all[index].dependsOn ?? []).allSatisfy(resolves)
            default: false
            }
        }.map { all[$0] }
    }
}
