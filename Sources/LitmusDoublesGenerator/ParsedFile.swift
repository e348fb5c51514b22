import Dispatch
import LitmusSupport
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// A parsed source file and what the pipeline needs from it: its imports, its top-level
/// protocols, the protocols nested in #if or in another declaration, and (only for a warning) a
/// converter from positions to lines.
final class ParsedFile {
    let path: String
    let tree: SourceFileSyntax
    /// The file's imports, with the `#if` condition of those inside one (`#if canImport(Dispatch)`).
    let imports: [(decl: ImportDeclSyntax, condition: String?)]
    /// The protocols at the top level, or inside top-level `#if` clauses with their condition.
    let topLevelProtocols: [(decl: ProtocolDeclSyntax, condition: IfCondition?)]
    /// The protocols nested in another declaration.
    let nestedProtocols: [ProtocolDeclSyntax]
    /// Made for the file's first warning only: it walks the whole tree.
    private lazy var converter = SourceLocationConverter(fileName: path, tree: tree)

    /// The parser's own messages about the file's protocols when they do not parse, as warnings at
    /// their line and column (such a protocol is then not doubled: see ``DoubleGenerator``). Errors
    /// elsewhere are the compiler's to report: a skeleton blanks the bodies they may sit in, and the
    /// output must not depend on whether the file was skimmed.
    lazy var syntaxErrors: [ModuleDoubles.Warning] = {
        guard tree.hasError else { return [] }
        let protocols = topLevelProtocols.map(\.decl) + nestedProtocols
        guard protocols.contains(where: \.hasError) else { return [] }
        let insideProtocol = { (position: AbsolutePosition) in
            protocols.contains { $0.position <= position && position <= $0.endPosition }
        }
        return ParseDiagnosticsGenerator.diagnostics(for: tree).filter { insideProtocol($0.position) }.map {
            diagnostic in
            let location = diagnostic.location(converter: converter)
            return ModuleDoubles.Warning(
                path: path, line: location.line, column: location.column,
                message: "syntax error: \(diagnostic.message) (the compiler rejects this file too)")
        }
    }()

    /// Parses `file`, which holds the keyword `protocol` `protocolKeywords` times, or its skeleton
    /// if `skim`.
    ///
    /// The file's skeleton (``ModuleDoubles/Skeleton``) is parsed instead of its text when the skim
    /// succeeds and the skeleton parses without errors; it is `nil` when the skim finds no keyword
    /// in code, as in a file that names protocols only in comments.
    init?(_ file: ModuleDoubles.SourceFile, protocolKeywords: Int, skim: Bool) {
        var protocolKeywords = protocolKeywords
        var skimmed: SourceFileSyntax?
        if skim, let skeleton = ModuleDoubles.Skeleton(of: file.text) {
            guard skeleton.protocolKeywords > 0 else { return nil }
            let tree = skeleton.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
            if !tree.hasError {
                skimmed = tree
                protocolKeywords = skeleton.protocolKeywords
            }
        }
        let tree = skimmed ?? Parser.parse(source: file.text)
        var imports: [(decl: ImportDeclSyntax, condition: String?)] = []
        var topLevel: [(decl: ProtocolDeclSyntax, condition: IfCondition?)] = []
        Self.collect(tree.statements, condition: nil, imports: &imports, protocols: &topLevel)
        // Each protocol has a keyword of its own: when the top-level ones account for every keyword,
        // no protocol is nested, and the walk over the whole tree is not needed.
        let nested = NestedProtocols(viewMode: .sourceAccurate)
        if protocolKeywords > topLevel.count {
            nested.walk(tree)
        }
        let topLevelIDs = Set(topLevel.map(\.decl.id))
        self.path = file.path
        self.tree = tree
        self.imports = imports
        self.topLevelProtocols = topLevel
        self.nestedProtocols = nested.found.filter { !topLevelIDs.contains($0.id) }
    }

    /// The imports and protocols among `statements`, and inside the `#if` among them, each with
    /// its condition.
    private static func collect(
        _ statements: CodeBlockItemListSyntax,
        condition: IfCondition?,
        imports: inout [(decl: ImportDeclSyntax, condition: String?)],
        protocols: inout [(decl: ProtocolDeclSyntax, condition: IfCondition?)]
    ) {
        for statement in statements {
            if let importDecl = statement.item.as(ImportDeclSyntax.self) {
                imports.append((importDecl, condition?.text))
            } else if let protocolDecl = statement.item.as(ProtocolDeclSyntax.self) {
                protocols.append((protocolDecl, condition))
            } else if let ifConfig = statement.item.as(IfConfigDeclSyntax.self) {
                for (clause, clauseCondition) in IfCondition.clauses(of: ifConfig, within: condition) {
                    guard case .statements(let inner) = clause.elements else { continue }
                    collect(inner, condition: clauseCondition, imports: &imports, protocols: &protocols)
                }
            }
        }
    }

    func warning(_ message: String, at node: some SyntaxProtocol) -> ModuleDoubles.Warning {
        let location = node.startLocation(converter: converter)
        return ModuleDoubles.Warning(path: path, line: location.line, column: location.column, message: message)
    }
}

/// Protocols that are not top-level statements: inside `#if` (the file keeps those at the top
/// level of an `#if`), or nested in another declaration.
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
