import Testing

@testable import LitmusAudit

/// attaswift/BTree 4.1.0's walks over collections the test fixed, which its first audit called skippable
/// (ConditionalLogicDetector+Accumulators.swift, ConditionalLogicDetector+Loops.swift, RequiredBefore.swift), each
/// beside the near miss that must still be found.
@Suite("conditionalTestLogic: a walk the test fixed cannot be skipped unnoticed", .tags(.parsing))
struct ConditionalFixedWalksTests {
    @Test("A counter checked after the walk against a number the test fixed notices a skipped walk")
    func counterAgainstFixedNumber() throws {
        // Given a walk over a set made of a range the test fixed, its steps counted and checked after it, and near
        // misses
        let methods = """
            func testA() {
                let c = 10_000
                let set = SortedSet(0 ..< c)
                var i = 0
                var index = set.startIndex
                while index != set.endIndex { XCTAssertEqual(set[index], i); set.formIndex(after: &index); i += 1 }
                XCTAssertEqual(i, c)
            }
            func testB() {
                let c = tree.count
                var i = 0
                var index = tree.startIndex
                while index != tree.endIndex { XCTAssertEqual(tree[index], i); tree.formIndex(after: &index); i += 1 }
                XCTAssertEqual(i, c)
            }
            func testC() {
                let c = 0
                var i = 0
                var index = set.startIndex
                while index != set.endIndex { XCTAssertEqual(set[index], i); set.formIndex(after: &index); i += 1 }
                XCTAssertEqual(i, c)
            }
            func testD() {
                var seen = [1, 2, 3]
                var index = set.startIndex
                while index != set.endIndex { XCTAssertEqual(set[index], 1); seen.append(1); set.formIndex(after: &index) }
                XCTAssertEqual(seen.count, 3)
            }
            """
        // Then a count the package gives (testB), a fixed zero (testC) and a count a non-empty start already has
        // (testD) are still reported
        let found = try xctestFindings(.conditionalTestLogic, methods)
        #expect(found == ["testB:15", "testC:22", "testD:28"], "\(found)")
    }

    @Test("A branch on the index of a walk over the file's own constant table filters the table; over a var, not")
    func fileConstantTable() throws {
        // Given ProcedureKit 5.2.0's `private let order: [QoSClass] = [.unspecified, …]` above the test class, walked
        // with `if i > 0` around the checks (2 read false on first contact); and near misses: a file-level `var`
        // (any code may empty it) and a constant that is no literal
        let source = """
            import XCTest
            private let order: [Level] = [.low, .middle, .high]
            private var levels: [Level] = [.low, .middle, .high]
            private let loaded = Level.all()
            final class LevelTests: XCTestCase {
                func testA() {
                    for (i, level) in order.enumerated() {
                        if i > 0 { XCTAssertLessThan(order[i - 1], level) }
                    }
                }
                func testB() {
                    for (i, level) in levels.enumerated() {
                        if i > 0 { XCTAssertLessThan(levels[i - 1], level) }
                    }
                }
                func testC() {
                    for (i, level) in loaded.enumerated() {
                        if i > 0 { XCTAssertLessThan(loaded[i - 1], level) }
                    }
                }
            }
            """
        // When
        let found = try analyzedFindings(.conditionalTestLogic, in: ["LevelTests.swift": source])
        // Then
        #expect(found == ["LevelTests.testB:13", "LevelTests.testC:18"], "\(found)")
    }

    @Test("The body of an #expect(throws:) in a branch on the file's table is the table's too; over a loaded list, not")
    func checkBodyInTableBranch() throws {
        // Given swift-bitcoin's `for testCase in coreTestAssets { if let success = testCase.success { #expect(throws:
        // Never.self) { try verify(success) } } }` over the file's own table; and the near miss over vectors loaded
        let source = """
            import Testing
            fileprivate let vectors: [Vector] = [Vector(success: 1), Vector(success: nil)]
            struct VectorTests {
                @Test func written() throws {
                    for vector in vectors {
                        if let success = vector.success { #expect(throws: Never.self) { try verify(success) } }
                    }
                }
                @Test func loaded() throws {
                    for vector in try loadVectors() {
                        if let success = vector.success { #expect(throws: Never.self) { try verify(success) } }
                    }
                }
            }
            """
        // When
        let found = try analyzedFindings(.conditionalTestLogic, in: ["VectorTests.swift": source])
        // Then
        #expect(found == ["VectorTests/loaded:11"], "\(found)")
    }

    @Test("A check of the element against the bounds of the range walked adds to the loop's checks")
    func elementAgainstRangeBounds() throws {
        // Given a walk of `0 ... c` that checks every offset and the key of all but the end index, and near misses
        let methods = """
            func testA() {
                let c = tree.count
                for i in 0 ... c {
                    XCTAssertEqual(tree.index(offsetBy: i).offset, i)
                    if i < c { XCTAssertEqual(tree.index(offsetBy: i).key, i) }
                }
            }
            func testB() {
                let c = tree.count
                for i in 0 ... c {
                    if i < c { XCTAssertEqual(tree.index(offsetBy: i).key, i) }
                }
            }
            func testC() {
                let c = tree.count
                for i in 0 ... c {
                    XCTAssertEqual(tree.index(offsetBy: i).offset, i)
                    if c > 5 { XCTAssertEqual(tree.index(offsetBy: i).key, i) }
                }
            }
            func testD() {
                let c = tree.count
                for i in 0 ... c {
                    XCTAssertEqual(tree.index(offsetBy: i).offset, i)
                    if i < limit { XCTAssertEqual(tree.index(offsetBy: i).key, i) }
                }
            }
            """
        // Then a loop with no check of its own (testB), a condition on the bound alone (testC) and one on a value the
        // range does not bound (testD) are still reported
        #expect(try xctestFindings(.conditionalTestLogic, methods) == ["testB:13", "testC:20", "testD:27"])
    }

    @Test("A guard right after a check that requires its value, both under one branch, leaves only when that failed")
    func guardAfterCheckUnderOneBranch() throws {
        // Given BTree's `if i < n { XCTAssertNotNil(index); guard let index = index else { continue } … }`, and near
        // misses
        let methods = """
            func testA() {
                for i in 0 ..< 2 * c {
                    let index = bag.index(after: i)
                    if i < 2 * (c - 1) {
                        XCTAssertNotNil(index)
                        guard let index = index else { continue }
                        XCTAssertEqual(bag[index], i)
                    } else {
                        XCTAssertNil(index)
                    }
                }
            }
            func testB() {
                for i in 0 ..< 2 * c {
                    let index = bag.index(after: i)
                    if i < 10 { XCTAssertNotNil(index) } else { XCTFail("late") }
                    guard let index = index else { continue }
                    XCTAssertEqual(bag[index], i)
                }
            }
            func testC() {
                for i in 0 ..< 2 * c {
                    let index = bag.index(after: i)
                    let other = bag.index(before: i)
                    if i < 2 * (c - 1) {
                        XCTAssertNotNil(other)
                        guard let index = index else { continue }
                        XCTAssertEqual(bag[index], i)
                    } else {
                        XCTAssertNil(index)
                    }
                }
            }
            """
        // Then a check under another branch (testB) or of another value (testC) is still reported
        let found = try xctestFindings(.conditionalTestLogic, methods)
        #expect(found == ["testB:20", "testC:30"], "\(found)")
    }

    @Test("A while loop whose condition holds on entry, by integers the test fixed, runs its checks")
    func conditionHoldsOnEntry() throws {
        // Given BTree's `let count = 42; var offset = 0; while offset < count { … }`, and near misses
        let methods = """
            func testA() { let count = 42; var offset = 0; while offset < count { XCTAssertEqual(f(offset), 1); offset += 1 } }
            func testB() { let count = tree.count; var offset = 0; while offset < count { XCTAssertEqual(f(offset), 1); offset += 1 } }
            func testC() { let count = 0; var offset = 0; while offset < count { XCTAssertEqual(f(offset), 1); offset += 1 } }
            func testD() { let count = 42; var offset = 0; offset = start(); while offset < count { XCTAssertEqual(f(offset), 1); offset += 1 } }
            func testE() { let count = 42; var end = count - 1; var start = 0; while start < end { XCTAssertEqual(f(start), 1); start += 1; end -= 1 } }
            func testF() { let count = 42; var offset = 0; while offset < count && ready() { XCTAssertEqual(f(offset), 1); offset += 1 } }
            func testG() { var i = 0; XCTAssertEqual(f(i), 0); i = 10; while i > 0 { XCTAssertEqual(f(i), 1); i -= 1 } }
            func testH() { var n = 0; var i = n; n = 10; while i > 0 { XCTAssertEqual(f(i), 1); i -= 1 } }
            func testI() { var i = 10; if flag { i = 0 }; while i > 0 { XCTAssertEqual(f(i), 1); i -= 1 } }
            func testJ() { var i = 0; let reset = { i = 0 }; i = 10; reset(); while i > 0 { XCTAssertEqual(f(i), 1); i -= 1 } }
            func testK() { remaining = 5; drain(); while remaining > 0 { XCTAssertEqual(f(remaining), 1); remaining -= 1 } }
            """
        // Then a bound the package gives (testB), one that does not hold (testC, and testH, whose counter took its
        // source's value before the source was set again), a value set again before the loop (testD, testI under a
        // condition, testJ by a closure that may run between) and a condition with more to it (testF) still count,
        // as does a property the test does not bind (testK); a counter set again to a literal as a statement of its
        // own (swift-collections-benchmark 0.0.4's `i = 10` before `while i > 0`) is fixed
        let found = try xctestFindings(.conditionalTestLogic, methods)
        #expect(
            found == ["testB:4", "testC:5", "testD:6", "testF:8", "testH:10", "testI:11", "testJ:12", "testK:13"],
            "\(found)")
    }

    @Test("A while loop that drains a list the test fixed non-empty runs its checks; an empty or changed list may not")
    func drainsFixedList() throws {
        // Given BigInt 6.0.1's `var widths: Set<Int> = [0, 1, 2, 3]; while !widths.isEmpty { … }` (read false on first
        // contact), and near misses
        let methods = """
            func testA() { var widths: Set<Int> = [0, 1, 2, 3]; var i = 0; while !widths.isEmpty { XCTAssertLessThan(f(), 4); widths.remove(f()); i += 1 } }
            func testB() { var widths: Set<Int> = []; while !widths.isEmpty { XCTAssertLessThan(f(), 4); widths.remove(f()) } }
            func testC() { var widths = [0, 1]; widths.removeAll(); while !widths.isEmpty { XCTAssertLessThan(f(), 4); widths.removeLast() } }
            func testD() { var widths = load(); while !widths.isEmpty { XCTAssertLessThan(f(), 4); widths.removeLast() } }
            func testE() { var widths = [0, 1]; while !widths.isEmpty && ready() { XCTAssertLessThan(f(), 4); widths.removeLast() } }
            func testF() { var widths = [0, 1]; while widths.isEmpty { XCTAssertLessThan(f(), 4); widths.removeLast() } }
            """
        // Then an empty literal (testB), a list emptied before the loop (testC), one the package gives (testD), a
        // condition with more to it (testE) and a loop that runs only while the list is empty (testF) still count
        let found = try xctestFindings(.conditionalTestLogic, methods)
        #expect(found == ["testB:4", "testC:5", "testD:6", "testE:7", "testF:8"], "\(found)")
    }

    @Test("What a number or a check holds for can change: the value passed inout, bound again, set by a method, later")
    func changedOrBoundAgain() throws {
        // Given the near misses a review of these rules wrote, each skippable as before
        let methods = """
            func testA() {
                var expected = 1
                store.loadCount(into: &expected)
                var seen = 0
                for item in store.items { seen += 1; XCTAssertTrue(item.isValid) }
                XCTAssertEqual(seen, expected)
            }
            func testB() {
                let limit = 3
                for limit in pool.limits { var i = 0; while i < limit { XCTAssertNotNil(pool.slot(i)); i += 1 } }
            }
            func testC() {
                var remaining = 4
                remaining.negate()
                while 0 < remaining { XCTAssertTrue(queue.pop().isValid); remaining -= 1 }
            }
            func testD() {
                var index = 0
                let end = 3
                func drain() { while index < end { XCTAssertNotNil(queue.pop()); index += 1 } }
                index = queue.count
                drain()
            }
            func testE() {
                let item: Item? = store.first
                XCTAssertNotNil(item)
                store.visit { item in if let item { XCTAssertTrue(item.isValid) } }
            }
            func testF() {
                let count = 5
                for i in 0 ..< count { XCTAssertNotNil(list[i]); if i == count { XCTAssertNil(list.node(after: i)) } }
            }
            """
        // Then each is still reported
        let found = try xctestFindings(.conditionalTestLogic, methods)
        #expect(found == ["testA:7", "testB:12", "testC:17", "testD:22", "testE:29", "testF:33"], "\(found)")
    }

    @Test("A position counted from the length of a list the test fixed, checked after the walk, notices a skipped walk")
    func positionInAFixedList() throws {
        // Given swift-nio 2.101.3's HeapTests: `while let e = heap.removeRoot()` steps a position through a literal list
        // (down from its last index, or up from 0 through `Array([…].reversed())`) and checks where it ended; near misses
        let methods = """
            func testA() {
                let inputs = [16, 14, 10]
                var position = inputs.count - 1
                while let e = heap.removeRoot() { XCTAssertEqual(e, inputs[position]); position -= 1 }
                XCTAssertEqual(-1, position)
            }
            func testB() {
                let inputs = Array([16, 14, 10].reversed())
                var position = 0
                while let e = heap.removeRoot() { XCTAssertEqual(e, inputs[position]); position += 1 }
                XCTAssertEqual(inputs.count, position)
            }
            func testC() {
                let inputs: [Int] = []
                var position = 0
                while let e = heap.removeRoot() { XCTAssertEqual(e, inputs[position]); position += 1 }
                XCTAssertEqual(inputs.count, position)
            }
            func testD() {
                let inputs = heap.elements
                var position = 0
                while let e = heap.removeRoot() { XCTAssertEqual(e, inputs[position]); position += 1 }
                XCTAssertEqual(inputs.count, position)
            }
            func testE() {
                let inputs = [16, 14, 10]
                var position = inputs.count - 3
                while let e = heap.removeRoot() { XCTAssertEqual(e, inputs[position]); position -= 1 }
                XCTAssertEqual(0, position)
            }
            func testF() {
                let inputs = Array([3, 2, 1].reversed())
                inputs.forEach { heap.append($0) }
                var position = 0
                while let e = heap.removeRoot() { XCTAssertEqual(e, inputs[position]); position += 1 }
                XCTAssertEqual(inputs.count, position)
            }
            func testG() {
                var inputs = Array([3, 2, 1].reversed())
                inputs.removeAll()
                var position = 0
                while let e = heap.removeRoot() { XCTAssertEqual(e, inputs[position]); position += 1 }
                XCTAssertEqual(inputs.count, position)
            }
            """
        // Then an empty list (testC), a list the package gives (testD), an end the start already is (testE) and a list the
        // test empties (testG) are still reported; a method called on a `let` list changes nothing (testF:
        // swift-distributed-actors 0.7.1's HeapTests fill the heap with `inputs.forEach`)
        let found = try xctestFindings(.conditionalTestLogic, methods)
        #expect(found == ["testC:18", "testD:24", "testE:30", "testG:44"], "\(found)")
    }

    @Test("A check the test makes again, the same, unconditionally after the branch that samples it skips nothing")
    func checkMadeAgainAfter() throws {
        // Given swift-collections 1.6.0's BitSetTests: `if i % 25 == 0 { expectEqual(Array(actual), expected.sorted()) }`
        // inside the walk, and the same check after it; near misses
        let methods = """
            func testA() {
                for i in input.indices {
                    actual.insert(input[i])
                    if i % 25 == 0 { XCTAssertEqual(Array(actual), expected.sorted()) }
                }
                XCTAssertEqual(Array(actual), expected.sorted())
            }
            func testB() {
                XCTAssertEqual(Array(actual), expected.sorted())
                for i in input.indices {
                    if i % 25 == 0 { XCTAssertEqual(Array(actual), expected.sorted()) }
                }
            }
            func testC() {
                for i in input.indices {
                    if i % 25 == 0 { XCTAssertEqual(Array(actual), expected.sorted()) }
                }
                if checking { XCTAssertEqual(Array(actual), expected.sorted()) }
            }
            func testD() {
                for i in input.indices {
                    if i % 25 == 0 { XCTAssertEqual(Array(actual), expected.sorted()) }
                }
                XCTAssertEqual(Array(actual).count, expected.count)
            }
            func testE() {
                while source.more() {
                    XCTAssertEqual(source.requests, expected)
                    expected += 1
                    XCTAssertEqual(source.requests, expected)
                }
            }
            """
        // Then a repeat before it, a repeat under a branch of its own, another check after it, and a repeat inside the
        // same loop (postgres-nio 1.33.2's PostgresRowSequenceTests) are still reported
        let found = try xctestFindings(.conditionalTestLogic, methods)
        #expect(found == ["testB:13", "testC:18", "testD:24", "testE:30"], "\(found)")
    }

    @Test(
        "A stride up to the count of a concatenation holding a literal walks it; of an empty literal or a call, may not"
    )
    func strideOverConcatenation() throws {
        // Given yaslab/CSV.swift 2.5.2's binary reader tests, which walk `[0xcc] + random(99)` two bytes at a time,
        // and near misses: an empty literal concatenated, a count the code gives, a start past the literal's part
        let methods = """
            func testA() { let bytes = [0xcc] + random(99); for i in stride(from: 0, to: bytes.count, by: 2) { XCTAssertEqual(read(), bytes[i]) } }
            func testB() { let bytes = [] + random(99); for i in stride(from: 0, to: bytes.count, by: 2) { XCTAssertEqual(read(), bytes[i]) } }
            func testC() { let bytes = random(99); for i in stride(from: 0, to: bytes.count, by: 2) { XCTAssertEqual(read(), bytes[i]) } }
            func testD() { let bytes = [0xcc] + random(99); for i in stride(from: 1, to: bytes.count, by: 2) { XCTAssertEqual(read(), bytes[i]) } }
            """

        // When: the smells are found
        let sut = try xctestFindings(.conditionalTestLogic, methods)

        // Then: only the walk the literal's element guarantees is no finding
        #expect(sut == ["testB:4", "testC:5", "testD:6"])
    }

    @Test("A branch on the loop's own counter is taken when a check after the loop states the counter passed it")
    func branchOnCheckedCounter() throws {
        // Given HdrHistogram/hdrhistogram-swift 0.2.0's bucket walks, which check bucket 0 under `if index == 0` and
        // the number of buckets after the walk, and near misses: a count not above the branch's, no check after,
        // a `continue` that can skip the count, a counter that starts elsewhere or that a call may change, one added
        // to before the branch, written again in the loop or after it, the `else`, and one another loop counted
        let methods = """
            func testA() { var index = 0; for b in h.buckets() { if index == 0 { XCTAssertEqual(b.count, 9) }; index += 1 }; XCTAssertEqual(1_000, index) }
            func testB() { var index = 0; for b in h.buckets() { if index == 5 { XCTAssertEqual(b.count, 9) }; index += 1 }; XCTAssertEqual(index, 5) }
            func testC() { var index = 0; for b in h.buckets() { if index == 0 { XCTAssertEqual(b.count, 9) }; index += 1 }; XCTAssertGreaterThan(b.total, 1) }
            func testD() { var index = 0; for b in h.buckets() { if b.isEmpty { continue }; if index == 0 { XCTAssertEqual(b.count, 9) }; index += 1 }; XCTAssertEqual(1_000, index) }
            func testE() { var index = start; for b in h.buckets() { if index == 0 { XCTAssertEqual(b.count, 9) }; index += 1 }; XCTAssertEqual(1_000, index) }
            func testF() { var index = 7; XCTAssertEqual(7, index); index = 0; for b in h.buckets() { if index == 1 { XCTAssertEqual(b.count, 9) }; index += 1 }; XCTAssertEqual(10_000, index, "buckets") }
            func testG() { var index = 0; reset(&index); for b in h.buckets() { if index == 1 { XCTAssertEqual(b.count, 9) }; index += 1 }; XCTAssertEqual(10_000, index) }
            func testH() { var index = 0; for b in h.buckets() { index += 1; if index == 0 { XCTAssertEqual(b.count, 9) } }; XCTAssertEqual(1_000, index) }
            func testI() { var index = 0; for b in h.buckets() { if index == 0 { XCTAssertEqual(b.count, 9) }; index += 1; index = 0 }; XCTAssertEqual(1_000, index) }
            func testJ() { var index = 0; for b in h.buckets() { if index == 0 { print(b) } else { XCTAssertEqual(b.count, 9) }; index += 1 }; XCTAssertEqual(1, index) }
            func testK() { var index = 0; for b in h.buckets() { if index == 0 { XCTAssertEqual(b.count, 9) }; index += 1 }; for _ in extra { index += 1 }; XCTAssertEqual(1_000, index) }
            func testL() { var index = 0; for b in a { index += 1 }; for b in h.buckets() { if index == 0 { XCTAssertEqual(b.count, 9) }; index += 1 }; XCTAssertEqual(1_000, index) }
            """

        // When: the smells are found
        let sut = try xctestFindings(.conditionalTestLogic, methods)

        // Then: only the branch the later count shows taken is no finding
        #expect(
            sut == [
                "testB:4", "testC:5", "testD:6", "testE:7", "testG:9", "testH:10", "testI:11", "testJ:12", "testK:13",
                "testL:14",
            ])
    }

    @Test("A walk over a list a check equates with a literal of elements runs; with an empty literal it may not")
    func listEqualToElements() throws {
        // Given tuist/XcodeGraph 1.34.5's `#expect(infoPlist.libraries == [Library(…), Library(…)])` before a walk
        // over the libraries, the XCTest form after it, and near misses: an empty literal, another list
        let tests = """
                @Test func a() { #expect(plist.libraries == [Library(id: "a"), Library(id: "b")]); for library in plist.libraries { #expect(library.path.isEmpty == false) } }
                @Test func b() { #expect(plist.libraries == []); for library in plist.libraries { #expect(library.path.isEmpty == false) } }
                @Test func c() { #expect(plist.libraries == [Library(id: "a")]); for library in plist.frameworks { #expect(library.path.isEmpty == false) } }
            """
        let found = try swiftTestingLines(.conditionalTestLogic, tests)
        #expect(found == [4, 5])
        let methods = """
            func testA() {
                for name in parsed.names { XCTAssertFalse(name.isEmpty) }
                XCTAssertEqual(parsed.names, ["a", "b"])
            }
            func testB() {
                for name in parsed.names { XCTAssertFalse(name.isEmpty) }
                XCTAssertEqual(parsed.others, ["a", "b"])
            }
            """
        let walks = try xctestFindings(.conditionalTestLogic, methods)
        #expect(walks == ["testB:8"])
    }
}
