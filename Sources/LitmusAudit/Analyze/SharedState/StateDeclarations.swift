import Foundation
import SwiftSyntax

/// A global or static variable a file declares, or a global or static constant set lazily by its first reader:
/// the ``SharedState/global(_:)`` state that references to it touch.
package struct StateDeclaration: Hashable, Codable, Sendable {
    /// The name as written (`names`).
    package var name: String
    /// The type declaring it (an extension's type, the innermost of nested types), `nil` for a global.
    package var owner: String?
    /// Whether its value is set by its first reader (a constant or variable whose initializer is not
    /// fixed, ``StateSyntax/fixedReferences(_:owner:)``): every reference then writes it as well as reads it.
    package var lazy: Bool
    /// Whether it is `private` or `fileprivate` (or a member of such a type): only its own file can name it.
    package var filePrivate = false
    /// For a file-private one, its file (set once the file is known; empty in a file's facts).
    package var file = ""
    /// For a global of an executable's `main.swift` (top-level code), its module: no other module can name it
    /// (swift-argument-parser's example `roll` declares `let options`, which its library's locals named).
    package var module: String? = nil
    /// What the declaration is: state, or one of the things kept only so that a constant naming it can be
    /// decided (``state(of:)``).
    package var role = Role.state
    /// A constant whose initializer is fixed once each constant it names is (`Owner.name`, `name`, `.name` for an
    /// implicit member, alternatives joined by `|`): ``state(of:)`` decides over every file; until then it is
    /// ``lazy``.
    package var dependsOn: [String]? = nil
    /// Whether it is a function (a static one, or a global): a call of its name with argument labels is its
    /// call, not a stored value's (``StateNames/functions``).
    package var function = false

    /// What a declaration is.
    package enum Role: String, Hashable, Codable, Sendable {
        /// A variable, or a constant not known to be fixed.
        case state
        /// A constant of a fixed value, or a global function (named, not called, it is the same code whoever
        /// reads it): no state.
        case fixedValue
        /// An enum case: a fixed value, and the only thing `.name(…)` resolves to.
        case enumCase
        /// A computed static or global property, or a static function: no state of its own, but what it gives
        /// is not known, so a constant naming it (or `.name` of the same name) is not fixed; unless it is a property
        /// whose getter only returns a value fixed once what it names is (``dependsOn``).
        case computed
        /// A class the sources declare: `Name(rawValue:)` of it is an instance a holder can change.
        case classType
        /// A struct the sources declare (``Initializers/structName``), fixed once the defaults of its stored
        /// properties are: what its plain initializers make from fixed arguments is fixed.
        case structType
        /// An initializer of a struct or of an extension (`init(_:)`), fixed once its body only stores what it
        /// names (``Initializers/bodyReferences(_:owner:)``); a struct declaring none has its memberwise one.
        case initializer
        /// A file-private tool its file only uses through calls that change nothing (``ToolConstants``: a queue only
        /// handed work, a formatter only used to format): no state once what it names resolves as fixed
        /// (``dependsOn``), else state set lazily; never a fixed value either (a constant naming it is not fixed).
        case tool
    }

    /// Whether it is a fixed value from the start (a fixed constant or a case).
    var fixed: Bool { role == .fixedValue || role == .enumCase }

    /// `Owner.name`, or `name` for a global.
    var key: String { owner.map { "\($0).\(name)" } ?? name }

    /// The state it is: `Owner.name`, or `name` for a global; a file-private one with its file's name.
    package var state: SharedState {
        let name = owner.map { "\($0).\(self.name)" } ?? self.name
        return .global(filePrivate ? "\(name) (\(URL(fileURLWithPath: file).lastPathComponent))" : name)
    }
}

/// Finds the ``StateDeclaration``s of one file: `var`s at its top level, `static` and `class` stored
/// variables of its types and extensions, `nonisolated(unsafe)` ones, and those constants (global or static)
/// whose initializer is not fixed (``StateSyntax/fixedReferences(_:owner:)``), with the constants and enum cases
/// others may name (``StateDeclaration/fixed``). Computed properties, `@TaskLocal`s (scoped to
/// a task) and constants of fixed values are no shared state.
final class StateDeclarationFinder: SyntaxVisitor {
    private(set) var declarations: [StateDeclaration] = []
    private var owners: [String] = []
    /// Whether each owner is file-private.
    private var privateOwners: [Bool] = []
    /// For each owner, what is known of it when it is a struct (`nil` for another type or an extension).
    private var structs: [StructShape?] = []
    /// What each owner is: a struct, an extension (of a type declared elsewhere) or another type.
    private var kinds: [OwnerKind] = []

    private enum OwnerKind { case structType, extensionOfType, other }

    /// The declarations (their indices) of file-private constants holding a tool made from fixed values, and its
    /// kind: no state once the whole file is read and shows it only used through its kind's calls
    /// (``ToolConstants``).
    private var tools: [(index: Int, kind: ToolConstants.Kind, references: [String])] = []

    /// The modules the build compiled, when known: with the platform, what decides which `#if` clauses are
    /// certainly not compiled (``CertainClauses``). A declaration of another platform's clause (FlyingFox's `let
    /// EINPROGRESS = WSAEINPROGRESS` for Windows) is not this build's; one under a custom condition may be.
    private let built: Set<String>?

    init(built: Set<String>? = nil) {
        self.built = built
        super.init(viewMode: .sourceAccurate)
    }

    override func visitPost(_ node: SourceFileSyntax) {
        for (index, kind, references) in tools
        where ToolConstants.onlyUsed(declarations[index].name, as: kind, in: node) {
            declarations[index].role = .tool
            declarations[index].dependsOn = references
        }
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        CertainClauses.certainlyInactive(node, built: built) ? .skipChildren : .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        var declaration = StateDeclaration(name: node.name.text, owner: nil, lazy: false)
        declaration.role = .classType
        declarations.append(declaration)
        notStruct(node.name.text, callable: node.attributes)
        return enter(node.name.text, node.modifiers)
    }
    override func visitPost(_ node: ClassDeclSyntax) { leave() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        var shape = StructShape()
        // An attached macro may add initializers or storage the syntax does not show.
        if node.attributes.contains(where: { !Initializers.plainAttributes.contains(Self.attributeName($0)) }) {
            shape.defaults = nil
        }
        notStruct(nil, callable: node.attributes)
        return enter(node.name.text, node.modifiers, shape: shape)
    }
    override func visitPost(_ node: StructDeclSyntax) {
        if let shape = structs.last ?? nil {
            declarations += shape.declarations(of: node.name.text)
        }
        leave()
    }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        notStruct(node.name.text, callable: node.attributes)
        return enter(node.name.text, node.modifiers)
    }
    override func visitPost(_ node: EnumDeclSyntax) { leave() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        notStruct(node.name.text, callable: node.attributes)
        return enter(node.name.text, node.modifiers)
    }
    override func visitPost(_ node: ActorDeclSyntax) { leave() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        notStruct(node.name.text, callable: node.attributes)
        return .skipChildren
    }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        notStruct(node.name.text, callable: node.attributes)
        return .skipChildren
    }
    /// A macro expanded in a struct's body may add what the syntax does not show.
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        if (structs.last ?? nil) != nil { structs[structs.count - 1]?.defaults = nil }
        return .skipChildren
    }

    /// Another type of the name `name` (types are known by their last name only: `Store` may be a nested struct
    /// and an actor elsewhere), so `name(…)` may not be a struct's; and a `@dynamicCallable` type, whose values
    /// are called with labels (``StateNames/functions``).
    private func notStruct(_ name: String?, callable attributes: AttributeListSyntax) {
        if let name {
            var other = StateDeclaration(name: Initializers.structName, owner: name, lazy: false)
            other.role = .structType
            declarations.append(other)
        }
        if attributes.contains(where: { Self.attributeName($0) == "dynamicCallable" }) {
            declarations.append(Initializers.callableMarker)
        }
    }

    static func attributeName(_ attribute: AttributeListSyntax.Element) -> String {
        attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription ?? "#if"
    }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            StateSyntax.lastComponent(of: node.extendedType.trimmedDescription), node.modifiers, kind: .extensionOfType)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leave() }
    // Locals of functions and closures are no shared state.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let modifiers = Set(node.modifiers.map(\.name.text))
        let isStatic = modifiers.contains("static") || modifiers.contains("class")
        let atTopLevel = owners.isEmpty
        if !isStatic, !atTopLevel {
            instanceProperty(node)
            return .skipChildren
        }
        guard isStatic || atTopLevel,
            !node.attributes.contains(where: { $0.trimmedDescription.hasPrefix("@TaskLocal") })
        else { return .skipChildren }
        let unsafe = node.modifiers.contains { $0.trimmedDescription.hasPrefix("nonisolated(unsafe)") }
        let isVar = node.bindingSpecifier.tokenKind == .keyword(.var)
        for binding in node.bindings {
            // A task local's value is scoped to a task: the static only holds the `TaskLocal` itself.
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                !binding.trimmedDescription.contains("TaskLocal")
            else { continue }
            let owner = atTopLevel ? nil : owners.last
            if Self.isComputed(binding) {
                // A getter that only returns a fixed value gives that value to whoever reads it (swift-argument-parser's
                // `static var exitCodeSuccess: Int32 { EXIT_SUCCESS }`): fixed once what it names is.
                var computed = StateDeclaration(name: name, owner: owner, lazy: false)
                computed.role = .computed
                computed.dependsOn = Self.returnedValues(of: binding, in: node, built: built).flatMap { values in
                    let each = values.map { Self.references(of: $0, binding: binding, owner: owner) }
                    return each.contains { $0 == nil } ? nil : each.flatMap { $0 ?? [] }
                }
                declarations.append(computed)
                continue
            }
            let references = binding.initializer.flatMap {
                Self.references(of: $0.value, binding: binding, owner: owner)
            }
            let lazy = binding.initializer != nil && references != []
            var declaration = StateDeclaration(name: name, owner: owner, lazy: lazy)
            declaration.filePrivate = Self.isFilePrivate(node.modifiers) || privateOwners.contains(true)
            if !isVar && !unsafe {
                // A constant: none when fixed, else fixed once what it names is.
                declaration.role = lazy ? .state : .fixedValue
                declaration.dependsOn = lazy ? references : nil
                if declaration.filePrivate, let tool = binding.initializer.flatMap({ ToolConstants.tool($0.value) }) {
                    tools.append((declarations.count, tool.kind, tool.references))
                }
            }
            declarations.append(declaration)
        }
        return .skipChildren
    }

    /// A static function: what it returns is not known (a constant naming it, `.make("x")`, is not fixed). A
    /// global function named, not called, is a fixed value: the same code whoever reads it (GraphQL's
    /// `specifiedRules`, an array of its rule functions); a call of it is no reference (``StateSyntax``).
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let modifiers = Set(node.modifiers.map(\.name.text))
        if node.name.text == "callAsFunction" { declarations.append(Initializers.callableMarker) }
        guard let owner = owners.last else {
            var function = StateDeclaration(name: node.name.text, owner: nil, lazy: false)
            function.role = .fixedValue
            function.function = true
            declarations.append(function)
            return .skipChildren
        }
        guard modifiers.contains("static") || modifiers.contains("class") else { return .skipChildren }
        var declaration = StateDeclaration(name: node.name.text, owner: owner, lazy: false)
        declaration.role = .computed
        declaration.function = true
        declarations.append(declaration)
        return .skipChildren
    }

    /// A struct's initializer (or one an extension adds to a type): fixed once its body only stores fixed values.
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = owners.last, let kind = kinds.last, kind != .other else { return .skipChildren }
        if kind == .structType { structs[structs.count - 1]?.declaresInitializer = true }
        var declaration = StateDeclaration(name: Initializers.name(of: node), owner: owner, lazy: false)
        declaration.role = .initializer
        declaration.dependsOn = Initializers.bodyReferences(node, owner: owner)
        declarations.append(declaration)
        return .skipChildren
    }

    /// An instance property: of a struct, its default, which each initializer sets, and its memberwise label; a
    /// computed one (of a struct or an extension) runs code when an initializer sets it (``Initializers``).
    private func instanceProperty(_ node: VariableDeclSyntax) {
        guard var shape = structs.last ?? nil else {
            if kinds.last == .extensionOfType, let owner = owners.last {
                for binding in node.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        declarations.append(Initializers.computedProperty(name, of: owner))
                    }
                }
            }
            return
        }
        guard !node.modifiers.contains(where: { $0.name.text == "lazy" }) else { return }
        let isVar = node.bindingSpecifier.tokenKind == .keyword(.var)
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                shape.defaults = nil
                continue
            }
            if Self.isComputed(binding) {
                shape.computed.append(name)
                continue
            }
            if !node.attributes.isEmpty { shape.defaults = nil }
            shape.stored.append(name)
            if let value = binding.initializer?.value {
                let references = StateSyntax.fixedReferences(value, owner: owners.last)
                if let references, !references.contains(where: StateSyntax.isImplicit) {
                    shape.defaults? += references
                } else {
                    shape.defaults = nil
                }
            }
            // A `let` with a value is not the memberwise initializer's; a `var` with one may be left out.
            guard isVar || binding.initializer == nil else { continue }
            let optional = binding.typeAnnotation?.type.is(OptionalTypeSyntax.self) == true
            shape.memberwise.append((name, defaulted: binding.initializer != nil || (isVar && optional)))
        }
        structs[structs.count - 1] = shape
    }

    /// An enum's cases are fixed values another constant may name.
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = owners.last else { return .skipChildren }
        for element in node.elements {
            var declaration = StateDeclaration(name: element.name.text, owner: owner, lazy: false)
            declaration.role = .enumCase
            declarations.append(declaration)
        }
        return .skipChildren
    }

    private func enter(
        _ owner: String, _ modifiers: DeclModifierListSyntax, kind: OwnerKind = .other, shape: StructShape? = nil
    ) -> SyntaxVisitorContinueKind {
        owners.append(owner)
        privateOwners.append(Self.isFilePrivate(modifiers))
        kinds.append(shape != nil ? .structType : kind)
        structs.append(shape)
        return .visitChildren
    }

    private func leave() {
        owners.removeLast()
        privateOwners.removeLast()
        kinds.removeLast()
        structs.removeLast()
    }

    /// Whether `private` or `fileprivate` keeps a declaration to its file.
    private static func isFilePrivate(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { ["private", "fileprivate"].contains($0.name.text) }
    }

    /// Whether a binding is a computed property: accessors other than `willSet`/`didSet`, or a bare getter.
    private static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return false }
        guard case .accessors(let accessors) = block.accessors else { return true }
        return accessors.contains { !["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }
}
