import Foundation
import Testing

@testable import LitmusAudit

/// `litmus smells --typed`'s inputs: the module names it asks the build for, and what it refuses before reading a
/// build.
@Suite("litmus smells --typed: the modules asked of the build, and the inputs refused")
struct SmellsReportTests {
    @Test(
        "A target's module is its name with what cannot be in an identifier made _, and _ before a leading digit",
        arguments: [
            ("ShapesTests", "ShapesTests"), ("swift-nio-tests", "swift_nio_tests"), ("My Tests", "My_Tests"),
            ("2DTests", "_2DTests"),
        ])
    func moduleNames(target: String, module: String) {
        #expect(SmellsReport.moduleName(of: target) == module)
    }

    @Test("Two folders, or loose files, are refused: one package's build is read, named in the message")
    func onePackageOnly() async throws {
        // Given: two folders of loose test files
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-typed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["A", "B"] {
            let sub = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            try "import XCTest\nfinal class \(name)Tests: XCTestCase { func testA() { XCTAssertTrue(true) } }\n"
                .write(to: sub.appendingPathComponent("\(name)Tests.swift"), atomically: true, encoding: .utf8)
        }
        let paths = ["A", "B"].map { folder.appendingPathComponent($0).path }

        // When
        let error = await #expect(throws: SmellsReport.BadPath.self) {
            try await SmellsReport.make(paths: paths, options: AuditOptions(), typedBuild: folder)
        }

        // Then
        #expect(error?.reason.contains("one package's build") == true)
        #expect(error?.path == paths.joined(separator: " "))
    }
}
