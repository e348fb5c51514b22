import Testing

@testable import LitmusAudit

/// swallowedError on the shapes swift-nio 2.101.3's first contact read false: an embedded channel finished after the
/// checks, a catch whose `where` names the one code a platform may give, and a `do` whose `for try await` loop is
/// followed by a failure when nothing is thrown.
@Suite("swallowedError: a channel finished, a catch of named codes, a failure after a throwing loop")
struct CaughtErrorsTests {
    @Test("`_ = try? channel.finish()` ends the test's channel; a try? of the call under test still swallows")
    func finishedChannel() throws {
        let methods = """
            func testA() { XCTAssertThrowsError(try channel.writeInbound(bad)); _ = try? channel.finish() }
            func testB() { XCTAssertEqual(sent(), 1); _ = try? channel.writeInbound(bad) }
            func testC() { XCTAssertEqual(sent(), 1); _ = try? channel.finishedReading() }
            func testD() { parser.feed("{"); _ = try? parser.finish(); XCTAssertEqual(parser.values.count, 1) }
            func testE() { _ = try? channel.finishDecoding() }
            """
        #expect(try xctestFindings(.swallowedError, methods) == ["testB:4", "testC:5", "testD:6", "testE:7"])
    }

    @Test("A where that names the codes it lets through swallows no other error; another where does")
    func whereNamesCodes() throws {
        let methods = """
            func testA() { do { try copy() } catch let error as FileSystemError where error.code == .unsupported {}; XCTAssertEqual(sent(), 1) }
            func testB() { do { try copy() } catch let error as FileSystemError where error.code == .unsupported || error.code == .notPermitted {}; XCTAssertEqual(sent(), 1) }
            func testC() { do { try copy() } catch let error as FileSystemError where error.code != .unsupported {}; XCTAssertEqual(sent(), 1) }
            func testD() { do { try copy() } catch let error where error.localizedDescription.isEmpty {}; XCTAssertEqual(sent(), 1) }
            func testE() { do { try copy() } catch let error as FileSystemError where error.code == code {}; XCTAssertEqual(sent(), 1) }
            func testF() { do { try copy() } catch where Platform.current == .linux {}; XCTAssertEqual(sent(), 1) }
            func testG() { do { try copy() } catch let failure as FileSystemError where failure.code == .unsupported {}; XCTAssertEqual(sent(), 1) }
            """
        #expect(try xctestFindings(.swallowedError, methods) == ["testC:5", "testD:6", "testE:7", "testF:8"])
    }

    @Test("A failure after a `for try await` loop fails when nothing is thrown: the expected error may be caught")
    func failureAfterThrowingLoop() throws {
        let methods = """
            func testA() async { do { for try await next in sequence { XCTAssertEqual(next, 1) }; XCTFail("expected a throw") } catch is CancellationError {} }
            func testB() async { do { for await next in sequence { XCTAssertEqual(next, 1) }; XCTFail("no throw") } catch is CancellationError {} }
            func testC() async { do { for try await next in sequence { XCTAssertEqual(next, 1) } } catch is CancellationError {} }
            func testD() async { do { for try await next in sequence { XCTFail("unexpected \\(next)") } } catch {} }
            """
        #expect(try xctestFindings(.swallowedError, methods) == ["testB:4", "testC:5", "testD:6"])
    }
}
