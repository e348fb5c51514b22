import SwiftSyntax

extension SourceFunctions {
    /// Whether the package's own sources (not its tests) give the type `type`, in its declaration or an extension, a
    /// static property `name` of that type: written `static let flags: GAPDataType = 0x01`, `static var
    /// attributeNotFound: ATTError { … }` or typed `Self`, or untyped with the type's initializer as its value
    /// (`static let att = ChannelIdentifier(rawValue: 4)`, `Self(…)`). The named constants of a `RawRepresentable`
    /// struct, read as its enum's cases are (PureSwift/Bluetooth 8.1.0's `GAPDataType.flags.description`, read false on
    /// first contact).
    func declaresStaticValue(_ name: String, ofType type: String) -> Bool {
        remembered("static-value|\(type)|\(name)") {
            lock.withLock {
                guard declaredType(type) else { return false }
                for (index, text) in loaded().enumerated() where !ofTests[index] && declares(text, name) {
                    let groups = tree(index).statements.flatMap { Self.typeDeclarations(in: Syntax($0), named: type) }
                    let members = groups.flatMap { Self.memberDeclarations(of: $0) }
                    if members.contains(where: { Self.isStaticValue($0, named: name, of: type) }) { return true }
                }
                return false
            }
        }
    }

    /// Whether `member` is a `static` property `name` of the type `type`, by its written type or its initializer.
    private static func isStaticValue(_ member: DeclSyntax, named name: String, of type: String) -> Bool {
        guard let variable = member.as(VariableDeclSyntax.self),
            variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
            let binding = variable.bindings.first(where: {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            })
        else { return false }
        if let written = binding.typeAnnotation?.type.as(IdentifierTypeSyntax.self) {
            return written.genericArgumentClause == nil && [type, "Self"].contains(written.name.text)
        }
        guard binding.typeAnnotation == nil, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self)
        else { return false }
        return [type, "Self"].contains(call.initializedTypeName() ?? "")
    }

    /// Whether the package's sources or its tests give the type `type` a static property `name`, at least once, each
    /// declaration written with a type that is neither optional nor `Any` (hkellaway/Gloss 3.2.1's test model's
    /// `static var testJSON: JSON { return [...] }`, which its tests' set-up assigns): reading it gives a value, never
    /// `nil`. One without a written type is not known.
    func declaresOnlyNonOptionalStatic(_ name: String, in type: String) -> Bool {
        remembered("static-nonoptional|\(type)|\(name)") {
            lock.withLock {
                let statics = memberBindings(name, ofType: type, includingTests: true).map(\.binding).filter {
                    binding in
                    binding.parent?.parent?.as(VariableDeclSyntax.self)?.modifiers.contains {
                        $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
                    } == true
                }
                return !statics.isEmpty
                    && statics.allSatisfy { $0.typeAnnotation.map { Self.isValueType($0.type) } ?? false }
            }
        }
    }

    /// The one plain type (not optional nor generic; `Self` is `owner`) that every static function `function` the
    /// package's own sources give the type `owner` returns, in its declaration or an extension: swift-nio 2.101.3's
    /// `NIOAsyncWriter.makeWriter(…)`, each overload returning its nested `NewWriter`. `nil` when no such function
    /// is declared, or two return different types. `throughOptional`: a function returning `T?` or `T!` (each overload)
    /// answers `T`, for a caller that reads the result only once unwrapped (Optional has no `description` of its own:
    /// KittyMac/Sextant 0.4.40's `PathCompiler.compile(query:)?.description`).
    func staticResultType(of function: String, in owner: String, throughOptional: Bool = false) -> String? {
        let results: Set<String> = lock.withLock {
            guard declaredType(owner) else { return [] }
            var results: Set<String> = []
            // Every overload, the tests' extensions' too: any of another type leaves the call undecided.
            for (index, text) in loaded().enumerated()
            where declares(text, owner) && declares(text, "func \(function)") {
                let groups = tree(index).statements.flatMap { Self.typeDeclarations(in: Syntax($0), named: owner) }
                for declaration in groups.flatMap(\.memberBlock.members).compactMap({
                    $0.decl.as(FunctionDeclSyntax.self)
                })
                where declaration.name.text == function
                    && declaration.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
                {
                    var written = declaration.signature.returnClause?.type
                    if throughOptional, let wrapped = Self.unwrappedOptional(written) { written = wrapped }
                    let type = written?.as(IdentifierTypeSyntax.self)
                    let generic = declaration.genericParameterClause?.parameters.map(\.name.text) ?? []
                    guard let type, type.genericArgumentClause == nil, !generic.contains(type.name.text) else {
                        return ["?"]
                    }
                    results.insert(type.name.text == "Self" ? owner : type.name.text)
                }
            }
            return results
        }
        guard results.count == 1, let type = results.first, type != "?" else { return nil }
        return type
    }

    /// `T` of a written `T?` or `T!`; `nil` for any other type.
    private static func unwrappedOptional(_ type: TypeSyntax?) -> TypeSyntax? {
        type?.as(OptionalTypeSyntax.self)?.wrappedType
            ?? type?.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType
    }

    /// Whether the package's own sources (not its tests) declare a protocol `name` (in any clause of an `#if`, nested
    /// in a type too) and give it, in its declaration (a
    /// requirement its conformers implement) or an extension (a default), a property or method `member`: a value of
    /// that existential type renders through the package's code (KittyMac/Sextant 0.4.40's `protocol Path:
    /// CustomStringConvertible`, whose extension and conforming classes give each compiled path its `description`).
    func declaresMember(_ member: String, ofProtocol name: String) -> Bool {
        remembered("protocol-member|\(name)|\(member)") {
            lock.withLock {
                let groups = loaded().indices.filter { !ofTests[$0] && declares(loaded()[$0], name) }.flatMap { index in
                    tree(index).statements.flatMap {
                        Self.typeDeclarations(in: Syntax($0), named: name, protocols: true)
                    }
                }
                guard groups.contains(where: { $0.is(ProtocolDeclSyntax.self) }) else { return false }
                return groups.flatMap { Self.memberDeclarations(of: $0) }.contains { Self.names($0, member) }
            }
        }
    }
}
