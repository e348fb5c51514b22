/// Decides which classes are specs by following each superclass, within the target, up to
/// `QuickSpec` or `AsyncSpec`, and says why a spec it found cannot run.
struct SpecResolver {
    private let classes: [ClassDeclaration]
    private var indexByQualifiedName: [String: Int] = [:]
    private var superclassIndex: [Int: Int] = [:]
    private(set) var diagnostics: [ScanDiagnostic] = []

    init(classes: [ClassDeclaration]) {
        self.classes = classes
        for (index, declaration) in classes.enumerated() where indexByQualifiedName[declaration.qualifiedName] == nil {
            indexByQualifiedName[declaration.qualifiedName] = index
        }
    }

    mutating func resolve() -> [FoundSpec] {
        for index in classes.indices {
            if let superclass = classes[index].superclass, let found = lookUp(superclass, from: classes[index]) {
                superclassIndex[index] = found
            }
        }
        var kinds: [Int: SpecKind] = [:]
        for index in classes.indices {
            kinds[index] = kind(of: index, visited: [])
        }
        let subclassed = Set(superclassIndex.filter { kinds[$0.key] != nil }.map(\.value))

        var specs: [FoundSpec] = []
        for (index, declaration) in classes.enumerated() {
            guard let kind = kinds[index] else {
                noteUnresolvedSpecSuperclass(of: declaration, index: index)
                continue
            }
            guard isRunnable(declaration) else { continue }
            if let line = declaration.instanceSpecMethodLine {
                diagnose(
                    declaration, line: line,
                    "\(declaration.qualifiedName) declares an instance method `func spec()`, which Quick 7 never "
                        + "calls, so its examples are never defined; write `override class func spec()`"
                )
            }
            specs.append(
                FoundSpec(
                    qualifiedName: declaration.qualifiedName,
                    kind: kind,
                    path: declaration.path,
                    line: declaration.line,
                    condition: declaration.condition,
                    isSubclassed: subclassed.contains(index)
                )
            )
        }
        noteSharedSimpleNames(of: specs)
        return specs
    }

    private mutating func diagnose(_ declaration: ClassDeclaration, line: Int? = nil, _ message: String) {
        diagnostics.append(ScanDiagnostic(path: declaration.path, line: line ?? declaration.line, message: message))
    }

    /// Resolves a superclass name as Swift would from inside `declaration`'s enclosing types,
    /// innermost first, then as a name declared anywhere in the target.
    private func lookUp(_ name: String, from declaration: ClassDeclaration) -> Int? {
        var enclosing = declaration.enclosingTypes
        while true {
            if let found = indexByQualifiedName[(enclosing + [name]).joined(separator: ".")] { return found }
            if enclosing.isEmpty { return nil }
            enclosing.removeLast()
        }
    }

    private func kind(of index: Int, visited: Set<Int>) -> SpecKind? {
        if let parent = superclassIndex[index] {
            return visited.contains(parent) ? nil : kind(of: parent, visited: visited.union([index]))
        }
        switch classes[index].superclass {
        case "QuickSpec", "Quick.QuickSpec": return .quickSpec
        case "AsyncSpec", "Quick.AsyncSpec": return .asyncSpec
        default: return nil
        }
    }

    private mutating func isRunnable(_ declaration: ClassDeclaration) -> Bool {
        let name = declaration.qualifiedName
        if declaration.isLocal {
            diagnose(
                declaration,
                "\(name) is declared inside a function, closure or property, where no other code can name it, "
                    + "so it does not run on Linux; declare it at the top level or inside a type"
            )
            return false
        }
        if declaration.isPrivate {
            diagnose(
                declaration,
                "\(name) is private, so the generated runner cannot name it and it does not run on Linux; "
                    + "make it internal"
            )
            return false
        }
        if declaration.isGeneric {
            diagnose(
                declaration,
                "\(name) is generic: Quick runs no generic spec (it gathers examples per class), so it is "
                    + "skipped; subclass it with concrete types"
            )
            return false
        }
        return true
    }

    /// A class whose superclass is not declared in the target but is named like a spec may be a
    /// spec inheriting from another module's base spec: say so rather than guess.
    private mutating func noteUnresolvedSpecSuperclass(of declaration: ClassDeclaration, index: Int) {
        guard let superclass = declaration.superclass, superclassIndex[index] == nil,
            superclass.hasSuffix("Spec"), !["QuickSpec", "AsyncSpec"].contains(superclass)
        else { return }
        diagnose(
            declaration,
            "\(declaration.qualifiedName) inherits from \(superclass), which is not declared in this target: if it "
                + "is a QuickSpec from another module, \(declaration.qualifiedName) does not run on Linux; declare "
                + "the base spec in this target"
        )
    }

    /// Quick keys a spec's examples by the class's simple name, so two specs sharing one mix them.
    private mutating func noteSharedSimpleNames(of specs: [FoundSpec]) {
        let bySimpleName = Dictionary(grouping: specs) {
            $0.qualifiedName.split(separator: ".").last.map(String.init) ?? ""
        }
        for (simpleName, group) in bySimpleName.sorted(by: { $0.key < $1.key }) where group.count > 1 {
            let names = group.map(\.qualifiedName).joined(separator: ", ")
            diagnostics.append(
                ScanDiagnostic(
                    path: group[1].path, line: group[1].line,
                    message: "\(names) share the simple name \(simpleName), by which Quick keys a spec's examples, "
                        + "so their examples are mixed; rename one"
                )
            )
        }
    }
}
