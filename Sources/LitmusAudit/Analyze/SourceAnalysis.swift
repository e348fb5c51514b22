import Foundation

/// What the sources of the test targets declare, and what reading them finds (Self-validating and Fast).
public struct SourceAnalysis: Sendable, Codable {
    /// A class declaring tests: an XCTestCase subclass with `test…` methods, or a Quick spec.
    public struct TestClass: Sendable, Hashable, Codable {
        /// Its name.
        public var name: String
        /// Its test module (the target's module name, the first part of its tests' identifiers); empty
        /// when the files were analyzed without their targets.
        public var module = ""
        /// Its file.
        public var file: String
        /// Its line.
        public var line: Int
        /// Whether it is a Quick spec (`QuickSpec` / `AsyncSpec`), which declares no `test…` method.
        public var isSpec: Bool
        /// Its `test…` methods with their lines.
        public var testMethods: [String: Int]
        /// Whether XCTest ran it, given the classes whose tests ran, each as `Module.Class` (or `Class`
        /// when its module is unknown): itself, or for a spec the class LitmusSpecs generates to run it
        /// on Linux (`<Spec>_Examples`, `<Namespace>_<Spec>_Examples`), in its own module. Two test
        /// targets may each declare a class of the same name: only its own module's counts.
        public func ran(among classes: Set<String>) -> Bool {
            // Without a module, any module's class of that name.
            let names =
                module.isEmpty
                ? Set(classes.map { String($0.split(separator: ".").last ?? Substring($0)) })
                : Set(classes.filter { $0.hasPrefix(module + ".") }.map { String($0.dropFirst(module.count + 1)) })
            return names.contains(name)
                || (isSpec && names.contains { $0 == "\(name)_Examples" || $0.hasSuffix("_\(name)_Examples") })
        }

        /// The name the analysis gives its test method `method`: `Module.Class.method`.
        public func testName(_ method: String) -> String {
            (module.isEmpty ? "" : module + ".") + "\(name).\(method)"
        }

        /// The identifier XCTest gives its test method `method`: `Module.Class/method`.
        public func testID(_ method: String) -> TestID {
            TestID((module.isEmpty ? "" : module + ".") + "\(name)/\(method)")
        }
    }

    /// Test classes and specs.
    public var classes: [TestClass] = []
    /// Findings, each naming its test as `Class.method` or the function's name, with an absolute file path.
    public var findings: [AnalyzedFinding] = []
    /// The checks of each test, named as the findings name it.
    public var assertionSites: [AssertionSites] = []
    /// The checks of each helper (a function of the test targets that asserts and is no test), by name:
    /// one entry per declaration, as same-named helpers cannot be told apart by name.
    public var helperSites: [String: [AssertionSites]] = [:]
    /// `Tests/LinuxMain.swift`, when the package has one: on Linux it decides which tests run.
    public var linuxMain: String?
    /// The test names written as strings only in a branch of an `#if` the Linux build does not compile
    /// (`("testZipItemProgress", testZipItemProgress)` in a list under `#if os(macOS)`): tests the
    /// package runs on other platforms only, by its own choice; `nil` in records written before.
    public var listedForOtherPlatforms: [String]?
    /// The spec classes a `QCKMain` entry point in `Tests/LinuxMain.swift` runs (`AfterSuiteTests.self`):
    /// Quick's own runner runs them under `swift test`, but they are not listed to XCTest (`--list-tests`),
    /// so the audit cannot run them one by one.
    public var entryPointSpecs: [String] = []
    /// The capitalized names (types, mostly) each test file uses, sorted: what a crash in a dependency is
    /// matched against, to tell which of the tests running it likely came from.
    public var typeNames: [String: [String]] = [:]
    /// The lines of the test functions that call XCTest's `measure`, by file: performance tests, whose
    /// duration is the measurement's (ten runs of the block), not a slow unit test's.
    public var measuringTests: [String: [Int]] = [:]
    /// Why the compiler's typed facts of some test module are missing (its typed AST could not be produced),
    /// when the audit built the tests: its static findings that ask them are unconfirmed. `nil` when every
    /// module had its facts, and for `litmus smells`, which builds nothing.
    public var typedFactsProblem: String?
}

extension SourceAnalysis {
    /// The classes a `QCKMain([A.self, B.self], …)` call's first list names, in `linuxMain`'s text; none
    /// without such a call.
    static func qckMainSpecs(in linuxMain: String) -> [String] {
        guard let call = linuxMain.range(of: "QCKMain(") else { return [] }
        let rest = linuxMain[call.upperBound...]
        guard let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") else { return [] }
        return rest[rest.index(after: open)..<close].split(separator: ",").compactMap { item in
            let name = item.trimmingCharacters(in: .whitespacesAndNewlines)
            return name.hasSuffix(".self") ? String(name.dropLast(5)) : nil
        }
    }
}
