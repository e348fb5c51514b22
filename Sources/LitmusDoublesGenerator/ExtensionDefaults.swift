import Dispatch
import LitmusSupport
import SwiftParser
import SwiftSyntax

/// A member a protocol's extension implements (a default implementation), which a requirement of the
/// same signature may be answered with: swift-metrics' `MetricsFactory.makeMeter(label:dimensions:)`,
/// OpenCombine's `combineIdentifier` (an extension `where Self: AnyObject`).
struct ExtensionDefault {
    /// The member: a `FunctionDeclSyntax`, a `VariableDeclSyntax` or a `SubscriptDeclSyntax`.
    let decl: DeclSyntax
    /// Whether its extension says `where Self: AnyObject`, so only a class gets it.
    let needsClass: Bool
}

/// Finds the defaults of the module's protocol extensions and writes what reaches them.
///
/// Swift has no way for a type that implements a member to call the default its protocol's extension
/// gives (no `super` for protocols). The double implements every requirement, so it reaches the default
/// of a member through a helper type of that member, `<Double>Default<Recorder>`, which conforms to the
/// protocol without implementing that member, so the default answers for it; every other member of the
/// helper calls the double. A default's `self` is that helper: whatever it calls on `self` (another
/// member with a default too) reaches the double, is recorded, and answers as the test stubbed it.
/// A trampoline in an extension of the protocol (`litmusDefault_<Double>_<recorder>`) calls the
/// member through the protocol, so the helper's witness, the default, answers.
enum ExtensionDefaults {
    /// The members that top-level extensions of `protocols` implement, by protocol name: extensions
    /// without a where clause, or `where Self: AnyObject`, not inside `#if`; members that are not
    /// static, private, marked `@available` (a deprecated default warns where it is used) or, with
    /// `publicOnly`, internal. Only files holding `extension <one of protocols>` and a member named like
    /// one of `memberNames` are parsed, as type skeletons.
    static func find(
        for protocols: Set<String>,
        memberNames: Set<String>,
        in files: [SourceFile],
        publicOnly: Bool,
        skim: Bool = true
    ) -> [String: [ExtensionDefault]] {
        guard !protocols.isEmpty, !memberNames.isEmpty else { return [:] }
        // A byte scan for `extension <Name>`; then, on every core, the file's tokens, which give the
        // extensions that may hold a default; with `skim`, only those are parsed, as type skeletons.
        // Findings are kept in the files' order.
        let candidates = files.filter { mentionsExtension(of: protocols, in: $0.text) }
        guard !candidates.isEmpty else { return [:] }
        let perFile = ConcurrentResults<[(String, ExtensionDefault)]>(count: candidates.count)
        // A few files are read on this thread: waking the other cores costs more than they save.
        let read: @Sendable (Int) -> Void = { index in
            let text = candidates[index].text
            let bytes = Array(text.utf8)
            let ranges = extensionRanges(bytes, protocols: protocols, memberNames: memberNames)
            guard ranges?.isEmpty != true else { return }
            var source = text
            if skim, let ranges {
                let extensions = ranges.map { String(decoding: bytes[$0], as: UTF8.self) }.joined(separator: "\n")
                source = MadeValues.typeSkeleton(of: extensions) ?? extensions
            }
            let tree = Parser.parse(source: source)
            var found: [(String, ExtensionDefault)] = []
            for statement in tree.statements {
                guard let decl = statement.item.as(ExtensionDeclSyntax.self),
                    let name = MadeValues.plainPath(decl.extendedType), protocols.contains(name),
                    decl.inheritanceClause == nil
                else { continue }
                let needsClass: Bool
                switch decl.genericWhereClause.map(tokenText) {
                case nil: needsClass = false
                case "where Self : AnyObject"?: needsClass = true
                default: continue
                }
                let extensionIsPublic = decl.modifiers.contains { $0.name.text == "public" || $0.name.text == "open" }
                for member in decl.memberBlock.members
                where isUsable(member.decl, publicOnly: publicOnly, extensionIsPublic: extensionIsPublic) {
                    found.append((name, ExtensionDefault(decl: member.decl, needsClass: needsClass)))
                }
            }
            perFile.store(found, at: index)
        }
        if candidates.count < 4 {
            candidates.indices.forEach(read)
        } else {
            DispatchQueue.concurrentPerform(iterations: candidates.count, execute: read)
        }
        var result: [String: [ExtensionDefault]] = [:]
        for (name, member) in perFile.all.joined() {
            result[name, default: []].append(member)
        }
        return result
    }

    /// Whether `text` holds `extension` followed by one of `names`: a scan of the UTF-8 bytes, sixteen
    /// at a time, looking closer only where one is an "x", as ``ModuleDoubles/mayDeclareProtocol(_:)``
    /// does for `protocol`.
    static func mentionsExtension(of names: Set<String>, in text: String) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ mentionsExtension(of: names, in: $0) }) {
            return found
        }
        return Array(text.utf8).withUnsafeBufferPointer { mentionsExtension(of: names, in: $0) }
    }

    private static func mentionsExtension(of names: Set<String>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let keyword = Array("extension".utf8)
        // The keyword and the byte after it must fit.
        guard bytes.count > keyword.count, let base = bytes.baseAddress else { return false }
        let last = bytes.count - keyword.count - 1
        // The keyword's first eight bytes as one little-endian number, compared with eight bytes at once.
        let pattern = keyword.prefix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        func namesOne(at index: Int) -> Bool {
            guard index >= 0, index <= last,
                UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) == pattern,
                base[index + 8] == keyword[8], index == 0 || !MadeValues.isIdentifierByte(base[index - 1]),
                !MadeValues.isIdentifierByte(base[index + 9])
            else { return false }
            var end = index + 9
            while end < bytes.count, base[end] == UInt8(ascii: " ") || base[end] == UInt8(ascii: "\t") { end += 1 }
            let start = end
            while end < bytes.count, MadeValues.isIdentifierByte(base[end]) { end += 1 }
            return end > start
                && names.contains(
                    String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self))
        }
        var index = 0
        let x = SIMD16<UInt8>(repeating: keyword[1])
        while index + 16 <= bytes.count {
            let matches = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self) .== x
            if any(matches) {
                for offset in 0..<16 where matches[offset] && namesOne(at: index + offset - 1) { return true }
            }
            index += 16
        }
        while index < bytes.count {
            if base[index] == keyword[1], namesOne(at: index - 1) { return true }
            index += 1
        }
        return false
    }

    /// Whether a top-level `extension` of one of `protocols` in `text` declares, directly in its body, a
    /// member named as one of `memberNames` says (`func name`, `var name`, `subscript`).
    static func mayHoldDefault(_ text: String, protocols: Set<String>, memberNames: Set<String>) -> Bool {
        extensionRanges(Array(text.utf8), protocols: protocols, memberNames: memberNames).map { !$0.isEmpty } ?? true
    }

    /// The byte ranges of the top-level extensions of `protocols` that declare, directly in their body, a
    /// member named as one of `memberNames` says (`func name`, `var name`, `subscript`), each from the end
    /// of the top-level declaration before it (so its attributes and modifiers come along): the tokens of
    /// the file, not a parse, so that a file extending a protocol with other members only (OpenCombine's
    /// 66 files of `extension Publisher` operators) is not parsed, and a file that does is parsed only
    /// there. `nil` when the lexer stops early: the whole file is then parsed.
    static func extensionRanges(_ bytes: [UInt8], protocols: Set<String>, memberNames: Set<String>) -> [Range<Int>]? {
        let lexed = SwiftLexer.tokens(of: bytes)
        guard lexed.problem == nil else { return nil }
        let extensionKeyword = Array("extension".utf8)
        var ranges: [Range<Int>] = []
        var depth = 0
        var declarationStart = 0
        var expectingName = false
        var isWanted = false
        var bodyDepth: Int?
        var holdsMember = false
        var introducer: String?
        for token in lexed.tokens where token.interpolationDepth == 0 {
            let first = bytes[token.range.lowerBound]
            switch token.kind {
            case .identifier, .escapedIdentifier:
                if expectingName {
                    isWanted = protocols.contains(SwiftLexer.text(token.range, of: bytes))
                    expectingName = false
                } else if depth == 0 {
                    expectingName = bytes[token.range].elementsEqual(extensionKeyword)
                } else if bodyDepth == depth, !holdsMember {
                    let word = SwiftLexer.text(token.range, of: bytes)
                    if let introducer, memberNames.contains(introducer + " " + word) { holdsMember = true }
                    if word == "subscript", memberNames.contains(word) { holdsMember = true }
                    introducer = word == "func" || word == "var" ? word : nil
                }
            case .punctuation where first == UInt8(ascii: "{"):
                if depth == 0, isWanted { bodyDepth = 1 }
                isWanted = false
                expectingName = false
                depth += 1
            case .punctuation where first == UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    if bodyDepth != nil, holdsMember { ranges.append(declarationStart..<token.range.upperBound) }
                    bodyDepth = nil
                    holdsMember = false
                    declarationStart = token.range.upperBound
                }
            case .punctuation where first == UInt8(ascii: "."):
                // `extension Publishers.Map`: a nested type, not a protocol.
                isWanted = false
            default:
                break
            }
        }
        return depth == 0 ? ranges : nil
    }

    /// Whether a test target's conformance can take `member` as a witness: an instance method,
    /// computed property or subscript, visible there, and not marked `@available`.
    private static func isUsable(_ member: DeclSyntax, publicOnly: Bool, extensionIsPublic: Bool) -> Bool {
        let modifiers: DeclModifierListSyntax
        let attributes: AttributeListSyntax
        if let function = member.as(FunctionDeclSyntax.self) {
            (modifiers, attributes) = (function.modifiers, function.attributes)
        } else if let variable = member.as(VariableDeclSyntax.self), variable.bindings.count == 1,
            variable.bindings.first?.accessorBlock != nil
        {
            (modifiers, attributes) = (variable.modifiers, variable.attributes)
        } else if let subscriptDecl = member.as(SubscriptDeclSyntax.self) {
            (modifiers, attributes) = (subscriptDecl.modifiers, subscriptDecl.attributes)
        } else {
            return false
        }
        let names = Set(modifiers.map(\.name.text))
        guard names.isDisjoint(with: ["static", "class", "private", "fileprivate", "mutating"]) else { return false }
        let isAvailabilityMarked = attributes.contains {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "available"
        }
        let isPublic =
            !names.isDisjoint(with: ["public", "open"])
            || (extensionIsPublic && names.isDisjoint(with: ["internal", "package"]))
        return !isAvailabilityMarked && (!publicOnly || isPublic)
    }

    /// Whether `member` can answer for `requirement`: the same name, parameters (labels and types, as
    /// written), generic clause, result and where clause, effects the requirement allows (a member that
    /// does not throw may answer a throwing requirement). Only instance requirements that are not
    /// `mutating` and have no setter qualify, and `throws(E)` and `rethrows` ones do not; a type written
    /// another way (`Self.Input` for `Input`) is not recognized, and the member is then not used.
    static func matches(_ requirement: Requirement, _ member: ExtensionDefault) -> Bool {
        switch requirement {
        case .method(let decl):
            guard let other = member.decl.as(FunctionDeclSyntax.self), other.name.text == decl.name.text,
                !isMutating(decl.modifiers),
                same(decl.genericParameterClause, other.genericParameterClause),
                sameParameters(decl.signature.parameterClause.parameters, other.signature.parameterClause.parameters),
                sameResult(decl.signature.returnClause?.type, other.signature.returnClause?.type),
                same(decl.genericWhereClause, other.genericWhereClause)
            else { return false }
            return allows(Effects(decl.signature.effectSpecifiers), Effects(other.signature.effectSpecifiers))
        case .property(let decl, let binding):
            guard let other = member.decl.as(VariableDeclSyntax.self), let otherBinding = other.bindings.first,
                binding.pattern.trimmedDescription == otherBinding.pattern.trimmedDescription,
                !isMutating(decl.modifiers), let getter = getterOnly(binding.accessorBlock),
                same(binding.typeAnnotation?.type, otherBinding.typeAnnotation?.type)
            else { return false }
            return allows(Effects(getter.effectSpecifiers), Effects(getterEffects(otherBinding.accessorBlock)))
        case .subscript(let decl):
            guard let other = member.decl.as(SubscriptDeclSyntax.self), let getter = getterOnly(decl.accessorBlock),
                same(decl.genericParameterClause, other.genericParameterClause),
                sameParameters(decl.parameterClause.parameters, other.parameterClause.parameters),
                same(decl.returnClause.type, other.returnClause.type),
                same(decl.genericWhereClause, other.genericWhereClause)
            else { return false }
            return allows(Effects(getter.effectSpecifiers), Effects(getterEffects(other.accessorBlock)))
        case .initializer:
            return false
        }
    }

    /// The requirement's getter when it has no setter (`{ get }`, `{ get async throws }`), else `nil`.
    private static func getterOnly(_ block: AccessorBlockSyntax?) -> AccessorDeclSyntax? {
        guard let block, case .accessors(let list) = block.accessors,
            !list.contains(where: { $0.accessorSpecifier.tokenKind != .keyword(.get) })
        else { return nil }
        return list.first
    }

    /// The effects of an implemented getter: `get async throws { … }`, or none for a plain body.
    private static func getterEffects(_ block: AccessorBlockSyntax?) -> AccessorEffectSpecifiersSyntax? {
        guard let block, case .accessors(let list) = block.accessors else { return nil }
        return list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.effectSpecifiers
    }

    /// Whether a member with `member`'s effects may answer a requirement with `requirement`'s: no
    /// `async` or `throws` the requirement lacks; typed throws and `rethrows` are left out.
    private static func allows(_ requirement: Effects, _ member: Effects) -> Bool {
        if member.isAsync, !requirement.isAsync { return false }
        switch (requirement.throwing, member.throwing) {
        case (.none, .none), (.untyped, .none), (.untyped, .untyped): return true
        default: return false
        }
    }

    private static func isMutating(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.mutating) }
    }

    private static func sameParameters(_ first: FunctionParameterListSyntax, _ second: FunctionParameterListSyntax)
        -> Bool
    {
        guard first.count == second.count else { return false }
        return zip(first, second).allSatisfy { one, other in
            one.firstName.text == other.firstName.text && tokenText(one.type) == tokenText(other.type)
                && (one.ellipsis == nil) == (other.ellipsis == nil)
                && tokenText(one.attributes)
                    == tokenText(other.attributes)
        }
    }

    private static func sameResult(_ first: TypeSyntax?, _ second: TypeSyntax?) -> Bool {
        let void = { (type: TypeSyntax?) in type.map(tokenText).map { $0 == "Void" || $0 == "( )" } ?? true }
        return (void(first) && void(second)) || same(first, second)
    }

    private static func same(_ first: (some SyntaxProtocol)?, _ second: (some SyntaxProtocol)?) -> Bool {
        first.map(tokenText) == second.map(tokenText)
    }

    /// The node's tokens joined by single spaces: the same text however it was spaced or commented.
    private static func tokenText(_ node: some SyntaxProtocol) -> String {
        node.tokens(viewMode: .sourceAccurate).map(\.text).joined(separator: " ")
    }
}

extension ExtensionDefaults {
    /// What `extension` lines may hold a default of a requirement of `protocols`: `func name`, `var
    /// name`, `subscript`. A file holding none of them is not parsed.
    static func memberNames(of protocols: [ProtocolDeclSyntax]) -> Set<String> {
        var names: Set<String> = []
        func visit(_ members: MemberBlockItemListSyntax) {
            for member in members {
                if let function = member.decl.as(FunctionDeclSyntax.self) {
                    names.insert("func " + function.name.text)
                } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings { names.insert("var " + binding.pattern.trimmedDescription) }
                } else if member.decl.is(SubscriptDeclSyntax.self) {
                    names.insert("subscript")
                } else if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
                    for clause in ifConfig.clauses {
                        if case .decls(let inner) = clause.elements { visit(inner) }
                    }
                }
            }
        }
        for decl in protocols { visit(decl.memberBlock.members) }
        return names
    }
}
