import Testing

@testable import LitmusAudit

@Suite("conditionalTestLogic: an if let whose value an earlier check requires cannot skip its checks", .tags(.parsing))
struct RequiredBeforeTests {
    @Test("After XCTAssertFalse(R.isEmpty), a count above 0 or XCTAssertNotNil(E), if let on R.last or E is covered")
    func covered() throws {
        let methods = """
            func testA() {
                let result = search()
                XCTAssertFalse(result.isEmpty, "no path")
                if let last = result.last { XCTAssertEqual(last, 3) }
            }
            func testB() {
                let result = search()
                XCTAssertEqual(result.count, 2)
                if let last = result.last, let first = result.first { XCTAssertEqual(last, first + 1) }
            }
            func testC() {
                XCTAssertNotNil(cache.value(for: "k"))
                if let value = cache.value(for: "k") { XCTAssertEqual(value, 1) }
            }
            func testD() {
                let result = search()
                XCTAssertGreaterThan(result.count, 0)
                if let first = result.first { XCTAssertEqual(first, 1) }
            }
            """
        #expect(try xctestFindings(.conditionalTestLogic, methods) == [])
    }

    @Test("guard (E != nil) in parentheses after XCTAssertNotNil(E) is covered; of another value, or == nil, it is not")
    func parenthesizedGuard() throws {
        // Given Kitura/Kitura-CORS 2.1.201's `XCTAssertNotNil(response, "…"); guard (response != nil) else { return }`
        let methods = """
            func testA() {
                let response = request()
                XCTAssertNotNil(response, "ERROR!!! response object was nil")
                guard (response != nil) else { return }
                XCTAssertEqual(response!.statusCode, 200)
            }
            func testB() {
                let response = request()
                XCTAssertNotNil(other)
                guard (response != nil) else { return }
                XCTAssertEqual(response!.statusCode, 200)
            }
            func testC() {
                let response = request()
                XCTAssertNotNil(response)
                guard (response == nil) else { return }
                XCTAssertEqual(code, 200)
            }
            """
        let found = try xctestFindings(.conditionalTestLogic, methods)
        #expect(found == ["testB:13", "testC:19"], "\(found)")
    }

    @Test(
        "Near misses stay flagged: a check under another if, a count of 0, another collection (one after the if covers)"
    )
    func nearMisses() throws {
        let methods = """
            func testA() {
                let result = search()
                if let last = result.last { XCTAssertEqual(last, 3) }
                XCTAssertFalse(result.isEmpty)
            }
            func testB() {
                let result = search()
                if flag { XCTAssertFalse(result.isEmpty) }
                if let last = result.last { XCTAssertEqual(last, 3) }
            }
            func testC() {
                let result = search()
                XCTAssertGreaterThanOrEqual(result.count, 0)
                if let last = result.last { XCTAssertEqual(last, 3) }
            }
            func testD() {
                let result = search()
                XCTAssertFalse(other.isEmpty)
                if let last = result.last { XCTAssertEqual(last, 3) }
            }
            func testE() {
                XCTAssertNotNil(cache.value(for: "k"))
                if let value = cache.value(for: "j") { XCTAssertEqual(value, 1) }
            }
            """
        let sut = try xctestFindings(.conditionalTestLogic, methods)
        // testA's check after the if covers it since issue 48: when the value is missing, that check fails.
        #expect(sut == ["testB:10", "testC:16", "testD:21", "testE:25"])
    }

    @Test(
        "#expect(E != nil), XCTAssert(E != nil) and #expect(R.count == N) cover if let on E and R.first, and if E != nil"
    )
    func comparisonsCover() throws {
        let tests = """
                @Test func bound() {
                    let value: [Int]? = try parser.value()
                    #expect(value != nil)
                    if let value = value { #expect(value == [0, 1]) }
                }
                @Test func compared() {
                    let err = parse("<uh oh>")
                    #expect(err != nil)
                    if err != nil { #expect(err!.line == 1) }
                }
                @Test func counted() {
                    let result = search()
                    #expect(result.count == 2)
                    if let first = result.first { #expect(first == 1) }
                }
            """
        #expect(try swiftTestingLines(.conditionalTestLogic, tests) == [])
        let methods = """
            func testA() {
                XCTAssert(cache.value != nil)
                if let value = cache.value { XCTAssertEqual(value, 1) }
            }
            """
        #expect(try xctestFindings(.conditionalTestLogic, methods) == [])
    }

    @Test(
        "Near misses of the comparisons stay flagged: == nil, another value, another condition (a check after covers)")
    func comparisonNearMisses() throws {
        let tests = """
                @Test func isNil() {
                    #expect(value == nil)
                    if let value = value { #expect(value == [0, 1]) }
                }
                @Test func other() {
                    #expect(other != nil)
                    if let value = value { #expect(value == [0, 1]) }
                }
                @Test func after() {
                    if err != nil { #expect(err!.line == 1) }
                    #expect(err != nil)
                }
                @Test func andMore() {
                    #expect(err != nil)
                    if err != nil, strict { #expect(err!.line == 1) }
                }
                @Test func zeroCount() {
                    #expect(result.count == 0)
                    if let first = result.first { #expect(first == 1) }
                }
            """
        // `after`'s check after the if covers it since issue 48: when `err` is nil, that check fails.
        #expect(try swiftTestingLines(.conditionalTestLogic, tests) == [5, 9, 17, 21])
    }

    @Test("A branch in a callback whose effect a check after the call reads cannot skip its checks; an unread one can")
    func callbackEffects() throws {
        // GraphQLSwift/GraphQL 4.3.0's visitor tests: the branch returns the edited node, or records what it visited
        let tests = """
                @Test func returned() {
                    let edited = visit(root) { node in
                        if let field = node as? Field { #expect(field.name == "a"); return .node(field) }
                        return .continue
                    }
                    #expect(edited.count == 1)
                }
                @Test func appended() {
                    var visited: [String] = []
                    walk(root) { node in
                        if let name = node as? Name { #expect(!name.value.isEmpty); visited.append(name.value) }
                        if let set = node as? SelectionSet { visited.append(set.id) }
                    }
                    #expect(visited == ["a", "set"])
                }
                @Test func unread() {
                    var count = 0
                    walk(root) { node in
                        if let name = node as? Name { #expect(!name.value.isEmpty); count += 1 }
                    }
                    #expect(root != nil)
                }
                @Test func readUnderIf() {
                    var visited: [String] = []
                    walk(root) { node in
                        if let name = node as? Name { #expect(!name.value.isEmpty); visited.append(name.value) }
                    }
                    if strict { #expect(visited == ["a"]) }
                }
                @Test func loggedAnyway() {
                    var log: [String] = []
                    log.append("start")
                    walk(root) { node in
                        if let name = node as? Name { #expect(!name.value.isEmpty); log.append(name.value) }
                    }
                    #expect(!log.isEmpty)
                }
                @Test func returnedFromAnInnerClosure() {
                    let edited = visit(root) { node in
                        _ = node.children.map { child in if let f = child as? Field { #expect(f.ok); return 1 }; return 2 }
                        return .continue
                    }
                    #expect(edited.count == 1)
                }
            """
        // Then the branch nothing after it observes, one observed only under another condition, one whose
        // collection an unconditional append fills anyway, and a value returned from an inner closure still skip
        let lines = try swiftTestingLines(.conditionalTestLogic, tests)
        #expect(lines == [21, 28, 36, 42], "\(lines)")
    }
}

@Suite("conditionalTestLogic after a check of the same condition, or an unwrap that records its failure")
struct RequiredConditionTests {
    /// The tests of the Swift Testing file `source` with a conditionalTestLogic finding.
    private func skippable(_ source: String) throws -> [String] {
        try analyzeSources(["S.swift": source]).findings.filter { $0.kind == .conditionalTestLogic }.compactMap(
            \.testName)
    }

    @Test("An if on a condition a check before requires as written cannot skip; on another condition it can")
    func sameCondition() throws {
        // Given WasmKit 0.4.2's `#expect(trap.callStack.count >= 2)` then `if trap.callStack.count >= 2`, and near misses
        let source = """
            import Testing
            struct S {
                @Test func same() {
                    #expect(stack.count >= 2)
                    if stack.count >= 2 { #expect(stack[1] == 4) }
                }
                @Test func weaker() {
                    #expect(stack.count >= 1)
                    if stack.count >= 2 { #expect(stack[1] == 4) }
                }
                @Test func underIf() {
                    if strict { #expect(stack.count >= 2) }
                    if stack.count >= 2 { #expect(stack[1] == 4) }
                }
                @Test func changedBetween() {
                    #expect(stack.count >= 2)
                    stack.removeAll()
                    if stack.count >= 2 { #expect(stack[1] == 4) }
                }
                @Test func calls() {
                    #expect(depth() >= 2)
                    if depth() >= 2 { #expect(stack[1] == 4) }
                }
            }
            """
        // Then the weaker check, the conditional one, one with a statement between and a call leave it skippable
        #expect(try skippable(source) == ["S/weaker", "S/underIf", "S/changedBetween", "S/calls"])
    }

    @Test("An if on the equality XCTAssertEqual checked right before, either way round, cannot skip; another can")
    func equalityChecked() throws {
        // Given Kitura 3.0.1's `XCTAssertEqual(reconstructed.count, original.count)` then `if reconstructed.count ==
        // original.count { … }`, and near misses: another comparison, and another value
        let source = """
            import XCTest
            final class T: XCTestCase {
                func testSame() {
                    XCTAssertEqual(read.count, sent.count)
                    if read.count == sent.count { for i in 0..<sent.count { XCTAssertEqual(read[i], sent[i]) } }
                }
                func testTurned() {
                    XCTAssertEqual(read.count, sent.count)
                    if sent.count == read.count { for i in 0..<sent.count { XCTAssertEqual(read[i], sent[i]) } }
                }
                func testOther() {
                    XCTAssertEqual(read.count, sent.count)
                    if read.count >= sent.count { for i in 0..<sent.count { XCTAssertEqual(read[i], sent[i]) } }
                }
                func testAnotherValue() {
                    XCTAssertEqual(read.count, sent.count)
                    if read.count == other.count { for i in 0..<sent.count { XCTAssertEqual(read[i], sent[i]) } }
                }
                func testTolerance() {
                    XCTAssertEqual(total, 10.0, accuracy: 0.001)
                    if total == 10.0 { XCTAssertEqual(label, "10") }
                }
            }
            """
        let findings = try analyzeSources(["T.swift": source]).findings.filter { $0.kind == .conditionalTestLogic }
        // … and an equality within a tolerance, which passes values that are not equal
        #expect(
            findings.compactMap(\.testName).sorted() == ["T.testAnotherValue", "T.testOther", "T.testTolerance"])
    }

    @Test("A search loop that returns after its checks and fails after the loop cannot pass checking nothing")
    func searchLoop() throws {
        // Given WasmKit 0.4.2's component tests, and near misses: no failure after the loop, no return in the branch
        let source = """
            import Testing
            struct S {
                @Test func found() throws {
                    for d in decls {
                        if case .enum(let labels) = d { #expect(labels == ["red"]); return }
                    }
                    Issue.record("No enum found")
                }
                @Test func foundNested() throws {
                    let it = try #require(items.first)
                    for d in it.declarations {
                        if case .type(let vt) = d {
                            if case .enum(let labels) = vt { #expect(labels == ["red"]); return }
                        }
                    }
                    Issue.record("No enum found")
                }
                @Test func notFailed() throws {
                    for d in decls {
                        if case .enum(let labels) = d { #expect(labels == ["red"]); return }
                    }
                    print("none")
                }
                @Test func leavesBetween() throws {
                    for d in decls {
                        if case .enum(let labels) = d { #expect(labels == ["red"]); return }
                    }
                    if decls.isEmpty { return }
                    Issue.record("No enum found")
                }
                @Test func noReturn() throws {
                    for d in decls {
                        if case .enum(let labels) = d { #expect(labels == ["red"]) }
                    }
                    Issue.record("No enum found")
                }
            }
            """
        // Then only the search that can end silently, and the branch that does not leave, are findings
        #expect(try skippable(source) == ["S/notFailed", "S/leavesBetween", "S/noReturn"])
    }

    @Test("A guard on a name XCTAssertNoThrow assigned an initializer's value leaves only after that check failed")
    func assignedInNoThrow() throws {
        // Given async-http-client 1.37.0's prepared requests and bound servers, and near misses
        let methods = """
            func testA() { var prepared: PreparedRequest?; XCTAssertNoThrow(prepared = try PreparedRequest(request))
                guard let prepared = prepared else { return }; XCTAssertEqual(prepared.poolKey, key) }
            func testB() { var server: Channel?; XCTAssertNoThrow(server = try bootstrap.bind(host: "127.0.0.1", port: 0).wait())
                guard let server else { return }; XCTAssertEqual(server.isActive, true) }
            func testC() { var value: Int?; XCTAssertNoThrow(value = try container.decodeIfPresent(Int.self))
                guard let value else { return }; XCTAssertEqual(value, 1) }
            func testD() { var prepared: PreparedRequest?; XCTAssertNoThrow(prepared = try? PreparedRequest(request))
                guard let prepared else { return }; XCTAssertEqual(prepared.poolKey, key) }
            func testE() { var value: Item?; XCTAssertNoThrow(value = try cache.get("k").wait())
                guard let value else { return }; XCTAssertEqual(value.name, "k") }
            func testF() { var request: HTTPClient.Request?; XCTAssertNoThrow(request = try HTTPClient.Request(url: u))
                guard let request else { return }; XCTAssertEqual(request.host, "h") }
            func testG() { var info: RequestInfo?; XCTAssertNoThrow(info = try JSONDecoder().decode(RequestInfo.self, from: body))
                guard let info else { return }; XCTAssertEqual(info.path, "/") }
            func testH() { var info: RequestInfo?; XCTAssertNoThrow(info = try decoder.decode(RequestInfo?.self, from: body))
                guard let info else { return }; XCTAssertEqual(info.path, "/") }
            func testI() { var request: Request?; XCTAssertNoThrow(request = try client.makeRequest(url: u))
                guard let request else { return }; XCTAssertEqual(request.host, "h") }
            """
        // Then a call that may give nil (C), a try? (D), a future of what may be nil (E), an optional type decoded (H)
        // and a method's result (I) leave the guard able to skip; a nested type's initializer (F) and a decoded
        // type (G, async-http-client's redirect tests) do not
        #expect(
            try xctestFindings(.conditionalTestLogic, methods) == [
                "testC:8", "testD:10", "testE:12", "testH:18", "testI:20",
            ])
    }

    @Test("A guard on `try? XCTUnwrap` or `try? #require` fails the test before it leaves; on another try? it does not")
    func unwrapThatRecords() throws {
        // Given vapor/postgres-nio 1.33.2's error handlers, and a near miss
        let methods = """
            func testA() { XCTAssertThrowsError(try run()) { error in
                guard let e = try? XCTUnwrap(error as? PostgresError) else { return }
                XCTAssertEqual(e.code, 1) } }
            func testB() { XCTAssertThrowsError(try run()) { error in
                guard let e = try? decode(error) else { return }
                XCTAssertEqual(e.code, 1) } }
            func testC() throws { if let e = try? XCTUnwrap(value) { XCTAssertEqual(e.code, 1) } }
            func testD() throws { guard let e = try? XCTUnwrap(value), e.isReady else { return }; XCTAssertEqual(e.code, 1) }
            """
        // Then the guard on a decode, and one with a condition besides the unwrap, can leave without failing
        #expect(try xctestFindings(.conditionalTestLogic, methods) == ["testB:8", "testD:10"])
        // And in Swift Testing, `#require` records; XCTUnwrap, with no XCTest case running, and a throwing argument do not
        let tests = """
            import Testing
            struct S {
                @Test func required() { if let e = try? #require(value) { #expect(e.code == 1) } }
                @Test func xctUnwrap() { if let e = try? XCTUnwrap(value) { #expect(e.code == 1) } }
                @Test func throwing() { if let e = try? #require(try load()) { #expect(e.code == 1) } }
            }
            """
        #expect(try skippable(tests) == ["S/xctUnwrap", "S/throwing"])
    }
}

@Suite("conditionalTestLogic in a Quick spec's example")
struct RequiredBeforeSpecTests {
    @Test("A branch in a spec's `it` closure is judged, and the search around it ends at the example")
    func branchInAnExample() throws {
        // Given Moya 15.0.3's shape: an `it` whose whole body is a closure, a check only under an if (this took
        // for ever: the search for a later check climbed from the example's closure to the example again)
        let source = """
            import Quick
            import Nimble
            final class MultipartSpec: QuickSpec {
                override func spec() {
                    it("initializes") {
                        if ok {
                            expect(url) == fileURL
                        }
                    }
                    it("provides a file") {
                        var found = false
                        if case .file(let url) = data.provider { found = true; expect(url) == fileURL }
                        expect(found) == true
                    }
                }
            }
            """
        // When
        let findings = try analyzeSources(["MultipartSpec.swift": source]).findings
            .filter { $0.kind == .conditionalTestLogic }
        // Then the first example can pass checking nothing; the second fails when the branch is skipped
        #expect(findings.compactMap(\.line) == [7])
    }

    @Test(
        "An if-let after Nimble's expect(x).toNot(beNil()) cannot skip; after another matcher, or of another value, it can"
    )
    func nimbleNotNil() throws {
        // Given ReactiveSwift 7.2.1's materialize specs, and near misses
        let source = """
            import Quick
            import Nimble
            final class EventSpec: QuickSpec {
                override class func spec() {
                    it("reifies") {
                        expect(latestEvent).toNot(beNil())
                        if let event = latestEvent { expect(event.value) == 1 }
                    }
                    it("reifies again") {
                        expect(latestEvent).notTo(beNil())
                        if let event = latestEvent { expect(event.value) == 1 }
                    }
                    it("matches otherwise") {
                        expect(latestEvent).toNot(equal(.completed))
                        if let event = latestEvent { expect(event.value) == 1 }
                    }
                    it("checks another value") {
                        expect(firstEvent).toNot(beNil())
                        if let event = latestEvent { expect(event.value) == 1 }
                    }
                    it("fills a list") {
                        expect(events).toNot(beEmpty())
                        if let last = events.last { expect(last.value) == 1 }
                    }
                    it("calls again") {
                        expect(iterator.next()).toNot(beNil())
                        if let event = iterator.next() { expect(event.value) == 1 }
                    }
                }
            }
            """
        // When
        let findings = try analyzeSources(["EventSpec.swift": source]).findings
            .filter { $0.kind == .conditionalTestLogic }
        // Then another matcher (line 15), another value (line 19) and a call, which may give another value (line
        // 27), leave the branch able to skip
        #expect(findings.compactMap(\.line) == [15, 19, 27])
    }
}
