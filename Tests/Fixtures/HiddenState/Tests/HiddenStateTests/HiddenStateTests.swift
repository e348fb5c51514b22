import Foundation
import XCTest

@testable import Greeter

// Planted: one order dependence per place shared state hides (Isolated). XCTest runs a class's tests by name
// order, so each pair's first test runs before its second; each second test passes alone.
final class HiddenStateTests: XCTestCase {
    override class func tearDown() {
        // The note's file is the process's: it goes with the process's tests.
        try? FileManager.default.removeItem(atPath: notePath)
        super.tearDown()
    }

    func testA_welcomesAda() {
        welcome("Ada")
        XCTAssertEqual(visitors().last, "Ada")
    }

    func testB_startsWithNoVisitors() {
        XCTAssertEqual(visitors(), [])
    }

    func testC_keepsANote() throws {
        try keep(note: "kept by C")
        XCTAssertEqual(keptNote(), "kept by C")
    }

    func testD_needsTheNote() {
        XCTAssertEqual(keptNote(), "kept by C")
    }

    func testE_turnsStrict() {
        setenv("HIDDEN_STATE_MODE", "strict", 1)
        XCTAssertEqual(mode(), "strict")
    }

    func testF_expectsRelaxed() {
        XCTAssertEqual(mode(), "relaxed")
    }

    func testG_greetsGrace() {
        greetingName = "Grace"
        defer { greetingName = "world" }
        XCTAssertEqual(greeting, "Hello, Grace")
    }

    func testH_greetsTheWorld() {
        XCTAssertEqual(greeting, "Hello, world")
    }

    func testI_sums() {
        XCTAssertEqual(sum(2, 3), 5)
    }

    func testJ_sumsAgain() {
        XCTAssertEqual(sum(4, 4), 8)
    }

    func testY_leavesThePackage() {
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath("/"))
    }

    func testZ_findsTheManifest() {
        XCTAssertTrue(inAPackage())
    }
}
