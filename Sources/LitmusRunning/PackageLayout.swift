import Foundation
import LitmusModel

/// The targets of the audited package, as `swift package describe --type json` gives them.
package struct PackageLayout: Sendable {
    /// The package's name, as its manifest declares it.
    package var name = ""
    /// Folders (relative to the package) of the targets that are not tests.
    package var sourceFolders: [String]
    /// Source files (absolute, in the copy) of the test targets, by test module (the target's C99 name,
    /// the first part of its tests' identifiers).
    package var testModules: [String: [URL]] = [:]
    /// The folder (relative to the package) of each test target, by test module.
    package var testFolders: [String: String] = [:]
    /// The same files, one list per test target, in the order of the targets' module names.
    package var testTargets: [[URL]] { testModules.keys.sorted().compactMap { testModules[$0] } }
    /// For each folder of a target that is not a test, the test modules that depend on it, directly or
    /// through other targets.
    package var dependentTests: [String: Set<String>] = [:]
    /// Folders (relative to the package) of the library targets no product holds that test targets depend
    /// on, in a package whose products hold others: the tests' own support (swift-numerics' `_TestSupport`),
    /// no code under test.
    package var testSupportFolders: Set<String> = []
    /// Folders (relative to the package) of the plugin targets.
    package var pluginFolders: [String] = []
    /// The targets' resources (files or folders, relative to the package).
    package var resources: [String] = []

    /// Reads the layout from SwiftPM's JSON description of the package at `root`.
    package static func read(_ data: Data, root: URL) throws -> PackageLayout {
        let description = try JSONDecoder().decode(Description.self, from: data)
        var sourceFolders: [String] = []
        var testModules: [String: [URL]] = [:]
        var testFolders: [String: String] = [:]
        var pluginFolders: [String] = []
        var resources: [String] = []
        // The footprint observer the audit adds to its copy is no target of the package's.
        for target in description.targets where target.name != FootprintObserver.target {
            resources += (target.resources ?? []).map { resource in
                // SwiftPM gives each resource's absolute path; older versions one relative to the target.
                resource.path.hasPrefix("/")
                    ? resource.path.replacingOccurrences(of: root.path + "/", with: "")
                    : target.path + "/" + resource.path
            }
            if target.type == "test" {
                let folder = root.appendingPathComponent(target.path)
                let files = (target.sources ?? []).filter { $0.hasSuffix(".swift") }.map {
                    folder.appendingPathComponent($0)
                }
                testModules[target.module, default: []] += files
                testFolders[target.module] = target.path
            } else if target.type == "plugin" {
                pluginFolders.append(target.path)
            } else {
                sourceFolders.append(target.path)
            }
        }
        let dependentTests = dependents(of: description.targets)
        // Only in a package whose products hold some library: one that declares none (an app, a fixture)
        // tests its targets as they are.
        let hasProducts = description.targets.contains { !($0.productMemberships ?? []).isEmpty }
        let testSupport = description.targets.filter { target in
            hasProducts && target.type == "library" && (target.productMemberships ?? []).isEmpty
                && !(dependentTests[target.path] ?? []).isEmpty
        }.map(\.path)
        return PackageLayout(
            name: description.name ?? "", sourceFolders: sourceFolders, testModules: testModules,
            testFolders: testFolders, dependentTests: dependentTests, testSupportFolders: Set(testSupport),
            pluginFolders: pluginFolders, resources: resources)
    }

    /// For each target folder that is not a test's, the test modules depending on it (`target_dependencies`,
    /// followed through every target).
    private static func dependents(of targets: [Target]) -> [String: Set<String>] {
        let byName = Dictionary(targets.compactMap { target in target.name.map { ($0, target) } }) { first, _ in first }
        var dependents: [String: Set<String>] = [:]
        for test in targets where test.type == "test" {
            var seen: Set<String> = []
            var pending = test.targetDependencies ?? []
            while let name = pending.popLast() {
                guard seen.insert(name).inserted, let target = byName[name] else { continue }
                dependents[target.path, default: []].insert(test.module)
                pending += target.targetDependencies ?? []
            }
        }
        return dependents
    }

    private struct Description: Decodable {
        var name: String?
        var targets: [Target]
    }

    private struct Target: Decodable {
        var name: String?
        var c99name: String?
        var path: String
        var type: String
        var sources: [String]?
        var targetDependencies: [String]?
        var productMemberships: [String]?
        var resources: [Resource]?

        /// One resource of a target.
        struct Resource: Decodable { var path: String }

        /// The module a test target's tests are named after: its C99 name.
        var module: String { c99name ?? name ?? path }

        enum CodingKeys: String, CodingKey {
            case name, c99name, path, type, sources, resources
            case targetDependencies = "target_dependencies"
            case productMemberships = "product_memberships"
        }
    }
}
