import Foundation
import Testing
import XCTest

// Checks planted in the wrong framework, run only in a child process by FrameworkInteropTests: in the
// normal suite they are skipped, saying so. Each prints a marker first, so the child's output shows it ran.

/// The environment variable that enables the planted checks.
enum FrameworkInteropProbes {
    static let environmentKey = "LITMUS_AUDIT_INTEROP_PROBES"
    static var areEnabled: Bool { ProcessInfo.processInfo.environment[environmentKey] == "1" }
    /// Why a probe is skipped in the normal suite.
    static let skipReason = "a planted failure, run only as a child process of FrameworkInteropTests"
}

/// Swift Testing's `#expect` and `#require` inside XCTest methods.
final class SwiftTestingChecksInXCTestProbe: XCTestCase {
    func testExpectThatFails() throws {
        try XCTSkipUnless(FrameworkInteropProbes.areEnabled, FrameworkInteropProbes.skipReason)
        print("probe ran: #expect(1 == 2) in an XCTest method")
        #expect(1 == 2, "planted #expect in XCTest")
    }

    func testRequireThatFails() throws {
        try XCTSkipUnless(FrameworkInteropProbes.areEnabled, FrameworkInteropProbes.skipReason)
        print("probe ran: #require(nil) in an XCTest method")
        let missing: Int? = nil
        _ = try #require(missing, "planted #require in XCTest")
        print("probe: #require returned")
    }
}

/// XCTest's `XCTFail` and `XCTAssertEqual` inside a Swift Testing test.
@Test(
    "Planted: XCTFail in a Swift Testing test (a probe, enabled only in a child process)",
    .enabled(if: FrameworkInteropProbes.areEnabled, Comment(rawValue: FrameworkInteropProbes.skipReason)))
func xctFailInSwiftTestingProbe() {
    print("probe ran: XCTFail in a @Test")
    XCTFail("planted XCTFail in @Test")
}

@Test(
    "Planted: XCTAssertEqual in a Swift Testing test (a probe, enabled only in a child process)",
    .enabled(if: FrameworkInteropProbes.areEnabled, Comment(rawValue: FrameworkInteropProbes.skipReason)))
func xctAssertInSwiftTestingProbe() {
    print("probe ran: XCTAssertEqual in a @Test")
    XCTAssertEqual(1, 2, "planted XCTAssertEqual in @Test")
}
