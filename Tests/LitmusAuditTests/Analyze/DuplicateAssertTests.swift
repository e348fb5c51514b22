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

    @Test(
        "A command to what made the name checked repeats nothing; a call on it whose result the test binds, or on another name, does"
    )
    func commandToMaker() throws {
        // Given PostHog/posthog-ios 3.69.3's `let integration = sut.getReplayIntegration()` checked again after
        // `sut.capture(…)` (4 read false on first contact), the same with `try`, and near misses: JohnSundell/Files
        // 4.3.0's `let subfolderWithFolder = try folder.createSubfolder(named: "3")` (a result the test binds), a
        // command to a name that made nothing the check reads, to an array a copy was taken of, and to `self` (but
        // `self.sut.capture(…)` is one to `sut`)
        let methods = """
            func testA() {
                let integration = sut.getReplayIntegration()
                XCTAssertEqual(integration?.isActive(), false)
                sut.capture("page_view")
                XCTAssertEqual(integration?.isActive(), false)
            }
            func testB() throws {
                let subfolder = try folder.createSubfolder(named: "2")
                XCTAssertFalse(subfolder.isEmpty())
                try folder.removeAll()
                XCTAssertFalse(subfolder.isEmpty())
            }
            func testC() throws {
                let subfolder = try folder.createSubfolder(named: "2")
                XCTAssertFalse(subfolder.isEmpty())
                let other = try folder.createSubfolder(named: "3")
                try other.createSubfolder(named: "4")
                XCTAssertFalse(subfolder.isEmpty())
            }
            func testD() {
                let integration = sut.getReplayIntegration()
                XCTAssertEqual(integration?.isActive(), false)
                other.capture("page_view")
                XCTAssertEqual(integration?.isActive(), false)
            }
            func testE() {
                var items = [Item(name: "a")]
                let first = items[0]
                XCTAssertEqual(first.name(), "a")
                items.append(Item(name: "b"))
                XCTAssertEqual(first.name(), "a")
            }
            func testG() {
                let integration = self.sut.getReplayIntegration()
                XCTAssertEqual(integration?.isActive(), false)
                self.sut.capture("page_view")
                XCTAssertEqual(integration?.isActive(), false)
            }
            func testF() {
                let model = self.makeModel()
                XCTAssertTrue(model.isValid())
                self.log("checked")
                XCTAssertTrue(model.isValid())
            }
            """
        // When
        let found = try xctestFindings(.duplicateAssert, methods)
        // Then the binding, the other name's command, the array's and `self`'s leave repeats
        #expect(found == ["testC:20", "testD:26", "testE:33", "testF:45"])
    }

    @Test("A check calling a read, a next or a wait again checks another value; a query called again is a repeat")
    func readingCallsCalledAgain() throws {
        // Given CodableCSV 0.6.7's reader and CombineExpectations v0.10.0's recorder (false on first contact), and near
        // misses: a query whose name only starts with the letters of a verb, and a reading call's result stored once
        let methods = """
            func testA() {
                let reader = try CSVReader(input: text)
                XCTAssertNotNil(try reader.readRow())
                XCTAssertNotNil(try reader.readRow())
            }
            func testB() throws {
                let recorder = publisher.record()
                try XCTAssertEqual(wait(for: recorder.prefix(1), timeout: 1), [0])
                try XCTAssertEqual(wait(for: recorder.prefix(1), timeout: 1), [0])
            }
            func testC() {
                let reader = Reader()
                XCTAssertTrue(reader.readiness())
                XCTAssertTrue(reader.readiness())
            }
            func testD() throws {
                let reader = try CSVReader(input: text)
                let row = try reader.readRow()
                XCTAssertNotNil(row)
                XCTAssertNotNil(row)
            }
            """
        // Then only the query and the stored row are repeats
        #expect(try xctestFindings(.duplicateAssert, methods) == ["testC:16", "testD:22"])
    }

    @Test(
        "A check of an object a type holds, made again after a call or an element set between, is no repeat; with only checks between, or of a local, it is"
    )
    func sharedObjectChangedBetween() throws {
        // Given SwifterSwift 8.0.0's `XCTAssertNotNil(UserDefaults.standard[key])` checked again after the key is removed
        // and set again (false on first contact), a shared store's member after a call; and near misses: only checks
        // between, and a local's element after an unrelated call
        let methods = """
            func testA() {
                let key = "k"
                XCTAssertNotNil(UserDefaults.standard[key])
                UserDefaults.standard.removeObject(forKey: key)
                UserDefaults.standard[key] = false
                XCTAssertNotNil(UserDefaults.standard[key])
            }
            func testB() {
                XCTAssertEqual(Store.shared.count, 0)
                Store.shared.add(1)
                XCTAssertEqual(Store.shared.count, 0)
            }
            func testC() {
                let key = "k"
                XCTAssertNotNil(UserDefaults.standard[key])
                XCTAssertNil(UserDefaults.standard["other"])
                XCTAssertNotNil(UserDefaults.standard[key])
            }
            func testD() {
                let values = [1, 2]
                XCTAssertEqual(values[0], 1)
                log("x")
                XCTAssertEqual(values[0], 1)
            }
            """
        // Then only the checks with nothing but checks between, and the local's, are repeats
        let found = try xctestFindings(.duplicateAssert, methods)
        #expect(found == ["testC:19", "testD:25"], "\(found)")
    }

    @Test(
        "A method that changes its instance, of the package's class, called again answers anew; a reading one repeats")
    func ownClassMethodCalledAgain() throws {
        // Given Quick/swift-fakes 1.1.0's stub list (its `call()` hands over to `call(_:)`, which appends to a stored
        // history: read false on first contact), and near misses: swift-bson's encoder, whose `encode` reads its
        // settings only (read true), a struct of the package, a class the package does not declare, and a class
        // whose method only compares a stored var
        let tests = """
            import XCTest
            import Nimble
            final class T: XCTestCase {
                func testA() {
                    let subject = DynamicResult<Void, Int>(1, 2, 3)
                    expect(subject.call()).to(equal(3))
                    expect(subject.call()).to(equal(3))
                }
                func testB() {
                    let encoder = Encoder()
                    expect(try encoder.encode(1)).to(throwError())
                    expect(try encoder.encode(1)).to(throwError())
                }
                func testC() {
                    let point = Point(x: 1)
                    expect(point.length()).to(equal(1))
                    expect(point.length()).to(equal(1))
                }
                func testD() {
                    let other = Elsewhere()
                    XCTAssertEqual(other.count(), 1)
                    XCTAssertEqual(other.count(), 1)
                }
                func testE() {
                    let gauge = Gauge()
                    XCTAssertTrue(gauge.isFull())
                    XCTAssertTrue(gauge.isFull())
                }
            }
            """
        let sources = """
            public final class DynamicResult<Arguments, Returning> {
                private var history: [Returning] = []
                public func call(_ arguments: Arguments) -> Returning { history.append(next()); return history[0] }
                public func call() -> Returning where Arguments == Void { call(()) }
            }
            open class Encoder {
                var strategy = 0
                public func encode(_ value: Int) throws -> Int { value + strategy }
            }
            public struct Point { public func length() -> Int { 1 } }
            public final class Gauge {
                var level = 0
                public func isFull() -> Bool { level == 10 || level >= 9 }
            }
            """
        // Then every repeat but the stub list's is found
        let found = try analyzeSources(["T.swift": tests], packageSources: ["Sources.swift": sources]).findings
            .filter { $0.kind == .duplicateAssert }.map { "\($0.testName ?? "-"):\($0.line ?? 0)" }
        #expect(found == ["T.testB:12", "T.testC:17", "T.testD:22", "T.testE:27"], "\(found)")
    }
}
