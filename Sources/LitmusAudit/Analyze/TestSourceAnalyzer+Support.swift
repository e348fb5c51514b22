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
        func importsTesting(_ file: ParsedFile) -> Bool { !file.imports.isDisjoint(with: ["XCTest", "Testing"]) }
        var lent: [(functions: [FunctionDeclSyntax], importsTesting: Bool)] = []
        var others: [(url: URL, text: String)] = []
        for url in files {
            let inSupport = support.contains { url.standardizedFileURL.path.hasPrefix($0) }
            let text = try? String(contentsOf: url, encoding: .utf8)
            let mayImport = text.map { $0.contains("import XCTest") || $0.contains("import Testing") } ?? false
            if inSupport || mayImport, let file = parse(url), inSupport || importsTesting(file) {
                lent.append((file.compiledNodes(FunctionDeclSyntax.self), importsTesting(file)))
            } else if let text {
                others.append((url, text))
            }
        }
        let importing = lent.filter(\.importsTesting).flatMap(\.functions)
        return lent.flatMap(\.functions) + reachingChecks(of: importing, in: others)
    }

    /// At most this many functions of the package's other source files are lent as reaching a check: a package's own
    /// checking API is a handful of them (MockSwift's six: `called` twice, `calledOnce`, `neverCalled`, `ended`,
    /// `failOnUnusedBehaviours`); a search that reaches more is following names that unrelated code shares.
    static let reachedChecksLimit = 24

    /// The functions of `others` (source files lending nothing themselves) that call, by name, a function of
    /// `importing` (the lent files that import XCTest or Swift Testing) that records a failure itself (`XCTFail`,
    /// `XCTAssert…`, `Issue.record`, `#expect`, `#require`), or a function of `others` found so, until none is found:
    /// leoture/MockSwift 1.1.0's `called(times:)`, in a file that imports no testing library, records its failure with
    /// `failureRecorder.recordFailure(…)`, which the package's XCTestFailureRecorder answers with `XCTFail`. A call of
    /// a closure parameter calls no function of that name. The functions found are lent (the private ones too: the
    /// helper index follows a check through them by name); none when the search reaches more than
    /// ``reachedChecksLimit``, or starts from a name the package's other sources also declare with a body (a library's
    /// own `validate` beside the lent one). A file is parsed only when its text names a function found checking.
    private func reachingChecks(of importing: [FunctionDeclSyntax], in others: [(url: URL, text: String)])
        -> [FunctionDeclSyntax]
    {
        /// The names `function` calls, a closure parameter's call left out.
        func calls(_ function: FunctionDeclSyntax) -> Set<String> {
            guard let body = function.body else { return [] }
            return Set(
                body.descendants(of: FunctionCallExprSyntax.self).filter { !CallCollector.callsParameter($0) }
                    .compactMap { CallCollector.calledName($0.calledExpression) })
        }
        let seeds = Set(
            importing.filter { function in
                guard let body = function.body else { return false }
                return CallCollector.names(in: Syntax(body)).contains(where: IgnoredCheckDetector.isXCTestAssertion)
                    || HelperIndex.reportsToSwiftTesting(body)
            }.map(\.name.text))
        guard !seeds.isEmpty, !others.isEmpty else { return [] }
        var checking = seeds
        var parsed: [Int: [(function: FunctionDeclSyntax, calls: Set<String>)]] = [:]
        var reached: [FunctionDeclSyntax] = []
        var reachedIDs: Set<SyntaxIdentifier> = []
        var changed = true
        while changed {
            changed = false
            for (index, other) in others.enumerated()
            where parsed[index] == nil && checking.contains(where: other.text.contains) {
                parsed[index] = (parse(other.url)?.compiledNodes(FunctionDeclSyntax.self) ?? []).map { ($0, calls($0)) }
            }
            for (function, called) in parsed.values.joined()
            where !reachedIDs.contains(function.id) && !called.isDisjoint(with: checking) {
                checking.insert(function.name.text)
                reached.append(function)
                reachedIDs.insert(function.id)
                changed = true
            }
            if reached.count > Self.reachedChecksLimit { return [] }
        }
        // A protocol's requirement of a seed's name (no body) is the seed's own API, not another function.
        if parsed.values.joined().contains(where: { $0.function.body != nil && seeds.contains($0.function.name.text) })
        {
            return []
        }
        return reached
    }
}
