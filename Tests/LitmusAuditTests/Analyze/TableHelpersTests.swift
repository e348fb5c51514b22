import SwiftParser
import SwiftSyntax
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Helpers of the test targets that run a test's closure once per case of a table made from their other
/// arguments (swift-collections 1.6.0's `withEvery`, `withEveryDeque`, `withSomeArrayLayouts`), and
/// conditionalTestLogic's reading of a guard on those cases.
@Suite("conditionalTestLogic: the cases a test-support helper hands a closure")
struct TableHelpersTests {
    /// swift-collections 1.6.0's helpers and records as they are (Tests/DequeTests/DequeInternals.swift,
    /// Tests/BasicContainersTests/ArrayLayout.swift, Tests/_CollectionsTestSupport), trimmed of their comments.
    private static let collectionsHelpers = """
        internal struct DequeLayout: Hashable, CustomStringConvertible {
          let capacity: Int
          let startSlot: Int
          let count: Int
          let startValue: Int

          init(capacity: Int, startSlot: Int, count: Int, startValue: Int = 0) {
            self.capacity = capacity
            self.startSlot = startSlot
            self.count = count
            self.startValue = startValue
          }

          var freeCapacity: Int { capacity - count }
          var description: String { "DequeLayout(capacity: \\(capacity), count: \\(count))" }
        }

        struct ArrayLayout {
          var capacity: Int
          var count: Int

          init(capacity: Int, count: Int) {
            precondition(count >= 0 && count <= capacity)
            self.capacity = capacity
            self.count = count
          }

          var isFull: Bool { count == capacity }
        }

        func withEveryDeque<C: Collection>(
          _ label: String,
          ofCapacities capacities: C,
          startValue: Int = 0,
          file: StaticString = #filePath, line: UInt = #line,
          _ body: (DequeLayout) throws -> Void
        ) rethrows -> Void where C.Element == Int {
          for capacity in capacities {
            for startSlot in 0 ..< capacity {
              for count in 0 ... capacity {
                let layout = DequeLayout(
                  capacity: capacity,
                  startSlot: startSlot,
                  count: count,
                  startValue: startValue)
                let entry = TestContext.current.push("\\(label): \\(layout)", file: file, line: line)
                defer { TestContext.current.pop(entry) }
                try body(layout)
              }
            }
          }
        }

        func withSomeArrayLayouts<E: Error>(
          _ label: String,
          ofCapacities capacities: some Sequence<Int>,
          file: StaticString = #filePath,
          line: UInt = #line,
          run body: (ArrayLayout) throws(E) -> Void
        ) throws(E) {
          let context = TestContext.current
          for capacity in capacities {
            var counts: Set<Int> = []
            counts.insert(0)
            counts.insert(capacity)
            counts.insert(capacity / 2)
            if capacity >= 1 {
              counts.insert(1)
              counts.insert(capacity - 1)
            }
            for count in counts.sorted() {
              let layout = ArrayLayout(capacity: capacity, count: count)
              let entry = context.push("\\(label): \\(layout)", file: file, line: line)
              var done = false
              defer {
                context.pop(entry)
                if !done {
                  print(context.currentTrace(title: "Throwing trace"))
                }
              }
              try body(layout)
              done = true
            }
          }
        }

        public func withEvery<Element>(
          _ label: String,
          by generator: () -> Element?,
          file: StaticString = #filePath,
          line: UInt = #line,
          run body: (Element) throws -> Void
        ) rethrows {
          let context = TestContext.current
          while let item = generator() {
            let entry = context.push("\\(label): \\(item)", file: file, line: line)
            defer { context.pop(entry) }
            try body(item)
          }
        }

        public func withEvery<S: Sequence>(
          _ label: String,
          in items: S,
          file: StaticString = #filePath,
          line: UInt = #line,
          run body: (S.Element) throws -> Void
        ) rethrows {
          let context = TestContext.current
          for item in items {
            let entry = context.push("\\(label): \\(item)", file: file, line: line)
            var done = false
            defer {
              context.pop(entry)
              if !done {
                print(context.currentTrace(title: "Throwing trace"))
              }
            }
            try body(item)
            done = true
          }
        }
        """

    /// Helpers whose cases come from elsewhere, each a near miss of the ones above.
    private static let otherHelpers = """
        struct Fixture {
          var deque: Deque<Int>
        }

        func withSomeDeques(_ contents: [Int], _ body: (Deque<Int>) -> Void) { body(Deque(contents)) }
        func withImplicit(_ contents: [Int], _ body: (Deque<Int>) -> Void) { body(.init(contents)) }
        func withCombinations(_ items: [Int], _ body: ([Int]) -> Void) {
          for pair in items.combinations(ofCount: 2) { body(pair) }
        }
        func withShuffled(_ items: [Int], _ body: ([Int]) -> Void) { body(items.shuffled()) }
        func withGenerated(by generator: () -> Int?, _ body: (Int) -> Void) {
          while let item = generator() { body(item) }
        }
        func withHandedOn(_ items: [Int], _ body: (Int) -> Void) { items.forEach(body) }
        func withLent(_ items: [Int], _ body: ([Int]) -> Void) {
          var copy = items
          shuffle(&copy)
          body(copy)
        }
        func withSetAgain(_ capacity: Int, _ body: (Int) -> Void) {
          var n = capacity
          n = Deque(0 ..< capacity).count
          body(n)
        }
        func withFixtures(_ counts: [Int], _ body: (Fixture) -> Void) {
          for count in counts { body(Fixture(deque: Deque(0 ..< count))) }
        }
        func withNodes(_ keys: [Int], _ body: (Node) -> Void) { body(nodeFromKeys(keys)) }
        func withNested(_ items: [Int], _ body: (Int) -> Void) {
          func run(_ item: Int) { body(item) }
          for item in items { run(Deque(repeating: item, count: 3).count) }
        }
        func nodeFromKeys(_ keys: [Int]) -> Node { Node(keys) }
        func withTwice(_ items: [Int], _ body: (Int) -> Void) { for item in items { body(item) } }
        func withTwice(_ items: [Int], by generator: () -> Int, _ body: (Int) -> Void) { body(generator()) }
        """

    @Test("A helper whose closure gets the elements of its arguments, or a plain record of them, hands cases")
    func whichHelpersHandCases() throws {
        // Given
        let tree = Parser.parse(source: Self.collectionsHelpers + "\n" + Self.otherHelpers)
        let types = tree.descendants(of: DeclSyntax.self).filter(\.isNominalType)

        // When
        let records = TableHelpers.records(in: types)
        let index = TableHelpers.index(of: tree.descendants(of: FunctionDeclSyntax.self), records: records)

        // Then: not a record holding a value of the code under test; not a helper that hands a value the code
        // under test made (`Deque(…)`, `.init`, a method of the package), one that differs between runs, a
        // closure's results, a closure handed on, a value lent or set again, a test function's result, nor a name
        // bound again in a nested function; `withEvery` and `withTwice` each have an overload that hands cases
        #expect(records == ["DequeLayout", "ArrayLayout"])
        #expect(index.names == ["withEveryDeque", "withSomeArrayLayouts", "withEvery", "withTwice"])
    }

    @Test(
        "A call is a table helper's when every function its name and labels can resolve to is one",
        arguments: [
            ("withEvery(\"i\", in: [0, 1]) { i in }", true),
            ("withEvery(\"i\", in: [0, 1], run: { i in })", true),
            ("withEvery(\"i\", in: [0, 1], file: #filePath, line: 3) { i in }", true),
            ("withEvery(\"i\", by: next) { i in }", false),
            ("withTwice([0, 1]) { i in }", true),
            ("withTwice([0, 1], by: { 1 }) { i in }", false),
            ("withTwice([0, 1], { i in }, { i in })", false),
            ("withEveryDeque(\"d\", ofCapacities: [0], startValue: 3) { layout in }", true),
            ("withEveryDeque(\"d\", capacities: [0]) { layout in }", false),
            ("withEveryDeque(\"d\") { layout in }", false),
            ("withSomething(\"d\") { layout in }", false),
        ])
    func callsResolvedByLabels(call: String, hands: Bool) throws {
        // Given
        let tree = Parser.parse(source: Self.collectionsHelpers + "\n" + Self.otherHelpers)
        let types = tree.descendants(of: DeclSyntax.self).filter(\.isNominalType)
        let index = TableHelpers.index(
            of: tree.descendants(of: FunctionDeclSyntax.self), records: TableHelpers.records(in: types))
        let parsed = try #require(Parser.parse(source: call).descendants(of: FunctionCallExprSyntax.self).first)

        // When
        let resolved = index.handsCases(parsed)

        // Then
        #expect(resolved == hands)
    }

    @Test("A guard on the cases of a helper handed only literals is the test's table; on anything else it skips")
    func guardOnHandedCases() throws {
        // Given: swift-collections' `withEveryDeque("deque", ofCapacities: [0, 1, 2]) { layout in guard … }`
        let tests = """
            import XCTest

            final class DequeTests: XCTestCase {
                func testWritten() {
                    withEveryDeque("deque", ofCapacities: [0, 1, 2]) { layout in
                        guard layout.count > 0 else { return }
                        XCTAssertEqual(makeDeque(layout).removeFirst(), 0)
                    }
                }
                func testDerived() {
                    withEvery("a", in: 0 ..< 4) { a in
                        withEvery("b", in: 0 ... a) { b in
                            let gap = a - b
                            guard gap >= 1 else { return }
                            XCTAssertEqual(distance(a, b), gap)
                        }
                    }
                }
                func testMadeByTheCode() {
                    withSomeDeques([1, 2, 3]) { deque in
                        guard deque.count > 0 else { return }
                        XCTAssertEqual(deque.first, 1)
                    }
                }
                func testFetched() {
                    withEveryDeque("deque", ofCapacities: fetchCapacities()) { layout in
                        guard layout.count > 0 else { return }
                        XCTAssertEqual(layout.capacity, 1)
                    }
                }
                func testCalled() {
                    withEveryDeque("deque", ofCapacities: [0, 1]) { layout in
                        let deque = makeDeque(layout)
                        guard deque.isEmpty else { return }
                        XCTAssertEqual(deque.count, 0)
                    }
                }
                func testDeclaredAgain() {
                    withSomeArrayLayouts("layout", ofCapacities: [0, 5]) { layout in
                        let layout = RigidArray(layout: layout)
                        guard layout.count > 0 else { return }
                        XCTAssertEqual(layout.first, 0)
                    }
                }
                func testSubscripted() {
                    withEvery("i", in: [0, 1]) { i in
                        let value = sut.values[i]
                        guard value > 0 else { return }
                        XCTAssertEqual(value, 1)
                    }
                }
                func testGenerated() {
                    withEvery("i", by: { sut.next() }) { i in
                        guard i > 0 else { return }
                        XCTAssertEqual(i, 1)
                    }
                }
                func testOverloadWithLabels() {
                    withTwice([0, 1]) { i in
                        guard i > 0 else { return }
                        XCTAssertEqual(i, 1)
                    }
                }
                func testAnotherMacro() {
                    withEvery("i", in: #values(sut)) { i in
                        guard i > 0 else { return }
                        XCTAssertEqual(i, 1)
                    }
                }
            }
            """

        // When
        let findings = try analyzeSources([
            "Helpers.swift": "import XCTest\n" + Self.collectionsHelpers + "\n" + Self.otherHelpers, "T.swift": tests,
        ]).findings.filter { $0.kind == .conditionalTestLogic }

        // Then
        #expect(
            findings.compactMap(\.testName).sorted() == [
                "DequeTests.testAnotherMacro", "DequeTests.testCalled", "DequeTests.testDeclaredAgain",
                "DequeTests.testFetched", "DequeTests.testGenerated", "DequeTests.testMadeByTheCode",
                "DequeTests.testSubscripted",
            ])
    }
}
