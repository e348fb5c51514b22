import LitmusSupport
import SwiftParser
import SwiftSyntax

/// The module's types a double can make with `Type()` when a member returning one is not stubbed
/// (OpenCombine's `CombineIdentifier`): top-level structs, classes, actors and enums, and their
/// extensions, that declare an `init()` taking nothing, neither failable, throwing, `async` nor
/// private (and `public` when the module is not imported with `@testable`).
///
/// Only types some requirement returns are looked for, and only files that hold both `init()` and
/// such a type's name are parsed, whole, since a skeleton blanks type bodies.
enum EmptyInitializers {
    /// The plain type names (`Token`, not `Box<Int>` or `A.B`) requirements of `protocols` return.
    static func resultTypeNames(of protocols: [ProtocolDeclSyntax]) -> Set<String> {
        var names: Set<String> = []
        func add(_ type: TypeSyntax?) {
            if let identifier = type?.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
                names.insert(identifier.name.text)
            }
        }
        func visit(_ members: MemberBlockItemListSyntax) {
            for member in members {
                if let function = member.decl.as(FunctionDeclSyntax.self) {
                    add(function.signature.returnClause?.type)
                } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings { add(binding.typeAnnotation?.type) }
                } else if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
                    for clause in ifConfig.clauses {
                        if case .decls(let inner) = clause.elements { visit(inner) }
                    }
                }
            }
        }
        for decl in protocols { visit(decl.memberBlock.members) }
        return names.subtracting(standardTypes)
    }

    /// Types of the standard library and Foundation: never declared by the module, never looked for.
    private static let standardTypes: Set<String> = [
        "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
        "Float", "String", "Substring", "Character", "Void", "Never", "Any", "AnyObject", "Self", "Data", "Date",
        "URL", "UUID", "TimeInterval", "Duration",
    ]

    /// The names `text` declares a type or an extension of (`struct Token`, `extension Token`), by
    /// the word that follows those keywords; generic clauses and attributes aside.
    private static func declaredTypeNames(in text: String) -> Set<String> {
        let keywords: Set<Substring> = ["struct", "class", "enum", "actor", "extension"]
        var names: Set<String> = []
        var previous: Substring = ""
        for word in text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
            if keywords.contains(previous) { names.insert(String(word)) }
            previous = word
        }
        return names
    }

    /// Which of `wanted` `files` declare with an `init()` usable from a test target.
    static func find(_ wanted: Set<String>, in files: [SourceFile], publicOnly: Bool) -> Set<String> {
        guard !wanted.isEmpty else { return [] }
        var found: Set<String> = []
        for file in files where file.text.contains("init()") {
            let named = wanted.subtracting(found).intersection(declaredTypeNames(in: file.text))
            guard !named.isEmpty else { continue }
            let tree = Parser.parse(source: file.text)
            for statement in tree.statements {
                guard let (name, members, modifiers) = typeDeclaration(statement.item), named.contains(name) else {
                    continue
                }
                let typeIsVisible = !publicOnly || isPublic(modifiers) || statement.item.is(ExtensionDeclSyntax.self)
                if typeIsVisible, members.contains(where: { isUsableEmptyInit($0.decl, publicOnly: publicOnly) }) {
                    found.insert(name)
                }
            }
        }
        return found
    }

    private static func typeDeclaration(
        _ item: CodeBlockItemSyntax.Item
    ) -> (name: String, members: MemberBlockItemListSyntax, modifiers: DeclModifierListSyntax)? {
        if let decl = item.as(StructDeclSyntax.self) {
            return (decl.name.text, decl.memberBlock.members, decl.modifiers)
        }
        if let decl = item.as(ClassDeclSyntax.self) {
            return (decl.name.text, decl.memberBlock.members, decl.modifiers)
        }
        if let decl = item.as(ActorDeclSyntax.self) {
            return (decl.name.text, decl.memberBlock.members, decl.modifiers)
        }
        if let decl = item.as(EnumDeclSyntax.self) {
            return (decl.name.text, decl.memberBlock.members, decl.modifiers)
        }
        if let decl = item.as(ExtensionDeclSyntax.self), decl.genericWhereClause == nil {
            return (decl.extendedType.trimmedDescription, decl.memberBlock.members, decl.modifiers)
        }
        return nil
    }

    private static func isPublic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.text == "public" || $0.name.text == "open" }
    }

    private static func isUsableEmptyInit(_ decl: DeclSyntax, publicOnly: Bool) -> Bool {
        guard let initializer = decl.as(InitializerDeclSyntax.self),
            initializer.signature.parameterClause.parameters.isEmpty,
            initializer.optionalMark == nil,
            initializer.signature.effectSpecifiers == nil,
            initializer.genericParameterClause == nil,
            !initializer.attributes.contains(where: {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "available"
            })
        else { return false }
        let isPrivate = initializer.modifiers.contains { $0.name.text == "private" || $0.name.text == "fileprivate" }
        return !isPrivate && (!publicOnly || isPublic(initializer.modifiers))
    }
}
