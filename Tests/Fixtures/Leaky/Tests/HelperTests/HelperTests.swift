import Foundation
import Helper
import XCTest

final class HelperTests: XCTestCase {
    // Planted: the helper process outlives the test; nothing ends it.
    func testHelperStarts() throws {
        let helper = try startHelper(seconds: 300)
        XCTAssertTrue(helper.isRunning)
    }

    // Planted: a worker started with an environment of its own (so without the audit's tag), with a
    // sleep of its own and one in a session of its own; nothing ends them.
    func testWorkerStarts() throws {
        let worker = try startWorker(seconds: 305)
        XCTAssertTrue(worker.isRunning)
    }

    // Planted: a server left listening on a port.
    func testServerStarts() throws {
        let server = try startServer(seconds: 300)
        XCTAssertTrue(server.isRunning)
    }

    // Planted: a file left in the working directory, the package.
    func testReportIsSaved() throws {
        let url = try saveReport("total: 3", named: "leaky-report.txt")
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "total: 3")
    }

    // Planted: a file left in the temporary folder.
    func testCacheIsWritten() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("leaky-cache.json")
        try Data("{}".utf8).write(to: url)
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path))
    }

    // Not a leak: the test removes what it writes, in the package and in the temporary folder.
    func testCleansUp() throws {
        let url = try saveReport("draft", named: "leaky-draft.txt")
        defer { try? FileManager.default.removeItem(at: url) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try Data("{}".utf8).write(to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "draft")
    }

    func testNothingIsBlocked() throws {
        #if os(Linux)
            XCTAssertEqual(try blockedSignals(), "0000000000000000")
        #endif
    }
}
