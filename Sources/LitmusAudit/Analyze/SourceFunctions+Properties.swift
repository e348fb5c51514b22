import LitmusRunning
import SwiftSyntax

/// The properties the package's and its tests' files declare, by name: whether one is declared, and of what type.
extension SourceFunctions {
    /// Whether the files declare a property `name` (`var localAddress`, `let localAddress`): the package
    /// implements what a test reads through that name.
    func declaresProperty(_ name: String) -> Bool {
        remembered("property|\(name)") {
            lock.withLock { loaded().contains { declares($0, "var \(name)") || declares($0, "let \(name)") } }
        }
    }

    /// Whether the files declare a property `name` and type every declaration of it optional (`open var draft: Bool?`,
    /// `open var description: String?`, nerdishbynature/octokit.swift 0.14.0): a read of that member is no plain `Bool`,
    /// nor `CustomStringConvertible`'s `description`, which is a `String`. A declaration without a written type, or of
    /// another type, answers no.
    func declaresOnlyOptionalProperty(_ name: String) -> Bool {
        everyDeclaration(of: name, key: "optional-property") { $0.is(OptionalTypeSyntax.self) }
    }

    /// Whether the files declare a property `name` and write every declaration of it with the type `type` (`static var
    /// jsonEncoder: JSONEncoder { … }`, GottaGetSwifty/CodableWrappers 3.1.0's test specs), and declare no type of that
    /// name themselves: a read of that member is a value of the library's type. A declaration without a written type,
    /// or of another type, answers no.
    func declaresOnlyProperty(_ name: String, ofType type: String) -> Bool {
        !declaresType(type)
            && everyDeclaration(of: name, key: "typed-property|\(type)") { $0.trimmedDescription == type }
    }

    /// Whether the files declare a property `name` at least once and every declaration of it writes a type that
    /// `accepts` (remembered under `key`).
    private func everyDeclaration(of name: String, key: String, accepts: (TypeSyntax) -> Bool) -> Bool {
        remembered("\(key)|\(name)") {
            let texts = lock.withLock { loaded().filter { declares($0, "var \(name)") || declares($0, "let \(name)") } }
            var seen = false
            for text in texts {
                for binding in SwiftSource.parse(text).descendants(of: PatternBindingSyntax.self)
                where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    guard let type = binding.typeAnnotation?.type, accepts(type) else { return false }
                    seen = true
                }
            }
            return seen
        }
    }

    /// Whether the package's own sources (not its tests) declare `type` only as a `struct` (or several nested ones of
    /// that name), and every declaration of `member` in them and their extensions is a plain stored `var` (no wrapper,
    /// no accessor, not `static`), one at least: a value of that type holds what was last stored there, and no other
    /// holder of the value can change it (apple/swift-cassandra-client 0.12.0's `var keyspace: String?` of
    /// `CassandraClient.Configuration`).
    func structStores(_ member: String, in type: String) -> Bool {
        remembered("struct-stores|\(type)|\(member)") {
            lock.withLock {
                var stores = false
                for (index, text) in loaded().enumerated() where !ofTests[index] && declares(text, type) {
                    for node in tree(index).descendants(of: Syntax.self) {
                        let named = [
                            node.as(ClassDeclSyntax.self)?.name, node.as(EnumDeclSyntax.self)?.name,
                            node.as(ActorDeclSyntax.self)?.name, node.as(ProtocolDeclSyntax.self)?.name,
                        ]
                        if named.contains(where: { $0?.text == type }) { return false }
                        guard let members = Self.members(of: node, named: type) else { continue }
                        for item in members {
                            guard let variable = item.decl.as(VariableDeclSyntax.self) else { continue }
                            for binding in variable.bindings
                            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == member {
                                guard node.is(StructDeclSyntax.self), binding.accessorBlock == nil,
                                    variable.bindingSpecifier.tokenKind == .keyword(.var), variable.attributes.isEmpty,
                                    !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
                                else { return false }
                                stores = true
                            }
                        }
                    }
                }
                return stores
            }
        }
    }

    /// The members of `node` when it is a struct named `type` or an extension of a type whose name ends `type`.
    private static func members(of node: Syntax, named type: String) -> MemberBlockItemListSyntax? {
        if let declaration = node.as(StructDeclSyntax.self) {
            return declaration.name.text == type ? declaration.memberBlock.members : nil
        }
        guard let extensionDeclaration = node.as(ExtensionDeclSyntax.self) else { return nil }
        let extended = extensionDeclaration.extendedType
        let name = extended.as(IdentifierTypeSyntax.self)?.name.text ?? extended.as(MemberTypeSyntax.self)?.name.text
        return name == type ? extensionDeclaration.memberBlock.members : nil
    }
}
