import SwiftParser
import SwiftSyntax

/// The front end of the plugin and `litmus mocks`: reads every source file of one module, resolves
/// protocols that inherit from other protocols of the module, and writes one file of doubles.
public struct ModuleDoubles: Sendable {
    /// A source file of the module: its path (used in warnings) and its text.
    public struct SourceFile: Sendable {
        /// The path printed in warnings.
        public let path: String
        /// The Swift source.
        public let text: String

        /// A file at `path` holding `text`.
        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// A construct that was not doubled, located in the module's sources.
    public struct Warning: Sendable, CustomStringConvertible {
        /// The file holding the construct.
        public let path: String
        /// The construct's line, 1-based.
        public let line: Int
        /// The construct's column, 1-based.
        public let column: Int
        /// What the construct is and what to do.
        public let message: String

        /// `path:line:column: warning: message`, the compiler's format, which SwiftPM and editors show.
        public var description: String { "\(path):\(line):\(column): warning: \(message)" }
    }

    /// The generated file and what was left out.
    public struct Output: Sendable {
        /// The Swift source of every double, with the imports they need.
        public let source: String
        /// The names of the generated doubles.
        public let doubles: [String]
        /// One warning per protocol or construct that was not doubled.
        public let warnings: [Warning]
        /// The file's imports and header comment, which ``source`` starts with.
        public let header: String
        /// Each double's source alone, in order; `header` + one of them is a file of its own.
        public let doubleSources: [String]
    }

    /// The module whose protocols are doubled; the file imports it with `@testable`.
    public let moduleName: String
    /// How doubles are generated (the plugin and CLI compile them unconditionally by default).
    public let generator: DoubleGenerator
    /// Whether the module is imported with `@testable`, which doubles its internal protocols too;
    /// otherwise only `public` and `open` protocols are doubled (for modules built without testing).
    public let isTestable: Bool

    /// Doubles of `moduleName`'s protocols, compiled under `options.condition` (none by default).
    public init(moduleName: String, options: DoubleOptions = DoubleOptions(condition: nil), isTestable: Bool = true) {
        self.moduleName = moduleName
        self.generator = DoubleGenerator(options: options)
        self.isTestable = isTestable
    }

    /// Generates the doubles of every protocol declared at the top level of `files`.
    public func generate(from files: [SourceFile]) -> Output {
        var found: [(protocolDecl: ProtocolDeclSyntax, file: ParsedFile)] = []
        var warnings: [Warning] = []
        var parsedFiles: [ParsedFile] = []
        for file in files {
            let tree = Parser.parse(source: file.text)
            let parsed = ParsedFile(
                path: file.path,
                converter: SourceLocationConverter(fileName: file.path, tree: tree),
                imports: tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self) }
            )
            parsedFiles.append(parsed)
            for statement in tree.statements {
                if let protocolDecl = statement.item.as(ProtocolDeclSyntax.self) {
                    found.append((protocolDecl, parsed))
                }
            }
            let nested = NestedProtocols(viewMode: .sourceAccurate)
            nested.walk(tree)
            for protocolDecl in nested.found {
                warnings.append(
                    parsed.warning(
                        "protocol \(protocolDecl.name.text) is inside #if or another declaration; only top-level "
                            + "protocols are doubled: move it to the top level, or write this double by hand",
                        at: protocolDecl.name
                    )
                )
            }
        }
        var byName: [String: ProtocolDeclSyntax] = [:]
        for (protocolDecl, file) in found {
            if byName[protocolDecl.name.text] != nil {
                warnings.append(
                    file.warning(
                        "protocol \(protocolDecl.name.text) is declared twice in \(moduleName); only the first is doubled",
                        at: protocolDecl.name
                    )
                )
                continue
            }
            byName[protocolDecl.name.text] = protocolDecl
        }
        var sources: [String] = []
        var doubles: [String] = []
        var imports: [String] = []
        for (protocolDecl, file) in found where byName[protocolDecl.name.text] == protocolDecl {
            if let reason = Self.reasonToSkip(protocolDecl) {
                warnings.append(file.warning(reason, at: protocolDecl.name))
                continue
            }
            let isPublic = protocolDecl.modifiers.contains { $0.name.text == "public" || $0.name.text == "open" }
            if !isTestable, !isPublic {
                continue
            }
            let double = generator.generate(
                for: protocolDecl,
                inherited: Self.ancestors(of: protocolDecl, in: byName),
                accessLevel: "",
                seesWholeModule: true
            )
            for diagnostic in double.diagnostics {
                let skipped = diagnostic.severity == .error ? " (no \(double.name) generated)" : ""
                warnings.append(file.warning(diagnostic.message + skipped, at: diagnostic.node))
            }
            guard let source = double.source else { continue }
            sources.append(source)
            doubles.append(double.name)
            for importDecl in file.imports where !importDecl.trimmedDescription.contains(moduleName) {
                let text = importDecl.trimmedDescription
                if !imports.contains(text) { imports.append(text) }
            }
        }
        var header = [
            "// Generated by Litmus (LitmusMocksPlugin or `litmus mocks`) from the module \(moduleName). Do not edit.",
            "// swift-format-ignore-file",
            "import LitmusDoubles",
        ]
        header += imports.filter { $0 != "import LitmusDoubles" }.sorted()
        header.append(isTestable ? "@testable import \(moduleName)" : "import \(moduleName)")
        let headerText = header.joined(separator: "\n") + "\n"
        let source = ([headerText] + sources.map { $0 + "\n" }).joined(separator: "\n")
        return Output(source: source, doubles: doubles, warnings: warnings, header: headerText, doubleSources: sources)
    }

    /// Why a protocol is not doubled at all, or `nil`.
    private static func reasonToSkip(_ decl: ProtocolDeclSyntax) -> String? {
        let isMockable = decl.attributes.contains {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.hasSuffix("Mockable") == true
        }
        if isMockable {
            return "protocol \(decl.name.text) has @Mockable, whose double already exists; it is not generated twice"
        }
        let isPrivate = decl.modifiers.contains { $0.name.text == "private" || $0.name.text == "fileprivate" }
        if isPrivate {
            return "protocol \(decl.name.text) is private to its file, so a test target cannot conform to it"
        }
        return nil
    }

    /// Every protocol of the module that `decl` inherits from, directly or not.
    private static func ancestors(
        of decl: ProtocolDeclSyntax,
        in byName: [String: ProtocolDeclSyntax]
    ) -> [ProtocolDeclSyntax] {
        var result: [ProtocolDeclSyntax] = []
        var pending = [decl]
        var seen: Set<String> = [decl.name.text]
        while let next = pending.popLast() {
            for inherited in next.inheritanceClause?.inheritedTypes ?? [] {
                let name = inherited.type.trimmedDescription
                guard let parent = byName[name], seen.insert(name).inserted else { continue }
                result.append(parent)
                pending.append(parent)
            }
        }
        return result
    }
}

/// Protocols that are not top-level statements: inside `#if`, or nested in another declaration.
private final class NestedProtocols: SyntaxVisitor {
    var found: [ProtocolDeclSyntax] = []

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.is(CodeBlockItemSyntax.self) != true
            || node.parent?.parent?.parent?.is(SourceFileSyntax.self) != true
        {
            found.append(node)
        }
        return .skipChildren
    }
}

/// A parsed source file and what warnings need from it.
private struct ParsedFile {
    let path: String
    let converter: SourceLocationConverter
    let imports: [ImportDeclSyntax]

    func warning(_ message: String, at node: some SyntaxProtocol) -> ModuleDoubles.Warning {
        let location = node.startLocation(converter: converter)
        return ModuleDoubles.Warning(path: path, line: location.line, column: location.column, message: message)
    }
}
