/// A type as the compiler's typed AST writes it: mangled and canonical (`$sSdD` is `Double`, and so is
/// `TimeInterval`; `$sSdSgD` is `Double?`). Read only for the few shapes the rules ask about.
public struct TypedType: Sendable, Hashable, CustomStringConvertible {
    /// The mangled type, `$s…D`.
    public var mangled: String

    /// The type `mangled` names.
    public init(mangled: String) { self.mangled = mangled }

    /// The mangling between `$s` and the final `D`.
    private var body: Substring {
        var text = Substring(mangled)
        if text.hasPrefix("$s") { text = text.dropFirst(2) }
        if text.hasSuffix("D") { text = text.dropLast() }
        // An lvalue (`@lvalue Double`, a `var` being assigned) is the value's type.
        if text.hasSuffix("z") { text = text.dropLast() }
        return text
    }

    /// Whether it is an optional (`T?`).
    public var isOptional: Bool { body.hasSuffix("Sg") }

    /// The type without its optionals (`Double` of `Double??`).
    public var unwrapped: TypedType {
        var text = body
        while text.hasSuffix("Sg") { text = text.dropLast(2) }
        return TypedType(mangled: "$s\(text)D")
    }

    /// The manglings of the floating-point types: `Double` (and `TimeInterval`), `Float`, `Float16`, `Float80`,
    /// and `CGFloat` wherever it is declared (Foundation on Linux, CoreGraphics or CoreFoundation on Apple
    /// platforms).
    static let floatingPoint: Set<Substring> = [
        "Sd", "Sf", "s7Float16V", "s7Float80V", "10Foundation7CGFloatV", "12CoreGraphics7CGFloatV",
        "14CoreFoundation7CGFloatV",
    ]

    /// Whether it is a floating-point type, or an optional of one.
    public var isFloatingPoint: Bool { Self.floatingPoint.contains(unwrapped.body) }

    /// Whether it is exactly `Bool` (not `Bool?`, not a type expressible by a Boolean literal).
    public var isBool: Bool { body == "Sb" }

    /// Whether it is a text whose `description` is the text itself: `String`, `Substring`, `Character`, or
    /// Foundation's `NSString` (`So8NSStringC` where Objective-C declares it); not an optional of one.
    public var isText: Bool {
        [
            "SS", "Ss", "SJ", "So8NSStringC", "10Foundation8NSStringC", "So15NSMutableStringC",
            "10Foundation15NSMutableStringC",
        ].contains(body)
    }

    /// The manglings of the standard library's fixed-width integers: `Int`, `UInt` and their sized kin.
    static let integers: Set<Substring> = [
        "Si", "Su", "s4Int8V", "s5Int16V", "s5Int32V", "s5Int64V", "s5UInt8V", "s6UInt16V", "s6UInt32V", "s6UInt64V",
    ]

    /// Whether it is one of the standard library's integers (`Int`, `UInt8`, …), whose `description` is its
    /// decimal digits on every platform and in every version; not an optional of one (`Optional(3)`).
    public var isInteger: Bool { Self.integers.contains(body) }

    /// Whether it is a tuple.
    public var isTuple: Bool { unwrapped.body.hasSuffix("t") }

    /// The standard library's value types written as a two-letter substitution (`Si` Int, `SS` String, `Sa`
    /// Array, `SD` Dictionary, `Sh` Set, `Sq` Optional, …).
    static let standardValues: Set<Substring> = [
        "Si", "Su", "Sd", "Sf", "Sb", "SS", "Ss", "Sa", "SD", "Sh", "Sq", "Sn", "SN", "Sc", "SJ", "s4Int8V",
    ]

    /// Whether it is one of the standard library's value types written as a substitution (`Int`, `String`,
    /// `[Int]`, `[String: Int]`, …), or an optional of one: no property of it reads a reference.
    public var isStandardLibraryValue: Bool {
        let text = unwrapped.body
        return Self.standardValues.contains(text.prefix(2)) && (text.count == 2 || text.dropFirst(2).first == "y")
    }

    /// Whether it is a value type (a struct, an enum, a tuple, the standard library's `Int`, `String`, `Array`
    /// …): a `let` of it cannot change between two reads. `false` for a class, an actor, an existential, a
    /// function, or a shape this reading does not know.
    public var isValue: Bool {
        let text = unwrapped.body
        if text.hasSuffix("t") { return true }
        let prefix = text.prefix(2)
        if Self.standardValues.contains(prefix), text.count == 2 || text.dropFirst(2).first == "y" { return true }
        guard let kind = Self.outerKind(text) else { return false }
        return kind == "V" || kind == "O"
    }

    /// Whether it is a concrete type of the standard library or Foundation (`Int`, `[String]`, `URL`, `Date`, or an
    /// optional of one): a text made of it is theirs. Not an existential (`any Error`: the value is any type's),
    /// nor a shape this reading does not know.
    public var isToolchainConcrete: Bool {
        let text = unwrapped.body
        guard !text.hasSuffix("_p"), !text.hasSuffix("XP") else { return false }
        if isStandardLibraryValue || (text.first == "s" && Self.outerKind(text) != nil) { return true }
        let digits = text.prefix { $0.isNumber }
        guard let length = Int(digits), length > 0, text.count >= digits.count + length else { return false }
        let module = String(text.dropFirst(digits.count).prefix(length))
        return TypedDeclaration.foundationModules.contains(module) && Self.outerKind(text) != nil
    }

    /// Whether it is a concrete struct, enum or class (or an optional of one) outside the toolchain: not the
    /// standard library's or Foundation's, not imported from C or Objective-C (`So…`: `NSNumber` on Apple
    /// platforms), not a `CGFloat` wherever it is declared. Not an existential (`any P`: the value inside may be an
    /// `Int`), a generic parameter, nor a shape this reading does not know.
    public var isConcreteOutsideToolchain: Bool {
        let text = unwrapped.body
        guard !isToolchainConcrete, !isFloatingPoint, !text.hasPrefix("So"), let kind = Self.outerKind(text) else {
            return false
        }
        return kind != "P"
    }

    /// The kind letter of the outermost nominal type of a mangling (`V` struct, `O` enum, `C` class, `P`
    /// protocol), reading its context's identifiers (`10Foundation4DateV`) up to its generic arguments
    /// (`y…G`); `nil` for any other shape.
    static func outerKind(_ text: Substring) -> Character? {
        var index = text.startIndex
        var kind: Character?
        if text.first == "s" { index = text.index(after: index) }
        while index < text.endIndex {
            let character = text[index]
            if let digit = character.wholeNumberValue {
                // A word substitution (`0…`) is more than this reading knows.
                guard digit != 0 else { return nil }
                var length = 0
                while index < text.endIndex, let value = text[index].wholeNumberValue {
                    length = length * 10 + value
                    index = text.index(after: index)
                }
                guard let end = text.index(index, offsetBy: length, limitedBy: text.endIndex) else { return nil }
                index = end
                continue
            }
            guard "VCOP".contains(character) else { return character == "y" ? kind : nil }
            kind = character
            index = text.index(after: index)
        }
        return kind
    }

    public var description: String {
        switch unwrapped.body {
        case "Sd": return isOptional ? "Double?" : "Double"
        case "Sf": return isOptional ? "Float?" : "Float"
        case "Sb": return isOptional ? "Bool?" : "Bool"
        default: return mangled
        }
    }
}

/// A declaration as the compiler names it: its USR (`s:s5print_9separator10terminatoryypd_S2StF`, the
/// standard library's `print`).
public struct TypedDeclaration: Sendable, Hashable, CustomStringConvertible {
    /// The USR.
    public var usr: String

    /// The declaration named `usr`.
    public init(usr: String) { self.usr = usr }

    /// The module that declares it (`Swift` for `s:s…` and the standard library's types' members; the
    /// extension's module for `s:SS20FoundationEssentialsE4data…`), or `nil` when the USR does not say.
    public var module: String? {
        guard usr.hasPrefix("s:") else { return usr.hasPrefix("c:") ? "C" : nil }
        let text = usr.dropFirst(2)
        // A member of another module's extension of a type (`s:10Foundation4DataV6ShapesE3hex…`, a package's `hex()`
        // on `Data`): the extension's module declares it.
        if let extending = Self.extensionModule(in: text) { return String(extending) }
        if text.first == "s" { return "Swift" }
        if text.first == "S" {
            // A member of a standard library type, or of an extension of one declared in another module.
            let rest = text.dropFirst(2)
            if let module = Self.identifier(at: rest),
                rest.dropFirst(String(module.count).count + module.count)
                    .first == "E"
            {
                return String(module)
            }
            return "Swift"
        }
        return Self.identifier(at: text).map(String.init)
    }

    /// The modules Foundation's declarations live in: `Foundation`, and on Linux and recent Apple platforms
    /// the modules under it (`FoundationEssentials`: `Data`, `URL`, `Decimal`, `UUID`).
    public static let foundationModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    ]

    /// Whether the standard library declares it.
    public var isStandardLibrary: Bool { module == "Swift" }

    /// Whether it is a member of the type `type` (`TestStore`) of `module`: its USR names the type in the
    /// module's context.
    public func isMember(of type: String, in module: String) -> Bool {
        guard self.module == module else { return false }
        return usr.contains("\(module.count)\(module)\(type.count)\(type)")
    }

    /// The module of the first extension marker after a nominal type in `text` (`4DataV6ShapesE`: a type's kind, `V`,
    /// `C`, `O` or `P`, then the extending module's length-prefixed name and `E`), if any.
    private static func extensionModule(in text: Substring) -> Substring? {
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if "VCOP".contains(text[index]), next < text.endIndex, let module = identifier(at: text[next...]) {
                let length = String(module.count).count + module.count
                if let after = text.index(next, offsetBy: length, limitedBy: text.endIndex), after < text.endIndex,
                    text[after] == "E"
                {
                    return module
                }
            }
            index = next
        }
        return nil
    }

    /// The length-prefixed identifier at the start of `text` (`20FoundationEssentials…`), if any.
    private static func identifier(at text: Substring) -> Substring? {
        let digits = text.prefix { $0.isNumber }
        guard let length = Int(digits), length > 0, digits.first != "0" else { return nil }
        let rest = text.dropFirst(digits.count)
        guard rest.count >= length else { return nil }
        return rest.prefix(length)
    }

    public var description: String { usr }
}
