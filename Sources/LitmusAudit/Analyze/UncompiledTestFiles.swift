import Foundation
import LitmusRunning
import LitmusSupport
import SwiftSyntax

/// Files of a package that declare tests (a `@Test`, an XCTest class's `test…` methods, a Quick spec) and that
/// no target compiles (docs/audit.md, "Tests that never run"): excluded by name by their test target, outside
/// every target's folder in a folder where the package keeps its tests (`Tests`, or where its manifests put
/// test targets), or in a test folder only another `Package@swift-…` manifest (or a condition of the
/// manifest) declares as a target. The footprint observer the audit adds to its copy is not among them. A file
/// in a nested package (a folder with a Package.swift of its own), in a hidden or vendored folder, among a
/// target's resources, in a folder its target excludes or in a folder named for data (`Fixtures`, `Inputs`, …)
/// is data a test reads, not tests.
struct UncompiledTestFiles {
    /// The package's folder.
    var package: URL
    /// The manifest SwiftPM reads there (Package.swift, or the `Package@swift-…` file for this toolchain).
    var manifest: URL
    /// The Swift files the test targets compile, absolute.
    var compiled: Set<String>
    /// Each test target's folder, absolute, by target name.
    var testFolders: [String: String]
    /// The folders of the other targets, absolute.
    var otherFolders: [String]
    /// The targets' resources (files or folders), absolute.
    var resources: [String]

    /// The files of the package at `package` (the audit's copy), as `swift package describe` laid it out.
    init(layout: PackageLayout, package: URL) {
        let absolute = { (path: String) in package.appendingPathComponent(path).standardizedFileURL.path }
        self.package = package
        manifest = PackageManifest.manifest(of: package)
        compiled = Set(layout.testModules.values.joined().map(\.standardizedFileURL.path))
        testFolders = layout.testFolders.mapValues(absolute)
        otherFolders = (layout.sourceFolders + layout.pluginFolders).map(absolute)
        resources = layout.resources.map(absolute)
    }

    /// The files of the package at `package` as the text of the manifest SwiftPM reads declares them
    /// (`litmus smells`, which builds nothing); `compiled` are its test targets' files.
    init(package: URL, manifest: URL, targets: ManifestTargets, compiled: Set<String>) {
        let absolute = { (path: String) in package.appendingPathComponent(path).standardizedFileURL.path }
        self.package = package
        self.manifest = manifest
        self.compiled = compiled
        testFolders = Dictionary(
            targets.targets.filter(\.isTest).map { ($0.name, absolute($0.path)) }
        ) { first, _ in first }
        otherFolders = targets.targets.filter { !$0.isTest }.map { absolute($0.path) }
        resources = targets.targets.flatMap { target in target.resources.map { absolute(target.path + "/" + $0) } }
    }

    /// The findings: one per file, at its first test.
    func findings() -> [AnalyzedFinding] {
        let root = package.standardizedFileURL.path
        let projects = xcodeProjects()
        return SwiftFiles.under(package).compactMap { url -> AnalyzedFinding? in
            let path = url.path
            let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
            // The footprint observer, which the audit adds to its copy, is no file of the package.
            guard !compiled.contains(path), relative.contains("/") || !relative.hasPrefix("Package"),
                !relative.hasPrefix(FootprintObserver.target + "/"), !SwiftFiles.isVendored(relative[...]),
                !Self.isInside(path, any: otherFolders + resources), !inNestedPackage(relative),
                let text = try? String(contentsOf: url, encoding: .utf8),
                ["XCTestCase", "@Test", "QuickSpec", "AsyncSpec"].contains(where: text.contains)
            else { return nil }
            let tree = SwiftSource.parse(text)
            let tests = ScannedTests.collect(in: tree, module: "", testClasses: [], compiles: { _ in true })
                .filter { $0.framework != .xctest || NeverRunDetector.isTestName(Self.method(of: $0)) }
            guard let first = tests.first, let (cause, why) = reason(for: path, relative: relative) else { return nil }
            let names = tests.prefix(3).map(\.shown).joined(separator: ", ") + (tests.count > 3 ? ", …" : "")
            let declares = "\(relative) declares \(tests.count == 1 ? "a test" : "\(tests.count) tests") (\(names))"
            // An Xcode project that builds the file runs its tests there (Moya 15 on its CI): `swift test` alone
            // misses them, which is a note, not a test that never runs.
            let project = (projects + xcodeProjects(holding: relative)).first {
                $0.text.contains(url.lastPathComponent) || Self.syncs(relative, $0)
            }
            var finding = AnalyzedFinding(
                cause: cause, testName: first.name, file: path,
                line: first.declaration.startLocation(converter: SourceLocationConverter(fileName: path, tree: tree))
                    .line,
                message: project.map {
                    "\(declares) that only \($0.name) builds: no target of the package compiles it (\(why)), so "
                        + (tests.count == 1 ? "it runs" : "they run") + " through Xcode alone, never under `swift test`"
                }
                    ?? "\(declares) and no target compiles it: \(why), so \(tests.count == 1 ? "it never runs" : "they never run")"
            )
            finding.isNote = project != nil
            var findings = [finding]
            IgnoreComments(text: text).apply(to: &findings, file: path)
            return findings.first
        }
    }

    /// The Xcode projects at the package's top or one folder down (`Moya.xcodeproj`), each its name and the text
    /// of its project.pbxproj, which names every file a target of it builds.
    private func xcodeProjects() -> [(name: String, text: String)] {
        let below = (try? FileManager.default.contentsOfDirectory(atPath: package.path))?.filter { !$0.hasPrefix(".") }
        return ([""] + (below ?? []).map { $0 + "/" }).flatMap(xcodeProjects(in:))
    }

    /// The Xcode projects in the folders deeper than one down that hold the file at `relative` (to the package):
    /// groue/GRDBQuery 0.11.0's UI tests in Tests/QueryTests/QueryTestsUITests, which its Makefile runs through
    /// Tests/QueryTests/QueryTests.xcodeproj.
    private func xcodeProjects(holding relative: String) -> [(name: String, text: String)] {
        let folders = relative.split(separator: "/").dropLast()
        guard folders.count > 1 else { return [] }
        return (2...folders.count).flatMap { depth in
            xcodeProjects(in: folders.prefix(depth).joined(separator: "/") + "/")
        }
    }

    /// The Xcode projects directly in `folder` (relative to the package, ending in `/`, or empty for its top).
    private func xcodeProjects(in folder: String) -> [(name: String, text: String)] {
        ((try? FileManager.default.contentsOfDirectory(atPath: package.appendingPathComponent(folder).path)) ?? [])
            .filter { $0.hasSuffix(".xcodeproj") }
            .compactMap { name in
                let pbxproj = package.appendingPathComponent(folder + name + "/project.pbxproj")
                return (try? String(contentsOf: pbxproj, encoding: .utf8)).map { (folder + name, $0) }
            }
    }

    /// Whether a project's folder synchronized with the disk (Xcode 16's `PBXFileSystemSynchronizedRootGroup`, whose
    /// files the project.pbxproj does not name: kean/Nuke 13.2.0's `path = NukeTests;`, 74 files read as never
    /// running on first contact) holds the file at `relative` (to the package): a folder of the file's path, below
    /// the project's folder, ends with the group's path.
    static func syncs(_ relative: String, _ project: (name: String, text: String)) -> Bool {
        let base = project.name.split(separator: "/").dropLast().joined(separator: "/")
        guard base.isEmpty || relative.hasPrefix(base + "/") else { return false }
        let below = base.isEmpty ? relative : String(relative.dropFirst(base.count + 1))
        let folders = "/" + below.split(separator: "/").dropLast().joined(separator: "/") + "/"
        return synchronizedPaths(in: project.text).contains { folders.contains("/" + $0 + "/") }
    }

    /// The paths of the synchronized folders a project.pbxproj declares, each entry on one line or on several: the
    /// `path` field of the entry's own level (`explicitFileTypes = {};` and other values nest braces).
    private static func synchronizedPaths(in text: String) -> [String] {
        let marker = "isa = PBXFileSystemSynchronizedRootGroup;"
        var paths: [String] = []
        var rest = text[...]
        while let found = rest.range(of: marker) {
            var depth = 1
            var field = ""
            var index = found.upperBound
            while index < rest.endIndex, depth > 0 {
                let character = rest[index]
                if character == "{" || character == "(" { depth += 1 }
                if character == "}" || character == ")" { depth -= 1 }
                if depth == 1, character == ";" {
                    let trimmed = field.trimmingCharacters(in: .whitespacesAndNewlines)
                    if trimmed.hasPrefix("path = ") {
                        let path = trimmed.dropFirst("path = ".count).trimmingCharacters(
                            in: CharacterSet(charactersIn: "\""))
                        if !path.isEmpty { paths.append(path) }
                    }
                    field = ""
                } else if depth == 1 {
                    field.append(character)
                }
                index = rest.index(after: index)
            }
            rest = rest[index...]
        }
        return paths
    }

    /// Why no target compiles the file at `path`; `nil` when it is data: in a folder its target excludes, or a
    /// folder named for fixtures, or left out for a reason the manifest's text does not tell.
    private func reason(for path: String, relative: String) -> (NeverRunCause, String)? {
        let read = ManifestTargets.read(manifest)
        if let (name, folder) = testFolders.first(where: { Self.isInside(path, any: [$0.value]) }) {
            let inTarget = String(path.dropFirst(folder.count + 1))
            guard read.targets.contains(where: { $0.name == name && $0.excluded.contains(inTarget) }) else {
                return nil
            }
            return (
                .excludedFromTarget,
                "the test target \(name) excludes it by name (`exclude:` in \(manifest.lastPathComponent))"
            )
        }
        guard !Self.isData(relative), isInTestRoot(relative, read: read) else { return nil }
        for target in read.targets where target.isTest && Self.isInside(relative, any: [target.path]) {
            return (
                .targetNotBuilt,
                "\(manifest.lastPathComponent) declares its folder as the test target \(target.name) under a "
                    + "condition that does not hold here"
            )
        }
        for other in ManifestTargets.otherManifests(of: package, besides: manifest) {
            for target in ManifestTargets.read(other).targets
            where target.isTest && Self.isInside(relative, any: [target.path]) {
                return (
                    .targetNotBuilt,
                    "only \(other.lastPathComponent) declares its folder as the test target \(target.name), and "
                        + "this toolchain reads \(manifest.lastPathComponent)"
                )
            }
        }
        if let target = ManifestTargets.commentedOut(in: (try? String(contentsOf: manifest, encoding: .utf8)) ?? "")
            .first(where: { $0.isTest && Self.isInside(relative, any: [$0.path]) })
        {
            return (
                .targetNotBuilt,
                "\(manifest.lastPathComponent) declares its folder as the test target \(target.name) only in a comment "
                    + "(`// .testTarget(`)"
            )
        }
        return (.fileNotCompiled, "it is outside every target's folder")
    }

    /// Whether the file at `relative` lies under a folder where the package keeps its tests: `Tests`, or the
    /// first folder of a test target's path in any of its manifests. A file of tests elsewhere (a script's
    /// `scripts/…-tests.swift` a script copies into a package of its own) is run some other way.
    private func isInTestRoot(_ relative: String, read: ManifestTargets) -> Bool {
        let manifests =
            [read] + ManifestTargets.otherManifests(of: package, besides: manifest).map(ManifestTargets.read)
        let declared: [String] = manifests.flatMap(\.targets).filter(\.isTest).compactMap {
            $0.path.split(separator: "/").first.map(String.init)
        }
        let roots = Set(declared + ["Tests"])
        return roots.contains { relative.hasPrefix($0 + "/") }
    }

    /// Whether the file at `relative` lies in a folder with a Package.swift of its own, below the package's.
    private func inNestedPackage(_ relative: String) -> Bool { Self.inNestedPackage(relative, of: package) }

    /// Whether the file at `relative` (to `package`) lies in a folder with a Package.swift of its own.
    private static func inNestedPackage(_ relative: String, of package: URL) -> Bool {
        var folder = (relative as NSString).deletingLastPathComponent
        while !folder.isEmpty && folder != "." && folder != "/" {
            let manifest = package.appendingPathComponent(folder).appendingPathComponent("Package.swift")
            if FileManager.default.fileExists(atPath: manifest.path) { return true }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return false
    }

    /// The folders (relative to `package`) of the Swift files that declare tests anywhere in it, outside hidden,
    /// vendored and data folders and nested packages, whatever compiles them: where a package whose manifest has
    /// no test target keeps the tests its Xcode project builds (KeychainAccess 4.2.2's `Lib/KeychainAccessTests`).
    static func testFolders(in package: URL) -> [String] {
        let root = package.standardizedFileURL.path
        let folders = SwiftFiles.under(package).compactMap { url -> String? in
            // `SwiftFiles.under` gives files under the root only.
            let relative = String(url.path.dropFirst(root.count + 1))
            guard relative.contains("/"), !SwiftFiles.isVendored(relative[...]), !isData(relative),
                !inNestedPackage(relative, of: package),
                let text = try? String(contentsOf: url, encoding: .utf8),
                ["XCTestCase", "@Test", "QuickSpec", "AsyncSpec"].contains(where: text.contains),
                ScannedTests.collect(in: SwiftSource.parse(text), module: "", testClasses: [], compiles: { _ in true })
                    .contains(where: { $0.framework != .xctest || NeverRunDetector.isTestName(method(of: $0)) })
            else { return nil }
            return (relative as NSString).deletingLastPathComponent
        }
        return Array(Set(folders)).sorted()
    }

    /// Folders whose Swift files are data a test reads (inputs of a code generator's tests, a tool's
    /// fixtures), not tests: by the name of any folder on the path.
    static let dataFolders: Set<String> = [
        "fixtures", "fixture", "resources", "inputs", "input", "samples", "testdata", "data", "snapshots",
        "__snapshots__", "examples", "example", "templates", "corpus",
    ]

    /// Whether the file at `relative` lies in a folder of data: one named above, or for fixtures of any kind
    /// (`LintFixtures`, `TestFixtures`).
    private static func isData(_ relative: String) -> Bool {
        relative.split(separator: "/").dropLast().contains { folder in
            dataFolders.contains(folder.lowercased()) || folder.lowercased().contains("fixture")
        }
    }

    /// The method name of an XCTest test (`Class.method`).
    private static func method(of test: ScannedTest) -> String {
        test.shown.split(separator: ".").last.map(String.init) ?? test.shown
    }

    /// Whether `path` is one of `folders` or inside one.
    static func isInside(_ path: String, any folders: [String]) -> Bool {
        folders.contains { folder in
            let trimmed = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            return !trimmed.isEmpty && (path == trimmed || path.hasPrefix(trimmed + "/"))
        }
    }
}
