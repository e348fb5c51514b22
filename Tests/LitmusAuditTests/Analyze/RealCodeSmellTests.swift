import Foundation
import Testing

@testable import LitmusAudit

/// The static checks against what the real-package corpus's readers called false (Tests/Corpus/verdicts):
/// each rule with what it leaves alone, what it still finds, and the near miss.
@Suite("Test smells: the false findings of the real-package corpus")
struct RealCodeSmellTests {

    @Test("sensitiveEquality: a description compared with the text the test wrote into the value is a round trip")
    func descriptionOfWrittenText() throws {
        let methods = #"""
            func testA() { let value: Meta = .attributed("hello", attributes: [a]); XCTAssertEqual(value.description, "hello") }
            func testB() { log(["key": "\("value", attributes: { _ in })"]); XCTAssertEqual(entries[0]["key"]?.description, "value") }
            func testC() { let value = Meta.attributed(42, attributes: []); XCTAssertEqual(value.description, "42") }
            func testD() { let cart = Cart(name: "hello"); XCTAssertEqual(cart.description, "Cart: hello") }
            func testE() { XCTAssertEqual(a.description, "x"); XCTAssertEqual(b.description, "x") }
            func testF() { let name = "x"; XCTAssertEqual(String(describing: a), "\(name)") }
            """#
        #expect(try xctestFindings(.sensitiveEquality, methods) == ["testD:6", "testE:7", "testF:8"])
    }

    @Test("sensitiveEquality: two descriptions compared change together; a description and a literal do not")
    func twoDescriptions() throws {
        // Given vapor/sqlite-nio's decoded date compared with the date it stored, by their descriptions
        let tests = """
                @Test func a() { #expect(decoded?.description == date.description) }
                @Test func b() { #expect(String(describing: decoded) == String(describing: date)) }
                @Test func c() { #expect(decoded?.description == "2024-01-01 00:00:00 +0000") }
            """
        #expect(try swiftTestingLines(.sensitiveEquality, tests) == [5])
    }

    @Test(
        "sensitiveEquality: a description in an assertion's message is printed only when it fails; in its operand it counts"
    )
    func descriptionInMessage() throws {
        // Given vapor/fluent-sqlite-driver's checks of an error's Bool properties, the error's text as the message
        let methods = #"""
            func testA() { XCTAssertTrue(error.isSyntaxError, "\(String(reflecting: error))") }
            func testB() { XCTAssertTrue(String(reflecting: error).contains("syntax"), "no syntax error") }
            """#
        #expect(try xctestFindings(.sensitiveEquality, methods) == ["testB:4"])
    }

    @Test("sensitiveEquality: a Codable error's context message and a test named for string conversion are no detour")
    func codingErrorMessages() throws {
        let tests = """
                @Test func corrupted() {
                    do { _ = try decode("x") } catch {
                        guard case .dataCorrupted(let context) = error as? DecodingError else { return }
                        #expect(context.debugDescription == "Invalid sign")
                    }
                }
                @Test func missing() {
                    do { _ = try decode("x") } catch DecodingError.keyNotFound(_, let context) {
                        #expect(context.debugDescription == "No key")
                    } catch {}
                }
                @Test func bound() {
                    if case let .typeMismatch(_, context) = error { #expect(context.debugDescription == "Wrong") }
                }
                @Test func conversionToString() { #expect(BigInt(-256).description == "-256") }
                @Test func other() {
                    if case .dataCorrupted(let context) = error { #expect(value.debugDescription == "x") }
                }
                @Test func described() {
                    if case .dataCorrupted(let context) = error { #expect(context.description == "x") }
                }
                @Test func conversion() { #expect(BigInt(-256).description == "-256") }
            """
        #expect(try swiftTestingLines(.sensitiveEquality, tests) == [19, 22, 24])
    }

    @Test("boolAssertEquality: no finding where no rewrite exists (an optional, another literal type, metatypes)")
    func booleanWithoutRewrite() throws {
        let tests = """
                @Test func optional() { #expect(response.headers[.date]?.isEmpty == false) }
                @Test func made() throws { let val = try JSONValue(true as Any); #expect(val == true) }
                @Test func sameCall() throws { #expect(try json.value(for: "a") == 7); #expect(try json.value(for: "b") == true) }
                @Test func declared() { let done: Bool? = finish(); #expect(done == true) }
                @Test func plain() { let ok = Bool(check()); #expect(ok == true) }
                @Test func notOptional() { #expect(response.headers.isEmpty == false) }
                @Test func otherCall() { #expect(json.count() == 7); #expect(json.isEmpty() == true) }
                @Test func unwrapped() { var done: Bool! = finish(); #expect(done == true) }
                @Test func setLater() { var done: Bool!; run { done = $0 }; #expect(done == true) }
                @Test func setNil() { var done: Bool! = nil; run { done = $0 }; #expect(done == true) }
                @Test func setHere() { var done: Bool!; done = finish(); #expect(done == true) }
            """
        #expect(try swiftTestingLines(.boolAssertEquality, tests) == [7, 8, 9, 10, 13])
        let methods = """
            func testA() { XCTAssert(spy.types.first == Animal.self) }
            func testB() { XCTAssertTrue(type(of: pet) == Dog.self) }
            func testC() { XCTAssertTrue(pet.kind == Kind.dog) }
            func testD() { XCTAssertEqual(result?.isValid, true) }
            func testE() { XCTAssertEqual(result.isValid, true) }
            """
        #expect(try xctestFindings(.boolAssertEquality, methods) == ["testC:5", "testE:7"])
        // … and a tuple type's metatype (wickwirew/Runtime 2.2.7's `payloadType == (Bool, Int).self`, labelled or
        // not), beside a parenthesized value and a tuple holding a value, which are no types
        let tuples = """
            func testA() { XCTAssert(payload.type == (Bool, Int).self) }
            func testB() { XCTAssert(info.type == (a: Int, b: Bool, c: String).self) }
            func testC() { XCTAssert(info.kind == Kind.tuple) }
            func testD() { XCTAssert(info.size == (Int.bitWidth / 8)) }
            func testE() { XCTAssert(info.pair == (Bool, value).self) }
            """
        let found = try xctestFindings(.boolAssertEquality, tuples)
        #expect(found == ["testC:5", "testD:6", "testE:7"])
    }

    @Test(
        "boolAssertEquality: an optional written as one (try?, as?, a collection's first) has no rewrite; unwrapped it has"
    )
    func booleanOptionalByShape() throws {
        // Given pointfreeco/swift-structured-queries 0.37.0's `#expect(try db.execute(…).first == false)`, and near
        // misses: a plain try, a force unwrap, a property of another name
        let tests = """
                @Test func first() throws { #expect(try db.execute(query).first == false) }
                @Test func attempted() { #expect(try? parse("x") == true) }
                @Test func cast() { #expect(value as? Bool == true) }
                @Test func search() { #expect(flags.first(where: { $0 }) == true) }
                @Test func random() { #expect(flags.randomElement() == true) }
                @Test func plainTry() throws { #expect(try parse("x") == true) }
                @Test func unwrapped() { #expect(flags.first! == true) }
                @Test func other() { #expect(flags.isEmpty == false) }
            """
        #expect(try swiftTestingLines(.boolAssertEquality, tests) == [8, 9, 10])
        // … and SwiftGen/StencilSwiftKit 2.10.1's `XCTAssertEqual(result["hello"] as? Bool, true)`, beside a cast that
        // cannot fail
        let methods = """
            func testA() { XCTAssertEqual(try? parse("x"), true) }
            func testB() { XCTAssertEqual(rows.last, false) }
            func testC() { XCTAssertEqual(try parse("x"), true) }
            func testD() { XCTAssertEqual(result["hello"] as? Bool, true) }
            func testE() { XCTAssertEqual(flag as Bool, true) }
            """
        #expect(try xctestFindings(.boolAssertEquality, methods) == ["testC:5", "testE:7"])
    }

    @Test(
        "boolAssertEquality: a tuple written out on either side, or bound to the name compared, has no XCTAssertEqual to offer; a value does"
    )
    func tupleComparison() throws {
        // Given pointfreeco/swift-case-paths' shape and Brightify/Cuckoo 2.4.0's `let value = (1, 1)`, with no
        // compiler facts, and near misses: a parenthesised value, a name bound to a value, a `var` bound to a tuple
        // then to a value
        let methods = """
            func testA() throws { let pair = try XCTUnwrap(project() as? (Int, String)); XCTAssert(pair == (42, "Blob")) }
            func testB() { XCTAssertTrue((a, b) != (1, 2)) }
            func testC() { XCTAssert(total == (42)) }
            func testD() { let value = (1, 1); register(value); XCTAssertTrue(value == registry.defaultValue(for: (Int, Int).self)) }
            func testE() { let value = (1); register(value); XCTAssertTrue(value == registry.defaultValue(for: Int.self)) }
            func testF() { var value = (1, 1); value = 2; XCTAssertTrue(value == registry.defaultValue(for: Int.self)) }
            """
        // Then the parenthesised values and the reassigned name, no tuple, get the advice
        #expect(try xctestFindings(.boolAssertEquality, methods) == ["testC:5", "testE:7", "testF:8"])
    }

    @Test("conditionalTestLogic: an if on a loop's element adds checks when the loop checks every element before it")
    func ifAddsToElementChecks() throws {
        let methods = """
            func testA() {
                for entry in archive {
                    do {
                        XCTAssertEqual(try archive.extract(entry), entry.checksum)
                        if entry.type == .file { XCTAssertEqual(crc(entry), entry.checksum) }
                    } catch { XCTFail("extract") }
                }
            }
            func testB() {
                for entry in archive { if entry.type != .directory { XCTAssertEqual(crc(entry), entry.checksum) } }
            }
            func testC() {
                for entry in archive { XCTAssertTrue(exists(entry)); if archive.isCompressed { XCTAssertEqual(crc(entry), 1) } }
            }
            func testD() {
                for entry in archive {
                    do { try extract(entry) } catch { XCTAssertNil(error) }
                    if entry.type == .file { XCTAssertEqual(crc(entry), entry.checksum) }
                }
            }
            """
        #expect(try xctestFindings(.conditionalTestLogic, methods) == ["testB:12", "testC:15", "testD:20"])
    }

    @Test(
        "conditionalTestLogic: a guard or an if on the elements of loops over tables the test wrote out decides by the table"
    )
    func branchOnWrittenTable() throws {
        let tests = """
                @Test func ranges() {
                    for i in -5 ... 5 { for j in -5 ... 5 { guard i != 0 || j >= 0 else { continue }; #expect(power(i, j) == i ^ j) } }
                }
                @Test func literal() {
                    for p in [0, 1, 2, 3] { if p > 0 { #expect(shift(p) == 1 << p) } }
                }
                @Test func bound() {
                    let cases = [1, 2]
                    for c in cases { guard c.isMultiple(of: 2) else { continue }; #expect(half(c) * 2 == c) }
                }
                @Test func produced() {
                    for p in values() { guard p.words.count > 1 else { continue }; #expect(count(p) == 2) }
                }
                @Test func computed() {
                    for i in 0 ..< 3 { let r = run(i); guard r.ok else { continue }; #expect(r.value == i) }
                }
                @Test func mixed() {
                    for i in 0 ..< 3 { guard i != limit else { continue }; #expect(run(i) == i) }
                }
                @Test func variableRange() {
                    for i in 0 ..< n { guard i > 0 else { continue }; #expect(run(i) == i) }
                }
            """
        #expect(try swiftTestingLines(.conditionalTestLogic, tests) == [14, 17, 20, 23])
    }

    @Test("conditionalTestLogic: a guard on the offsets of forEach over the test's table decides by the table")
    func branchOnForEachOffsets() throws {
        // swift-identified-collections' shape: every pair of its arrays but an array and itself
        let tests = """
                @Test func pairs() {
                    let arrays = [make(1), make(2), make(3)]
                    arrays.enumerated().forEach { lhsIndex, lhs in
                        arrays.enumerated().forEach { rhsIndex, rhs in guard rhsIndex != lhsIndex else { return }; #expect(lhs != rhs) }
                    }
                }
                @Test func indices() {
                    let arrays = [make(1), make(2)]
                    arrays.indices.forEach { i in guard i > 0 else { return }; #expect(arrays[i] != arrays[0]) }
                }
                @Test func produced() {
                    sut.items().enumerated().forEach { index, item in guard index > 0 else { return }; #expect(item.ok) }
                }
                @Test func other() {
                    let arrays = [make(1), make(2)]
                    arrays.map { a in guard a.ok else { return a }; #expect(a.valid); return a }
                }
            """
        // The code under test's items, and a closure that is no forEach, still skip
        #expect(try swiftTestingLines(.conditionalTestLogic, tests) == [14, 18])
    }

    @Test("conditionalTestLogic: a loop whose running total is checked after it against another value cannot skip")
    func accumulatedInLoop() throws {
        // vapor/sqlite-nio's shape: the loop sums a row's columns and the sum is checked after it; near misses
        let tests = """
                @Test func summed() {
                    var i = 0
                    for column in row.columns { #expect(column.name == "foo"); i += column.value }
                    #expect(i == 3)
                }
                @Test func collected() {
                    var names: [String] = []
                    for column in row.columns { #expect(!column.name.isEmpty); names.append(column.name) }
                    XCTAssertEqual(names, ["a", "b"])
                }
                @Test func checkedAtStart() {
                    var i = 0
                    for column in row.columns { #expect(column.ok); i += 1 }
                    #expect(i == 0)
                }
                @Test func checkedInside() {
                    var i = 0
                    for column in row.columns { i += 1; #expect(column.ok); #expect(i > 0) }
                }
                @Test func otherName() {
                    var i = 0
                    for column in row.columns { #expect(column.ok); i += 1 }
                    #expect(total == 3)
                }
                @Test func countedWhile() {
                    var next = read()
                    var parts = 0
                    while let part = next { #expect(part.isBody); parts += 1; next = read() }
                    XCTAssertEqual(parts, 3)
                }
                @Test func comparedWithAName() {
                    var seen = 0
                    for cell in row.cells { #expect(cell.ok); seen += 1 }
                    XCTAssertEqual(seen, expectedCount)
                }
            """
        // Then a check the start value passes (15), one inside the loop (20), one of another name (24) and one
        // against what is not a literal (35: `expectedCount` may be 0) still skip; a `while let` that counts does not
        let lines = try swiftTestingLines(.conditionalTestLogic, tests)
        #expect(lines == [15, 20, 24, 35], "\(lines)")
    }

    @Test("trapInTest: a fixed formatter's date of a literal that parses cannot be nil; one left to the machine can")
    func fixedDateFormat() throws {
        // Given hummingbird-auth's RFC 6238 dates, and near misses
        let tests = """
                @Test func a() {
                    let f = DateFormatter()
                    f.locale = Locale(identifier: "en_US_POSIX"); f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"; f.timeZone = TimeZone(secondsFromGMT: 0)
                    #expect(code(f.date(from: "2005-03-18T01:58:29Z")!) == 7_081_804)
                }
                @Test func b() {
                    let f = DateFormatter()
                    f.locale = Locale(identifier: "en_US_POSIX"); f.dateFormat = "yyyy-MM-dd"; f.timeZone = TimeZone(identifier: "UTC")
                    #expect(code(f.date(from: "18/03/2005")!) == 1)
                }
                @Test func c() {
                    let f = DateFormatter()
                    f.dateFormat = "yyyy-MM-dd"
                    #expect(code(f.date(from: "2005-03-18")!) == 1)
                }
            """
        // Then a text that does not parse (b) and a formatter of the machine's locale and zone (c) still count
        #expect(try swiftTestingLines(.trapInTest, tests) == [11, 16])
    }

    @Test(
        "conditionalTestLogic: an if whose every branch calls a checking helper checks either way; a silent one skips")
    func helperOnEveryBranch() throws {
        // Given swift-websocket's Autobahn tests: a few cases or all of them, checked by one helper
        let tests = """
                func autobahn(cases: [Int]) { for c in cases { #expect(run(c)) } }
                @Test func a() { if !runAll { autobahn(cases: [1, 2]) } else { autobahn(cases: [1, 2, 3]) } }
                @Test func b() { if !runAll { autobahn(cases: [1, 2]) } else { log("skipped") } }
            """
        // Then only the if whose other branch checks nothing skips a check
        #expect(try swiftTestingLines(.conditionalTestLogic, tests) == [5])
    }

    @Test(
        "trapInTest: an element of a non-empty literal cannot be nil; conditionalTestLogic: while true always iterates")
    func literalElementsAndEndlessLoops() throws {
        // Given swift-websocket's random letter and its ping loop, and near misses
        let tests = """
                @Test func a() { let c = "abcdefghijkl".randomElement()!; #expect(send(c)) }
                @Test func b() { let n = [1, 2, 3].max()!; #expect(send(n)) }
                @Test func c() { let c = "".randomElement()!; #expect(send(c)) }
                @Test func d() { let c = letters.randomElement()!; #expect(send(c)) }
                @Test func e() { while true { #expect(ping()); if done() { return } } }
                @Test func f() { while more() { #expect(ping()) } }
            """
        // Then an empty literal (c), a collection from elsewhere (d) and a loop on a condition (f) still count
        #expect(try swiftTestingLines(.trapInTest, tests) == [5, 6])
        #expect(try swiftTestingLines(.conditionalTestLogic, tests) == [8])
    }

    @Test(
        "trapInTest: an element of a non-empty array literal's let, or of a literal range, cannot be nil; of [] it can")
    func elementOfBoundLiteral() throws {
        // Given swift-crypto's `let bytesValues: [ContiguousBytes] = [Data(), [UInt8]()]` and TCA's queues
        let tests = """
                @Test func a() { let values: [Any] = [Data(), [UInt8]()]; #expect(send(values.randomElement()!)) }
                @Test func b() { let queues = [DispatchQueue.main, .global()]; #expect(send(queues.randomElement()!)) }
                @Test func c() { var values = [1, 2]; values.removeAll(); #expect(send(values.randomElement()!)) }
                @Test func d() { let values: [Int] = []; #expect(send(values.max()!)) }
                @Test func e() { #expect(send((0..<63).randomElement()!, (30...100).randomElement()!, (1..<Int32.max).randomElement()!)) }
                @Test func f() { #expect(send((5..<5).randomElement()!)) }
                @Test func g() { #expect(send((0..<count).randomElement()!)) }
                @Test func h() { #expect(send((127..<Int8.max).randomElement()!, (0..<Limits.max).randomElement()!)) }
                @Test func i() { do { let values = [1, 2]; #expect(values.count == 2) }; #expect(send(values.randomElement()!)) }
            """
        // Then the var emptied on the way (c), the empty literal (d), an empty range (f), a range to a value the
        // test reads (g), an empty range to a maximum and a maximum of the package's (h), and a name whose `let`
        // is out of scope where it is read (i) can trap
        #expect(try swiftTestingLines(.trapInTest, tests) == [5, 6, 8, 9, 10, 11])
    }

    @Test("trapInTest: NIO's set-up from literals and embedded values cannot trap; a text that is no address can")
    func embeddedNIO() throws {
        // Given apple/swift-nio-extras' shapes, and near misses
        let tests = """
                @Test func a() { let address = try! SocketAddress(ipAddress: "127.0.0.1", port: 80); #expect(address.port == 80) }
                @Test func b() { send(to: try! .init(ipAddress: "::1", port: port)); #expect(sent()) }
                @Test func c() { let a = try! SocketAddress.makeAddressResolvingHost("localhost", port: 0); #expect(a.port == 0) }
                @Test func d() { let loop = EmbeddedEventLoop(); defer { try! loop.syncShutdownGracefully() }; #expect(run(loop)) }
                @Test func e() { let channel = EmbeddedChannel(); (channel.eventLoop as! EmbeddedEventLoop).run(); #expect(done()) }
                @Test func f() { let address = try! SocketAddress(ipAddress: "256.1.1.1", port: 80); #expect(address.port == 80) }
                @Test func g() { let a = try! SocketAddress.makeAddressResolvingHost("example.org", port: 80); #expect(a.port == 80) }
                @Test func h() { let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1); defer { try! loop.syncShutdownGracefully() }; #expect(run(loop)) }
                @Test func i() { (channel.eventLoop as! EmbeddedEventLoop).run(); #expect(done()) }
                @Test func j() { let address = try! SocketAddress(ipAddress: "1::2::3", port: 80); #expect(address.port == 80) }
            """
        // Then a text that is no address (f, j), a host to resolve (g), another loop (h) and a channel of
        // unknown type (i) still can
        #expect(try swiftTestingLines(.trapInTest, tests) == [8, 9, 10, 11, 12])
        #expect(EmbeddedNIO.isIPAddress("::ffff:1.2.3.4") && EmbeddedNIO.isIPAddress("1:2:3:4:5:6:7:8"))
        #expect(!EmbeddedNIO.isIPAddress("01.2.3.4") && !EmbeddedNIO.isIPAddress("1:2:3:4:5:6:7"))
    }

    @Test(
        "trapInTest: the event loop of a property declared an EmbeddedChannel is embedded; of another type it may not be"
    )
    func embeddedChannelProperty() throws {
        // Given apple/swift-nio-http2's `var channel: EmbeddedChannel!` set in setUp, and near misses
        let methods = """
            var channel: EmbeddedChannel!
            var other: Channel!
            func testA() { (self.channel.eventLoop as! EmbeddedEventLoop).run(); XCTAssertTrue(done()) }
            func testB() { (channel.eventLoop as! EmbeddedEventLoop).run(); XCTAssertTrue(done()) }
            func testC() { (self.other.eventLoop as! EmbeddedEventLoop).run(); XCTAssertTrue(done()) }
            func testD() { let channel = makeChannel(); (channel.eventLoop as! EmbeddedEventLoop).run(); XCTAssertTrue(done()) }
            """
        // Then a property of another type (C) and a local of the same name made otherwise (D) can trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:7", "testD:8"])
    }

    @Test("trapInTest: the base address of a value's bytes and an http(s) response cast hold; a collection's may not")
    func valueBytesAndHTTPResponses() throws {
        let tests = """
                @Test func a() { withUnsafeBytes(of: addr) { raw in let typed = raw.bindMemory(to: In.self); #expect(typed.baseAddress!.pointee.port == 1) } }
                @Test func b() { withUnsafeBytes(of: addr) { #expect($0.bindMemory(to: UInt8.self).baseAddress!.pointee == 1) } }
                @Test func c() { data.withUnsafeBytes { raw in #expect(raw.baseAddress!.load(as: UInt8.self) == 1) } }
                @Test func d() { withUnsafeBytes(of: addr) { raw in #expect(other.baseAddress!.pointee == 1) } }
                @Test func e() async throws {
                    let (_, response) = try await URLSession.shared.data(for: URLRequest(url: URL(string: "https://a.b/c")!))
                    #expect((response as! HTTPURLResponse).statusCode == 200)
                }
                @Test func f() async throws {
                    let (_, response) = try await URLSession.shared.data(from: URL(string: "ftp://a.b/c")!)
                    #expect((response as! HTTPURLResponse).statusCode == 200)
                }
                @Test func g() async throws { let response = try await fetch(); #expect((response as! HTTPURLResponse).statusCode == 200) }
            """
        #expect(try swiftTestingLines(.trapInTest, tests) == [5, 6, 13, 15])
        let methods = """
            func testA() async throws {
                let (_, response) = try await session.data(from: URL(string: "http://127.0.0.1:\\(port)/x")!)
                let http = response as! HTTPURLResponse
                XCTAssertEqual(http.statusCode, 200)
            }
            func testB() async throws {
                let (_, response) = try await session.data(from: url)
                let http = response as! URLResponse
                XCTAssertEqual(http.mimeType, "a")
            }
            """
        #expect(try xctestFindings(.trapInTest, methods) == ["testB:10"])
    }

    @Test(
        "trapInTest: an unwrap inside if E != nil or after guard E != nil is no trap; in the else or of another value it is"
    )
    func unwrapCheckedNonNil() throws {
        let tests = """
                @Test func a() { let err = parse(); if err != nil { #expect(err!.line == 1) } }
                @Test func b() { let err = parse(); if nil != err, strict { #expect(err!.line == 1) } }
                @Test func c() { let err = parse(); guard err != nil else { return }; #expect(err!.line == 1) }
                @Test func d() { let err = parse(); if err != nil { } else { #expect(err!.line == 1) } }
                @Test func e() { let err = parse(); if other != nil { #expect(err!.line == 1) } }
                @Test func f() { let err = parse(); if err != nil { run { #expect(err!.line == 1) } } }
                @Test func g() { let err = parse(); if err == nil { #expect(err!.line == 1) } }
                @Test func h() { let err = parse(); guard (err != nil) else { return }; #expect(err!.line == 1) }
                @Test func i() { let err = parse(); guard (err == nil) else { return }; #expect(err!.line == 1) }
            """
        // … and in parentheses (Kitura-Session 4.0.0's `guard (cookie3 != nil) else { return }`), `!=` only
        #expect(try swiftTestingLines(.trapInTest, tests) == [6, 7, 8, 9, 11])
    }

    @Test("assertionRoulette: assertions are counted per build configuration; a check of an unwrapped name cannot fail")
    func roulettePerConfiguration() throws {
        let methods = """
            func testA() {
            #if canImport(Darwin)
            #if SWIFT_PACKAGE
                XCTAssertEqual(result?.count, 7)
            #else
                XCTAssertEqual(result?.count, 10)
            #endif
            #else
                XCTAssertEqual(result?.count, 2)
            #endif
            }
            func testB() {
                XCTAssertEqual(a, 1)
            #if os(Linux)
                XCTAssertEqual(b, 2)
            #endif
                XCTAssertTrue(c)
            }
            func testC() {
            #if canImport(Darwin)
                XCTAssertEqual(a, 1)
            #else
                XCTAssertEqual(b, 2)
            #endif
                XCTAssertTrue(c)
            }
            func testD() {
                XCTAssertNotNil(archive)
                guard let entry = archive["a"], let link = archive["b"] else { return XCTFail("no entry") }
                XCTAssertNotNil(entry)
                XCTAssertNotNil(link)
                XCTAssertTrue(entry.isFile)
            }
            func testE() {
                XCTAssertNotNil(archive)
                XCTAssertNotNil(archive["a"])
                XCTAssertTrue(archive.isOpen)
            }
            """
        #expect(try xctestFindings(.assertionRoulette, methods) == ["testB:15", "testE:37"])
    }

    @Test("assertionRoulette: a failure call in a catch is one of the test's assertions, as the catalog counts them")
    func rouletteCountsFailureCalls() throws {
        // apple/swift-system 1.8.1's testAdHocOpen (read true): two XCTAssertEqual, and XCTAssert(false) in a catch
        let methods = """
            func testA() {
                do { XCTAssertEqual(try read(a), 1); XCTAssertEqual(try read(b), 2) } catch { XCTAssert(false) }
            }
            func testB() {
                do { XCTAssertEqual(try read(a), 1) } catch { XCTAssert(false) }
            }
            """
        #expect(try xctestFindings(.assertionRoulette, methods) == ["testA:4"])
    }

    @Test("assertionRoulette: a check of a Boolean literal is a marker a failure names by itself, not a value's check")
    func rouletteLeavesOutMarkers() throws {
        // Given Thomvis/BrightFutures 8.2.0's `XCTAssert(false)` in the callback that must not run beside one
        // `XCTAssert(err == error)`, and a near miss: two checks of values beside the marker
        let methods = """
            func testA() {
                f.onComplete { result in if case .success = result { XCTAssert(false) } else { XCTAssertEqual(code, 1) } }
                f.onFailure { error in XCTAssert(error == expected) }
                f.onSuccess { _ in XCTAssert(true) }
            }
            func testB() {
                f.onComplete { result in if case .success = result { XCTAssert(false) } else { XCTAssertEqual(code, 1) } }
                f.onFailure { error in XCTAssert(error == expected); XCTAssert(error.code == 2) }
            }
            """
        #expect(try xctestFindings(.assertionRoulette, methods) == ["testB:10"])
    }
}
