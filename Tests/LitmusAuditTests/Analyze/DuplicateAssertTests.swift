import Foundation
import Testing

@testable import LitmusAudit

/// duplicateAssert on OpenCombine 0.14.0's shapes, where every one of its 77 first-contact findings was false:
/// a check read again after something could change what it reads is no repeat.
@Suite("duplicateAssert: a repeat only when nothing between can change the answer")
struct DuplicateAssertTests {

    @Test(
        "A var a handed-off closure sets, a class's property across a call, and a command called twice repeat nothing")
    func handedOffAndCommands() throws {
        // Given a sink's closure setting `value`, a subscriber whose history a subject appends to, a `send`
        // whose returned demand is checked twice, a property set between (a subject's setter sends); and near misses: an Int nobody captures, and a query of a
        // `let` called again with nothing between mentioning it
        let methods = """
            func testA() {
                var value = 0
                let sink = Sink(receiveValue: { value = $0 })
                publisher.subscribe(sink)
                XCTAssertEqual(value, 42)
                publisher.send(completion: .finished)
                XCTAssertEqual(value, 42)
            }
            func testB() {
                let subscriber = Tracking()
                subject.subscribe(subscriber)
                XCTAssertEqual(subscriber.history, [.value(1)])
                subject.send(completion: .finished)
                XCTAssertEqual(subscriber.history, [.value(1)])
            }
            func testC() {
                XCTAssertEqual(helper.publisher.send("b"), .max(1))
                XCTAssertEqual(helper.publisher.send("b"), .max(1))
            }
            func testD() {
                var total = 3
                XCTAssertEqual(total, 3)
                other.run()
                XCTAssertEqual(total, 3)
            }
            func testE() {
                let folder = Folder()
                XCTAssertFalse(folder.isEmpty())
                other.run()
                XCTAssertFalse(folder.isEmpty())
            }
            func testF() {
                let subscriber = Tracking()
                XCTAssertEqual(subscriber.history, [.subscription("S")])
                subject.value += 1
                XCTAssertEqual(subscriber.history, [.subscription("S")])
            }
            """
        // Then only the uncaptured Int and the query of a `let` are repeats
        #expect(try xctestFindings(.duplicateAssert, methods) == ["testD:26", "testE:32"])
    }
}
