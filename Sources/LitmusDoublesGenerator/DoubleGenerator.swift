import SwiftParserDiagnostics
import SwiftSyntax

/// Turns a protocol declaration into the source of a test double that is a spy, a stub and a mock
/// at once (see the LitmusDoubles runtime). Pure and fast: it reads syntax and builds a string.
///
/// ```swift
/// let double = DoubleGenerator().generate(for: protocolDecl)
/// print(double.source)        // #if DEBUG / final class NetworkingLayerMock: NetworkingLayer … / #endif
/// double.diagnostics          // what it could not handle, with the syntax it names
/// ```
public struct DoubleGenerator: Sendable {
    /// The condition and naming every generated double uses.
    public var options: DoubleOptions

    /// A generator with `options` (`#if DEBUG`, suffix `Mock` by default).
    public init(options: DoubleOptions = DoubleOptions()) {
        self.options = options
    }

    /// Generates the double of `decl`.
    ///
    /// - Parameters:
    ///   - decl: The protocol to double.
    ///   - inherited: Protocols `decl` inherits from, found in the same module by the plugin and CLI;
    ///     their requirements are doubled too. The macro cannot see them and passes none.
    ///   - accessLevel: The double's access level; `nil` takes the protocol's.
    ///   - seesWholeModule: Whether `inherited` holds every protocol of the module (plugin and CLI),
    ///     so a parent missing from it comes from another module.
    ///   - closureAliases: The module's typealiases of function types, which the plugin and CLI
    ///     find: a parameter of such a type is a non-escaping closure, counted and not stored.
    public func generate(
        for decl: ProtocolDeclSyntax,
        inherited: [ProtocolDeclSyntax] = [],
        accessLevel: String? = nil,
        seesWholeModule: Bool = false,
        closureAliases: Set<String> = []
    ) -> GeneratedDouble {
        generate(
            for: decl,
            inheritedUnder: inherited.map { ($0, nil) },
            accessLevel: accessLevel,
            seesWholeModule: seesWholeModule,
            closureAliases: closureAliases
        )
    }

    /// ``generate(for:inherited:accessLevel:seesWholeModule:closureAliases:)`` with the `#if`
    /// condition each parent is declared under (the plugin and CLI know them).
    func generate(
        for decl: ProtocolDeclSyntax,
        inheritedUnder inherited: [(decl: ProtocolDeclSyntax, condition: IfCondition?)],
        accessLevel: String?,
        seesWholeModule: Bool,
        closureAliases: Set<String>,
        madeValues: [String: String] = [:],
        extensionDefaults: [ExtensionDefault] = []
    ) -> GeneratedDouble {
        // A declaration with a syntax error is not doubled from a guess of what was meant.
        if let broken = Self.firstSyntaxError(in: decl) {
            let message =
                "protocol \(decl.name.text) does not parse (\(broken)); fix the syntax error and its double is generated"
            return GeneratedDouble(
                name: decl.name.text + options.suffix, source: nil,
                diagnostics: [GeneratorDiagnostic(.error, message, at: decl.name)])
        }
        if let availability = Availability.unavailable(in: decl.attributes) {
            let message =
                "protocol \(decl.name.text) is \(availability), so no type can conform to it; it is not doubled"
            return GeneratedDouble(
                name: decl.name.text + options.suffix, source: nil,
                diagnostics: [GeneratorDiagnostic(.error, message, at: decl.name)])
        }
        var analysis = ProtocolAnalysis(decl, inherited: inherited, seesWholeModule: seesWholeModule)
        analysis.closureAliases.formUnion(closureAliases)
        analysis.madeValues = madeValues
        analysis.extensionDefaults = extensionDefaults
        let name = decl.name.text + options.suffix
        guard !analysis.diagnostics.contains(where: { $0.severity == .error }) else {
            return GeneratedDouble(name: name, source: nil, diagnostics: analysis.diagnostics.map(analysis.anchored))
        }
        let access = accessLevel ?? analysis.accessLevel
        let emitter = DoubleEmitter(name: name, analysis: analysis, access: access)
        let body = emitter.emit(diagnostics: &analysis.diagnostics)
        let diagnostics = analysis.diagnostics.map(analysis.anchored)
        guard !diagnostics.contains(where: { $0.severity == .error }) else {
            return GeneratedDouble(name: name, source: nil, diagnostics: diagnostics)
        }
        let source = options.condition.map { "#if \($0)\n\(body)\n#endif" } ?? body
        return GeneratedDouble(name: name, source: source, diagnostics: diagnostics)
    }
}

extension DoubleGenerator {
    /// What is wrong with `decl`'s syntax, in the parser's words, or `nil` when it parses.
    static func firstSyntaxError(in decl: ProtocolDeclSyntax) -> String? {
        guard decl.hasError else { return nil }
        let tree = SourceFileSyntax(statements: [CodeBlockItemSyntax(item: .decl(DeclSyntax(decl)))])
        let messages = ParseDiagnosticsGenerator.diagnostics(for: tree).map(\.message)
        return messages.first ?? "a token is missing or unexpected"
    }
}

/// A generated double: its name, its source, and what the generator could not handle.
public struct GeneratedDouble: Sendable {
    /// The double's type name, e.g. `NetworkingLayerMock`.
    public let name: String
    /// Swift source declaring the double, or `nil` when an error diagnostic stopped the generator.
    public let source: String?
    /// Errors (no double) and warnings (a double with a caveat), each naming its construct.
    public let diagnostics: [GeneratorDiagnostic]
}

extension String {
    /// `Self.Element: Hashable` -> `Element: Hashable`; a longer name that ends in `Self` (`MySelf.Item`)
    /// is left as written.
    var replacingSelfPrefix: String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(of: "Self.") {
            result += rest[..<range.lowerBound]
            if let previous = result.last, previous.isLetter || previous.isNumber || previous == "_" {
                result += "Self."
            }
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    func trimmingCharacters(in characters: String) -> String {
        var result = Substring(self)
        while let first = result.first, characters.contains(first) { result = result.dropFirst() }
        while let last = result.last, characters.contains(last) { result = result.dropLast() }
        return String(result)
    }
}

extension Substring {
    func trimmingCharacters(in characters: String) -> String {
        String(self).trimmingCharacters(in: characters)
    }

    func range(of target: String) -> Range<Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(target) {
                return index..<self.index(index, offsetBy: target.count)
            }
            index = self.index(after: index)
        }
        return nil
    }
}
