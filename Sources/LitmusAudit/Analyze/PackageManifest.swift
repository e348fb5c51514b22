import Foundation
import LitmusSupport
import SwiftParser
import SwiftSyntax

/// What a package's manifest declares, read without SwiftPM (`litmus smells` builds nothing): its test
/// targets and their files.
enum PackageManifest {
    /// The Swift files of a package's test targets by module: each `.testTarget` of its Package.swift,
    /// in `Tests/<name>` or its `path:`, without what `exclude:` and `resources:` name.
    static func testTargets(of package: URL) throws -> [String: [URL]] {
        let manifest = try String(contentsOf: manifest(of: package), encoding: .utf8)
        var modules: [String: [URL]] = [:]
        for call in Parser.parse(source: manifest).descendants(of: FunctionCallExprSyntax.self) {
            guard call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "testTarget",
                let name = SmellScan.literalText(call.arguments.first { $0.label?.text == "name" }?.expression)
            else { continue }
            let path =
                SmellScan.literalText(call.arguments.first { $0.label?.text == "path" }?.expression) ?? "Tests/\(name)"
            let skipped = ["exclude", "resources"].flatMap { label in
                call.arguments.first { $0.label?.text == label }.map {
                    $0.expression.descendants(of: StringLiteralExprSyntax.self).compactMap {
                        SmellScan.literalText(ExprSyntax($0))
                    }
                } ?? []
            }
            let folder = package.appendingPathComponent(path)
            modules[name.replacingOccurrences(of: "-", with: "_")] = SwiftFiles.under(
                folder, excluding: skipped.map { folder.appendingPathComponent($0).standardizedFileURL.path })
        }
        return modules
    }

    /// The manifest SwiftPM reads for `package`: the version-specific `Package@swift-X[.Y[.Z]].swift` of
    /// the highest version not above this compiler's, else `Package.swift` (mxcl/Version 2.0.0 declares
    /// its test target only in `Package@swift-5.3.swift`).
    static func manifest(of package: URL, compiler: [Int] = TestSourceAnalyzer.toolchainVersion) -> URL {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: package.path)) ?? []
        let versioned = names.compactMap { name -> (version: [Int], name: String)? in
            guard name.hasPrefix("Package@swift-"), name.hasSuffix(".swift") else { return nil }
            let text = name.dropFirst("Package@swift-".count).dropLast(".swift".count)
            let parts = text.split(separator: ".").map { Int($0) }
            guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
            return (parts.compactMap { $0 }, name)
        }
        let fitting = versioned.filter { $0.version == compiler || $0.version.lexicographicallyPrecedes(compiler) }
        guard let best = fitting.max(by: { $0.version.lexicographicallyPrecedes($1.version) }) else {
            return package.appendingPathComponent("Package.swift")
        }
        return package.appendingPathComponent(best.name)
    }
}
