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
    /// A constant of a fixed value, or an enum case: no state, kept so that another constant's initializer
    /// naming it can be found fixed (``dependsOn``).
    package var fixed = false
    /// A constant whose initializer is fixed once each constant it names is (`Owner.name`, `name`, `.name` for an
    /// implicit member, alternatives joined by `|`): ``state(of:)`` decides over every file; until then it is
    /// ``lazy``.
    package var dependsOn: [String]? = nil

    /// `Owner.name`, or `name` for a global.
    var key: String { owner.map { "\($0).\(name)" } ?? name }

    /// The state it is: `Owner.name`, or `name` for a global; a file-private one with its file's name.
    package var state: SharedState {
        let name = owner.map { "\($0).\(self.name)" } ?? self.name
        return .global(filePrivate ? "\(name) (\(URL(fileURLWithPath: file).lastPathComponent))" : name)
    }
}

extension StateDeclaration {
    /// The state among `all` (every file's declarations): the declarations that are not fixed, once each
    /// constant whose initializer names only constants found fixed (or enum cases) is fixed too, until none
    /// changes. `.name` resolves when no static of that name is state (an option or a case of another
    /// module's type), `.name()` only to an enum case; a name that resolves to nothing known stays unknown, so
    /// the constant naming it stays set lazily.
    package static func state(of all: [StateDeclaration]) -> [StateDeclaration] {
        var fixed = Set(all.filter(\.fixed).map(\.key))
        let cases = Set(all.filter { $0.fixed && $0.dependsOn == nil }.map(\.name))
        var unresolved = Set(all.indices.filter { !all[$0].fixed })
        func resolves(_ reference: String) -> Bool {
            reference.split(separator: "|").contains { alternative in
                if alternative.hasPrefix("."), alternative.hasSuffix("()") {
                    return cases.contains(String(alternative.dropFirst().dropLast(2)))
                }
                if alternative.hasPrefix(".") {
                    let name = String(alternative.dropFirst())
                    return !StateSyntax.sharedMembers.contains(name)
                        && !unresolved.contains { all[$0].owner != nil && all[$0].name == name }
                }
                return fixed.contains(String(alternative))
            }
        }
        var changed = true
        while changed {
            changed = false
            for index in unresolved.sorted() {
                guard let references = all[index].dependsOn, references.allSatisfy(resolves) else { continue }
                fixed.insert(all[index].key)
                unresolved.remove(index)
                changed = true
            }
        }
        return unresolved.sorted().map { all[$0] }
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

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, node.modifiers) }
    override func visitPost(_ node: ClassDeclSyntax) { leave() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, node.modifiers) }
    override func visitPost(_ node: StructDeclSyntax) { leave() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, node.modifiers) }
    override func visitPost(_ node: EnumDeclSyntax) { leave() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, node.modifiers) }
    override func visitPost(_ node: ActorDeclSyntax) { leave() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(StateSyntax.lastComponent(of: node.extendedType.trimmedDescription), node.modifiers)
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
        guard isStatic || atTopLevel,
            !node.attributes.contains(where: { $0.trimmedDescription.hasPrefix("@TaskLocal") })
        else { return .skipChildren }
        let unsafe = node.modifiers.contains { $0.trimmedDescription.hasPrefix("nonisolated(unsafe)") }
        let isVar = node.bindingSpecifier.tokenKind == .keyword(.var)
        for binding in node.bindings {
            // A task local's value is scoped to a task: the static only holds the `TaskLocal` itself.
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                !Self.isComputed(binding), !binding.trimmedDescription.contains("TaskLocal")
            else { continue }
            let owner = atTopLevel ? nil : owners.last
            let references = binding.initializer.flatMap { StateSyntax.fixedReferences($0.value, owner: owner) }
            let lazy = binding.initializer != nil && references != []
            var declaration = StateDeclaration(name: name, owner: owner, lazy: lazy)
            declaration.filePrivate = Self.isFilePrivate(node.modifiers) || privateOwners.contains(true)
            if !isVar && !unsafe {
                // A constant: none when fixed, else fixed once what it names is.
                declaration.fixed = !lazy
                declaration.dependsOn = lazy ? references : nil
            }
            declarations.append(declaration)
        }
        return .skipChildren
    }

    /// An enum's cases are fixed values another constant may name.
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = owners.last else { return .skipChildren }
        for element in node.elements {
            var declaration = StateDeclaration(name: element.name.text, owner: owner, lazy: false)
            declaration.fixed = true
            declarations.append(declaration)
        }
        return .skipChildren
    }

    private func enter(_ owner: String, _ modifiers: DeclModifierListSyntax) -> SyntaxVisitorContinueKind {
        owners.append(owner)
        privateOwners.append(Self.isFilePrivate(modifiers))
        return .visitChildren
    }

    private func leave() {
        owners.removeLast()
        privateOwners.removeLast()
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

/// Syntax helpers shared by the shared-state finders.
enum StateSyntax {
    /// The last dotted component of a type's name, without generic arguments (`Registry` of `Kit.Registry`).
    static func lastComponent(of type: String) -> String {
        let bare = type.prefix { $0 != "<" }
        return String(bare.split(separator: ".").last ?? Substring(bare))
    }

    /// Whether an initializer is a literal whose value no reader can change: a number, a string without
    /// interpolation, a Boolean, `nil`, a closure, a metatype, or an array or dictionary of such.
    static func isLiteral(_ expression: ExprSyntax) -> Bool {
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self) || expression.is(NilLiteralExprSyntax.self)
            || expression.is(ClosureExprSyntax.self) || expression.is(RegexLiteralExprSyntax.self)
        {
            return true
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return !string.segments.contains { $0.is(ExpressionSegmentSyntax.self) }
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) { return isLiteral(prefix.expression) }
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.allSatisfy { isLiteral($0.expression) }
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return true }
            return elements.allSatisfy { isLiteral($0.key) && isLiteral($0.value) }
        }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text == "self" }
        return false
    }

    /// The constants an initializer names, when it gives the same value whichever test reads it first and a
    /// value no test can change afterwards, provided each of them does (empty: fixed outright); `nil` when
    /// it may not. Fixed: a literal; an enum case or option (`.caseInsensitive`, `.name("x")`); an array or
    /// dictionary of such; `Type(rawValue: …)`; operators between fixed values; a value of a toolchain type
    /// that holds nothing that changes (``fixedTypes``: a regular expression, a dispatch queue, a number) built
    /// from fixed arguments, with `try`. A name (`Type.member`, `member`, `.member`) is a constant to resolve
    /// over every file (``StateDeclaration/state(of:)``). GraphQL's `try! NSRegularExpression(pattern: "…",
    /// options: [])` is fixed; FlyingFox's `Set(HTTPMethod.sortedMethods)` is once `sortedMethods` is; a
    /// formatter, a mutable collection, a package's own type, a function's result, `URL(fileURLWithPath:)`
    /// (the current directory decides it) and a file read are not.
    static func fixedReferences(_ expression: ExprSyntax, owner: String?) -> [String]? {
        func all(_ parts: [ExprSyntax]) -> [String]? {
            var names: [String] = []
            for part in parts {
                guard let more = fixedReferences(part, owner: owner) else { return nil }
                names += more
            }
            return names
        }
        if isLiteral(expression) { return [] }
        if let attempt = expression.as(TryExprSyntax.self) { return fixedReferences(attempt.expression, owner: owner) }
        // A fixed value unwrapped is the same value every time, or the same trap.
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            return fixedReferences(unwrap.expression, owner: owner)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return [owner.map { "\($0).\(name)|\(name)" } ?? name]
        }
        if let member = expression.as(MemberAccessExprSyntax.self) { return memberReference(member, owner: owner) }
        // `1 << 0`, `.a | .b`: operators between fixed values (the parser's unfolded sequence).
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return all(sequence.elements.filter { !$0.is(BinaryOperatorExprSyntax.self) })
        }
        if let array = expression.as(ArrayExprSyntax.self) { return all(array.elements.map(\.expression)) }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return [] }
            return all(elements.flatMap { [$0.key, $0.value] })
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let arguments = all(call.arguments.map(\.expression))
        else { return nil }
        let label = call.arguments.first?.label?.text ?? ""
        let rawValue = call.arguments.count == 1 && label == "rawValue"
        // `.name("x")`: an enum case's payload (a static function is no case, so it does not resolve);
        // `.init(rawValue: "x")`, the declared type's raw value (OpenAPIKit's `CodingUserInfoKey`).
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil {
            let name = member.declName.baseName.text
            return name == "init" && rawValue ? arguments : arguments + [".\(name)()"]
        }
        guard let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        if rawValue { return arguments }
        let fixed =
            fixedTypes.contains(type) && StateAPIs.initializers["\(type)(\(label)"] == nil
            && !(type == "URL" && label != "string")
        return fixed ? arguments : nil
    }

    /// `.name` (an implicit member), `Type.name` or `Self.name` as a constant to resolve; `nil` for another base.
    private static func memberReference(_ member: MemberAccessExprSyntax, owner: String?) -> [String]? {
        let name = member.declName.baseName.text
        guard let base = member.base else { return [".\(name)"] }
        guard let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        if type == "Self" || type == "self" { return owner.map { ["\($0).\(name)"] } }
        return ["\(type).\(name)"]
    }

    /// Implicit members that name a shared object, not a case or an option: never fixed.
    static let sharedMembers: Set<String> = ["shared", "standard", "default", "current", "main", "processInfo"]

    /// The toolchain's types whose values hold nothing a test can change, by name.
    static let fixedTypes: Set<String> = [
        "NSRegularExpression", "Regex", "CharacterSet", "DispatchQueue", "Locale", "TimeZone", "Calendar", "URL",
        "Date", "Decimal", "UUID", "Data", "String", "Character", "Substring", "Set", "Array", "Dictionary",
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "Bool", "Duration", "ClosedRange", "Range",
    ]
}
