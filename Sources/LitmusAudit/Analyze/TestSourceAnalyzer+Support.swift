import Foundation
import SwiftSyntax

extension TestSourceAnalyzer {
    /// The functions of the package's test-support libraries: of its targets that are not tests, those in the
    /// files that import XCTest or Swift Testing (swift-async-algorithms' `validate { … }`, which records a
    /// failure for any difference from its diagram), and every function of a target that is test support
    /// (``sourceTargets``): apple/swift-collections 1.6.0's `checkHashable`, in a file of
    /// `_CollectionsTestSupport` that imports no testing library, calls its `expectEqual`, which calls
    /// `XCTFail`. A test calling one checks what it checks, as it would a helper in its own target.
    func supportFunctions(in files: [URL]) -> [FunctionDeclSyntax] {
        let support =
            sourceTargets.map { targets in
                UncoveredFileReasons.testSupportTargets(targets.folders, in: targets.package).keys.map {
                    targets.package.appendingPathComponent($0).standardizedFileURL.path + "/"
                }
            } ?? []
        return files.compactMap { url -> ParsedFile? in
            let path = url.standardizedFileURL.path
            if support.contains(where: { path.hasPrefix($0) }) { return parse(url) }
            guard let text = try? String(contentsOf: url, encoding: .utf8),
                text.contains("import XCTest") || text.contains("import Testing"),
                let file = parse(url), !file.imports.isDisjoint(with: ["XCTest", "Testing"])
            else { return nil }
            return file
        }.flatMap { $0.compiledNodes(FunctionDeclSyntax.self) }
    }
}
