import LitmusSupport
import SwiftSyntax

/// What the package's own types declare as members, read from their declarations and extensions (the lock held
/// while the files are read; each answer computed once).
extension SourceFunctions {
    /// Whether the package's own sources (not its tests) declare the type `name` and give it, or an extension of it,
    /// a property or method `member` (`var description: String`): what a test reads through it is the package's code.
    /// A type alias of the package is read as the type it names (Pathos 0.4.2's `typealias POSIXBinaryString =
    /// CString<CChar>`, whose `description` an extension of `CString` declares).
    func declaresMember(_ member: String, ofType written: String) -> Bool {
        remembered("member|\(written)|\(member)") {
            lock.withLock {
                ownDeclarations(of: written).flatMap { Self.memberDeclarations(of: $0) }.contains {
                    Self.names($0, member)
                }
            }
        }
    }

    /// Whether `declaration` is a method or property `member` (`func member`, `var member`, one binding of several).
    static func names(_ declaration: DeclSyntax, _ member: String) -> Bool {
        declaration.as(FunctionDeclSyntax.self)?.name.text == member
            || declaration.as(VariableDeclSyntax.self)?.bindings.contains {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == member
            } == true
    }

    /// The declarations and extensions of the type `written` (or of the type a type alias of that name names) in the
    /// package's own sources, not its tests; none when the files declare no such type (the lock held).
    func ownDeclarations(of written: String) -> [DeclGroupSyntax] {
        var name = written
        if !declaredType(name), let aliased = aliasedType(name) { name = aliased }
        guard declaredType(name) else { return [] }
        return loaded().indices.filter { !ofTests[$0] && declares(loaded()[$0], name) }.flatMap { index in
            tree(index).statements.flatMap { Self.typeDeclarations(in: Syntax($0), named: name) }
        }
    }

    /// Whether the package's own sources give the type `type` the member `member`, or give it a class `type`
    /// inherits from through its chain of superclasses there (SwiftDocOrg/CommonMark 0.5.1's `class Paragraph: Node`,
    /// whose `description` `Node` declares).
    func declaresMember(_ member: String, ofTypeOrSuperclass type: String) -> Bool {
        superclassChain(from: type).contains { declaresMember(member, ofType: $0) }
    }

    /// `type` and the classes it inherits from through the classes the files declare, nearest first.
    func superclassChain(from type: String) -> [String] {
        var chain: [String] = []
        var current = type
        var seen: Set<String> = []
        while seen.insert(current).inserted {
            chain.append(current)
            guard
                let base = lock.withLock({
                    classDeclaration(current).flatMap { TargetTypes.firstInherited($0.0.inheritanceClause) }
                })
            else { break }
            current = base
        }
        return chain
    }

    /// Whether the package's own sources (not its tests) give the type `type`, in its declarations and extensions, a
    /// property `name`, every one written optional (mattt/swift-yyjson 0.5.0's `YYJSONValue`'s `public var bool: Bool?`,
    /// where a test's own struct declares a `let bool: Bool` of its own). A type the package only extends counts
    /// (KituraContracts 1.2.201's `extension String { public var boolean: Bool? }`).
    func declaresOnlyOptionalProperty(_ name: String, ofType written: String) -> Bool {
        remembered("optional-member|\(written)|\(name)") {
            lock.withLock { everyWrittenType(of: name, ofType: written) { $0.is(OptionalTypeSyntax.self) } }
        }
    }

    /// Whether the package's own sources (not its tests) give the type `type`, in its declarations and extensions, a
    /// property `name`, every one written with a type that is not optional (swift-nio 2.101.3's `NewWriter`'s
    /// `public let writer: NIOAsyncWriter`): its value is never `nil`. One without a written type is not known.
    func declaresOnlyNonOptionalProperty(_ name: String, ofType written: String) -> Bool {
        remembered("value-member|\(written)|\(name)") {
            lock.withLock {
                everyWrittenType(of: name, ofType: written, Self.isValueType)
            }
        }
    }

    /// Whether a value of the written type `type` is never `nil`: not optional, implicitly unwrapped, `Optional<…>`,
    /// `Any` or `AnyObject`.
    static func isValueType(_ type: TypeSyntax) -> Bool {
        !type.is(OptionalTypeSyntax.self) && !type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            && !["Optional", "Any", "AnyObject"].contains(type.as(IdentifierTypeSyntax.self)?.name.text ?? "")
    }

    /// Whether the package's own sources declare the property `name` of the type `written` (a type alias of the
    /// package read as the type it names) at least once, and every declaration of it has a written type that
    /// `holds`; one without a written type never does. The lock held.
    private func everyWrittenType(of name: String, ofType written: String, _ holds: (TypeSyntax) -> Bool) -> Bool {
        var type = written
        if !declaredType(type), let aliased = aliasedType(type) { type = aliased }
        let found = memberBindings(name, ofType: type)
        return !found.isEmpty && found.allSatisfy { $0.binding.typeAnnotation.map { holds($0.type) } ?? false }
    }

    /// Whether the package's own sources (not its tests) declare functions `name` taking exactly the argument labels
    /// `labels` (`nil` for an unlabelled one), at least one, and every one of them returns an optional (swhitty/
    /// KeyValueCoder 0.9.1's `func decode<T>(_ type: T.Type, forKey key: String) throws -> T?`, called `try
    /// defaults.decode(Bool.self, forKey: "flag") == true`: a `Bool?`, which `#expect(x)` cannot take). With `owner`,
    /// only the functions its declarations and extensions declare (`UserDefaults`, which that package extends).
    func returnsOnlyOptional(_ name: String, labels: [String?], owner: String? = nil) -> Bool {
        let key = labels.map { $0 ?? "_" }.joined(separator: ":")
        return remembered("optional-result|\(name)|\(key)|\(owner ?? "")") {
            lock.withLock {
                var seen = false
                for (index, text) in loaded().enumerated()
                where !ofTests[index] && ByteSearch.contains("func \(name)", in: text) {
                    let functions = tree(index).descendants(of: FunctionDeclSyntax.self)
                    for function in functions where function.name.text == name {
                        let parameters = function.signature.parameterClause.parameters.map { parameter in
                            parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
                        }
                        let declaredBy = Self.ownerName(of: Syntax(function))
                        guard parameters == labels, owner.map({ declaredBy == $0 }) ?? true else { continue }
                        guard function.signature.returnClause?.type.is(OptionalTypeSyntax.self) == true else {
                            return false
                        }
                        seen = true
                    }
                }
                return seen
            }
        }
    }

    /// Whether the package's own sources (not its tests) declare an enum `type` with a case `name`, and nothing else
    /// of the name `type` but its extensions.
    func declaresCase(_ name: String, ofEnum type: String) -> Bool {
        remembered("case|\(type)|\(name)") {
            lock.withLock {
                var found = false
                for (index, text) in loaded().enumerated() where declares(text, type) {
                    let tree = tree(index)
                    let others =
                        tree.descendants(of: StructDeclSyntax.self).contains { $0.name.text == type }
                        || tree.descendants(of: ClassDeclSyntax.self).contains { $0.name.text == type }
                        || tree.descendants(of: ActorDeclSyntax.self).contains { $0.name.text == type }
                        || tree.descendants(of: TypeAliasDeclSyntax.self).contains { $0.name.text == type }
                    if others { return false }
                    // The tests' own enum of that name shadows the package's.
                    guard !ofTests[index] else {
                        if tree.descendants(of: EnumDeclSyntax.self).contains(where: { $0.name.text == type }) {
                            return false
                        }
                        continue
                    }
                    found =
                        found
                        || tree.descendants(of: EnumDeclSyntax.self).contains { declaration in
                            declaration.name.text == type
                                && declaration.memberBlock.members.contains { member in
                                    // A case named by a keyword is declared in backticks (case `is`(Int)).
                                    member.decl.as(EnumCaseDeclSyntax.self)?.elements.contains {
                                        $0.name.text.filter { $0 != "`" } == name
                                    } == true
                                }
                        }
                }
                return found
            }
        }
    }

    /// Whether the package's own sources (not its tests) declare a function `name` (`func name`), not only a property
    /// or a type of that name.
    func declaresFunctionOutsideTests(_ name: String) -> Bool {
        remembered("functionOutsideTests|\(name)") {
            lock.withLock {
                loaded().enumerated().contains { index, text in !ofTests[index] && declares(text, "func \(name)") }
            }
        }
    }

    /// Whether the package's own sources, not its tests, declare a type, function, property or case `name`.
    func declaresOutsideTests(_ name: String) -> Bool {
        remembered("outsideTests|\(name)") {
            lock.withLock {
                loaded().enumerated().contains { index, text in
                    !ofTests[index]
                        && ["struct", "class", "enum", "actor", "protocol", "typealias", "func", "var", "let", "case"]
                            .contains { declares(text, "\($0) \(name)") }
                }
            }
        }
    }

    /// Whether the files declare a protocol `name` at a file's top level (`protocol SharedContainer`), and no class
    /// of that name: read from the syntax, not a comment's words.
    func declaresProtocol(_ name: String) -> Bool {
        remembered("protocol|\(name)") {
            lock.withLock {
                var isProtocol = false
                for (index, text) in loaded().enumerated() where declares(text, name) {
                    let tree = tree(index)
                    if tree.descendants(of: ClassDeclSyntax.self).contains(where: { $0.name.text == name }) {
                        return false
                    }
                    isProtocol =
                        isProtocol
                        || tree.statements.contains { $0.item.as(ProtocolDeclSyntax.self)?.name.text == name }
                }
                return isProtocol
            }
        }
    }

    /// Whether the package's files declare a type `name` (``declaresType(_:)``), or its own sources a type alias of
    /// that name for one type (`public typealias JSONValue = Value`).
    func declaresTypeOrAlias(_ name: String) -> Bool {
        lock.withLock { declaredType(name) || aliasedType(name) != nil }
    }

    /// The type every `typealias name = …` of the package's own sources names (its last component, without
    /// generic arguments), the lock held; `nil` when there is none, or two name different types.
    func aliasedType(_ name: String) -> String? {
        var named: Set<String> = []
        for (index, text) in loaded().enumerated() where !ofTests[index] && declares(text, "typealias \(name)") {
            for alias in tree(index).descendants(of: TypeAliasDeclSyntax.self) where alias.name.text == name {
                let type = alias.initializer.value
                guard
                    let last = type.as(IdentifierTypeSyntax.self)?.name.text
                        ?? type.as(MemberTypeSyntax.self)?.name.text
                else { return nil }
                named.insert(last)
            }
        }
        return named.count == 1 ? named.first : nil
    }

    /// The bindings of the property `name` in the package's own sources' declarations and extensions of `type`
    /// (``typeDeclarations(in:named:)``), and with `includingTests` in its tests' too, each with the group that declares
    /// it; the lock held.
    func memberBindings(_ name: String, ofType type: String, includingTests: Bool = false) -> [(
        group: DeclGroupSyntax, binding: PatternBindingSyntax
    )] {
        var found: [(group: DeclGroupSyntax, binding: PatternBindingSyntax)] = []
        for (index, text) in loaded().enumerated() where (includingTests || !ofTests[index]) && declares(text, type) {
            for group in tree(index).statements.flatMap({ Self.typeDeclarations(in: Syntax($0), named: type) }) {
                for member in Self.memberDeclarations(of: group) {
                    for binding in member.as(VariableDeclSyntax.self)?.bindings ?? []
                    where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        found.append((group, binding))
                    }
                }
            }
        }
        return found
    }

    /// The declarations of `group`'s body, those in every clause of an `#if` in it too (a member only one platform
    /// compiles is still the package's).
    static func memberDeclarations(of group: DeclGroupSyntax) -> [DeclSyntax] {
        func flattened(_ members: MemberBlockItemListSyntax) -> [DeclSyntax] {
            members.flatMap { member -> [DeclSyntax] in
                guard let config = member.decl.as(IfConfigDeclSyntax.self) else { return [member.decl] }
                return config.clauses.flatMap { clause -> [DeclSyntax] in
                    if case .decls(let inner) = clause.elements { return flattened(inner) }
                    return []
                }
            }
        }
        return flattened(group.memberBlock.members)
    }

    /// The structs, classes, enums and extensions `name` in `node`, at any depth of types and in every clause of an
    /// `#if` (not inside functions); with `protocols`, the protocols `name` too.
    static func typeDeclarations(in node: Syntax, named name: String, protocols: Bool = false) -> [DeclGroupSyntax] {
        let inner = { (node: Syntax) in typeDeclarations(in: node, named: name, protocols: protocols) }
        var found: [DeclGroupSyntax] = []
        if protocols, let type = node.as(ProtocolDeclSyntax.self), type.name.text == name { found.append(type) }
        if let type = node.as(ClassDeclSyntax.self), type.name.text == name { found.append(type) }
        if let type = node.as(StructDeclSyntax.self), type.name.text == name { found.append(type) }
        if let type = node.as(EnumDeclSyntax.self), type.name.text == name { found.append(type) }
        // An extension of the type by its qualified name too (`extension Schema.Size: CustomStringConvertible`).
        if let type = node.as(ExtensionDeclSyntax.self),
            type.extendedType.trimmedDescription == name
                || type.extendedType.as(MemberTypeSyntax.self)?.name.text == name
        {
            found.append(type)
        }
        // Every clause of an `#if` (mattt/swift-yyjson 0.5.0's whole `Value.swift` is in `#if !YYJSON_DISABLE_READER`).
        if let config = node.as(IfConfigDeclSyntax.self) {
            for clause in config.clauses {
                switch clause.elements {
                case .statements(let items): found += items.flatMap { inner(Syntax($0)) }
                case .decls(let members): found += members.flatMap { inner(Syntax($0.decl)) }
                default: break
                }
            }
            return found
        }
        let members: MemberBlockItemListSyntax?
        if let item = node.as(CodeBlockItemSyntax.self) {
            return inner(Syntax(item.item))
        } else if let group = node.asProtocol(DeclGroupSyntax.self) {
            members = group.memberBlock.members
        } else {
            members = nil
        }
        for member in members ?? [] { found += inner(Syntax(member.decl)) }
        return found
    }

    /// Whether the package's own sources (not its tests) write an `==` for the type `name`: a `static func ==` in its
    /// declaration or an extension of it, or a free `func ==` taking it. The compiler's synthesized `==` compares the
    /// fields as they are, and a value is always equal to itself by it; one written by hand is code to test.
    func writesEquality(of name: String) -> Bool {
        remembered("equality|\(name)") {
            lock.withLock {
                for (index, text) in loaded().enumerated()
                where !ofTests[index] && ByteSearch.contains("==", in: text) && declares(text, name) {
                    for function in tree(index).descendants(of: FunctionDeclSyntax.self)
                    where function.name.text == "==" {
                        var owner = function.parent
                        while let node = owner, node.asProtocol(DeclGroupSyntax.self) == nil { owner = node.parent }
                        let ownerName =
                            owner?.as(StructDeclSyntax.self)?.name.text ?? owner?.as(ClassDeclSyntax.self)?.name.text
                            ?? owner?.as(EnumDeclSyntax.self)?.name.text ?? owner?.as(ActorDeclSyntax.self)?.name.text
                            ?? owner?.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
                        if ownerName == name { return true }
                        if owner == nil,
                            function.signature.parameterClause.parameters.contains(where: {
                                $0.type.trimmedDescription == name
                            })
                        {
                            return true
                        }
                    }
                }
                return false
            }
        }
    }

    /// Whether the package's files (its test support too) declare a free `func ==` over errors: both parameters
    /// `Error`, optional or not, written `any Error` or `Swift.Error` too (google/promises 2.4.1's test helpers:
    /// `public func == (lhs: Error?, rhs: Error?) -> Bool`). `Error` has no `==` of its own, so an error compared
    /// with `==` there is compared by it.
    func declaresErrorEquality() -> Bool {
        remembered("error-equality") {
            lock.withLock {
                for (index, text) in loaded().enumerated()
                where ByteSearch.contains("func ==", in: text) && ByteSearch.contains("Error", in: text) {
                    for function in tree(index).descendants(of: FunctionDeclSyntax.self)
                    where function.name.text == "=="
                        && function.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
                    {
                        let types = function.signature.parameterClause.parameters.map { parameter in
                            var type = parameter.type.trimmedDescription
                            for wrapping in ["?", "!", "(", ")", "any ", "Swift."] {
                                type = type.replacingOccurrences(of: wrapping, with: "")
                            }
                            return type
                        }
                        if types == ["Error", "Error"] { return true }
                    }
                }
                return false
            }
        }
    }
}
