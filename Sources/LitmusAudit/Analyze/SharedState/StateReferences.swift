import SwiftSyntax

/// The global and static state a package declares, by name: what the references of every file are resolved
/// against (``StateReferenceFinder``).
package struct StateNames: Hashable, Codable, Sendable {
    /// The globals, by name (several files may declare a file-private one).
    package var globals: [String: [StateDeclaration]] = [:]
    /// The statics, by their own name (several types may declare one).
    package var statics: [String: [StateDeclaration]] = [:]
    /// The functions the sources declare, as `Type.name` (static) or `name` (global): `Type.name(label: …)` of
    /// one of them is its call, even where a stored value has the same name. Empty where some value can be called
    /// with labels (``functions(_:)``).
    package var functions: Set<String> = []

    /// The functions among `declarations`; none when a `callAsFunction` or a `@dynamicCallable` type is declared
    /// (``Initializers/callableMarker``): a stored value's call may then take labels too.
    package static func functions(_ declarations: [StateDeclaration]) -> Set<String> {
        if declarations.contains(Initializers.callableMarker) { return [] }
        return Set(declarations.filter(\.function).map(\.key))
    }

    /// The names of `declarations` (the state), and of `functions`.
    package init(_ declarations: [StateDeclaration], functions: Set<String> = []) {
        self.functions = functions
        for declaration in declarations {
            if declaration.owner == nil {
                globals[declaration.name, default: []].append(declaration)
            } else {
                statics[declaration.name, default: []].append(declaration)
            }
        }
    }

    /// Every name a reference could use.
    package var all: Set<String> { Set(globals.keys).union(statics.keys) }
}

/// Finds, in one file, the references to the state of ``StateNames``, each with how it is touched: an
/// assignment writes; a compound assignment, `&` or a call of a method on it reads and writes (the method may
/// mutate it); anything else reads; a lazily set one is read and written by every reference (its first
/// reader sets it). Names are resolved as written, not by type: a local of the same name counts too, which
/// only ever adds to a footprint.
///
/// In a file that imports a module built without coverage (`opaque`), every function body is also an
/// ``SharedState/unseen(_:)`` access: what such a call does cannot be seen.
final class StateReferenceFinder: SyntaxVisitor {
    private let names: StateNames
    private let file: String
    private let opaque: String?
    private let converter: SourceLocationConverter
    private var owners: [String] = []
    /// Whether each member being read, innermost last, is a static one (`static`, `class`): there `self` is the
    /// type, so `self.name` names its static (swift-log's `self._metadataProviderFactory` in `LoggingSystem`'s
    /// static functions). A type's body starts none.
    private var staticMembers: [Bool] = []
    private(set) var accesses: [StateAccess] = []

    /// The module of the file, when known, and the modules it imports: a `main.swift`'s global is only its
    /// module's and its importers' (a test target's `@testable import roll`) (``StateDeclaration/module``).
    private let module: String?
    private let imports: Set<String>

    init(
        names: StateNames, file: String, tree: SourceFileSyntax, opaque: String? = nil, module: String? = nil,
        imports: Set<String> = []
    ) {
        self.names = names
        self.file = file
        self.module = module
        self.imports = imports
        self.opaque = opaque
        converter = SourceLocationConverter(fileName: file, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
        if let opaque, !node.statements.isEmpty {
            let location = node.statements.startLocation(converter: converter)
            accesses.append(
                StateAccess(
                    .unseen("it calls into \(opaque), which was built without coverage"), reads: true, writes: true,
                    file: file, line: location.line, column: location.column))
        }
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { leave() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { leave() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { leave() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { leave() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(StateSyntax.lastComponent(of: node.extendedType.trimmedDescription))
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leave() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        member(node.modifiers, of: Syntax(node))
    }
    override func visitPost(_ node: FunctionDeclSyntax) { staticMembers.removeLast() }
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        member(node.modifiers, of: Syntax(node))
    }
    override func visitPost(_ node: VariableDeclSyntax) { staticMembers.removeLast() }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        member(node.modifiers, of: Syntax(node))
    }
    override func visitPost(_ node: SubscriptDeclSyntax) { staticMembers.removeLast() }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { member(nil, of: Syntax(node)) }
    override func visitPost(_ node: InitializerDeclSyntax) { staticMembers.removeLast() }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // A member's name is resolved with its base (below).
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            return .skipChildren
        }
        let functions = [owners.last.map { "\($0).\(node.baseName.text)" }, node.baseName.text].compactMap { $0 }
        if isFunctionCall(of: Syntax(node), declaredAs: functions) { return .skipChildren }
        let name = node.baseName.text
        var found = (names.globals[name] ?? []).filter(visible)
        if let owner = owners.last { found += (names.statics[name] ?? []).filter { $0.owner == owner && visible($0) } }
        record(found, at: ExprSyntax(node))
        return .skipChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName.text
        guard let candidates = names.statics[name], let base = node.base else { return .visitChildren }
        let written = base.trimmedDescription
        let owner: String?
        switch written {
        case "Self": owner = owners.last
        case "self": owner = staticMembers.last == true ? owners.last : nil
        default:
            let last = StateSyntax.lastComponent(of: written)
            owner = last.first?.isUppercase == true ? last : nil
        }
        if let owner, !isFunctionCall(of: Syntax(node), declaredAs: ["\(owner).\(name)"]) {
            record(candidates.filter { $0.owner == owner && visible($0) }, at: ExprSyntax(node))
        }
        return .visitChildren
    }

    /// Whether `node` is called with argument labels where its type (or the file's globals) declares a function of
    /// its name (`WSFrame.close(code: code)`, `functions`: `WSFrame.close`): that function's call, not a stored
    /// value's of the same name (FlyingFox's tests add `static let close`), since a closure takes no labels (a
    /// `callAsFunction` may: ``StateNames/functions(_:)``).
    private func isFunctionCall(of node: Syntax, declaredAs functions: [String]) -> Bool {
        guard functions.contains(where: names.functions.contains),
            let call = node.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == node.id
        else { return false }
        return call.arguments.contains { $0.label != nil }
    }

    private func enter(_ owner: String) -> SyntaxVisitorContinueKind {
        owners.append(owner)
        staticMembers.append(false)
        return .visitChildren
    }

    private func leave() {
        owners.removeLast()
        staticMembers.removeLast()
    }

    /// Enters `declaration`, declared with `modifiers` (`nil`: an initializer, never static): a type's member is
    /// static as its modifiers say; a local one (a `let` or a function in a body) is wherever its body is.
    private func member(_ modifiers: DeclModifierListSyntax?, of declaration: Syntax) -> SyntaxVisitorContinueKind {
        let isStatic = modifiers?.contains { ["static", "class"].contains($0.name.text) } ?? false
        let inType = declaration.parent?.is(MemberBlockItemSyntax.self) == true
        staticMembers.append(isStatic || (!inType && modifiers != nil && staticMembers.last == true))
        return .visitChildren
    }

    /// Whether this file can name `declaration`: a file-private one only in its own file, a `main.swift`'s global
    /// only in its module and in a file importing it (or one whose module is not known).
    private func visible(_ declaration: StateDeclaration) -> Bool {
        guard !declaration.filePrivate || declaration.file == file else { return false }
        guard let home = declaration.module, let module else { return true }
        return home == module || imports.contains(home)
    }

    private func record(_ declarations: [StateDeclaration], at expression: ExprSyntax) {
        guard !declarations.isEmpty else { return }
        let use = StateSyntax.use(of: expression)
        let location = expression.startLocation(converter: converter)
        for declaration in declarations {
            accesses.append(
                StateAccess(
                    declaration.state, reads: use.reads || declaration.lazy, writes: use.writes || declaration.lazy,
                    file: file, line: location.line, column: location.column))
        }
    }
}

extension StateSyntax {
    /// How the value `expression` names is used by the code around it.
    static func use(of expression: ExprSyntax) -> (reads: Bool, writes: Bool) {
        // The chain rooted at the expression: `x.a.b`, `x[k]`, `x!`, `x?`.
        var top = Syntax(expression)
        var throughMember = false
        while let parent = top.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == top.id {
                if let call = parent.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == parent.id {
                    return (true, true)
                }
                throughMember = true
            } else if let subscripted = parent.as(SubscriptCallExprSyntax.self),
                subscripted.calledExpression.id == top.id
            {
                throughMember = true
            } else if !(parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)) {
                break
            }
            top = parent
        }
        if let ampersand = top.parent?.as(InOutExprSyntax.self), ampersand.expression.id == top.id {
            return (true, true)
        }
        guard let assignment = assignmentOperator(after: top) else { return (true, false) }
        return assignment == "=" && !throughMember ? (false, true) : (true, true)
    }

    /// The assignment operator (`=`, `+=`, …) that follows `node` in its unfolded sequence, when `node` is the
    /// left side of one.
    private static func assignmentOperator(after node: Syntax) -> String? {
        guard let list = node.parent?.as(ExprListSyntax.self) else { return nil }
        var iterator = list.makeIterator()
        while let element = iterator.next() {
            guard element.id == node.id else { continue }
            guard let next = iterator.next() else { return nil }
            if next.is(AssignmentExprSyntax.self) { return "=" }
            if let binary = next.as(BinaryOperatorExprSyntax.self) {
                let text = binary.operator.text
                let comparisons: Set<String> = ["==", "!=", "<=", ">=", "===", "!=="]
                if text.hasSuffix("="), !comparisons.contains(text) { return text }
            }
            return nil
        }
        return nil
    }
}
