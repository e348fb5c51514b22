import Testing

@testable import LitmusAudit

/// trapInTest and two shapes of ReactiveX/RxSwift 6.10.2 read false on first contact: a weak capture read in a
/// closure its own object runs, and the element of an RxTest `.next` event the test wrote.
@Suite("trapInTest: a weak capture of the closure's caller, and an element of a written .next event")
struct NeverNilCaptureTests {
    @Test(
        "A [weak x] read in a closure given to x's own method (and closures nested so) is alive; elsewhere it may not be"
    )
    func weakCaptureOfCaller() throws {
        // Given RxSwift's scheduler tests, and near misses
        let methods = """
            func testA() { let s = Scheduler(); s.schedule(()) { [weak s] _ in times.append(s!.now); s!.schedule(()) { _ in times.append(s!.now) } }; XCTAssertEqual(times.count, 2) }
            func testB() { let s = Scheduler(); other.schedule(()) { [weak s] _ in times.append(s!.now) }; XCTAssertEqual(times.count, 1) }
            func testC() { let s = Scheduler(); s.schedule(()) { [weak s] _ in other.run { times.append(s!.now) } }; XCTAssertEqual(times.count, 1) }
            func testD() { let s = Scheduler(); s.schedule(()) { _ in times.append(s2!.now) }; XCTAssertEqual(times.count, 1) }
            func testE() { var l: Loader? = Loader(); l!.load(u) { [weak l] _ in l!.reset() }; l = nil; XCTAssertEqual(times.count, 1) }
            """
        // Then a closure given to another object (B), one nested in another's closure (C), no weak capture (D) and a
        // capture of a var the test lets go (E) trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testB:4", "testC:5", "testD:6", "testE:7"])
    }

    @Test("The element of a .next event the test wrote into a hot or cold observable is never nil; of others it may be")
    func recordedNextElement() throws {
        // Given RxSwift's flatMap tests: `xs.recordedEvents[2].value.element!.subscriptions`, and near misses
        let methods = """
            func testA() { let xs = scheduler.createHotObservable([.next(5, a), .next(105, b), .next(300, c), .completed(900)]); XCTAssertEqual(xs.recordedEvents[2].value.element!.subscriptions, []) }
            func testB() { let xs = scheduler.createColdObservable([Recorded.next(5, a)]); XCTAssertEqual(xs.recordedEvents[0].value.element!.count, 1) }
            func testC() { let xs = scheduler.createHotObservable([.next(5, a), .completed(900)]); XCTAssertEqual(xs.recordedEvents[1].value.element!.count, 1) }
            func testD() { let xs = scheduler.createHotObservable([.next(5, a)]); XCTAssertEqual(xs.recordedEvents[3].value.element!.count, 1) }
            func testE() { let xs = scheduler.createHotObservable(events); XCTAssertEqual(xs.recordedEvents[0].value.element!.count, 1) }
            func testF() { let xs = scheduler.createHotObservable([.next(5, a)]); XCTAssertEqual(res.events[0].value.element!.count, 1) }
            """
        // Then a .completed event (C), an index past the list (D), events from elsewhere (E) and another list (F) trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6", "testE:7", "testF:8"])
    }
}
