import Foundation
import Notes
import XCTest

// Planted: every test uses one fixed folder outside the package, made in setUp and deleted in tearDown.
// A second test process doing the same at the same time deletes or fills it under this one.
final class NotesTests: XCTestCase {
    let folder = URL(fileURLWithPath: "/tmp/litmus-shared-folder-fixture")

    override func setUpWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func testWritingANote() throws {
        let notebook = Notebook(folder: folder)
        try notebook.write("milk", named: "shopping")
        Thread.sleep(forTimeInterval: 0.06)
        XCTAssertEqual(try notebook.names(), ["shopping"], "the notes in \(folder.path)")
    }

    func testWritingTwoNotes() throws {
        let notebook = Notebook(folder: folder)
        try notebook.write("milk", named: "shopping")
        try notebook.write("call", named: "todo")
        Thread.sleep(forTimeInterval: 0.06)
        XCTAssertEqual(try notebook.names(), ["shopping", "todo"], "the notes in \(folder.path)")
    }

    func testAnEmptyNotebook() throws {
        Thread.sleep(forTimeInterval: 0.06)
        XCTAssertEqual(try Notebook(folder: folder).names(), [], "the notes in \(folder.path)")
    }
}
