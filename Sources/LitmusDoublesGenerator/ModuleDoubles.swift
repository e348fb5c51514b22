import Dispatch
import LitmusSupport
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// The front end of the plugin and `litmus doubles`: reads every source file of one module, resolves
/// protocols that inherit from other protocols of the module, and writes one file of doubles.
public struct ModuleDoubles: Sendable {
    /// A source file of the module: its path (used in warnings) and its text.
    public typealias SourceFile = LitmusSupport.SourceFile

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
        /// The protocols left out because they are not `public` or `open` (``isTestable`` false).
        public let droppedNonPublic: [String]
    }

    /// Another module whose protocols the module's protocols inherit from (swift-distributed-tracing's
    /// `Tracer: Instrument`, `Instrument` being Instrumentation's): its protocols are not doubled,
    /// their requirements are doubled in the children, and the file imports the module.
    public struct ParentModule: Sendable {
        /// The module's name, which the doubles file imports.
        public let name: String
        /// Its source files.
        public let files: [SourceFile]

        /// The module `name`, declared in `files`.
        public init(name: String, files: [SourceFile]) {
            self.name = name
            self.files = files
        }
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
    ///
    /// This is the whole pipeline of LitmusDoublesTool, `litmus doubles` and DoublesGenerationBenchmark:
    /// files that cannot declare a protocol (see ``mayDeclareProtocol(_:)``) are not parsed, the
    /// others are parsed on every core, and everything after parsing runs in the files' order, so
    /// the output does not depend on which file finished first.
    ///
    /// A protocol inheriting from a protocol of another module is doubled when that module is one
    /// of `parents`; otherwise it is a warning that names `--parent`.
    public func generate(from files: [SourceFile], parents: [ParentModule] = []) -> Output {
        generate(from: files, parents: parents, skim: true)
    }

    /// ``generate(from:)``, parsing the files' skeletons (``Skeleton``) only if `skim`; the output
    /// is the same either way. DoublesGenerationBenchmark times both and checks that.
    @_spi(Benchmarks) public func generate(
        from files: [SourceFile],
        parents: [ParentModule] = [],
        skim: Bool
    ) -> Output {
        let candidates = files.map { (file: $0, keywords: Self.protocolKeywordCount(in: $0.text)) }
        let parsedFiles = Self.parse(candidates.filter { $0.keywords > 0 }, skim: skim)
        let parentProtocols = Self.protocols(of: parents, skim: skim)
        var (found, warnings) = Self.topLevelProtocols(of: parsedFiles)
        let declared = once(found, warnings: &warnings)
        var byName = declared.byName
        let doubled = declared.doubled
        // The parents' protocols stand behind the module's own: a name the module declares is its own.
        for (name, declarations) in parentProtocols where byName[name] == nil {
            byName[name] = declarations
        }
        var droppedNonPublic: [String] = []
        let closureAliases = Self.closureAliases(for: found.map(\.protocolDecl), parsed: parsedFiles, in: files)
        let resultTypes = MadeValues.resultTypes(
            of: found.map(\.protocolDecl) + parentProtocols.values.flatMap { $0.map(\.decl) })
        let madeValues = MadeValues.find(resultTypes, in: parents.flatMap(\.files), publicOnly: true, skim: skim)
            .merging(MadeValues.find(resultTypes, in: files, publicOnly: !isTestable, skim: skim)) { _, own in own }
        // Defaults are looked for in the extensions of the protocols doubled and of their parents.
        var names: Set<String> = []
        var extended: [ProtocolDeclSyntax] = []
        var ancestorsOf: [SyntaxIdentifier: [Ancestor]] = [:]
        for (protocolDecl, condition, _) in found where doubled.contains(protocolDecl.id) {
            let ancestors = Self.ancestors(of: protocolDecl, under: condition, in: byName)
            ancestorsOf[protocolDecl.id] = ancestors
            for decl in [protocolDecl] + ancestors.map(\.decl) where names.insert(decl.name.text).inserted {
                extended.append(decl)
            }
        }
        let extensionDefaults = defaults(of: extended, in: files, parents: parents, skim: skim)
        var sources: [String] = []
        var doubles: [String] = []
        var imports: [String] = []
        for (protocolDecl, condition, file) in found where doubled.contains(protocolDecl.id) {
            if let reason = Self.reasonToSkip(protocolDecl) {
                warnings.append(file.warning(reason, at: protocolDecl.name))
                continue
            }
            let isPublic = protocolDecl.modifiers.contains { $0.name.text == "public" || $0.name.text == "open" }
            if !isTestable, !isPublic {
                droppedNonPublic.append(protocolDecl.name.text)
                continue
            }
            let ancestors =
                ancestorsOf[protocolDecl.id] ?? Self.ancestors(of: protocolDecl, under: condition, in: byName)
            let double = generator.generate(
                for: protocolDecl,
                inheritedUnder: ancestors.map { ($0.decl, $0.condition) },
                accessLevel: "",
                seesWholeModule: true,
                closureAliases: closureAliases,
                madeValues: madeValues,
                extensionDefaults: ([protocolDecl] + ancestors.map(\.decl)).flatMap {
                    extensionDefaults[$0.name.text] ?? []
                }
            )
            for diagnostic in double.diagnostics {
                let skipped = diagnostic.severity == .error ? " (no \(double.name) generated)" : ""
                warnings.append(file.warning(diagnostic.message + skipped, at: diagnostic.node))
            }
            guard let source = double.source else { continue }
            sources.append(condition.map { IfCondition.wrap([source], in: $0.text).joined(separator: "\n") } ?? source)
            doubles.append(double.name)
            addImports(of: file, ancestors: ancestors, to: &imports)
        }
        let headerText = header(imports: imports)
        let source = ([headerText] + sources.map { $0 + "\n" }).joined(separator: "\n")
        return Output(
            source: source, doubles: doubles, warnings: warnings, header: headerText, doubleSources: sources,
            droppedNonPublic: droppedNonPublic)
    }

    /// The default implementations in extensions of `extended`, by protocol name: the parents' public
    /// ones, and the module's own (internal ones too when the double is `@testable`), which come after.
    func defaults(
        of extended: [ProtocolDeclSyntax], in files: [SourceFile], parents: [ParentModule], skim: Bool
    ) -> [String: [ExtensionDefault]] {
        let names = Set(extended.map(\.name.text))
        let memberNames = ExtensionDefaults.memberNames(of: extended)
        return ExtensionDefaults.find(
            for: names, memberNames: memberNames, in: parents.flatMap(\.files), publicOnly: true, skim: skim
        ).merging(
            ExtensionDefaults.find(
                for: names, memberNames: memberNames, in: files, publicOnly: !isTestable, skim: skim),
            uniquingKeysWith: +)
    }

    /// A protocol declared at the top level of one of the module's files, under its `#if` condition.
    typealias FoundProtocol = (protocolDecl: ProtocolDeclSyntax, condition: IfCondition?, file: ParsedFile)

    /// The top-level protocols of `parsedFiles`, and the files' syntax errors and nested protocols as warnings.
    static func topLevelProtocols(of parsedFiles: [ParsedFile]) -> (found: [FoundProtocol], warnings: [Warning]) {
        var found: [FoundProtocol] = []
        var warnings: [Warning] = []
        for parsed in parsedFiles {
            warnings += parsed.syntaxErrors
            for (protocolDecl, condition) in parsed.topLevelProtocols {
                found.append((protocolDecl, condition, parsed))
            }
            for protocolDecl in parsed.nestedProtocols {
                warnings.append(
                    parsed.warning(
                        "protocol \(protocolDecl.name.text) is nested in another declaration; only top-level "
                            + "protocols are doubled: move it to the top level, or write this double by hand",
                        at: protocolDecl.name
                    )
                )
            }
        }
        return (found, warnings)
    }

    /// The declarations of `found` by name, and those that are doubled. A name may be declared once per
    /// clause of an #if (`#if A protocol P … #else protocol P …`): each is doubled under its condition.
    /// Two declarations that can coexist are an error: the second gets a warning.
    func once(
        _ found: [FoundProtocol], warnings: inout [Warning]
    ) -> (byName: [String: [Declared]], doubled: Set<SyntaxIdentifier>) {
        var byName: [String: [Declared]] = [:]
        var doubled: Set<SyntaxIdentifier> = []
        for (protocolDecl, condition, file) in found {
            let name = protocolDecl.name.text
            if byName[name, default: []].contains(where: { IfCondition.mayCoexist($0.condition, condition) }) {
                warnings.append(
                    file.warning(
                        "protocol \(name) is declared twice in \(moduleName); only the first is doubled",
                        at: protocolDecl.name
                    )
                )
                continue
            }
            byName[name, default: []].append(Declared(decl: protocolDecl, condition: condition, file: file))
            doubled.insert(protocolDecl.id)
        }
        return (byName, doubled)
    }

    /// Adds the imports a double of a protocol of `file` needs to `imports`, each once. The module itself is
    /// imported by the header; `import StoreKit` in the module Store is not it. A parent from another module
    /// brings that module and its file's imports.
    func addImports(of file: ParsedFile, ancestors: [Ancestor], to imports: inout [String]) {
        let parentFiles = ancestors.compactMap { $0.parentModule }.filter { $0.file !== file }
        for source in [file] + parentFiles.map({ $0.file }) {
            for (importDecl, condition) in source.imports where importDecl.path.first?.name.text != moduleName {
                let text =
                    condition.map { "#if \($0)\n\(importDecl.trimmedDescription)\n#endif" }
                    ?? importDecl.trimmedDescription
                if !imports.contains(text) { imports.append(text) }
            }
        }
        for parent in parentFiles where !imports.contains("import \(parent.name)") {
            imports.append("import \(parent.name)")
        }
    }

    /// The generated file's header: what made it, and its imports, sorted, then the module's.
    func header(imports: [String]) -> String {
        var header = [
            "// Generated by Litmus (LitmusDoublesPlugin or `litmus doubles`) from the module \(moduleName). Do not edit.",
            "// swift-format-ignore-file",
            "import LitmusDoubles",
        ]
        header += imports.filter { $0 != "import LitmusDoubles" }.sorted()
        header.append(isTestable ? "@testable import \(moduleName)" : "import \(moduleName)")
        return header.joined(separator: "\n") + "\n"
    }

    /// The top-level protocols of `parents` by name, each with its `#if` condition and module.
    private static func protocols(of parents: [ParentModule], skim: Bool) -> [String: [Declared]] {
        var result: [String: [Declared]] = [:]
        for parent in parents {
            let candidates = parent.files.map { (file: $0, keywords: protocolKeywordCount(in: $0.text)) }
            for file in parse(candidates.filter { $0.keywords > 0 }, skim: skim) {
                for (decl, condition) in file.topLevelProtocols where result[decl.name.text] == nil {
                    result[decl.name.text] = [
                        Declared(decl: decl, condition: condition, file: file, parentModule: parent.name)
                    ]
                }
            }
        }
        return result
    }

    /// Parses `files` on every core and returns them in the same order.
    private static func parse(_ files: [(file: SourceFile, keywords: Int)], skim: Bool) -> [ParsedFile] {
        guard files.count > 1 else {
            return files.compactMap { ParsedFile($0.file, protocolKeywords: $0.keywords, skim: skim) }
        }
        let results = ConcurrentResults<ParsedFile>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            results.store(ParsedFile(files[index].file, protocolKeywords: files[index].keywords, skim: skim), at: index)
        }
        return results.all
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

    /// The module's function-type typealiases that parameters of `protocols` may name: those of the
    /// parsed files, and those of other files that declare a name such a parameter has.
    private static func closureAliases(
        for protocols: [ProtocolDeclSyntax],
        parsed: [ParsedFile],
        in files: [SourceFile]
    ) -> Set<String> {
        var aliases = parsed.reduce(into: Set<String>()) {
            $0.formUnion(ClosureAliases.declared(in: $1.tree.statements))
        }
        let wanted = ClosureAliases.parameterTypeNames(of: protocols).subtracting(aliases)
        guard !wanted.isEmpty else { return aliases }
        let parsedPaths = Set(parsed.map(\.path))
        for file in files where !parsedPaths.contains(file.path) {
            aliases.formUnion(ClosureAliases.find(in: file.text, wanted: wanted))
        }
        return aliases
    }

    /// A protocol a protocol inherits from, with the `#if` condition it is declared under, and the
    /// parent module and file declaring it when it is not the module's own.
    typealias Ancestor = (
        decl: ProtocolDeclSyntax, condition: IfCondition?, parentModule: (name: String, file: ParsedFile)?
    )

    /// A top-level protocol of the module, or of a parent module, and the `#if` condition it is
    /// declared under.
    struct Declared {
        let decl: ProtocolDeclSyntax
        let condition: IfCondition?
        let file: ParsedFile
        /// The parent module declaring it, or `nil` for the module's own.
        var parentModule: String?
    }

    /// Every protocol of the module that `decl` inherits from, directly or not, with the `#if`
    /// condition it is declared under: for a name declared in several clauses of an `#if`, every
    /// declaration that can coexist with `condition`.
    private static func ancestors(
        of decl: ProtocolDeclSyntax,
        under condition: IfCondition?,
        in byName: [String: [Declared]]
    ) -> [Ancestor] {
        var result: [Ancestor] = []
        var pending = [decl]
        var seen: Set<String> = [decl.name.text]
        while let next = pending.popLast() {
            for inherited in next.inheritanceClause?.inheritedTypes ?? [] {
                let name = inherited.type.trimmedDescription
                let parents = byName[name, default: []].filter { IfCondition.mayCoexist($0.condition, condition) }
                guard !parents.isEmpty, seen.insert(name).inserted else { continue }
                for parent in parents {
                    // A parent in the child's own clause needs no #if of its own inside the double.
                    let isImplied =
                        parent.condition.map { own in
                            own.clauses.allSatisfy { condition?.clauses.contains($0) == true }
                        } ?? true
                    result.append(
                        (parent.decl, isImplied ? nil : parent.condition, parent.parentModule.map { ($0, parent.file) })
                    )
                    pending.append(parent.decl)
                }
            }
        }
        return result
    }
}

/// Values made concurrently (files parsed on every core), each stored once at its own index.
final class ConcurrentResults<Value>: @unchecked Sendable {
    // Each index is written by exactly one iteration of concurrentPerform, and read only after it
    // returned, so no two threads touch the same element; the storage itself never moves. A value is
    // made and stored by one thread, then used by the caller's thread alone.
    private let storage: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    func store(_ value: Value?, at index: Int) {
        storage[index] = value
    }

    /// The values stored, in the order of their indices.
    var all: [Value] { storage.compactMap { $0 } }
}
