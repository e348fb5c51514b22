import Foundation
import LitmusRunning
import LitmusSupport
import SwiftSyntax

/// What a package's manifest declares, read without SwiftPM (`litmus smells` builds nothing): its test
/// targets and their files (``ManifestTargets``), and the files of tests no target compiles.
enum PackageManifest {
    /// A package's targets as its manifest's text declares them: the Swift files of its test targets by
    /// module, and the folders of its other targets, relative to the package (a test-support library among
    /// them lends its checks to the tests: ``TestSourceAnalyzer/sourceTargets``).
    struct Targets {
        /// The test targets' files by module.
        var tests: [String: [URL]] = [:]
        /// The other targets' folders.
        var others: [String] = []
    }

    /// The Swift files of a package's test targets by module (``targets(of:)``).
    static func testTargets(of package: URL) throws -> [String: [URL]] { try targets(of: package).tests }

    /// The targets of a package: each `.testTarget` of its Package.swift, in `Tests/<name>` or its `path:`,
    /// without what `exclude:` and `resources:` name, and the folders of its other targets. When the text
    /// does not name every target (a manifest that makes its targets in a function of its own,
    /// apple/swift-collections 1.6.0), each folder of `Tests/` that no target read claims is one more, by
    /// SwiftPM's convention: a test target if a file of it declares a test, else another target (swift-collections'
    /// `_CollectionsTestSupport`, its checks). Its tests are read rather than none. So too for a manifest of Swift 3,
    /// without a tools version, whose targets are all its folders by convention.
    static func targets(of package: URL) throws -> Targets {
        let manifest = manifest(of: package)
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let version = toolsVersion(of: manifest)
        let read = ManifestTargets(text: text).laidOut(in: package, toolsVersion: version)
        var found = Targets()
        for target in read.targets {
            guard target.isTest else {
                // A target this platform's manifest does not declare is not built here, as the audit has it.
                if target.declaredHere { found.others.append(target.path) }
                continue
            }
            let folder = package.appendingPathComponent(target.path)
            let files = SwiftFiles.under(
                folder,
                excluding: (target.excluded + target.resources).map {
                    folder.appendingPathComponent($0).standardizedFileURL.path
                })
            // `sources:` names what is compiled; the rest of the folder is not.
            let sources = target.sources?.map { folder.appendingPathComponent($0).standardizedFileURL.path }
            found.tests[moduleName(target.name)] = files.filter { file in
                sources.map { $0.contains { file.path == $0 || file.path.hasPrefix($0 + "/") } } ?? true
            }
        }
        // A manifest without a tools version is one of Swift 3 (`.Package(url:majorVersion:)`, kylef/JSONWebToken.swift
        // 2.2.0), whose targets are its folders by convention: it names none, yet its Tests/ folders are its test targets.
        guard !read.complete || version == nil else { return found }
        let claimed = Set(read.targets.map { package.appendingPathComponent($0.path).standardizedFileURL.path })
        let tests = package.appendingPathComponent("Tests")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: tests.path)) ?? []
        for name in folders.sorted() where !name.hasPrefix(".") && found.tests[moduleName(name)] == nil {
            let folder = tests.appendingPathComponent(name).standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue,
                !claimed.contains(folder.path)
            else { continue }
            let files = SwiftFiles.under(folder)
            if files.contains(where: declaresATest) {
                found.tests[moduleName(name)] = files
            } else if !files.isEmpty {
                found.others.append("Tests/\(name)")
            }
        }
        return found
    }

    /// Whether the Swift file at `url` declares a test: a `test…` method without parameters in a class that
    /// inherits (from XCTestCase or a base class of the package's: swift-collections' `CollectionTestCase`) or in
    /// an extension of a type named for tests (`extension FooTests`), a `@Test` function or `@Suite` type
    /// (`@Testing.Test` too), or a Quick spec's `spec()`. Comments (a doc comment's example `func testFoo()`) are
    /// not read.
    private static func declaresATest(_ url: URL) -> Bool {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return false }
        let tree = SwiftSource.parse(text)
        let attributes = Set(
            tree.descendants(of: AttributeSyntax.self).compactMap {
                $0.attributeName.trimmedDescription.split(separator: ".").last.map(String.init)
            })
        if !attributes.isDisjoint(with: ["Test", "Suite"]) { return true }
        return tree.descendants(of: FunctionDeclSyntax.self).contains { function in
            let name = function.name.text
            guard name.hasPrefix("test") || name == "spec", function.signature.parameterClause.parameters.isEmpty
            else { return false }
            let owner = function.enclosingDeclarationGroup
            if let type = owner?.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription {
                return ["Tests", "Test", "TestCase", "Spec"].contains(where: type.hasSuffix)
            }
            return owner?.as(ClassDeclSyntax.self)?.inheritanceClause != nil
        }
    }

    /// A target's module name: SwiftPM's, `-` as `_`.
    private static func moduleName(_ target: String) -> String { target.replacingOccurrences(of: "-", with: "_") }

    /// The files of tests in `package` that no target its manifest's text declares compiles, when that text
    /// names every target (``UncompiledTestFiles``); `tests` are its test targets' files.
    static func uncompiledTests(in package: URL, tests: Set<String>) -> [AnalyzedFinding] {
        let manifest = manifest(of: package)
        let targets = ManifestTargets.read(manifest)
        guard targets.complete, !targets.targets.isEmpty else { return [] }
        return UncompiledTestFiles(package: package, manifest: manifest, targets: targets, compiled: tests).findings()
    }

    /// The manifest SwiftPM reads for `package`: the version-specific `Package@swift-X[.Y[.Z]].swift` of this
    /// compiler's version as its build configuration knows it (`6.3`, then `6`); else the one of the highest version
    /// below it when its tools version is above `Package.swift`'s (mxcl/Version 2.0.0 declares its test target only in
    /// `Package@swift-5.3.swift`); else `Package.swift` (pointfreeco/swift-sharing 2.8.2: its `Package.swift` of tools
    /// version 6.0 wins over `Package@swift-5.9.swift` of 5.9 on Swift 6).
    static func manifest(of package: URL, compiler: [Int] = TestSourceAnalyzer.toolchainVersion) -> URL {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: package.path)) ?? []
        let versioned = names.compactMap { name -> (version: [Int], name: String)? in
            guard name.hasPrefix("Package@swift-"), name.hasSuffix(".swift") else { return nil }
            let text = name.dropFirst("Package@swift-".count).dropLast(".swift".count)
            let parts = text.split(separator: ".").map { Int($0) }
            guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
            return (parts.compactMap { $0 }, name)
        }
        let regular = package.appendingPathComponent("Package.swift")
        for length in stride(from: min(compiler.count, 3), through: 1, by: -1) {
            if let exact = versioned.first(where: { $0.version == Array(compiler.prefix(length)) }) {
                return package.appendingPathComponent(exact.name)
            }
        }
        let fitting = versioned.filter { padded($0.version).lexicographicallyPrecedes(padded(compiler)) }
        guard let best = fitting.max(by: { padded($0.version).lexicographicallyPrecedes(padded($1.version)) }) else {
            return regular
        }
        let specific = package.appendingPathComponent(best.name)
        guard FileManager.default.fileExists(atPath: regular.path),
            let own = toolsVersion(of: regular)
        else { return specific }
        return padded(own).lexicographicallyPrecedes(padded(toolsVersion(of: specific) ?? [])) ? specific : regular
    }

    /// `version` with as many zeros as make it three parts (`5.9` is `5.9.0`).
    private static func padded(_ version: [Int]) -> [Int] {
        version.count >= 3 ? version : version + Array(repeating: 0, count: 3 - version.count)
    }

    /// The tools version a manifest's first line declares (`// swift-tools-version: 6.0`, `//swift-tools-version:5.9`).
    static func toolsVersion(of manifest: URL) -> [Int]? {
        // SwiftPM 5.4 and later read the comment after blank lines too.
        guard let text = try? String(contentsOf: manifest, encoding: .utf8),
            let line = text.split(separator: "\n").first(where: {
                !$0.trimmingCharacters(in: .whitespaces).isEmpty
            }),
            let range = line.range(of: "swift-tools-version:", options: .caseInsensitive)
        else { return nil }
        let version = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
            .prefix { $0.isNumber || $0 == "." }
        let parts = version.split(separator: ".").compactMap { Int($0) }
        return parts.isEmpty ? nil : parts
    }
}
