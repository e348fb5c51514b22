import Foundation
import Notes
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Planted: every test uses one fixed folder outside the package, made in setUp and deleted in tearDown.
// A second test process doing the same at the same time deletes or fills it under this one.
final class NotesTests: XCTestCase {
    let folder = URL(fileURLWithPath: "/tmp/litmus-shared-folder-fixture")

    override func setUpWithError() throws {
        _ = Lobby.meetOnce
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    override class func tearDown() {
        Lobby.leave()
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

/// Makes the collision the fixture plants happen whenever two of its test processes run at once, however
/// late a busy machine starts the second: before its first test, a process signs in a lobby (a file named
/// by its process id) and waits, at most 3 s, for another living process to sign in too, so that both run
/// their tests together. A process alone (a serial run, a test run alone) waits the 3 s once and passes.
enum Lobby {
    static let folder = URL(fileURLWithPath: "/tmp/litmus-shared-folder-fixture-lobby")
    static let own = folder.appendingPathComponent("\(getpid())")

    static let meetOnce: Void = {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: own.path, contents: nil)
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline {
            let others = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).compactMap {
                Int32($0)
            }.filter { $0 != getpid() && isPeer($0) }
            if !others.isEmpty { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }()

    /// Whether `pid` is a living test process of this fixture: an entry a killed process left names a pid the
    /// system may have given another program since (where /proc tells the program).
    static func isPeer(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let fileManager = FileManager.default
        guard let own = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return true }
        return (try? fileManager.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) == own
    }

    static func leave() {
        try? FileManager.default.removeItem(at: own)
    }
}
