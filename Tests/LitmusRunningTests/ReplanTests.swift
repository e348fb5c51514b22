import Foundation
import LitmusModel
import Testing

@testable import LitmusRunning

@Suite("A kept build plans again when a file is added to the package or a local dependency")
struct ReplanTests {
    @Test("The plans are deleted when the files listed change, and kept when they do not")
    func plansDeletedOnlyWhenFilesMoved() throws {
        // Given: a kept build folder whose copy names a local dependency by its absolute path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-replan-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dependency = folder.appendingPathComponent("Dependency")
        let kept = folder.appendingPathComponent("kept")
        let package = kept.appendingPathComponent("package/App")
        let build = kept.appendingPathComponent("build")
        for (file, text) in [
            (package.appendingPathComponent("Package.swift"), "let d = [.package(path: \"\(dependency.path)\")]\n"),
            (package.appendingPathComponent("Sources/App/App.swift"), "let app = 1\n"),
            (dependency.appendingPathComponent("Sources/Dependency/A.swift"), "public let a = 1\n"),
        ] {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        let sut = PackageWorkspace(original: package, root: folder, package: package, build: build, kept: kept)
        let plans = ["debug.yaml", "plugin-tools.yaml"].map { build.appendingPathComponent($0) }
        func writePlans() throws { for plan in plans { try "plan".write(to: plan, atomically: true, encoding: .utf8) } }
        func planned() -> [Bool] { plans.map { FileManager.default.fileExists(atPath: $0.path) } }
        sut.replanIfFilesMoved()  // the first build here: the listing is recorded
        try writePlans()

        // When: nothing moved, an edit, then a file added to the dependency
        sut.replanIfFilesMoved()
        let unchanged = planned()
        try "public let a = 2\n".write(
            to: dependency.appendingPathComponent("Sources/Dependency/A.swift"), atomically: true, encoding: .utf8)
        sut.replanIfFilesMoved()
        let edited = planned()
        try "public let b = 1\n".write(
            to: dependency.appendingPathComponent("Sources/Dependency/B.swift"), atomically: true, encoding: .utf8)
        sut.replanIfFilesMoved()

        // Then: only the new file made SwiftPM's plans go
        #expect(unchanged == [true, true])
        #expect(edited == [true, true])
        #expect(planned() == [false, false])
    }
}
