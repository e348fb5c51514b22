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

    @Test("A try? that is a map or flatMap closure's value is kept, as a let keeps it; compactMap drops the error")
    func transformedAttempt() throws {
        // Given HTMLString 6.0.1's fixture read (false on first contact), and near misses: compactMap, a closure of
        // two statements, a forEach
        let methods = """
            func testA() { guard let text = url.flatMap({ try? String(contentsOf: $0) }) else { return XCTFail("no text") }; XCTAssertEqual(text, "a") }
            func testB() { let texts = urls.map { try? String(contentsOf: $0) }; XCTAssertEqual(texts.count, 2) }
            func testC() { let texts = urls.compactMap { try? String(contentsOf: $0) }; XCTAssertEqual(texts.count, 2) }
            func testD() { let texts = urls.map { url in log(url); try? String(contentsOf: url) }; XCTAssertEqual(texts.count, 2) }
            func testE() { urls.forEach { try? write($0) }; XCTAssertEqual(count(), 2) }
            """
        #expect(try xctestFindings(.swallowedError, methods) == ["testC:5", "testD:6", "testE:7"])
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

    @Test("A catch of an error type the test declares, or of a value a where makes, swallows no other error")
    func ownErrorType() throws {
        // Given vapor/queues-redis-driver 1.1.2's `catch is FailingJob.Failure { // pass }` of a job the test made to
        // fail, hummingbird-project/postgres-migrations 1.2.0's `catch let error as ServiceGroupError where error ==
        // .serviceFinishedUnexpectedly()`, and near misses: a library's error type, a where on another name
        let methods = """
            struct FailingJob { struct Failure: Error {} }
            func testA() { do { try worker.run() } catch is FailingJob.Failure {} catch { XCTFail("\\(error)") }; XCTAssertEqual(sent(), 1) }
            func testB() { do { try worker.run() } catch let failure as FailingJob.Failure {} catch { XCTFail("\\(error)") }; XCTAssertEqual(sent(), 1) }
            func testC() async throws { do { try await group.run() } catch let error as ServiceGroupError where error == .serviceFinishedUnexpectedly() {} }
            func testD() { do { try worker.run() } catch is DecodingError {} catch { XCTFail("\\(error)") }; XCTAssertEqual(sent(), 1) }
            func testE() async throws { do { try await group.run() } catch let error as ServiceGroupError where other == .finished() {} }
            func testF() throws { do { let elements = try wait(for: recorder.prefix(2)); XCTAssertEqual(elements, [0, 1]) } catch is FailingJob.Failure {} }
            """
        // … and the own type caught after a check in the `do` (groue/CombineExpectations 0.10.0's `catch is TestError
        // { }`): a throw of the error the test handed the code skips that check
        let found = try xctestFindings(.swallowedError, methods)
        #expect(found == ["testD:7", "testE:8", "testF:9"])
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

    @Test(
        "XCTAssertTrue(false) after the try fails when nothing is thrown, as XCTFail does; a plain assertion does not")
    func assertFalseAfterTry() throws {
        // Given tuist/XcodeProj 9.16.0's `do { _ = try decode(…); XCTAssertTrue(false, "Expected to throw…") } catch {}`
        // (read false on first contact), and near misses
        let methods = """
            func testA() { do { _ = try decode(json); XCTAssertTrue(false, "Expected to throw") } catch {} }
            func testB() { do { _ = try decode(json); XCTAssert(false) } catch {} }
            func testC() { do { _ = try decode(json); XCTAssertTrue(done) } catch {} }
            func testD() { do { XCTAssertTrue(false, "first"); _ = try decode(json) } catch {} }
            func testE() { do { let r = try decode(json); if r.isEmpty { XCTAssertTrue(false, "empty") } } catch {} }
            """
        // Then an assertion that may pass (C), a failure before the try (D) and one under a condition (E) leave the error
        // swallowed
        #expect(try xctestFindings(.swallowedError, methods) == ["testC:5", "testD:6", "testE:7"])
    }

    @Test("A try? a closure returns to a helper's value-returning parameter is the closure's result, not discarded")
    func tryReturnedToHelper() throws {
        // Given XcodeProj's `testWrite(from: path, initModel: { try? XCScheme(path: $0) }, …)`, whose helper checks the
        // optional it gets, and near misses
        let methods = """
            func testWrite<T>(from path: String, initModel: (String) -> T?, modify: (T) -> Void) { XCTAssertNotNil(initModel(path)) }
            func run(_ work: () -> Void) { work() }
            func measure<T>(label: String, _ work: () -> T) { _ = work() }
            func twoSteps(_ make: () -> Int?, _ work: () -> Int?) { XCTAssertNotNil(make()); XCTAssertNotNil(work()) }
            func ignore(make: () -> Int?) { _ = make() }
            func testA() { testWrite(from: "p", initModel: { try? Scheme(path: $0) }, modify: { _ in }) }
            func testB() { testWrite(from: "p", initModel: { try? Scheme(path: $0) }) { try? $0.save() } }
            func testC() { run { try? Scheme(path: "p") } }
            func testD() { unknown(initModel: { try? Scheme(path: "p") }) }
            func testE() { measure(label: "save") { try? store.save(item) } }
            func testF() { twoSteps({ 1 }, { try? store.count() }) }
            func testG() { ignore(make: { try? store.count() }) }
            """
        // Then a closure given to a `-> Void` parameter (B's trailing one, C), to a function nobody here declares (D), to
        // a bare generic result (E), unlabelled (F, not matched) or to one whose result the helper drops (G) discards
        #expect(
            try xctestFindings(.swallowedError, methods) == [
                "testB:9", "testC:10", "testD:11", "testE:12", "testF:13", "testG:14",
            ])
    }

    @Test("A try? whose error a later check reads through the value it called is checked; another value's is not")
    func errorCheckedThroughState() throws {
        // Given swift-operation 0.5.0's stores of a query made to fail (read false on first contact), and near misses:
        // a check of the store that reads no error (C), an error of another value (D), a check before the try? (E),
        // the check's own name the only error word (F), a check in another closure, as a spec's next example (G)
        let methods = """
            func testA() async { _ = try? await store.fetch(); XCTAssertEqual(store.errorUpdateCount, 1) }
            func testB() { _ = try? store.mutate(with: "a", handler: collector.handler()); XCTAssertEqual(collector.events, [.failure(E())]) }
            func testC() { _ = try? store.fetch(); XCTAssertEqual(store.fetchCount, 11) }
            func testD() { _ = try? store.fetch(); XCTAssertNil(other.error) }
            func testE() { XCTAssertNil(store.error); _ = try? store.fetch() }
            func testF() { _ = try? store.fetch(); XCTAssertThrowsError(try store.run()) }
            func testG() { example { _ = try? store.fetch() }; example { XCTAssertEqual(store.errorCount, 1) } }
            """
        #expect(
            try xctestFindings(.swallowedError, methods) == ["testC:5", "testD:6", "testE:7", "testF:8", "testG:9"])
    }
}

@Suite("swallowedError: what a discarded attempt was to do, checked after it", .tags(.parsing))
struct EffectCheckedAfterTests {
    @Test(
        "A try? whose receiver a later check reads, given the same name, expecting a value or a success, is checked; a check of an absence or an error, or of another name, is not"
    )
    func effectCheckedAfter() throws {
        // Given auth0/SimpleKeychain 1.3.0's `try? sut.set("foo", forKey: key)` then a check of what the key holds (7
        // read false on first contact), and near misses: a check that expects an error (its one true finding), nil or
        // false, a `!=`, a check of the receiver alone, a check given another name, a check before the attempt, a `!`
        // under `try`, a write before the attempt or between it and the check, the attempt's own method checked again,
        // and a labelled first argument (`#expect(performing:throws:)`)
        let methods = """
            func testA() { let key = k(); try? sut.set("foo", forKey: key); XCTAssertEqual(try? sut.string(forKey: key), "foo") }
            func testB() { let key = k(); try? sut.set("foo", forKey: key); XCTAssertNotNil(try? sut.data(forKey: key)) }
            func testC() { let key = k(); try? sut.set("foo", forKey: key); XCTAssertTrue(try sut.hasItem(forKey: key)) }
            func testD() { let key = k(); try? sut.set("foo", forKey: key); XCTAssertNoThrow(try sut.deleteItem(forKey: key)) }
            func testE() { let key = k(); _ = try? sut.set("foo", forKey: key); #expect(try sut.string(forKey: key) == "foo") }
            func testF() { let key = k(); try? sut.set("foo", forKey: key); try? sut.deleteAll(); XCTAssertThrowsError(try sut.string(forKey: key)) }
            func testG() { let key = k(); try? sut.set("foo", forKey: key); XCTAssertNil(try? sut.string(forKey: key)) }
            func testH() { let key = k(); try? sut.set("foo", forKey: key); XCTAssertFalse(try sut.hasItem(forKey: key)) }
            func testI() { let key = k(); try? sut.set("foo", forKey: key); #expect(try sut.string(forKey: key) != "foo") }
            func testJ() { let key = k(); try? sut.set("foo", forKey: key); XCTAssertEqual(sut.count, 1) }
            func testK() { let key = k(); try? sut.set("foo", forKey: key); XCTAssertEqual(try? sut.string(forKey: other), "foo") }
            func testL() { let key = k(); XCTAssertEqual(try? sut.string(forKey: key), "foo"); try? sut.set("foo", forKey: key) }
            func testM() { let key = k(); try? sut.set("foo", forKey: key); #expect(try !sut.hasItem(forKey: key)) }
            func testN() { let key = k(); try sut.set("foo", forKey: key); try? sut.set("bar", forKey: key); XCTAssertNotNil(try? sut.string(forKey: key)) }
            func testO() { let key = k(); try? sut.set("foo", forKey: key); try sut.set("foo", forKey: key); XCTAssertEqual(try sut.string(forKey: key), "foo") }
            func testP() { let key = k(); try? sut.set("foo", forKey: key); XCTAssertNoThrow(try sut.set("bar", forKey: key)) }
            func testQ() { let key = k(); try? sut.set("foo", forKey: key); #expect(performing: { try sut.string(forKey: key) }, throws: { _ in true }) }
            func testR() { let key = k(); try? sut.set("foo", forKey: key); XCTAssertNoThrow(try sut.set("bar", forKey: key)); XCTAssertEqual(try sut.string(forKey: key), "bar") }
            """
        // Then only the checks expecting a value or a success of the same name leave the attempt checked
        #expect(
            try xctestFindings(.swallowedError, methods) == [
                "testF:8", "testG:9", "testH:10", "testI:11", "testJ:12", "testK:13", "testL:14", "testM:15",
                "testN:16",
                "testO:17", "testP:18", "testQ:19", "testR:20",
            ])
    }
}

@Suite("swallowedError: a comment beside the discarded error says it is expected")
struct ExpectedErrorCommentTests {
    @Test(
        "A try? or a catch whose comment says the error is expected or does not matter is intended; other comments are not"
    )
    func commentSaysExpected() throws {
        // Given nicklockwood/ShapeScript 1.11.2's `try? program.evaluate(in: context) // Throws file not found, but we
        // can ignore` (6 read false on first contact), a comment above the statement, one inside an empty catch, and
        // near misses: no comment, a comment about something else, a TODO, an "unexpected" error, "not expected"
        let methods = """
                func testA() { try? program.evaluate(in: context) // Throws file not found, but we can ignore
                    XCTAssertEqual(delegate.imports, ["File1.shape"]) }
                func testB() {
                    // encoding infinity must throw; the test is that it does not crash
                    _ = try? encoder.encode(Float.infinity)
                }
                func testC() { do { try server.listen(on: -1) } catch { /* expected: the port is invalid */ } }
                func testD() { try? program.evaluate(in: context)
                    XCTAssertEqual(delegate.imports, ["File1.shape"]) }
                func testE() { try? program.evaluate(in: context) // evaluate the program
                    XCTAssertEqual(delegate.imports, ["File1.shape"]) }
                func testF() { try? store.save() // TODO: ignore only the expected error
                }
                func testG() { do { try server.listen(on: 80) } catch { /* unexpected */ } }
                func testH() { do { try server.listen(on: 80) } catch { /* an error here is not expected */ } }
            """
        #expect(
            try xctestFindings(.swallowedError, methods) == [
                "testD:10", "testE:12", "testF:14", "testG:16", "testH:17",
            ])
    }
}
