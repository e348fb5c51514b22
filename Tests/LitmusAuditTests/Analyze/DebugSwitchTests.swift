import Testing

@testable import LitmusAudit

/// redundantPrint and output behind a switch whoever runs the tests turns on (apple/swift-async-dns-resolver
/// 0.7.0's `if self.verbose { print(…) }`, its `verbose` set from `VERBOSE_TESTS`; read false on first contact).
@Suite("redundantPrint: a print behind a debug switch the test file declares off")
struct DebugSwitchTests {
    /// The redundantPrint findings of an XCTest class whose members are `members`, as `method:line`.
    private func prints(_ members: String) throws -> [String] {
        try xctestFindings(.redundantPrint, members)
    }

    @Test("A flag declared off and set only from the environment or to a literal switches its prints off")
    func switchedOff() throws {
        // Given swift-async-dns-resolver's shapes (a copy for a closure too), a `let` switch and one without a value
        let members = """
            var verbose: Bool = false
            let enablePrinting = false
            var quiet: Bool
            override func setUp() { self.verbose = ProcessInfo.processInfo.environment["VERBOSE_TESTS"] == "true"; quiet = ProcessInfo.processInfo.environment["LOUD"] != nil }
            func testA() { let r = query(); if self.verbose { print(r) }; XCTAssertEqual(r.count, 1) }
            func testB() { let r = query(); if enablePrinting { print(r) }; XCTAssertEqual(r.count, 1) }
            func testC() { let r = query(); if quiet { print(r) }; XCTAssertEqual(r.count, 1) }
            func testD() { let verbose = self.verbose; run { r in if verbose { print(r) } }; XCTAssertEqual(count(), 1) }
            """
        // Then no print is output nobody reads
        #expect(try prints(members) == [])
    }

    @Test("A flag the test or the package sets, a condition that is more than the flag, or an else still print")
    func notASwitch() throws {
        // Given near misses: a flag assigned a computed value, a flag the file does not declare, a flag with a
        // condition beside it, a print in the else branch, and a flag declared twice
        let members = """
            var changed = false
            var verbose = false
            func testA() { changed = run(); if changed { print("changed") }; XCTAssertEqual(count(), 1) }
            func testB() { if loud { print("loud") }; XCTAssertEqual(count(), 1) }
            func testC() { if verbose && count() > 1 { print("many") }; XCTAssertEqual(count(), 1) }
            func testD() { if verbose { } else { print("quiet") }; XCTAssertEqual(count(), 1) }
            func testE() { let verbose = count() > 1; if verbose { print("many") }; XCTAssertEqual(count(), 1) }
            """
        // Then each print is still output nobody reads
        #expect(try prints(members) == ["testA:5", "testB:6", "testC:7", "testD:8", "testE:9"])
    }

    @Test("A flag declared or set on, toggled, passed inout, or on unless the environment says otherwise, prints")
    func switchedOn() throws {
        // Given near misses a reviewer wrote: each flag may be on in a plain run
        let members = """
            let enabled = true
            var loud = false
            var flipped = false
            var passed = false
            var chatty = false
            override func setUp() { loud = true; chatty = ProcessInfo.processInfo.environment["QUIET_TESTS"] == nil; set(&passed) }
            func testA() { if enabled { print("a") }; XCTAssertEqual(count(), 1) }
            func testB() { if loud { print("b") }; XCTAssertEqual(count(), 1) }
            func testC() { flipped.toggle(); if flipped { print("c") }; XCTAssertEqual(count(), 1) }
            func testD() { if passed { print("d") }; XCTAssertEqual(count(), 1) }
            func testE() { if chatty { print("e") }; XCTAssertEqual(count(), 1) }
            """
        // Then every print counts
        #expect(try prints(members) == ["testA:9", "testB:10", "testC:11", "testD:12", "testE:13"])
    }
}
