import LitmusSupport
import SwiftParser
import SwiftSyntax

/// Typealiases that name a function type (`typealias Completion = (Result<Data, any Error>) -> Void`).
///
/// A parameter of such a type is a non-escaping closure unless it says `@escaping`, exactly like
/// one written as a function type, so the double may count it but not store it. Syntax alone
/// cannot tell `Completion` from a struct: the protocol's own typealiases are seen by every front
/// end, and the plugin and CLI also look for the module's top-level ones (``find(in:wanted:)``).
enum ClosureAliases {
    /// Whether `decl` names a function type, attributes (`@Sendable`) and parentheses aside.
    static func namesFunctionType(_ decl: TypeAliasDeclSyntax) -> Bool {
        var type = decl.initializer.value
        while true {
            if let attributed = type.as(AttributedTypeSyntax.self) {
                type = attributed.baseType
            } else if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
                let only = tuple.elements.first, only.firstName == nil
            {
                type = only.type
            } else {
                return type.is(FunctionTypeSyntax.self)
            }
        }
    }

    /// The function-type typealiases among `statements`, and inside the `#if` among them.
    static func declared(in statements: CodeBlockItemListSyntax) -> Set<String> {
        var names: Set<String> = []
        for statement in statements {
            if let alias = statement.item.as(TypeAliasDeclSyntax.self), namesFunctionType(alias) {
                names.insert(alias.name.text)
            } else if let ifConfig = statement.item.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    if case .statements(let inner) = clause.elements { names.formUnion(declared(in: inner)) }
                }
            }
        }
        return names
    }

    /// The names of the plain named types (`Completion`, not `@escaping Completion` or
    /// `Completion?`) that parameters of `protocols`' requirements have: the only names a closure
    /// alias matters for. A name the member's generic parameters or an associated type of the
    /// module's protocols shadow (`Element`, `OutboundIn`) is left out.
    static func parameterTypeNames(of protocols: [ProtocolDeclSyntax]) -> Set<String> {
        let collector = ParameterTypeNames(viewMode: .sourceAccurate)
        // A protocol also names its parents' associated types: every protocol's are left out.
        collector.shadowed = Set(
            protocols.flatMap { decl in
                decl.memberBlock.members.compactMap { $0.decl.as(AssociatedTypeDeclSyntax.self)?.name.text }
            }
        )
        for decl in protocols { collector.walk(decl.memberBlock) }
        return collector.names
    }

    /// The function-type typealiases at the top level of `text` when it declares one of `wanted`:
    /// a byte scan for `typealias <name>` first, and a parse of the file's skeleton only then.
    static func find(in text: String, wanted: Set<String>) -> Set<String> {
        guard declaredNames(in: text).contains(where: wanted.contains) else { return [] }
        let tree: SourceFileSyntax
        if let skeleton = ModuleDoubles.Skeleton(of: text) {
            tree = skeleton.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        } else {
            tree = Parser.parse(source: text)
        }
        return declared(in: tree.statements)
    }

    /// Every name written after the word `typealias` in `text`, wherever it is (comments included).
    static func declaredNames(in text: String) -> [String] {
        if let names = text.utf8.withContiguousStorageIfAvailable(declaredNames(in:)) {
            return names
        }
        return Array(text.utf8).withUnsafeBufferPointer(declaredNames(in:))
    }

    private static func declaredNames(in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        let keyword = "typealias".utf8
        guard let base = bytes.baseAddress, bytes.count > keyword.count else { return [] }
        var names: [String] = []
        // Sixteen positions at a time, looking closer only where a "t" is followed by a "y".
        let t = SIMD16<UInt8>(repeating: UInt8(ascii: "t"))
        let y = SIMD16<UInt8>(repeating: UInt8(ascii: "y"))
        var index = 0
        while index < bytes.count - keyword.count {
            if index + 17 <= bytes.count {
                let here = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                let next = UnsafeRawPointer(base + index + 1).loadUnaligned(as: SIMD16<UInt8>.self)
                guard any((here .== t) .& (next .== y)) else {
                    index += 16
                    continue
                }
            }
            let end = Swift.min(index + 16, bytes.count - keyword.count)
            while index < end {
                if let name = name(declaredAt: index, in: bytes) {
                    names.append(name.text)
                    index = name.end
                } else {
                    index += 1
                }
            }
        }
        return names
    }

    /// The name after `typealias` when the word starts at `index`, and where the name ends.
    private static func name(declaredAt index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (text: String, end: Int)? {
        let keyword = "typealias".utf8
        guard index + keyword.count < bytes.count,
            bytes[index..<(index + keyword.count)].elementsEqual(keyword),
            index == 0 || !SwiftLexer.isIdentifierByte(bytes[index - 1])
        else { return nil }
        var position = index + keyword.count
        // Any whitespace may follow the keyword, a line break too (`typealias\n    Completion = …`).
        func isBlank(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
        }
        guard isBlank(bytes[position]) else { return nil }
        while position < bytes.count, isBlank(bytes[position]) { position += 1 }
        let start = position
        while position < bytes.count, SwiftLexer.isIdentifierByte(bytes[position]) { position += 1 }
        guard position > start else { return nil }
        return (String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self), position)
    }

}

/// Collects the plain named types of parameters (see ``ClosureAliases/parameterTypeNames(of:)``).
private final class ParameterTypeNames: SyntaxVisitor {
    var names: Set<String> = []
    /// The names a parameter's type cannot be a module alias by: the protocol's associated types
    /// and the enclosing member's generic parameters.
    var shadowed: Set<String> = []

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        var type = node.type
        if let attributed = type.as(AttributedTypeSyntax.self) {
            let isEscaping = attributed.attributes.contains {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "escaping"
            }
            if isEscaping { return .skipChildren }
            type = attributed.baseType
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), !shadowed.contains(identifier.name.text),
            !Self.memberGenerics(of: node).contains(identifier.name.text)
        {
            names.insert(identifier.name.text)
        }
        return .skipChildren
    }

    /// The generic parameters of the method, initializer or subscript `parameter` belongs to.
    private static func memberGenerics(of parameter: FunctionParameterSyntax) -> Set<String> {
        var ancestor = parameter.parent
        while let syntax = ancestor {
            let clause: GenericParameterClauseSyntax??
            if let decl = syntax.as(FunctionDeclSyntax.self) {
                clause = decl.genericParameterClause
            } else if let decl = syntax.as(InitializerDeclSyntax.self) {
                clause = decl.genericParameterClause
            } else if let decl = syntax.as(SubscriptDeclSyntax.self) {
                clause = decl.genericParameterClause
            } else {
                clause = nil
            }
            if let clause { return Set(clause?.parameters.map(\.name.text) ?? []) }
            ancestor = syntax.parent
        }
        return []
    }
}
