import Foundation
import LitmusModel
import LitmusSupport
import SwiftSyntax

/// The footprint observer: a test target the audit adds to its own copy of the package (never to the package),
/// so that one serial suite run says which code each test executed (docs/audit.md, "Isolation from
/// footprints"). Its source is Resources/FootprintObserver.swift: when a test process has
/// ``environmentVariable`` set, it writes, at each test's start and end, which LLVM profile counters changed
/// since the last boundary (XCTest through an `XCTestObservation` registered when the binary loads, Swift
/// Testing through its ABI entry point); without it, it does nothing.
package enum FootprintObserver {
    /// The observer's target and folder in the copy.
    package static let target = "LitmusFootprintObserver"
    /// The variable naming the file a test process writes its footprints to.
    package static let environmentVariable = "LITMUS_FOOTPRINT_FILE"
    /// The variable saying what the observer notes (``Watch``).
    package static let watchVariable = "LITMUS_FOOTPRINT_WATCH"

    /// What the observer notes in a test process.
    package enum Watch: Sendable, Hashable {
        /// Which code each test executed (its profile counters), and its processor time.
        case footprints
        /// Each test's processor time alone: no counters are compared at the boundaries, so the durations the
        /// runner measures hold none of that work (``RunStage/retimeSlow(_:xctests:)``'s runs).
        case processorTime

        /// The value of ``watchVariable``.
        var value: String {
            switch self {
            case .footprints: "footprints"
            case .processorTime: "processor"
            }
        }
    }

    /// One process's footprint file (``TestBinary/Run/footprints``), with the framework the process ran.
    package struct File: Sendable, Hashable {
        /// Where the process wrote it.
        package var file: URL
        /// The process's framework.
        package var library: TestLibrary

        /// The file `file` of a process of `library`.
        package init(file: URL, library: TestLibrary) {
            self.file = file
            self.library = library
        }
    }

    /// The file in a kept build folder that says why the observer was left out of its builds.
    static let leftOutFile = "footprint-observer-left-out.txt"

    /// Whether the observer is in the copy, and why not.
    package enum Status: Sendable, Hashable {
        /// In the copy's manifest and folder.
        case installed
        /// Not in the copy, for this reason (the package has no test target, its manifest declares no
        /// `Package` value the audit can add a target to, or the observer did not build here).
        case leftOut(String)

        /// Why it is not in the copy; `nil` when it is.
        package var reason: String? {
            if case .leftOut(let reason) = self { return reason }
            return nil
        }
    }

    /// The observer's source.
    static var source: String { String(decoding: PackageResources.FootprintObserver_swift, as: UTF8.self) }

    /// `manifest` with the observer's test target appended, or why it cannot take it: it declares no test
    /// target (the observer would make a test binary of its own), or no top-level value `Package(…)` to
    /// append to.
    static func adding(to manifest: String) -> Result<String, LeftOut> {
        guard manifest.contains("testTarget(") else { return .failure(LeftOut("the package declares no test target")) }
        guard let name = packageVariable(in: manifest) else {
            return .failure(
                LeftOut("its manifest declares no top-level `let package = Package(…)` the audit can add a target to"))
        }
        let flags = "[.unsafeFlags([\"-enable-experimental-feature\", \"SymbolLinkageMarkers\"])]"
        return .success(
            manifest + (manifest.hasSuffix("\n") ? "" : "\n") + """

                // Added by litmus audit to its own copy of the package, never to the package: the footprint observer.
                #if compiler(>=6.3)
                \(name).targets.append(.testTarget(name: "\(target)", path: "\(target)"))
                #else
                \(name).targets.append(.testTarget(name: "\(target)", path: "\(target)", swiftSettings: \(flags)))
                #endif

                """)
    }

    /// Why the observer cannot be added.
    struct LeftOut: Error, Sendable, Hashable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The name of the manifest's top-level variable holding `Package(…)`.
    static func packageVariable(in manifest: String) -> String? {
        let finder = PackageVariableFinder(viewMode: .sourceAccurate)
        finder.walk(SwiftSource.parse(manifest))
        return finder.name
    }

    /// Writes the observer's source into `copy` when it is not there already, with a modification date of its
    /// own (``modificationDate(of:)``), so an unchanged observer never makes SwiftPM recompile or link again.
    static func install(in copy: URL) throws {
        let folder = copy.appendingPathComponent(target)
        let file = folder.appendingPathComponent("FootprintObserver.swift")
        let data = Data(source.utf8)
        if (try? Data(contentsOf: file)) == data { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: file)
        try FileManager.default.setAttributes([.modificationDate: modificationDate(of: data)], ofItemAtPath: file.path)
    }

    /// The modification date the observer's source `data` is written with: the same for the same source, so a
    /// kept build does not compile it again; another for another, because the compiler tells a changed source
    /// by its date. With one fixed date, a kept build went on linking the observer an earlier Litmus wrote.
    static func modificationDate(of data: Data) -> Date {
        Date(timeIntervalSince1970: 1_700_000_000 + Double(ContentHash.fnv1a(data) % 100_000_000))
    }

    /// Removes the observer's folder from `copy`.
    static func remove(from copy: URL) {
        try? FileManager.default.removeItem(at: copy.appendingPathComponent(target))
    }

    /// Why the observer was left out of the builds of the kept build folder `kept`; `nil` when it was not.
    static func leftOut(in kept: URL?) -> String? {
        guard let kept else { return nil }
        return try? String(contentsOf: kept.appendingPathComponent(leftOutFile), encoding: .utf8)
    }

    /// Finds `let NAME = Package(…)` at the top level of a manifest (inside `#if` clauses too).
    private final class PackageVariableFinder: SyntaxVisitor {
        var name: String?

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            for binding in node.bindings {
                guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                    let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
                else { continue }
                let called = call.calledExpression.trimmedDescription
                if called == "Package" || called == "PackageDescription.Package" {
                    name = name ?? pattern.identifier.text
                }
            }
            return .skipChildren
        }
    }
}
