import Foundation
import SwiftParser
import SwiftSyntax

/// Whether a source file no test executes is used only by code this platform's build does not compile.
/// Quick 7.6.2's `URL+FileName.swift` declares `URL.fileName`, and its only caller is inside `#if
/// canImport(Darwin)`: on Linux nothing can execute it, and calling it never executed says nothing of the
/// tests. A file whose names are used nowhere, or anywhere this build compiles, is left as it is.
enum PlatformOnlyUse {
    /// The first file of `siblings` (path and text, the other files of `file`'s target) that uses a name
    /// `text` declares, when every use of those names in them is in code this build does not compile;
    /// `nil` when one is compiled, when none is used, or when the file declares no name.
    static func user(of text: String, siblings: [(path: String, text: String)]) -> String? {
        let names = declaredNames(Parser.parse(source: text))
        guard !names.isEmpty else { return nil }
        var first: String?
        for sibling in siblings {
            let tree = Parser.parse(source: sibling.text)
            let regions = CompiledRegions(tree)
            for token in tree.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let name) = token.tokenKind, names.contains(name) else { continue }
                if regions.compiles(token) { return nil }
                first = first ?? sibling.path
            }
        }
        return first
    }

    /// The names `tree` declares at its top level and in its extensions and types: functions, properties,
    /// types, protocols and type aliases (initializers, subscripts and operators have no name to look for).
    static func declaredNames(_ tree: SourceFileSyntax) -> Set<String> {
        var names: Set<String> = []
        func collect(_ node: Syntax) {
            if let variable = node.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) {
                        names.insert(pattern.identifier.text)
                    }
                }
                return
            }
            if node.is(ClosureExprSyntax.self) { return }
            if let named = node.asProtocol(NamedDeclSyntax.self), case .identifier(let name) = named.name.tokenKind {
                names.insert(name)
                // A function's or a type alias's body holds only its locals; a type's holds its members.
                if node.is(FunctionDeclSyntax.self) || node.is(TypeAliasDeclSyntax.self) { return }
            }
            for child in node.children(viewMode: .sourceAccurate) { collect(child) }
        }
        collect(Syntax(tree))
        return names
    }

    /// `coverage` with each file no test executes marked when only code this build does not compile uses
    /// it (``user(of:siblings:)``), reading the sources under `package`: the other Swift files of the
    /// file's target folder (`Sources/<Target>/…`).
    static func marked(_ coverage: CoverageReport, package: URL) -> CoverageReport {
        var marked = coverage
        for index in marked.files.indices where marked.files[index].coveredLines == 0 && marked.files[index].lines > 0 {
            let file = marked.files[index].file
            let parts = file.split(separator: "/")
            guard parts.count > 2,
                let text = try? String(contentsOf: package.appendingPathComponent(file), encoding: .utf8)
            else { continue }
            let target = parts.prefix(2).joined(separator: "/")
            let folder = package.appendingPathComponent(target)
            let siblings = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".swift") }.sorted().map { target + "/" + $0 }.filter { $0 != file }
                .compactMap { path in
                    (try? String(contentsOf: package.appendingPathComponent(path), encoding: .utf8)).map {
                        (path: path, text: $0)
                    }
                }
            marked.files[index].usedOnlyOnOtherPlatformsBy = user(of: text, siblings: siblings)
        }
        return marked
    }
}
