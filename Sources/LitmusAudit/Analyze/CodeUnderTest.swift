import Foundation
import SwiftParser
import SwiftSyntax

/// The top-level functions and macros of the package's code under test: its targets that are neither tests
/// nor test support (``UncoveredFileReasons/testSupportTargets(_:in:testOnly:)``), read only when a rule
/// asks. A check made with one of them tests it: in a testing library's own tests (Quick/Nimble 14.0.0's
/// `expect(1).to(equal(1))`, whose `equal` is the matcher under test) a value compared with itself checks
/// that the matcher matches, and fails when it does not.
final class CodeUnderTest: @unchecked Sendable {
    private let package: URL?
    private let folders: [String]
    private var texts: [String]?
    private var answers: [String: Bool] = [:]
    private let lock = NSLock()

    /// The code of `folders` (relative to `package`), the package's targets that are not tests; none when
    /// `package` is `nil` (loose test files).
    init(package: URL?, folders: [String]) {
        self.package = package
        self.folders = folders
    }

    /// Whether the code under test declares a function or macro `name` at the top level of a file (one a
    /// test can call unqualified), in a part of the file this build compiles or not.
    func declares(_ name: String) -> Bool {
        lock.withLock {
            if let known = answers[name] { return known }
            let texts = loaded()
            let found = texts.contains { text in
                (text.contains("func \(name)") || text.contains("macro \(name)"))
                    && Self.topLevelNames(in: Parser.parse(source: text)).contains(name)
            }
            answers[name] = found
            return found
        }
    }

    /// The texts of the files of the targets that are not test support.
    private func loaded() -> [String] {
        if let texts { return texts }
        guard let package else { return [] }
        let support = UncoveredFileReasons.testSupportTargets(folders, in: package)
        let read = folders.filter { support[$0] == nil }.flatMap {
            UncoveredFileReasons.swiftFiles(under: $0, in: package).map(\.text)
        }
        texts = read
        return read
    }

    /// The names of the functions and macros declared at the top level of `tree`, inside `#if` clauses too.
    static func topLevelNames(in tree: SourceFileSyntax) -> Set<String> {
        var names: Set<String> = []
        func read(_ items: CodeBlockItemListSyntax) {
            for item in items {
                if let function = item.item.as(FunctionDeclSyntax.self) {
                    names.insert(function.name.text)
                } else if let macro = item.item.as(MacroDeclSyntax.self) {
                    names.insert(macro.name.text)
                } else if let conditions = item.item.as(IfConfigDeclSyntax.self) {
                    for clause in conditions.clauses {
                        if let nested = clause.elements?.as(CodeBlockItemListSyntax.self) { read(nested) }
                    }
                }
            }
        }
        read(tree.statements)
        return names
    }
}
