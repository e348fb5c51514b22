import Dispatch
import LitmusSupport
import SwiftParser
import SwiftSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Values of the module's own types that a double can make when a member returning one is not
/// stubbed and the type has no `DefaultValue`: `Token()` (OpenCombine's `CombineIdentifier` has an
/// `init()`), a static `none`, `zero`, `empty` or `default` of the type (`Subscribers.Demand.none`),
/// or an enum's first case without associated values.
///
/// A type is found by its path as the requirement writes it (`Subscribers.Demand` is `struct Demand`
/// inside `extension Subscribers`), so the expression names exactly that type. Private members are
/// never used, nor internal ones when the module is not imported with `@testable`. Only types some
/// requirement returns are looked for, and only files that declare a type of such a
/// name are parsed, whole, since a skeleton blanks type bodies.
enum MadeValues {
    /// The types requirements of `protocols` return, as written (`Token`, `Subscribers.Demand`),
    /// when every part is a plain name (no generic arguments).
    /// A protocol's associated type or a member's generic parameter is not the module's type (the
    /// emitter checks the shadowing again per double, parents included), and is not looked for.
    static func resultTypes(of protocols: [ProtocolDeclSyntax]) -> Set<String> {
        var names: Set<String> = []
        for decl in protocols {
            var results: [(type: TypeSyntax, generics: Set<String>)] = []
            var associated: Set<String> = []
            func visit(_ members: MemberBlockItemListSyntax) {
                for member in members {
                    if let associatedType = member.decl.as(AssociatedTypeDeclSyntax.self) {
                        associated.insert(associatedType.name.text)
                    } else if let function = member.decl.as(FunctionDeclSyntax.self),
                        let type = function.signature.returnClause?.type
                    {
                        results.append((type, Set(function.genericParameterClause?.parameters.map(\.name.text) ?? [])))
                    } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                        for binding in variable.bindings {
                            if let type = binding.typeAnnotation?.type { results.append((type, [])) }
                        }
                    } else if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
                        for clause in ifConfig.clauses {
                            if case .decls(let inner) = clause.elements { visit(inner) }
                        }
                    }
                }
            }
            visit(decl.memberBlock.members)
            for (type, generics) in results {
                guard let path = plainPath(type), !standardTypes.contains(path) else { continue }
                let first = String(path.prefix { $0 != "." })
                if !associated.contains(first), !generics.contains(first) { names.insert(path) }
            }
        }
        return names
    }

    /// `A.B` for `A.B`, `Token` for `Token`; `nil` for generic, optional, function or other types.
    static func plainPath(_ type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return identifier.name.text
        }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
            let base = plainPath(member.baseType)
        {
            return base + "." + member.name.text
        }
        return nil
    }

    /// Types of the standard library and Foundation: never declared by the module, never looked for.
    private static let standardTypes: Set<String> = [
        "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
        "Float", "String", "Substring", "Character", "Void", "Never", "Any", "AnyObject", "Self", "Data", "Date",
        "URL", "UUID", "TimeInterval", "Duration",
    ]

    /// Static members a type offers as its neutral value.
    private static let neutralNames: Set<String> = ["none", "zero", "empty", "default"]

    /// Whether `text` declares a type named one of `names` (`struct Token`), by the word that follows
    /// those keywords; an extension's members are not used, so `extension Token` alone does not count.
    /// A scan of the UTF-8 bytes: splitting the text into words by `Character` took 44 % of the
    /// generation benchmark's time.
    static func declaresType(namedOneOf names: Set<String>, in text: String) -> Bool {
        hasWord(namedOneOf: names, after: ["struct", "class", "enum", "actor"], in: text)
    }

    /// Whether one of `names` follows one of `keywords` in `text` (`extension Token`) as whole words,
    /// with only other bytes than a word's between them. The names are rarer than the keywords or
    /// than words in general: each is looked for (``ByteSearch/occurrences(of:in:_:)``), and the word before it
    /// compared with the keywords; going word by word over every byte took 4 % of the generation
    /// benchmark's samples (`perf record`).
    static func hasWord(namedOneOf names: Set<String>, after keywords: [String], in text: String) -> Bool {
        let keywords = keywords.map { Array($0.utf8) }
        var text = text
        return text.withUTF8 { bytes in
            names.contains { name in
                ByteSearch.occurrences(of: name, in: bytes) { start, end in
                    guard start == 0 || !isIdentifierByte(bytes[start - 1]),
                        end == bytes.count || !isIdentifierByte(bytes[end])
                    else { return false }
                    // The word before: back over the bytes between, then over the word itself.
                    var wordEnd = start
                    while wordEnd > 0, !isIdentifierByte(bytes[wordEnd - 1]) { wordEnd -= 1 }
                    var wordStart = wordEnd
                    while wordStart > 0, isIdentifierByte(bytes[wordStart - 1]) { wordStart -= 1 }
                    return keywords.contains { $0.elementsEqual(bytes[wordStart..<wordEnd]) }
                }
            }
        }
    }

    /// A letter, a digit, `_`, or a byte of a non-ASCII character (which may be a letter).
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            true
        default:
            false
        }
    }

    /// The expression making a value of each of `wanted` that `files` declare one for.
    /// With `skim`, each file is parsed as its ``typeSkeleton(of:)``; without, whole.
    static func find(_ wanted: Set<String>, in files: [SourceFile], publicOnly: Bool, skim: Bool = true)
        -> [String: String]
    {
        guard !wanted.isEmpty else { return [:] }
        let lastNames = Set(wanted.map { String($0.split(separator: ".").last ?? "") })
        // A file is parsed only if it declares such a type and may hold a value of it: an enum, an
        // `init()`, or a static member of a neutral name.
        let mayOfferValue = { (text: String) in
            ByteSearch.contains("init()", in: text) || ByteSearch.contains("enum ", in: text)
                || (ByteSearch.contains("static ", in: text)
                    && neutralNames.contains { ByteSearch.contains(" \($0):", in: text) })
        }
        let candidates = files.filter {
            declaresType(namedOneOf: lastNames, in: $0.text) && mayOfferValue($0.text)
        }
        // Parsed as type skeletons (the protocols' skeletons blank type bodies), on every core, each
        // file's findings kept at its index.
        let perFile = ConcurrentResults<[(path: String, made: (expression: String, rank: Int))]>(
            count: candidates.count)
        DispatchQueue.concurrentPerform(iterations: candidates.count) { index in
            var made: [(path: String, made: (expression: String, rank: Int))] = []
            let text = candidates[index].text
            let tree = Parser.parse(source: skim ? typeSkeleton(of: text) ?? text : text)
            visit(tree.statements.map(\.item), path: nil, wanted: wanted, publicOnly: publicOnly) { path, value in
                made.append((path, value))
            }
            perFile.store(made, at: index)
        }
        var found: [String: (expression: String, rank: Int)] = [:]
        for (path, made) in perFile.all.joined() where found[path].map({ made.rank < $0.rank }) ?? true {
            found[path] = made
        }
        return found.mapValues(\.expression)
    }

    /// Walks type declarations and extensions, nested ones too, with their paths.
    private static func visit(
        _ items: [some SyntaxProtocol],
        path: String?,
        wanted: Set<String>,
        publicOnly: Bool,
        found: (String, (expression: String, rank: Int)) -> Void
    ) {
        for item in items {
            let node = Syntax(item)
            let declared: (name: String, members: MemberBlockItemListSyntax, modifiers: DeclModifierListSyntax)?
            var isEnum = false
            var isExtension = false
            if let decl = node.as(StructDeclSyntax.self) {
                declared = (decl.name.text, decl.memberBlock.members, decl.modifiers)
            } else if let decl = node.as(ClassDeclSyntax.self) {
                declared = (decl.name.text, decl.memberBlock.members, decl.modifiers)
            } else if let decl = node.as(ActorDeclSyntax.self) {
                declared = (decl.name.text, decl.memberBlock.members, decl.modifiers)
            } else if let decl = node.as(EnumDeclSyntax.self) {
                declared = (decl.name.text, decl.memberBlock.members, decl.modifiers)
                isEnum = true
            } else if let decl = node.as(ExtensionDeclSyntax.self), decl.genericWhereClause == nil, path == nil,
                let extended = plainPath(decl.extendedType)
            {
                declared = (extended, decl.memberBlock.members, decl.modifiers)
                isExtension = true
            } else {
                declared = nil
            }
            guard let declared else { continue }
            // A global actor's type may be made on that actor only, not in the double's fallback.
            let isActorIsolated = node.asProtocol(WithAttributesSyntax.self)?.attributes.contains {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.hasSuffix("Actor") == true
            }
            let fullPath = isExtension ? declared.name : (path.map { $0 + "." } ?? "") + declared.name
            let typeIsVisible = !publicOnly || isExtension || isPublic(declared.modifiers)
            // An extension's members are not used: the type's own attributes (a global actor) are elsewhere.
            if typeIsVisible, !isExtension, isActorIsolated != true, wanted.contains(fullPath),
                let made = value(of: fullPath, in: declared.members, isEnum: isEnum, publicOnly: publicOnly)
            {
                found(fullPath, made)
            }
            visit(declared.members.map(\.decl), path: fullPath, wanted: wanted, publicOnly: publicOnly, found: found)
        }
    }

    /// The best value `members` of the type at `path` offer: `init()` (rank 0), a neutral static
    /// member (1), an enum's first case without associated values (2).
    private static func value(
        of path: String,
        in members: MemberBlockItemListSyntax,
        isEnum: Bool,
        publicOnly: Bool
    ) -> (expression: String, rank: Int)? {
        let last = String(path.split(separator: ".").last ?? "")
        var best: (expression: String, rank: Int)?
        func offer(_ expression: String, _ rank: Int) {
            if best.map({ rank < $0.rank }) ?? true { best = (expression, rank) }
        }
        for member in members {
            if let initializer = member.decl.as(InitializerDeclSyntax.self), isUsableEmptyInit(initializer),
                isVisible(initializer.modifiers, initializer.attributes, publicOnly: publicOnly)
            {
                offer(path + "()", 0)
            } else if let variable = member.decl.as(VariableDeclSyntax.self),
                variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
                isVisible(variable.modifiers, variable.attributes, publicOnly: publicOnly)
            {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        neutralNames.contains(name),
                        let type = binding.typeAnnotation?.type.trimmedDescription,
                        type == last || type == path || type == "Self"
                    else { continue }
                    offer(path + "." + name, 1)
                }
            } else if isEnum, let cases = member.decl.as(EnumCaseDeclSyntax.self),
                isVisible(DeclModifierListSyntax([]), cases.attributes, publicOnly: false),
                let first = cases.elements.first, first.parameterClause == nil
            {
                offer(path + "." + first.name.text, 2)
            }
        }
        return best
    }

    private static func isPublic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.text == "public" || $0.name.text == "open" }
    }

    /// Whether a test target can use a member: not private, public when `publicOnly`, and not
    /// marked `@available`, which may make it unavailable.
    private static func isVisible(
        _ modifiers: DeclModifierListSyntax,
        _ attributes: AttributeListSyntax,
        publicOnly: Bool
    ) -> Bool {
        let isPrivate = modifiers.contains { $0.name.text == "private" || $0.name.text == "fileprivate" }
        let isAvailabilityMarked = attributes.contains {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "available"
        }
        return !isPrivate && !isAvailabilityMarked && (!publicOnly || isPublic(modifiers))
    }

    private static func isUsableEmptyInit(_ initializer: InitializerDeclSyntax) -> Bool {
        initializer.signature.parameterClause.parameters.isEmpty && initializer.optionalMark == nil
            && initializer.signature.effectSpecifiers == nil && initializer.genericParameterClause == nil
    }
}
