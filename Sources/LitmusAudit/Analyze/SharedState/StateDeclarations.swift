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
    /// ``StateSyntax/isFixed(_:)``): every reference then writes it as well as reads it.
    package var lazy: Bool
    /// Whether it is `private` or `fileprivate` (or a member of such a type): only its own file can name it.
    package var filePrivate = false
    /// For a file-private one, its file (set once the file is known; empty in a file's facts).
    package var file = ""

    /// The state it is: `Owner.name`, or `name` for a global; a file-private one with its file's name.
    package var state: SharedState {
        let name = owner.map { "\($0).\(self.name)" } ?? self.name
        return .global(filePrivate ? "\(name) (\(URL(fileURLWithPath: file).lastPathComponent))" : name)
    }
}

/// Finds the ``StateDeclaration``s of one file: `var`s at its top level, `static` and `class` stored
/// variables of its types and extensions, `nonisolated(unsafe)` ones, and those constants (global or static)
/// whose initializer is not fixed (``StateSyntax/isFixed(_:)``). Computed properties, `@TaskLocal`s (scoped to
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
            let initializer = binding.initializer?.value
            let lazy = initializer.map { !StateSyntax.isFixed($0) } ?? false
            guard isVar || unsafe || lazy else { continue }
            var declaration = StateDeclaration(name: name, owner: atTopLevel ? nil : owners.last, lazy: lazy)
            declaration.filePrivate = Self.isFilePrivate(node.modifiers) || privateOwners.contains(true)
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

    /// Whether an initializer gives the same value whichever test reads it first, and a value no test can
    /// change afterwards: a literal; an enum case or option (`.caseInsensitive`, `.name("x")`); an array or
    /// dictionary of such; `Type(rawValue: …)`; or a value of a toolchain type that holds nothing that changes
    /// (``fixedTypes``: a regular expression, a dispatch queue, a character set, a number), built from fixed
    /// arguments, with `try`. GraphQL's `try! NSRegularExpression(pattern: "…", options: [])` is fixed; a
    /// formatter, a mutable collection, a package's own type, a call of a function, `URL(fileURLWithPath:)`
    /// (the current directory decides it) and a file read are not.
    static func isFixed(_ expression: ExprSyntax) -> Bool {
        if isLiteral(expression) { return true }
        if let attempt = expression.as(TryExprSyntax.self) { return isFixed(attempt.expression) }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.base == nil }
        // `1 << 0`, `.a | .b`: operators between fixed values (the parser's unfolded sequence).
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return sequence.elements.allSatisfy { $0.is(BinaryOperatorExprSyntax.self) || isFixed($0) }
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.allSatisfy { isFixed($0.expression) }
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return true }
            return elements.allSatisfy { isFixed($0.key) && isFixed($0.value) }
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            call.arguments.allSatisfy({ isFixed($0.expression) })
        else { return false }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.base == nil }
        guard let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        let label = call.arguments.first?.label?.text ?? ""
        if call.arguments.count == 1, label == "rawValue" { return true }
        return fixedTypes.contains(type) && StateAPIs.initializers["\(type)(\(label)"] == nil
            && !(type == "URL" && label != "string")
    }

    /// The toolchain's types whose values hold nothing a test can change, by name.
    static let fixedTypes: Set<String> = [
        "NSRegularExpression", "Regex", "CharacterSet", "DispatchQueue", "Locale", "TimeZone", "Calendar", "URL",
        "Date", "Decimal", "UUID", "Data", "String", "Character", "Substring", "Set", "Array", "Dictionary",
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "Bool", "Duration", "ClosedRange", "Range",
    ]
}
