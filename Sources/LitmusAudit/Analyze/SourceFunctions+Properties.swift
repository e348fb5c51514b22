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

    /// Whether the package's sources or its tests give the type `type`, in its declarations and extensions, a property
    /// `name`, every one a stored text: `String` or `String?` with no accessor, not `static`
    /// (apple/app-store-server-library-swift v6.0.0's `AdvancedCommerceDescriptors`, `public var description: String`,
    /// decoded from the API's JSON; gonzalezreal/DefaultCodable 1.2.1's test model `Thing`, whose `@Default<Empty> var
    /// description: String` its tests decode): a value of that type holds the text, which no type computes to render it.
    func storesText(_ name: String, ofType written: String) -> Bool {
        remembered("stored-text|\(written)|\(name)") {
            lock.withLock {
                var type = written
                if !declaredType(type), let aliased = aliasedType(type) { type = aliased }
                let found = memberBindings(name, ofType: type, includingTests: true)
                return !found.isEmpty
                    && found.allSatisfy { _, binding in
                        let annotated = binding.typeAnnotation?.type
                        let text = (annotated?.as(OptionalTypeSyntax.self)?.wrappedType ?? annotated)?
                            .trimmedDescription
                        let variable = binding.parent?.parent?.as(VariableDeclSyntax.self)
                        return text == "String" && binding.accessorBlock == nil
                            && variable?.modifiers.contains { ["static", "class"].contains($0.name.text) } == false
                    }
            }
        }
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
    /// that name), and every declaration of `member` in them and their extensions (``memberBindings(_:ofType:)``) is a
    /// plain stored `var` of a struct (no wrapper, no accessor, not `static`), one at least: a value of that type holds
    /// what was last stored there, and no other holder of the value can change it (apple/swift-cassandra-client
    /// 0.12.0's `var keyspace: String?` of `CassandraClient.Configuration`).
    func structStores(_ member: String, in type: String) -> Bool {
        remembered("struct-stores|\(type)|\(member)") {
            lock.withLock {
                for (index, text) in loaded().enumerated() where !ofTests[index] && declares(text, type) {
                    let otherKind = tree(index).descendants(of: Syntax.self).contains { node in
                        [
                            node.as(ClassDeclSyntax.self)?.name, node.as(EnumDeclSyntax.self)?.name,
                            node.as(ActorDeclSyntax.self)?.name, node.as(ProtocolDeclSyntax.self)?.name,
                        ].contains { $0?.text == type }
                    }
                    if otherKind { return false }
                }
                let found = memberBindings(member, ofType: type)
                return !found.isEmpty
                    && found.allSatisfy { group, binding in
                        guard let variable = binding.parent?.parent?.as(VariableDeclSyntax.self) else { return false }
                        return group.is(StructDeclSyntax.self) && binding.accessorBlock == nil
                            && variable.bindingSpecifier.tokenKind == .keyword(.var) && variable.attributes.isEmpty
                            && !variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
                    }
            }
        }
    }
}
