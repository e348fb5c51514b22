import Foundation
import SwiftSyntax

extension TestSourceAnalyzer {
    /// The functions of the package's test-support libraries: of its targets that are not tests, those in the
    /// files that import XCTest or Swift Testing (swift-async-algorithms' `validate { … }`, which records a
    /// failure for any difference from its diagram), and every function of a target that is test support
    /// (``sourceTargets``): apple/swift-collections 1.6.0's `checkHashable`, in a file of
    /// `_CollectionsTestSupport` that imports no testing library, calls its `expectEqual`, which calls
    /// `XCTFail`. A test calling one checks what it checks, as it would a helper in its own target.
    /// The functions of the package's other source files that reach one of those checks are lent too
    /// (``reachingChecks(of:in:)``).
    func supportFunctions(in files: [URL]) -> [FunctionDeclSyntax] {
        let support =
            sourceTargets.map { targets in
                UncoveredFileReasons.testSupportTargets(targets.folders, in: targets.package).keys.map {
                    targets.package.appendingPathComponent($0).standardizedFileURL.path + "/"
                }
            } ?? []
        var others: [(url: URL, text: String)] = []
        let lent = files.compactMap { url -> ParsedFile? in
            let path = url.standardizedFileURL.path
            if support.contains(where: { path.hasPrefix($0) }) { return parse(url) }
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
            guard text.contains("import XCTest") || text.contains("import Testing"),
                let file = parse(url), !file.imports.isDisjoint(with: ["XCTest", "Testing"])
            else {
                others.append((url, text))
                return nil
            }
            return file
        }.flatMap { $0.compiledNodes(FunctionDeclSyntax.self) }
        return lent + reachingChecks(of: lent, in: others)
    }

    /// The functions of `others` (source files lending nothing themselves) that call, by name, a function of `lent`
    /// that checks, or one found so, until none is found: leoture/MockSwift 1.1.0's `called(times:)`, in a file that
    /// imports no testing library, records its failure with `failureRecorder.recordFailure(…)`, which the package's
    /// XCTestFailureRecorder, in a file importing XCTest, answers with `XCTFail`. Only names a lent function checks
    /// with start it, so a source function calling a value's `record` or `verify` is lent nothing. A file is parsed
    /// only when its text names a function found checking.
    private func reachingChecks(of lent: [FunctionDeclSyntax], in others: [(url: URL, text: String)])
        -> [FunctionDeclSyntax]
    {
        func calls(_ function: FunctionDeclSyntax) -> Set<String> {
            function.body.map { CallCollector.names(in: Syntax($0)) } ?? []
        }
        var checking = Set(lent.filter { calls($0).contains(where: Self.asserts) }.map(\.name.text))
        guard !checking.isEmpty, !others.isEmpty else { return [] }
        var parsed: [Int: [FunctionDeclSyntax]] = [:]
        var reached: [FunctionDeclSyntax] = []
        var changed = true
        while changed {
            changed = false
            var pool = lent
            for (index, other) in others.enumerated() where checking.contains(where: other.text.contains) {
                if parsed[index] == nil {
                    parsed[index] = parse(other.url)?.compiledNodes(FunctionDeclSyntax.self) ?? []
                }
                pool += parsed[index] ?? []
            }
            for function in pool
            where !checking.contains(function.name.text) && !calls(function).isDisjoint(with: checking) {
                checking.insert(function.name.text)
                if !lent.contains(where: { $0.id == function.id }) { reached.append(function) }
                changed = true
            }
        }
        return reached
    }
}
