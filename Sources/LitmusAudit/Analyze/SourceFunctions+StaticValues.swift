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
}
