import Foundation
import SwiftSyntax

/// Syntax helpers shared by the shared-state finders.
enum StateSyntax {
    /// The last dotted component of a type's name, without generic arguments (`Registry` of `Kit.Registry`).
    static func lastComponent(of type: String) -> String {
        let bare = type.prefix { $0 != "<" }
        return String(bare.split(separator: ".").last ?? Substring(bare))
    }

    /// The names of the types `type` writes (`Token`, `Kind` and `String` of `[Kind: [String]]`, `Set` and
    /// `Method` of `Set<Kit.Method>?`), `Self` as `owner`: the types an implicit member of a value of it can
    /// belong to.
    static func typeNames(in type: TypeSyntax, owner: String?) -> Set<String> {
        var names: Set<String> = []
        for node in [Syntax(type)] + type.descendants(of: Syntax.self) {
            if let identifier = node.as(IdentifierTypeSyntax.self) {
                names.insert(identifier.name.text)
            } else if let member = node.as(MemberTypeSyntax.self) {
                names.insert(member.name.text)
            }
        }
        if names.remove("Self") != nil, let owner { names.insert(owner) }
        return names
    }

    /// The types the references of an initializer with no annotation name (`Method` of `Method.get`), and the
    /// declaring type: what an implicit member beside them can belong to.
    static func namedTypes(_ references: [String], owner: String?) -> Set<String> {
        var names = Set(owner.map { [$0] } ?? [])
        for reference in references where reference.first?.isUppercase == true {
            if let dot = reference.firstIndex(of: ".") { names.insert(String(reference[..<dot])) }
        }
        return names
    }

    /// Whether an initializer is a literal whose value no reader can change: a number, a string without
    /// interpolation, a Boolean, `nil`, a closure, a metatype, or an array or dictionary of such.
    static func isLiteral(_ expression: ExprSyntax) -> Bool {
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self) || expression.is(NilLiteralExprSyntax.self)
            || expression.is(ClosureExprSyntax.self) || expression.is(RegexLiteralExprSyntax.self)
        {
            return true
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return !string.segments.contains { $0.is(ExpressionSegmentSyntax.self) }
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) { return isLiteral(prefix.expression) }
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.allSatisfy { isLiteral($0.expression) }
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return true }
            return elements.allSatisfy { isLiteral($0.key) && isLiteral($0.value) }
        }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text == "self" }
        return false
    }

    /// The constants an initializer names, when it gives the same value whichever test reads it first and a
    /// value no test can change afterwards, provided each of them does (empty: fixed outright); `nil` when
    /// it may not. Fixed: a literal; an array or dictionary of fixed values; operators between them; a value of a
    /// toolchain type that holds nothing that changes, made by one of its ``fixedInitializers`` from fixed
    /// arguments (whose implicit members, `~name`, are its options), with `try` or `!`. To resolve over every
    /// file (``StateDeclaration/state(of:)``): a name (`Type.member`, `member`), an implicit member (`.name`, a
    /// declared case or fixed constant), a case's payload (`.name(…)`), and `Type(rawValue:)` or
    /// `.init(rawValue:)` (`class:Type`, fixed unless the sources declare `Type` a class), and another initializer
    /// `Type(…)` or `.init(…)` of a package struct that only stores what it is given (``Initializers``). GraphQL's
    /// `try! NSRegularExpression(pattern: "…", options: [])` is fixed; FlyingFox's `Set(HTTPMethod.sortedMethods)`
    /// is once `sortedMethods` is, and its `HTTPMethod("GET")` once `HTTPMethod.init(_:)` is; a formatter, a
    /// mutable collection, a class's instance, a function's result, `URL(fileURLWithPath:)` (the current
    /// directory decides it) and a file read are not.
    ///
    /// In an initializer's body, `parameters` (names and written types) are given: a parameter is fixed, and so is
    /// a String parameter's `uppercased()` or `lowercased()` (``Initializers``).
    static func fixedReferences(
        _ expression: ExprSyntax, owner: String?, option: Bool = false, parameters: [String: String] = [:]
    ) -> [String]? {
        func all(_ parts: [ExprSyntax], option: Bool = option) -> [String]? {
            var names: [String] = []
            for part in parts {
                guard let more = fixedReferences(part, owner: owner, option: option, parameters: parameters)
                else { return nil }
                names += more
            }
            return names
        }
        if isLiteral(expression) { return [] }
        if let attempt = expression.as(TryExprSyntax.self) {
            return fixedReferences(attempt.expression, owner: owner, option: option, parameters: parameters)
        }
        // A fixed value unwrapped is the same value every time, or the same trap.
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            return fixedReferences(unwrap.expression, owner: owner, option: option, parameters: parameters)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if parameters[name] != nil { return [] }
            return [owner.map { "\($0).\(name)|\(name)" } ?? name]
        }
        if Initializers.isPureCall(expression, parameters: parameters) { return [] }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return memberReference(member, owner: owner, option: option)
        }
        // `1 << 0`, `.a | .b`: operators between fixed values (the parser's unfolded sequence).
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return all(sequence.elements.filter { !$0.is(BinaryOperatorExprSyntax.self) })
        }
        if let array = expression.as(ArrayExprSyntax.self) { return all(array.elements.map(\.expression)) }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return [] }
            return all(elements.flatMap { [$0.key, $0.value] })
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return nil }
        return callReferences(call, owner: owner, parameters: parameters)
    }

    /// ``fixedReferences(_:owner:option:parameters:)`` of a call: an enum case's payload, `.init(…)`, a C struct,
    /// `Type(rawValue:)`, a toolchain type's initializer, a package struct's.
    private static func callReferences(
        _ call: FunctionCallExprSyntax, owner: String?, parameters: [String: String]
    ) -> [String]? {
        let labels = call.arguments.map { $0.label?.text ?? "" }
        let rawValue = labels == ["rawValue"]
        // The arguments' constants, none an implicit member (of the argument's type, which the syntax does not know:
        // `.custom(.high)` may be another type's `static var high`); `option`: a toolchain initializer's, whose
        // implicit members are its options.
        func arguments(option: Bool = false) -> [String]? {
            var names: [String] = []
            for argument in call.arguments {
                guard
                    let more = fixedReferences(
                        argument.expression, owner: owner, option: option, parameters: parameters)
                else { return nil }
                names += more
            }
            return option || !names.contains(where: isImplicit) ? names : nil
        }
        // `.name("x")`: an enum case's payload (a static function is no case, so it does not resolve);
        // `.init(rawValue: "x")`: the declared type's raw value (OpenAPIKit's `CodingUserInfoKey`), unless a class.
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil {
            let name = member.declName.baseName.text
            guard let arguments = arguments() else { return nil }
            guard name == "init" else { return arguments + [".\(name)()"] }
            // `.init(…)` of the annotated type (`?`, which the declaration fills in).
            return arguments + (rawValue ? ["class:?"] : Initializers.references(type: "?", labels: labels))
        }
        // A C struct of the platform's C library, made from its fields (`Glibc.in_addr(s_addr: 0)`: a C function
        // takes no labels), or a number of one of its integer types (`Glibc.in_addr_t(0)`).
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let module = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, cModules.contains(module),
            (!labels.isEmpty && !labels.contains(""))
                || (labels == [""] && member.declName.baseName.text.hasSuffix("_t"))
        {
            return arguments()
        }
        guard let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            type.first?.isUppercase == true
        else { return nil }
        if rawValue { return arguments().map { $0 + ["class:\(type)"] } }
        // A toolchain type's own initializer (one of its labels: an extension's init could run anything).
        if let allowed = fixedInitializers[type] {
            guard allowed.contains(labels.first ?? "") else { return nil }
            return arguments(option: true)
        }
        // A package struct's initializer that only stores what it is given (``Initializers``).
        return arguments().map { $0 + Initializers.references(type: type, labels: labels) }
    }

    /// Whether `reference` names an implicit member, whose type only the declaration's annotation can give:
    /// `.name`, `.init(…)` (`?.init(_:)`, `?.(struct)`) or `.init(rawValue:)` (`class:?`). Among a call's
    /// arguments the annotation is the outer value's, not theirs: such an argument is not resolved.
    static func isImplicit(_ reference: String) -> Bool {
        reference.hasPrefix(".") || reference.hasPrefix("?.") || reference == "class:?"
    }

    /// Whether `reference` (`NAME`, `NAME.rawValue`, `Glibc.NAME`) names a C library's constant: a name of one of
    /// the C libraries' families of macros and enum cases (`SOCK_STREAM`, `O_NONBLOCK`, `AF_INET`, an errno
    /// `EINPROGRESS`, a signal `SIGPIPE`), which no test can change. Not any name in capitals: C's mutable globals
    /// are imported as variables too (curses' `COLS`, a package's own `extern int LOG_LEVEL`). A name the sources
    /// declare is resolved as theirs before this is asked; a toolchain type's member (`URL.temporaryDirectory`)
    /// is no constant.
    static func isImportedConstant(_ reference: String) -> Bool {
        var parts = reference.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.count > 1, cModules.contains(parts[0]) { parts.removeFirst() }
        guard let name = parts.first, parts.count == 1 || parts[1...] == ["rawValue"],
            name.allSatisfy({ $0 == "_" || $0.isNumber || ($0.isLetter && $0.isUppercase) })
        else { return false }
        // A family's prefix (`SOCK_`) needs a member after it; a whole name (`PATH_MAX`, `R_OK`) is one itself.
        if cMacroPrefixes.contains(where: { name.hasPrefix($0) && (name.count > $0.count || !$0.hasSuffix("_")) }) {
            return true
        }
        // errno's `EAGAIN`, `E2BIG`; signals' `SIGPIPE`: capitals and digits after the letter, no underscore.
        return (name.hasPrefix("E") || name.hasPrefix("SIG")) && name.count > 3 && !name.contains("_")
    }

    /// The prefixes of the C libraries' families of constants (sockets, files, signals' actions, polling,
    /// addresses, access modes, locale categories, dynamic loading, memory mapping, sysexits' exit codes).
    static let cMacroPrefixes: [String] = [
        "SOCK_", "AF_", "PF_", "O_", "IPPROTO_", "IPV6_", "IP_", "SO_", "SOL_", "S_I", "F_", "FD_", "MSG_", "POLL",
        "EPOLL", "INADDR_", "TCP_", "SEEK_", "CLOCK_", "SA_", "SHUT_", "AI_", "NI_", "EAI_", "STDIN_", "STDOUT_",
        "STDERR_", "EXIT_", "EX_", "MAP_", "PROT_", "RTLD_", "LC_", "WNOHANG", "WUNTRACED", "R_OK", "W_OK", "X_OK",
        "PATH_MAX", "NAME_MAX", "INT8_", "INT16_", "INT32_", "INT64_", "UINT8_", "UINT16_", "UINT32_", "UINT64_",
        "SIZE_MAX", "DT_", "AT_", "UTIME_", "PTHREAD_", "SCHED_", "RLIMIT_", "PRIO_", "IN6ADDR_", "NSIG",
    ]

    /// The C libraries of the platforms: `Glibc.in_addr(s_addr: 0)` is an imported C struct, made from its
    /// fields alone.
    static let cModules: Set<String> = ["Glibc", "Musl", "Darwin", "Android", "WinSDK", "ucrt", "Bionic"]

    /// `.name` (an implicit member), `Type.name` or `Self.name` as a constant to resolve; `nil` for another base.
    private static func memberReference(_ member: MemberAccessExprSyntax, owner: String?, option: Bool) -> [String]? {
        let name = member.declName.baseName.text
        guard let base = member.base else { return [option ? "~\(name)" : ".\(name)"] }
        guard let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        if type == "Self" || type == "self" { return owner.map { ["\($0).\(name)"] } }
        return ["\(type).\(name)"]
    }

    /// Implicit members that name a shared object, a moment or a fresh mutable value, not a case or an option:
    /// never fixed.
    static let sharedMembers: Set<String> = [
        "shared", "standard", "default", "current", "main", "processInfo", "now", "ephemeral", "system", "local",
        "autoupdatingCurrent",
    ]

    /// The toolchain's types whose values hold nothing a test can change and do not depend on when they are made,
    /// with the first argument labels of the initializers that make them from their arguments alone (`""`: none).
    /// Not `Date()`, `UUID()` (a moment, a random value), `Calendar` (the default time zone when made),
    /// `DispatchQueue` (suspended or retargeted through any holder), `URL(fileURLWithPath:)` (the current
    /// directory), a file read.
    static let fixedInitializers: [String: Set<String>] = {
        var table: [String: Set<String>] = [
            "NSRegularExpression": ["pattern"], "Regex": [""], "CharacterSet": ["charactersIn"],
            "Locale": ["identifier"], "TimeZone": ["identifier", "secondsFromGMT"], "URL": ["string"],
            "Decimal": ["", "string"], "String": [""], "Character": [""], "Substring": [""], "Set": [""],
            "Array": ["", "repeating"], "Dictionary": ["uniqueKeysWithValues"], "Double": [""], "Float": [""],
            "Bool": [""], "ClosedRange": ["uncheckedBounds"], "Range": ["uncheckedBounds"],
        ]
        for integer in ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"] {
            table[integer] = ["", "ascii", "exactly", "truncatingIfNeeded", "clamping", "bitPattern"]
        }
        return table
    }()
}
