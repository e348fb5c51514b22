import Foundation
import LitmusRunning
import SwiftSyntax

/// The top-level functions and macros of the package's code under test: its targets that are neither tests
/// nor test support (``UncoveredFileReasons/testSupportTargets(_:in:testOnly:)``, and none under `Tests/`), read
/// only when a rule asks. A check made with one of them tests it: in a testing library's own tests
/// (Quick/Nimble 14.0.0's `expect(1).to(equal(1))`, whose `equal` is the matcher under test) a value compared
/// with itself checks that the matcher matches, and fails when it does not.
final class CodeUnderTest: @unchecked Sendable {
    /// A check a test makes: a function called with some arguments, or a macro.
    struct Check: Hashable {
        var name: String
        var isMacro: Bool
        /// The arguments of the call, for a function.
        var arguments: Int = 0
    }

    /// A top-level declaration that can make a check: its name, whether it is a macro, and how many arguments
    /// it takes (without the defaulted ones, and with them).
    struct Declaration: Hashable {
        var name: String
        var isMacro: Bool
        var fewest: Int
        var most: Int
    }

    private let package: URL?
    private let folders: [String]
    private var texts: [String]?
    /// The folders of the targets that are not test support, once ``loaded()`` read them.
    private var underTest: [String] = []
    private var answers: [Check: Bool] = [:]
    private let lock = NSLock()

    /// The code of `folders` (relative to `package`), the package's targets that are not tests; none when
    /// `package` is `nil` (loose test files).
    init(package: URL?, folders: [String]) {
        self.package = package
        self.folders = folders.filter { $0.split(separator: "/").first != "Tests" }
    }

    /// The modules of the code under test (not its test support), by its folders' names (SwiftPM's, `-` as `_`).
    var modules: Set<String> {
        lock.withLock {
            _ = loaded()
            return Set(
                underTest.compactMap {
                    $0.split(separator: "/").last.map { $0.replacingOccurrences(of: "-", with: "_") }
                })
        }
    }

    /// Whether the code under test declares `check` at the top level of a file (one a test can call
    /// unqualified), not `private` or `fileprivate`: a macro for a macro, a function for a call, taking its
    /// number of arguments.
    func declares(_ check: Check) -> Bool {
        lock.withLock {
            if let known = answers[check] { return known }
            let keyword = check.isMacro ? "macro \(check.name)" : "func \(check.name)"
            let found = loaded().contains { text in
                text.contains(keyword)
                    && Self.topLevelDeclarations(in: SwiftSource.parse(text)).contains { declaration in
                        declaration.name == check.name && declaration.isMacro == check.isMacro
                            && (check.isMacro
                                || (declaration.fewest...declaration.most).contains(check.arguments))
                    }
            }
            answers[check] = found
            return found
        }
    }

    /// The texts of the files of the targets that are not test support.
    private func loaded() -> [String] {
        if let texts { return texts }
        guard let package else { return [] }
        let support = UncoveredFileReasons.testSupportTargets(folders, in: package)
        underTest = folders.filter { support[$0] == nil }
        let read = underTest.flatMap {
            UncoveredFileReasons.swiftFiles(under: $0, in: package).map(\.text)
        }
        texts = read
        return read
    }

    /// The functions and macros declared at the top level of `tree`, inside `#if` clauses too, but for the
    /// `private` and `fileprivate` ones.
    static func topLevelDeclarations(in tree: SourceFileSyntax) -> [Declaration] {
        var found: [Declaration] = []
        func visible(_ modifiers: DeclModifierListSyntax) -> Bool {
            !modifiers.contains { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }
        }
        func counts(_ parameters: FunctionParameterListSyntax) -> (Int, Int) {
            let variadic = parameters.contains { $0.ellipsis != nil }
            let fewest = parameters.filter { $0.defaultValue == nil && $0.ellipsis == nil }.count
            return (fewest, variadic ? Int.max : parameters.count)
        }
        func read(_ items: CodeBlockItemListSyntax) {
            for item in items {
                if let function = item.item.as(FunctionDeclSyntax.self), visible(function.modifiers) {
                    let (fewest, most) = counts(function.signature.parameterClause.parameters)
                    found.append(.init(name: function.name.text, isMacro: false, fewest: fewest, most: most))
                } else if let macro = item.item.as(MacroDeclSyntax.self), visible(macro.modifiers) {
                    found.append(.init(name: macro.name.text, isMacro: true, fewest: 0, most: Int.max))
                } else if let conditions = item.item.as(IfConfigDeclSyntax.self) {
                    for clause in conditions.clauses {
                        if let nested = clause.elements?.as(CodeBlockItemListSyntax.self) { read(nested) }
                    }
                }
            }
        }
        read(tree.statements)
        return found
    }
}
