import Foundation
import LitmusModel
import Testing

@testable import LitmusRunning

@Suite("The footprint observer goes into the audit's copy of the package, never into the package")
struct FootprintObserverTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "litmus-observer-\(UUID().uuidString)")
    private var original: URL { folder.appendingPathComponent("Package") }

    private let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Ledger",
            targets: [.target(name: "Ledger"), .testTarget(name: "LedgerTests", dependencies: ["Ledger"])])
        """

    private func writePackage(_ manifest: String) throws {
        for (path, text) in [("Package.swift", manifest), ("Sources/Ledger/Ledger.swift", "let a = 1\n")] {
            let file = original.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    @Test("The manifest gets the observer's test target, appended to the package value it declares")
    func appendedTarget() throws {
        // Given: a manifest whose package value is named `ledger`
        let named = manifest.replacingOccurrences(of: "let package", with: "let ledger")

        // When: the observer is added to it
        let sut = try FootprintObserver.adding(to: named).get()

        // Then: the package's text is kept as it was, and the target is appended to `ledger`
        #expect(sut.hasPrefix(named))
        #expect(sut.contains(#"ledger.targets.append(.testTarget(name: "LitmusFootprintObserver""#))
        #expect(sut.contains("#if compiler(>=6.3)"))
    }

    @Test("A manifest with no test target, or no top-level package value, does not take the observer")
    func refusedManifests() {
        // Given: a package without tests, and one built by a function
        let untested = manifest.replacingOccurrences(
            of: #", .testTarget(name: "LedgerTests", dependencies: ["Ledger"])"#, with: "")
        let built = "func make() -> Package { Package(name: \"A\", targets: [.testTarget(name: \"ATests\")]) }\n"

        // When / Then: each is refused with its reason
        #expect(throws: FootprintObserver.LeftOut("the package declares no test target")) {
            try FootprintObserver.adding(to: untested).get()
        }
        #expect(throws: FootprintObserver.LeftOut.self) { try FootprintObserver.adding(to: built).get() }
    }

    @Test(
        "An observer an earlier Litmus wrote, with the one date every observer had, is replaced with a date of its own; the same source gets the same date"
    )
    func changedObserverGetsAnotherDate() throws {
        // Given: a copy holding an earlier observer, dated as every observer was (the compiler then took the new
        // one for the old and linked the old)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("copy/LitmusFootprintObserver/FootprintObserver.swift")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "// an earlier observer\n".write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: file.path)
        let seconds = { (url: URL) throws -> Int in
            let date = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
            return Int(try #require(date).timeIntervalSince1970)
        }

        // When: this observer is installed there
        try FootprintObserver.install(in: folder.appendingPathComponent("copy"))

        // Then: the file is this observer, with another date, which is the one this source always gets
        #expect(try String(contentsOf: file, encoding: .utf8) == FootprintObserver.source)
        #expect(try seconds(file) != 1_700_000_000)
        #expect(
            try seconds(file)
                == Int(
                    FootprintObserver.modificationDate(of: Data(FootprintObserver.source.utf8)).timeIntervalSince1970))
        #expect(
            FootprintObserver.modificationDate(of: Data("a".utf8))
                != FootprintObserver.modificationDate(of: Data("b".utf8)))
    }

    @Test(
        "A kept copy holds the observer and its manifest; a second sync writes neither again; the package is untouched")
    func keptCopy() throws {
        // Given: a package synced once into a kept build folder
        defer { try? FileManager.default.removeItem(at: folder) }
        try writePackage(manifest)
        let kept = folder.appendingPathComponent("kept")
        let first = try PackageWorkspace.make(copying: original, buildFolder: kept)
        defer { first.remove() }
        let observer = first.package.appendingPathComponent("LitmusFootprintObserver/FootprintObserver.swift")
        let inode = try FileManager.default.attributesOfItem(atPath: observer.path)[.systemFileNumber] as? UInt64

        // When: it is synced again
        let second = try PackageWorkspace.make(copying: original, buildFolder: kept)
        defer { second.remove() }

        // Then: the copy's manifest has the target, the observer file is the same file, the package has neither
        #expect(second.observer == .installed)
        let copied = try String(contentsOf: second.package.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(copied.contains("LitmusFootprintObserver"))
        #expect(try FileManager.default.attributesOfItem(atPath: observer.path)[.systemFileNumber] as? UInt64 == inode)
        #expect(try String(contentsOf: original.appendingPathComponent("Package.swift"), encoding: .utf8) == manifest)
        #expect(
            !FileManager.default.fileExists(atPath: original.appendingPathComponent("LitmusFootprintObserver").path))
    }

    @Test("An observer left out of a kept build folder stays out of its later copies, with the reason")
    func leftOutStaysOut() throws {
        // Given: a copy whose build left the observer out
        defer { try? FileManager.default.removeItem(at: folder) }
        try writePackage(manifest)
        let kept = folder.appendingPathComponent("kept")
        var first = try PackageWorkspace.make(copying: original, buildFolder: kept)
        defer { first.remove() }
        try first.leaveOutObserver(because: "the footprint observer did not build here: error: x")

        // When: the package is copied there again
        let second = try PackageWorkspace.make(copying: original, buildFolder: kept)
        defer { second.remove() }

        // Then: neither its manifest nor its folder holds the observer, and the reason is kept
        #expect(second.observer == .leftOut("the footprint observer did not build here: error: x"))
        let copied = try String(contentsOf: second.package.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(copied == manifest)
        #expect(
            !FileManager.default.fileExists(
                atPath: second.package.appendingPathComponent("LitmusFootprintObserver").path))
    }

    @Test("The observer's target is no target of the package's layout")
    func layoutLeavesItOut() throws {
        // Given: SwiftPM's description of a copy holding the observer
        let description = """
            {"name":"Ledger","targets":[
            {"name":"LedgerTests","c99name":"LedgerTests","path":"Tests/LedgerTests","type":"test","sources":["A.swift"]},
            {"name":"LitmusFootprintObserver","c99name":"LitmusFootprintObserver","path":"LitmusFootprintObserver",
             "type":"test","sources":["FootprintObserver.swift"]},
            {"name":"Ledger","c99name":"Ledger","path":"Sources/Ledger","type":"library","sources":["L.swift"]}]}
            """

        // When: the layout is read
        let sut = try PackageLayout.read(Data(description.utf8), root: URL(fileURLWithPath: "/copy"))

        // Then: only the package's own test target
        #expect(Array(sut.testModules.keys) == ["LedgerTests"])
        #expect(sut.sourceFolders == ["Sources/Ledger"])
    }
}
