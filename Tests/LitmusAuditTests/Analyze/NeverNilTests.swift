import Foundation
import Testing

@testable import LitmusAudit

/// ``NeverNil``: the library's optionals that are never `nil` in the shapes read, so their unwraps are no
/// trap; each shape with the near miss that still traps.
@Suite("trapInTest: the library's optionals that are never nil")
struct NeverNilTests {

    @Test("A stub's HTTPURLResponse(url:statusCode:httpVersion:headerFields:) is never nil; another initializer may be")
    func stubResponse() throws {
        // Given mattt/EventSource's shape, a mock handler building its response, and a response made otherwise
        let methods = """
            func testA() { let r = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])!; XCTAssertEqual(send(r), 1) }
            func testB() { let r = HTTPURLResponse(url: url, statusCode: code, httpVersion: nil, headerFields: nil)!; XCTAssertEqual(send(r), 1) }
            func testC() { let r = HTTPURLResponse(coder: archive)!; XCTAssertEqual(send(r), 1) }
            func testD() { let r = response as? HTTPURLResponse; XCTAssertEqual(send(r!), 1) }
            """
        // Then only the archive's and the cast's unwraps are traps
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6"])
    }

    @Test("Streams Foundation's getBoundStreams set are never nil; set again, or by another function, they may be")
    func boundStreams() throws {
        // Given apple/swift-openapi-urlsession 1.4.0's shape (8 guards read false on first contact), and near misses:
        // a stream set again between, one handed to another function, and a guard before the call
        let methods = """
            func testA() { var i: InputStream?; var o: OutputStream?; Stream.getBoundStreams(withBufferSize: 4, inputStream: &i, outputStream: &o); guard let i, let o else { fatalError("no streams") }; XCTAssertEqual(pump(i, o), 1) }
            func testE() { var i: InputStream?; var o: OutputStream?; Stream.getBoundStreams(withBufferSize: 4, inputStream: &i, outputStream: &o); guard let input = i, let o else { fatalError("no streams") }; XCTAssertEqual(pump(input, o), 1) }
            func testB() { var i: InputStream?; var o: OutputStream?; Stream.getBoundStreams(withBufferSize: 4, inputStream: &i, outputStream: &o); i = nil; guard let i, let o else { fatalError("no streams") }; XCTAssertEqual(pump(i, o), 1) }
            func testC() { var i: InputStream?; var o: OutputStream?; makeStreams(&i, &o); guard let i, let o else { fatalError("no streams") }; XCTAssertEqual(pump(i, o), 1) }
            func testD() { var i: InputStream?; var o: OutputStream?; guard let i, let o else { fatalError("no streams") }; Stream.getBoundStreams(withBufferSize: 4, inputStream: &i, outputStream: &o); XCTAssertEqual(pump(i, o), 1) }
            """
        // Then only the first two guards never fail (the second binds one stream to a new name)
        #expect(try xctestFindings(.trapInTest, methods) == ["testB:5", "testC:6", "testD:7"])
    }

    @Test("An end of a collection an earlier clause of the same condition found not empty is there; otherwise not")
    func guardedEnd() throws {
        // Given CodableCSV 0.6.7's `if f.scalars.count == 1, t.contains(f.scalars.first!)` (read as the wrong cause on
        // first contact), an `&&`, a `guard` and the first statement of the `if`'s body, and near misses: a later
        // clause, an `||`, another collection, a count of 0, a call, a separate statement, a later statement of the
        // body, the `else`
        let methods = """
            func testA() { if f.scalars.count == 1, t.contains(f.scalars.first!) { XCTAssertEqual(send(t), 1) } }
            func testB() { XCTAssertTrue(!rows.isEmpty && rows.last! == "a") }
            func testC() { guard items.count > 0, let item = items.first!.name else { return }; XCTAssertEqual(item, "a") }
            func testD() { if t.contains(f.scalars.first!), f.scalars.count == 1 { XCTAssertEqual(send(t), 1) } }
            func testE() { XCTAssertTrue(rows.isEmpty || rows.last! == "a") }
            func testF() { if other.count == 1, t.contains(f.scalars.first!) { XCTAssertEqual(send(t), 1) } }
            func testG() { if f.count >= 0, t.contains(f.first!) { XCTAssertEqual(send(t), 1) } }
            func testH() { if make().count == 1, t.contains(make().first!) { XCTAssertEqual(send(t), 1) } }
            func testI() { XCTAssertEqual(rows.count, 1); XCTAssertEqual(rows.first!, "a") }
            func testJ() { if f.scalars.count == 1 { toTrim.remove(f.scalars.first!) }; XCTAssertEqual(toTrim, []) }
            func testK() { if f.scalars.count == 1 { f.scalars.removeAll(); toTrim.remove(f.scalars.first!) }; XCTAssertEqual(toTrim, []) }
            func testL() { if f.scalars.count == 1 { } else { toTrim.remove(f.scalars.first!) }; XCTAssertEqual(toTrim, []) }
            """
        // Then only the near misses trap
        #expect(
            try xctestFindings(.trapInTest, methods) == [
                "testD:6", "testE:7", "testF:8", "testG:9", "testH:10", "testI:11", "testK:13", "testL:14",
            ])
    }

    @Test(
        "The local address of a channel the test bound is never nil; of one closed before, or made otherwise, it may be"
    )
    func boundChannelAddress() throws {
        // Given swift-nio-ssl's server channels, bound by a bootstrap or a helper that binds, and near misses
        let methods = """
            func testA() throws { let server = try ServerBootstrap(group: group).bind(host: "127.0.0.1", port: 0).wait(); XCTAssertNoThrow(try connect(to: server.localAddress!)) }
            func testB() throws { let server: Channel = try serverTLSChannel(context: context, group: group); defer { XCTAssertNoThrow(try server.close().wait()) }; XCTAssertNoThrow(try connect(to: server.localAddress!)) }
            func testC() throws { let server = try serverTLSChannel(context: context, group: group); try server.close().wait(); XCTAssertNoThrow(try connect(to: server.localAddress!)) }
            func testD() throws { let server = makeChannel(); XCTAssertNoThrow(try connect(to: server.localAddress!)) }
            func testE() throws { let server = try? serverTLSChannel(context: context, group: group); XCTAssertNoThrow(try connect(to: server!.localAddress!)) }
            func testF() throws { let pipe = try NIOPipeBootstrap(group: group).takingOwnershipOfDescriptors(input: 0, output: 1).wait(); XCTAssertNoThrow(try connect(to: pipe.localAddress!)) }
            func testG() throws { let server = try serverTLSChannel(context: context, group: group); do { defer { try? server.close().wait() } }; XCTAssertNoThrow(try connect(to: server.localAddress!)) }
            """
        // Then the channel closed before (C, G: a defer of an inner block ran), one made by no throwing call (D),
        // a try? (E) and a pipe, which binds nothing (F), can trap
        #expect(
            try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6", "testE:7", "testF:8", "testG:9"])
        // And in a package that implements channels (swift-nio-transport-services), the address is under test
        let file = "import XCTest\nfinal class T: XCTestCase {\n" + methods + "\n}\n"
        let channels = "final class ListenerChannel { var localAddress: SocketAddress? { nil } }"
        let implemented = try analyzeSources(["T.swift": file], packageSources: ["Listener.swift": channels])
        #expect(implemented.findings.filter { $0.kind == .trapInTest }.count == 7)
    }

    @Test("A fixed time zone or a named calendar is never nil; a zone past 18 hours, or of another name, may be")
    func fixedZoneAndCalendar() throws {
        // Given pointfreeco/swift-custom-dump's date tests, and near misses
        let methods = """
            func testA() { let c = NSCalendar(calendarIdentifier: .gregorian)!; c.timeZone = TimeZone(secondsFromGMT: 0)!; XCTAssertEqual(show(c), "1") }
            func testB() { XCTAssertEqual(show(TimeZone(secondsFromGMT: -5 * 3600)!), "1") }
            func testC() { XCTAssertEqual(show(TimeZone(identifier: "UTC")!, TimeZone(abbreviation: "GMT")!), "1") }
            func testD() { XCTAssertEqual(show(TimeZone(secondsFromGMT: 20 * 3600)!), "1") }
            func testE() { XCTAssertEqual(show(TimeZone(identifier: "Europe/Atlantis")!), "1") }
            func testF() { XCTAssertEqual(show(TimeZone(secondsFromGMT: offset)!), "1") }
            func testG() { XCTAssertEqual(show(NSCalendar(calendarIdentifier: identifier)!), "1") }
            """
        // Then 20 hours, an unknown zone, and values the test does not write still trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testD:6", "testE:7", "testF:8", "testG:9"])
    }

    @Test("`.init(secondsFromGMT: 0)` where a TimeZone is expected is fixed; past 18 hours, or the package's own, not")
    func implicitFixedZone() throws {
        // Given hummingbird-project/swift-jobs 1.3.1's schedules, and near misses
        let methods = """
            func testA() { XCTAssertEqual(schedule(.hourly(minute: 0), timeZone: .init(secondsFromGMT: 0)!), "1") }
            func testB() { XCTAssertEqual(schedule(.hourly(minute: 0), timeZone: .init(secondsFromGMT: 20 * 3600)!), "1") }
            func testC() { XCTAssertEqual(schedule(.hourly(minute: 0), timeZone: .init(identifier: "UTC")!), "1") }
            """
        // Then a zone past 18 hours (B), and a label other initializers have, unknown without facts (C), still trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testB:4", "testC:5"])
        // And where the package declares an initializer of that label, `.init(secondsFromGMT:)` may be its own; one of
        // a label no initializer of the package's has is a library's (TrapProvenance)
        let file = "import XCTest\nfinal class T: XCTestCase {\n" + methods + "\n}\n"
        let own = "struct Offset { init?(secondsFromGMT: Int) { return nil } }"
        let owned = try analyzeSources(["T.swift": file], packageSources: ["Offset.swift": own])
        #expect(
            owned.findings.filter { $0.kind == .trapInTest }.compactMap(\.testName).sorted() == ["T.testA", "T.testB"])
    }

    @Test("A component a calendar was asked for is set; one it was not asked for, or of components made, may not be")
    func requestedComponent() throws {
        // Given hummingbird-project/swift-jobs 1.3.1's schedule tests, and near misses
        let methods = """
            func testA() { let c = Calendar.current.dateComponents([.hour, .minute, .second], from: date); XCTAssertEqual(next(c.second!), 1) }
            func testB() { XCTAssertEqual(next(Calendar.current.dateComponents([.second], from: date).second!), 1) }
            func testC() { let c = Calendar.current.dateComponents([.hour, .minute], from: date); XCTAssertEqual(next(c.second!), 1) }
            func testD() { let c = DateComponents(hour: 1); XCTAssertEqual(next(c.second!), 1) }
            func testE() { var c = Calendar.current.dateComponents([.second], from: date); c.second = nil; XCTAssertEqual(next(c.second!), 1) }
            """
        // Then a component not asked for (C), of components the test made (D) or of a var (E) may trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6", "testE:7"])
    }

    @Test("A key a constant dictionary literal writes is never missing; another key, or a var's, may be")
    func writtenKey() throws {
        // Given vapor/jwt-kit's file-level tables of certificates by algorithm
        let source = """
            import XCTest
            let certs: [Algorithm: [String]] = [.es256: ["a"], .rs256: ["b"]]
            let keys: [Algorithm: Key] = try! [.es256: Key(pem: "p")]
            var loose: [Algorithm: [String]] = [.es256: ["a"]]
            final class T: XCTestCase {
                func testA() { XCTAssertEqual(verify(certs[.es256]!, keys[.es256]!), 1) }
                func testB() { XCTAssertEqual(verify(certs[.eddsa]!), 1) }
                func testC() { XCTAssertEqual(verify(loose[.es256]!), 1) }
                func testD() { let local = ["x": 1]; XCTAssertEqual(local["x"]!, 1) }
            }
            """
        // Then a key the literal does not write, and a var's table, still trap
        let found = try analyzedFindings(.trapInTest, in: ["T.swift": source])
        #expect(found == ["T.testB:7", "T.testC:8"], "\(found)")
    }

    @Test(
        "A key of the test's own var dictionary is there while nothing removes one; once something may, it may not be")
    func keptKeyOfVar() throws {
        // Given swift-ac-collections 0.3.0's `var xy: [Int: Tree] = [1: …]` changed only through `xy[1]?.…`, then
        // `xy[1]!` (6 read false on first contact); and near misses: a key set to nil, removeValue, the whole
        // table assigned, a lookup passed inout, a key the literal does not write
        let source = """
            import XCTest
            final class T: XCTestCase {
                func testA() { var xy: [Int: [Int]] = [1: [0, 1]]; xy[1]?.removeAll(); xy[1]?.append(2); XCTAssertEqual(xy[1]!.count, 1) }
                func testB() { var xy: [Int: [Int]] = [1: [0]]; xy[1] = nil; XCTAssertEqual(xy[1]!.count, 0) }
                func testC() { var xy: [Int: [Int]] = [1: [0]]; xy.removeValue(forKey: 1); XCTAssertEqual(xy[1]!.count, 0) }
                func testD() { var xy: [Int: [Int]] = [1: [0]]; xy = [:]; XCTAssertEqual(xy[1]!.count, 0) }
                func testE() { var xy: [Int: [Int]] = [1: [0]]; clear(&xy[1]); XCTAssertEqual(xy[1]!.count, 0) }
                func testF() { var xy: [Int: [Int]] = [1: [0]]; xy[1]?.append(1); XCTAssertEqual(xy[2]!.count, 0) }
            }
            """
        // When
        let found = try analyzedFindings(.trapInTest, in: ["T.swift": source])
        // Then only the table changed as a whole, or read at a key it lacks, may trap
        #expect(found == ["T.testB:4", "T.testC:5", "T.testD:6", "T.testE:7", "T.testF:8"], "\(found)")
    }

    @Test("A constant dictionary read by the keys the test walks is never missing; by another table's keys it may be")
    func walkedKey() throws {
        // Given swift-collections 1.6.0's `withEvery("input", in: inputs.keys) { input in inputs[input]! }`
        let source = """
            import XCTest
            final class T: XCTestCase {
                func testA() {
                    let inputs: [String: Int] = ["a": 1, "b": 2]
                    withEvery("input", in: inputs.keys) { input in XCTAssertEqual(inputs[input]!, 1) }
                    for key in inputs.keys.sorted() { XCTAssertEqual(inputs[key]!, 1) }
                    inputs.keys.forEach { key in XCTAssertEqual(inputs[key]!, 1) }
                }
                func testB() {
                    let inputs: [String: Int] = ["a": 1]
                    let others: [String: Int] = ["b": 1]
                    for key in others.keys { XCTAssertEqual(inputs[key]!, 1) }
                    withEvery("input", in: inputs.keys, others.keys) { a, b in XCTAssertEqual(inputs[b]!, 1) }
                }
                func testC() {
                    var inputs: [String: Int] = ["a": 1]
                    for key in inputs.keys { XCTAssertEqual(inputs[key]!, 1) }
                }
                func testD() {
                    let inputs: [String: Int] = ["a": 1]
                    for key in inputs.keys { if let key = aliases[key] { XCTAssertEqual(inputs[key]!, 1) } }
                }
                func testE() {
                    let inputs: [String: Int] = ["a": 1]
                    for key in inputs.keys { let key = key.uppercased(); XCTAssertEqual(inputs[key]!, 1) }
                }
            }
            """
        // When analyzed
        let found = try analyzedFindings(.trapInTest, in: ["T.swift": source])
        // Then another table's keys, a closure of two parameters, a var's table, and a key bound again inside
        // the walk still trap
        #expect(found == ["T.testB:12", "T.testC:17", "T.testD:21", "T.testE:25"], "\(found)")
    }

    @Test("JSONEncoder's output read as UTF-8 is never nil; another encoding, or data from elsewhere, may be")
    func encodedJSONText() throws {
        // Given attaswift/BigInt's shape (`let json = try JSONEncoder().encode(a)`, then the text of it)
        let methods = """
            func testA() throws { let json = try JSONEncoder().encode(a); XCTAssertEqual(String(data: json, encoding: .utf8)!, "1") }
            func testB() throws { XCTAssertEqual(String(data: try JSONEncoder().encode(a), encoding: .utf8)!, "1") }
            func testC() throws { let e = JSONEncoder(); XCTAssertEqual(String(data: try e.encode(a), encoding: .utf8)!, "1") }
            func testD() throws { let json = try JSONEncoder().encode(a); XCTAssertEqual(String(data: json, encoding: .ascii)!, "1") }
            func testE() throws { let json = try sut.serialize(a); XCTAssertEqual(String(data: json, encoding: .utf8)!, "1") }
            func testF() throws { var json = try JSONEncoder().encode(a); json = other; XCTAssertEqual(String(data: json, encoding: .utf8)!, "1") }
            func testG() throws { let json = try JSONEncoder().encode(a); XCTAssertEqual(String(bytes: json, encoding: .utf8)!, "1") }
            """
        // Then the package's own serializer, ASCII, and data changed after encoding still trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testD:6", "testE:7", "testF:8"])
    }

    @Test("The text of the JSON data an optional maps is never nil, by an encoder typed JSONEncoder; else it may be")
    func mappedEncodedJSONText() throws {
        // Given GottaGetSwifty/CodableWrappers 3.1.0's specs: `let encodedData = try? self.jsonEncoder.encode(model)`, then
        // `encodedData.map { String(data: $0, encoding: .utf8)! }`, the encoder a static property of the tests' protocol
        let spec = """
            import Foundation
            protocol EncodingSpec {}
            extension EncodingSpec {
                static var jsonEncoder: JSONEncoder { JSONEncoder() }
                static var plistEncoder: PropertyListEncoder { PropertyListEncoder() }
                static var otherEncoder: JSONEncoder { JSONEncoder() }
            }
            struct Other { var otherEncoder: Encoder }
            """
        let tests = """
            import XCTest
            final class T: XCTestCase, EncodingSpec {
                func testA() { let d = try? Self.jsonEncoder.encode(1); let s = d.map { String(data: $0, encoding: .utf8)! }; XCTAssertEqual(s, "1") }
                func testB() { let d = try? JSONEncoder().encode(1); XCTAssertEqual(d.map { String(data: $0, encoding: .utf8)! }, "1") }
                func testC() { let d = try? Self.plistEncoder.encode(1); XCTAssertEqual(d.map { String(data: $0, encoding: .utf8)! }, "1") }
                func testD() { let d = try? Self.otherEncoder.encode(1); XCTAssertEqual(d.map { String(data: $0, encoding: .utf8)! }, "1") }
                func testE() { let d = try? Self.jsonEncoder.encode(1); XCTAssertEqual(d.map { String(data: $0, encoding: .ascii)! }, "1") }
                func testF() { let d = try? Self.jsonEncoder.encode(1); XCTAssertEqual(d.flatMap { String(data: $0, encoding: .utf8)! }, "1") }
                func testG() { var d = try? Self.jsonEncoder.encode(1); d = other; XCTAssertEqual(d.map { String(data: $0, encoding: .utf8)! }, "1") }
            }
            """
        // When it is analyzed with the tests' own declarations among the sources read
        let traps = try analyzeSources(["T.swift": tests], packageSources: ["EncodingSpec.swift": spec]).findings
            .filter { $0.kind == .trapInTest }.map { "\($0.testName ?? "-"):\($0.line ?? 0)" }
        // Then a property list encoder, a property some file declares of another type, another encoding, another method
        // than `map`, and a `var` the test changes still trap
        #expect(traps == ["T.testC:5", "T.testD:6", "T.testE:7", "T.testF:8", "T.testG:9"])
    }

    @Test(
        "The text of what the package's function has a JSONEncoder encode is never nil; another encoder's, one bound twice, or other data may be"
    )
    func packageJSONText() throws {
        // Given swiftlang/swift-driver's `toJSON()`: `let encoder = JSONEncoder()`, its formatting set, `return try
        // encoder.encode(self)` (4 read false on first contact); and near misses: a property list encoder, an encoder
        // bound twice, and a function that also returns other data
        let library = """
            import Foundation
            public struct Message: Codable {
                public func toJSON() throws -> Data {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.prettyPrinted]
                    return try encoder.encode(self)
                }
                public func toPlist() throws -> Data { let encoder = PropertyListEncoder(); return try encoder.encode(self) }
                public func toTwice() throws -> Data {
                    let encoder = JSONEncoder()
                    if Bool.random() { let encoder = Other(); return try encoder.encode(self) }
                    return try encoder.encode(self)
                }
                public func toMixed(_ raw: Bool) throws -> Data { if raw { return Data([0xC3]) }; return try JSONEncoder().encode(self) }
            }
            """
        let tests = """
            import XCTest
            final class T: XCTestCase {
                func testA() throws { let encoded = try Message().toJSON(); XCTAssertEqual(String(data: encoded, encoding: .utf8)!, "{}") }
                func testB() throws { let encoded = try Message().toPlist(); XCTAssertEqual(String(data: encoded, encoding: .utf8)!, "{}") }
                func testC() throws { let encoded = try Message().toTwice(); XCTAssertEqual(String(data: encoded, encoding: .utf8)!, "{}") }
                func testD() throws { let encoded = try Message().toMixed(true); XCTAssertEqual(String(data: encoded, encoding: .utf8)!, "{}") }
            }
            """
        // When it is analyzed with the package's sources
        let traps = try analyzeSources(["T.swift": tests], packageSources: ["Message.swift": library]).findings
            .filter { $0.kind == .trapInTest }.map { "\($0.testName ?? "-"):\($0.line ?? 0)" }
        // Then the other encoder, the encoder bound twice and the function that returns other data still trap
        #expect(traps == ["T.testB:4", "T.testC:5", "T.testD:6"], "\(traps)")
    }

    @Test("The text of data the package's function makes of a string's UTF-8 is never nil; of other data it may be")
    func packageUTF8Text() throws {
        // Given CoreOffice/XMLCoder's shape: its encoder returns `….data(using: .utf8, allowLossyConversion: true)!`
        // and an overload forwards to it; a serializer of raw bytes; and two `pack` functions, one of them binary
        let library = """
            public final class Coder {
                public func encode<T>(_ value: T, root: String?) throws -> Data {
                    let text = "<" + (root ?? "a") + ">" + String(describing: value) + "</" + (root ?? "a") + ">"
                    return text.data(using: .utf8, allowLossyConversion: true)!
                }
                public func encode<T>(_ value: T) throws -> Data { try encode(value, root: nil) }
                public func serialize(_ value: Int) -> Data { Data([UInt8(value & 0xFF), 0xC3]) }
                public func pack(_ value: String) -> Data { Data(value.utf8) }
                public func pack(_ value: Int) -> Data { withUnsafeBytes(of: value) { Data($0) } }
            }
            """
        let tests = """
            import XCTest
            final class T: XCTestCase {
                func testA() throws { let d = try Coder().encode(1, root: "r"); XCTAssertEqual(String(data: d, encoding: .utf8)!, "<r>1</r>") }
                func testB() throws { let text = try String(data: Coder().encode(1), encoding: .utf8)!; XCTAssertEqual(text, "<a>1</a>") }
                func testC() throws { let d = try Coder().encode(1); let text = String(data: d, encoding: .utf8); XCTAssertEqual(text!, "<a>1</a>") }
                func testD() { XCTAssertEqual(String(data: Coder().serialize(1), encoding: .utf8)!, "x") }
                func testE() { XCTAssertEqual(String(data: Coder().pack("x"), encoding: .utf8)!, "x") }
                func testF() throws { let d = try Coder().encode(1); XCTAssertEqual(String(data: d, encoding: .isoLatin1)!, "<a>1</a>") }
                func testG() throws { let text = try String(data: Coder().encode(1), encoding: .utf8); XCTAssertEqual(text!.count, 7) }
            }
            """
        // When it is analyzed with and without the package's sources
        func traps(_ sources: [String: String]) throws -> [String] {
            try analyzeSources(["T.swift": tests], packageSources: sources).findings
                .filter { $0.kind == .trapInTest }.map { "\($0.testName ?? "-"):\($0.line ?? 0)" }
        }
        // Then the encoder's text is no trap; raw bytes, a name one of whose functions is binary, another
        // encoding, and anything without the sources still trap
        #expect(try traps(["Coder.swift": library]) == ["T.testD:6", "T.testE:7", "T.testF:8"])
        #expect(try traps([:]).count == 7)
    }

    @Test(
        "A string's UTF-8 read back as UTF-8 is never nil, by the let in scope; other bytes, or a name bound otherwise, may be"
    )
    func stringUTF8ReadBack() throws {
        // Given XMLCoder's shapes: a fixture's XML at the file's top level, and one `let data` per `do` block
        let tests = """
            import XCTest
            let fixture = \"""
            <a>1</a>
            \""".data(using: .utf8)!
            let raw = Data([0xFF, 0xFE])
            final class T: XCTestCase {
                func testA() { XCTAssertEqual(String(data: fixture, encoding: .utf8)!, "<a>1</a>") }
                func testB() { XCTAssertEqual(String(data: raw, encoding: .utf8)!, "x") }
                func testC() {
                    do { let data = Data("a".utf8); XCTAssertEqual(String(data: data, encoding: .utf8)!, "a") }
                    do { let data = "b".data(using: .utf8)!; XCTAssertEqual(String(data: data, encoding: .utf8)!, "b") }
                }
                func testD() {
                    do { let data = Data("a".utf8); XCTAssertEqual(data.count, 1) }
                    if let data = load() { XCTAssertEqual(String(data: data, encoding: .utf8)!, "b") }
                }
                func testE() { var fixture = load(); fixture.append(0xFF); XCTAssertEqual(String(data: fixture, encoding: .utf8)!, "x") }
                func testF() { let text = String(data: fixture, encoding: .utf8); XCTAssertEqual(text!, "<a>1</a>") }
            }
            """
        // When it is analyzed
        let found = try analyzeSources(["T.swift": tests]).findings.filter { $0.kind == .trapInTest }
            .map { "\($0.testName ?? "-"):\($0.line ?? 0)" }
        // Then raw bytes, a name an `if let` binds, and a local name hiding the fixture still trap
        #expect(found == ["T.testB:8", "T.testD:15", "T.testE:17"], "\(found)")
    }

    @Test("A continuation taken in a stream's build closure is set after it; one set elsewhere, or later, may not be")
    func streamContinuation() throws {
        // Given swift-service-lifecycle's shape: `var cont: AsyncStream<Void>.Continuation!`, `AsyncStream { cont = $0 }`
        let methods = """
            func testA() { var cont: AsyncStream<Void>.Continuation!; let s = AsyncStream<Void> { cont = $0 }; cont!.finish(); XCTAssertNotNil(s) }
            func testB() { var c: AsyncThrowingStream<Int, Error>.Continuation?; let s = AsyncThrowingStream<Int, Error>(bufferingPolicy: .unbounded) { c = $0 }; c!.finish(); XCTAssertNotNil(s) }
            func testC() { var cont: AsyncStream<Void>.Continuation!; cont!.finish(); let s = AsyncStream<Void> { cont = $0 }; XCTAssertNotNil(s) }
            func testD() { var cont: AsyncStream<Void>.Continuation!; let s = AsyncStream<Void> { cont = $0 }; cont = nil; cont!.finish(); XCTAssertNotNil(s) }
            func testE() { var cont: Later.Continuation!; let s = Later { cont = $0 }; cont!.finish(); XCTAssertNotNil(s) }
            func testF() { var cont: AsyncStream<Void>.Continuation!; if flag { _ = AsyncStream<Void> { cont = $0 } }; cont!.finish(); XCTAssertTrue(flag) }
            func testG() { var cont: AsyncStream<Void>.Continuation!; Task { _ = AsyncStream<Void> { cont = $0 } }; cont!.finish(); XCTAssertTrue(flag) }
            """
        // Then an unwrap before the stream, after a reset, of another type's closure, or after a stream made
        // under a condition or in a task still traps
        #expect(
            try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6", "testE:7", "testF:8", "testG:9"])
    }

    @Test("The base address of a buffer that is not empty is never nil; of an empty or unknown one it may be")
    func nonEmptyBuffers() throws {
        // Given apple/swift-system's and ordo-one/malloc-interposer's shapes: a literal array's buffer, and a buffer
        // allocated with a size
        let methods = """
            func testA() { let source: [CChar] = [0x61, 0]; source.withUnsafeBufferPointer { XCTAssertEqual(read($0.baseAddress!), "a") } }
            func testB() { [1, 2].withUnsafeBytes { raw in XCTAssertEqual(sum(raw.baseAddress!), 3) } }
            func testC() { let buf = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 1); XCTAssertEqual(fill(buf.baseAddress!), 64) }
            func testD() { let source: [CChar] = []; source.withUnsafeBufferPointer { XCTAssertEqual(read($0.baseAddress!), "") } }
            func testE() { items.withUnsafeBufferPointer { XCTAssertEqual(read($0.baseAddress!), "a") } }
            func testF() { let buf = UnsafeMutableRawBufferPointer.allocate(byteCount: n, alignment: 1); XCTAssertEqual(fill(buf.baseAddress!), 64) }
            func testG() { withUnsafeTemporaryAllocation(byteCount: 64, alignment: 16) { buffer in XCTAssertFalse(owned(buffer.baseAddress!)) } }
            func testH() { withUnsafeTemporaryAllocation(of: Int.self, capacity: 2) { XCTAssertEqual(fill($0.baseAddress!), 2) } }
            func testI() { withUnsafeTemporaryAllocation(byteCount: 0, alignment: 16) { buffer in XCTAssertFalse(owned(buffer.baseAddress!)) } }
            func testJ() { withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { XCTAssertEqual(fill($0.baseAddress!), 2) } }
            """
        // Then the empty array, an array the test did not write, and a size it did not fix (or fixed at zero) still trap
        #expect(
            try xctestFindings(.trapInTest, methods) == ["testD:6", "testE:7", "testF:8", "testI:11", "testJ:12"])
    }

    @Test("The base address of a value's bytes, of a ByteBuffer's storage, of a sum with a literal is never nil")
    func storageThatAlwaysHasAnAddress() throws {
        // Given apple/swift-nio 2.101.3's shapes: a literal's buffer around a value's bytes, a ByteBuffer's own
        // calls, and an array the test makes of a string's bytes and a literal; apple/swift-system 1.6.3's var of a
        // literal with one element changed
        let methods = """
            func testA() { expected.withUnsafeBytes { e in withUnsafeBytes(of: &addr) { a in XCTAssertEqual(memcmp(a.baseAddress!, e.baseAddress!, 4), 0) } } }
            func testB() { let expected: [UInt8] = [1, 2]; expected.withUnsafeBytes { e in withUnsafeBytes(of: &addr) { a in XCTAssertEqual(memcmp(a.baseAddress!, e.baseAddress!, 2), 0) } } }
            func testC() { let p = buf.withUnsafeReadableBytes { ptr in UInt(bitPattern: ptr.baseAddress!) }; XCTAssertNotEqual(p, 0) }
            func testD() { let p = buf?.withVeryUnsafeBytes { UInt(bitPattern: $0.baseAddress!) }; XCTAssertNotNil(p) }
            func testE() { let bytes: [UInt8] = "/tmp".utf8 + [0]; bytes.withUnsafeBufferPointer { src in XCTAssertEqual(copy(src.baseAddress!), 5) } }
            func testF() { let bytes: [UInt8] = "/tmp".utf8 + []; bytes.withUnsafeBufferPointer { src in XCTAssertEqual(copy(src.baseAddress!), 4) } }
            func testG() { let e: [UInt8] = [1]; e.withUnsafeBytes { e in storage.withUnsafeBytes { a in XCTAssertEqual(memcmp(a.baseAddress!, e.baseAddress!, 1), 0) } } }
            func testH() { let e: [UInt8] = [1]; e.withUnsafeBytes { p in rows.withUnsafeBytes { [p = other] q in XCTAssertEqual(read(p.baseAddress!), 1) } } }
            func testI() { buf.withVeryUnsafeMutableBytesWithStorageManagement { pointer, storage in XCTAssertNotNil(storage.baseAddress!) } }
            func testJ() { var s: [CChar] = [0x61, 0]; s[1] = 0x62; s.withUnsafeBufferPointer { XCTAssertEqual(read($0.baseAddress!), "ab") } }
            func testK() { var s: [CChar] = [0x61, 0]; s[0..<2] = []; s.withUnsafeBufferPointer { XCTAssertEqual(read($0.baseAddress!), "") } }
            func testL() { var s: [CChar] = [0x61, 0]; s.removeAll(); s.withUnsafeBufferPointer { XCTAssertEqual(read($0.baseAddress!), "") } }
            """
        // Then an array the test did not write (A), a sum with no element (F), a collection's buffer (G), a name
        // a nearer closure binds again (H), another parameter than the lent buffer (I), and a var of a literal
        // whose range is replaced (K) or that is emptied (L) still trap; one element replaced (J) keeps its count
        #expect(
            try xctestFindings(.trapInTest, methods) == [
                "testA:3", "testF:8", "testG:9", "testH:10", "testI:11", "testK:13", "testL:14",
            ])
    }

    @Test(
        "A value an earlier operand of the same && found not nil is there; after an ||, of another value or a call, not"
    )
    func checkedNotNil() throws {
        // Given ollama-swift 1.8.0's `res.thinking != nil && !res.thinking!.isEmpty`
        let methods = """
            func testA() { for res in items { if res.thinking != nil && !res.thinking!.isEmpty { XCTAssertTrue(ok) } } }
            func testB() { if nil != box.value, box.value!.isEmpty { XCTAssertTrue(ok) } }
            func testC() { if box.value != nil || box.value!.isEmpty { XCTAssertTrue(ok) } }
            func testD() { if box.other != nil && box.value!.isEmpty { XCTAssertTrue(ok) } }
            func testE() { if make().value != nil && make().value!.isEmpty { XCTAssertTrue(ok) } }
            func testF() { XCTAssertTrue(box.value!.isEmpty && box.value != nil) }
            """
        // Then an ||, another value, a call and a check after the unwrap still trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6", "testE:7", "testF:8"])
    }

    @Test(
        "The URL of a request or response made with one is never nil; of a var, a value from elsewhere, or an HTTPURLResponse it may be"
    )
    func givenURL() throws {
        // Given kylef/Mockingjay's `let request = URLRequest(url: URL(string: "https://fuller.li/")!)` then `request.url!`
        let methods = """
            func testA() { let request = URLRequest(url: URL(string: "https://a.b/")!); XCTAssertEqual(request.url!.host, "a.b") }
            func testB() { let response = URLResponse(url: site, mimeType: nil, expectedContentLength: 0, textEncodingName: nil); XCTAssertEqual(response.url!.host, "a.b") }
            func testC() { var request = URLRequest(url: site); request.url = nil; XCTAssertEqual(request.url!.host, "a.b") }
            func testD() { let request = makeRequest(); XCTAssertEqual(request.url!.host, "a.b") }
            func testE() { let response = HTTPURLResponse(url: site, statusCode: 200, httpVersion: nil, headerFields: nil); XCTAssertEqual(response!.url!.host, "a.b") }
            """
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6", "testE:7"])
    }

    @Test(
        "The host or scheme of a URL constant parsed from a literal that has one is never nil; of another URL it may be"
    )
    func literalURLParts() throws {
        // Given auth0/Auth0.swift 3.1.0's file constant `private let Url = URL(string: "https://samples.auth0.com")!` then
        // `Url.host!`, and a test's own; and near misses: a literal without a host, a URL the package builds, a `var`
        let source = """
            import XCTest
            private let Url = URL(string: "https://samples.auth0.com")!
            private let Relative = URL(string: "/callback")!
            private let Built = URL.httpsURL(from: "samples.auth0.com")
            final class T: XCTestCase {
                func testA() { XCTAssertEqual(stub(host: Url.host!), 1) }
                func testB() { let url = URL(string: "https://a.b/c")!; XCTAssertEqual(stub(url.scheme!, url.host!), 1) }
                func testC() { XCTAssertEqual(stub(host: Relative.host!), 1) }
                func testD() { XCTAssertEqual(stub(host: Built.host!), 1) }
                func testE() { var url = URL(string: "https://a.b/c")!; url = other; XCTAssertEqual(stub(host: url.host!), 1) }
            }
            """
        let found = try analyzedFindings(.trapInTest, in: ["T.swift": source]).map { $0.split(separator: ":")[0] }
        #expect(found == ["T.testC", "T.testD", "T.testE"])
    }

    @Test("A string's UTF-8 is never nil, lossy conversion allowed or not; a literal in ASCII it cannot hold is")
    func lossyUnicodeData() throws {
        // Given kylef/Mockingjay's `"…".data(using: String.Encoding.utf8, allowLossyConversion: true)!`
        let methods = """
            func testA() { let data = "Two things".data(using: String.Encoding.utf8, allowLossyConversion: true)!; XCTAssertEqual(data.count, 10) }
            func testB() { let data = "😆".data(using: .ascii, allowLossyConversion: false)!; XCTAssertEqual(data.count, 1) }
            """
        #expect(try xctestFindings(.trapInTest, methods) == ["testB:4"])
    }

    @Test(
        "The base address of an array of repeated values of a positive count is never nil; of a count not fixed, or an array changed, it may be"
    )
    func repeatedArrays() throws {
        // Given Kitura-net's shape: `var array = [UInt8](repeating: 0, count: arrayValuesToFill)`, `let arrayValuesToFill = 64`
        let methods = """
            func testA() { var array = [UInt8](repeating: 0, count: 64); array.withUnsafeMutableBufferPointer { XCTAssertEqual(fill($0.baseAddress!), 64) } }
            func testB() { let n = 64; var array = [UInt8](repeating: 0, count: n); array.withUnsafeMutableBufferPointer { XCTAssertEqual(fill($0.baseAddress!), 64) }; XCTAssertEqual(array.reduce(0, +), 3) }
            func testC() { let array = Array(repeating: 1, count: 2); array.withUnsafeBufferPointer { XCTAssertEqual(sum($0.baseAddress!), 2) } }
            func testD() { var array = [UInt8](repeating: 0, count: n); array.withUnsafeMutableBufferPointer { XCTAssertEqual(fill($0.baseAddress!), 64) } }
            func testE() { var array = [UInt8](repeating: 0, count: 0); array.withUnsafeMutableBufferPointer { XCTAssertEqual(fill($0.baseAddress!), 64) } }
            func testF() { var array = [UInt8](repeating: 0, count: 64); array.removeAll(); array.withUnsafeMutableBufferPointer { XCTAssertEqual(fill($0.baseAddress!), 64) } }
            func testG() { var array = [UInt8](repeating: 0, count: 64); clear(&array); array.withUnsafeMutableBufferPointer { XCTAssertEqual(fill($0.baseAddress!), 64) } }
            func testH() { var array = [UInt8](repeating: 0, count: 64); array = []; array.withUnsafeMutableBufferPointer { XCTAssertEqual(fill($0.baseAddress!), 64) } }
            func testI() { var array = Store(repeating: 0, count: 64); array.withUnsafeMutableBufferPointer { XCTAssertEqual(fill($0.baseAddress!), 64) } }
            func testJ() { var array = [UInt8](repeating: 0, count: 64); array[0..<64] = []; array.withUnsafeMutableBufferPointer { XCTAssertEqual(fill($0.baseAddress!), 64) } }
            """
        // Then a count the test did not fix (or fixed at zero), an array emptied, handed on inout, assigned again or
        // a range of it replaced, and a type that is not Array still trap
        #expect(
            try xctestFindings(.trapInTest, methods) == [
                "testD:6", "testE:7", "testF:8", "testG:9", "testH:10", "testI:11", "testJ:12",
            ])
    }

    @Test("A character of a string the test wrote, given to a closure by its array, is never nil; of others it may be")
    func charactersOfWrittenStrings() throws {
        // Given apple/swift-algorithms' shape: `["Apple", "Banana"].keyed(by: { $0.first! })`, then the result's unwraps
        let methods = """
            func testA() { let d = ["Apple", "Banana"].keyed(by: { $0.first! }); XCTAssertEqual(d.count, 2) }
            func testB() { let names = ["David", "Kyle"]; let c = names.chunked(on: { name in name.last! }); XCTAssertEqual(c.count, 2) }
            func testC() { let d = EmptyCollection<String>().keyed(by: { $0.first! }); XCTAssertEqual(d.count, 0) }
            func testD() { let d = ["Apple", ""].keyed(by: { $0.first! }); XCTAssertEqual(d.count, 2) }
            func testE() { let d = names.keyed(by: { $0.first! }); XCTAssertEqual(d.count, 2) }
            func testF() { let d = ["Apple", "Banana"].keyed(by: { $0.first! }); XCTAssertEqual(d["A"]!, "Apple") }
            func testG() { let c = ["Apple"].reduce("") { String($0.first!) + $1 }; XCTAssertEqual(c, "A") }
            """
        // Then an empty string, strings the test did not write, the result's own unwrap, and an accumulator
        // (`reduce`'s `$0`) still trap
        let found = try xctestFindings(.trapInTest, methods)
        #expect(found == ["testD:6", "testE:7", "testF:8", "testG:9"])
        let source = "import XCTest\nfinal class T: XCTestCase {\n" + methods + "\n}\n"
        let messages = try analyzeSources(["T.swift": source]).findings.filter { $0.kind == .trapInTest }.map(\.message)
        #expect(messages.contains { $0.contains(#"d["A"]!"#) }, "\(messages)")
    }

    @Test("The first or last element of a non-empty literal, or of a string literal's code units, is never nil")
    func endsOfWrittenLiterals() throws {
        // Given swift-nio 2.101.3's `"X".utf8.first!` (read false on first contact), and near misses
        let methods = """
            func testA() { XCTAssertEqual(send("X".utf8.first!), 1) }
            func testB() { XCTAssertEqual(send([1, 2].last!), 1) }
            func testC() { XCTAssertEqual(send("ab".first!), 1) }
            func testD() { XCTAssertEqual(send("".utf8.first!), 1) }
            func testE() { XCTAssertEqual(send([].first!), 1) }
            func testF() { XCTAssertEqual(send(name.utf8.first!), 1) }
            func testG() { XCTAssertEqual(send("\\(name)".first!), 1) }
            func testH() { XCTAssertEqual(send("n: \\(name)".utf8.last!), 1) }
            """
        // Then an empty literal, a name's text and an interpolation alone still trap; text beside one does not
        #expect(try xctestFindings(.trapInTest, methods) == ["testD:6", "testE:7", "testF:8", "testG:9"])
    }

    @Test("The first or last element of the test's one `let` of a non-empty literal is never nil; of a var it may be")
    func endsOfLetLiterals() throws {
        // Given swift-nio-ssl 2.36's `let promises = [p(), p(), p()]` then `promises.first!` (read false), and near misses
        let methods = """
            func testA() { let promises = [p(), p(), p()]; XCTAssertEqual(send(promises.first!), 1) }
            func testB() { let name = "ab"; XCTAssertEqual(send(name.last!), 1) }
            func testC() { var promises = [p()]; promises.removeAll(); XCTAssertEqual(send(promises.first!), 1) }
            func testD() { let promises: [P] = []; XCTAssertEqual(send(promises.first!), 1) }
            func testE() { let promises = make(); XCTAssertEqual(send(promises.first!), 1) }
            func testF() { let promises = [p()]; run { promises in XCTAssertEqual(send(promises.first!), 1) } }
            func testG() { let items = [1, 2]; func check(_ items: [Int]) { XCTAssertEqual(items.first!, 1) }; check([]) }
            func testH() { let line = "Content-Length: \\(n)\\r\\n"; XCTAssertEqual(send(line.utf8.last!), 1) }
            func testI() { let line = "\\(n)"; XCTAssertEqual(send(line.utf8.last!), 1) }
            func testJ() { var line = "a\\(n)"; line = ""; XCTAssertEqual(send(line.utf8.last!), 1) }
            func testK() { let line: Text = "a"; XCTAssertEqual(send(line.utf8.last!), 1) }
            """
        // Then a var, an empty literal, a value the package made and a closure's or a local function's own parameter of
        // that name still trap, and so do the code units of a `let` of an interpolation alone, of a `var`, and of a
        // literal of another type; those of a `let` of a string with text of its own do not (swift-tools-protocols
        // 0.0.10's `notification1Str.utf8.last!`, read false on first contact)
        #expect(
            try xctestFindings(.trapInTest, methods) == [
                "testC:5", "testD:6", "testE:7", "testF:8", "testG:9", "testI:11", "testJ:12", "testK:13",
            ])
    }

    @Test("The first or last entry of the test's `let` of a dictionary written with entries is never nil; of [:] it is")
    func endsOfLetDictionaries() throws {
        // Given apple/swift-package-collection-generator's `let authTokens = [AuthTokenType.github("github.com"):
        // "foo"]` read in a handler (read false), and near misses: an empty dictionary, a var emptied
        let methods = """
            func testA() { let tokens = [Kind.github("a"): "foo"]; let h = { XCTAssertEqual(tokens.first!.value, "foo") }; h() }
            func testB() { let tokens: [Kind: String] = [:]; XCTAssertEqual(tokens.first!.value, "foo") }
            func testC() { var tokens = [Kind.github("a"): "foo"]; tokens.removeAll(); XCTAssertEqual(tokens.first!.value, "foo") }
            func testD() { let d: TreeDictionary = ["a": 1]; XCTAssertEqual(d.first!.key, "a") }
            func testE() { let d: [String: Int] = ["a": 1]; XCTAssertEqual(d.first!.key, "a") }
            """
        // A literal bound to another collection type (swift-collections' `let d: TreeDictionary = […]`) is that type's:
        // its `first` is the code under test
        #expect(try xctestFindings(.trapInTest, methods) == ["testB:4", "testC:5", "testD:6"])
    }

    @Test("The first entry of a file's `let` of a written dictionary is never nil; of a file's `var`, it may be")
    func endsOfFileConstants() throws {
        // Given vapor/crypto 3.4.1's file-level `let tests = ["$2a$05$…": "U*U", …]` then `tests.first!` (read
        // false), and near misses: a `var`, an empty dictionary
        let source = """
            import XCTest
            let tests = ["a": "U*U", "b": "U*U*"]
            var pending = ["a": "U"]
            let none: [String: String] = [:]
            final class BCryptTests: XCTestCase {
                func testA() { XCTAssertEqual(tests.first!.value.count, 3) }
                func testB() { XCTAssertEqual(pending.first!.value, "U") }
                func testC() { XCTAssertEqual(none.first!.value, "U") }
            }
            """
        #expect(
            try analyzedFindings(.trapInTest, in: ["T.swift": source]) == [
                "BCryptTests.testB:7", "BCryptTests.testC:8",
            ])
    }

    @Test("The first or last element of a `let` the test made from a written range or stride is never nil")
    func endsOfMadeLists() throws {
        // Given swift-nio 2.101.3's `let promises = (0..<5).map { _ in makePromise() }` then `promises.last!` and
        // swift-nio-http2 1.46.0's `stride(from: 1, to: 100, by: 2).map { HTTP2StreamID($0) }` then `.first!` (read
        // false), and near misses
        let methods = """
            func testA() { let promises = (0..<5).map { _ in p() }; XCTAssertEqual(send(promises.last!), 1) }
            func testB() { let ids = stride(from: 1, to: 100, by: 2).map { ID($0) }; XCTAssertEqual(send(ids.first!), 1) }
            func testC() { let frames = Array(stride(from: 5, through: 1, by: -2).reversed()); XCTAssertEqual(frames.last!, 1) }
            func testD() { let ids = stride(from: 1, to: 1, by: 2).map { ID($0) }; XCTAssertEqual(send(ids.first!), 1) }
            func testE() { let ids = (0..<5).filter { $0 > 9 }; XCTAssertEqual(send(ids.first!), 1) }
            func testF() { let ids = (0..<n).map { ID($0) }; XCTAssertEqual(send(ids.first!), 1) }
            func testG() { let ids = stride(from: 1, to: 9, by: 0).map { ID($0) }; XCTAssertEqual(send(ids.first!), 1) }
            func testH() throws { let players = try (0..<30).map { try insert($0) }; XCTAssertEqual(send(players.last!), 1) }
            func testI() async { let ids = await (0..<3).map { ID($0) }.sorted(); XCTAssertEqual(send(ids.first!), 1) }
            func testJ() throws { let players = try (0..<30).compactMap { try insert($0) }; XCTAssertEqual(send(players.last!), 1) }
            """
        // Then an empty stride, a filter, a range the test does not fix, a step of 0 and a compactMap behind a `try`
        // still trap (pointfreeco/isowords' `let players = try (0..<30).map { … }` then `players.last!` does not)
        #expect(try xctestFindings(.trapInTest, methods) == ["testD:6", "testE:7", "testF:8", "testG:9", "testJ:12"])
    }

    @Test(
        "A read of exactly a ByteBuffer's readable bytes is never nil outside NIOCore's own tests; other reads may be")
    func readsOfReadableBytes() throws {
        // Given swift-nio's HTTP tests reading what a handler wrote, and near misses
        let methods = """
            func testA() { XCTAssertEqual(written.readString(length: written.readableBytes)!, "a") }
            func testB() { XCTAssertEqual(buffers.map { $0.getString(at: $0.readerIndex, length: $0.readableBytes)! }, ["a"]) }
            func testC() { XCTAssertEqual(self.buffer.getSlice(at: self.buffer.readerIndex, length: self.buffer.readableBytes)!, s) }
            func testD() { XCTAssertEqual(buffer.readSlice(length: 1)!, s) }
            func testE() { XCTAssertEqual(buffer.getString(at: 0, length: buffer.readableBytes)!, "a") }
            func testF() { XCTAssertEqual(buffer.readString(length: other.readableBytes)!, "a") }
            func testG() { XCTAssertEqual(next().readString(length: next().readableBytes)!, "a") }
            func testH() { XCTAssertEqual(buffer.getString(at: buffer.writerIndex, length: buffer.readableBytes)!, "a") }
            """
        // Then a read of one byte, from index 0 or the writer index, of another buffer's length, or of a buffer a call
        // hands each time, may be nil
        #expect(
            try xctestFindings(.trapInTest, methods) == ["testD:6", "testE:7", "testF:8", "testG:9", "testH:10"])
        // And in NIOCore's own tests the read is the code under test: every unwrap counts
        let file = "import XCTest\nfinal class T: XCTestCase {\n" + methods + "\n}\n"
        let folder = try temporaryFolder(["T.swift": file])
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("T.swift")
        let own = TestSourceAnalyzer().analyze(modules: ["NIOCoreTests": [url]]).findings
        let other = TestSourceAnalyzer().analyze(modules: ["NIOHTTP1Tests": [url]]).findings
        #expect(own.filter { $0.kind == .trapInTest }.count == 8)
        #expect(other.filter { $0.kind == .trapInTest }.count == 5)
    }

    @Test("An element of a non-empty literal mapped element for element is never nil; of one filtered, it may be")
    func elementOfMappedLiteral() throws {
        // Given nicklockwood/LRUCache 1.2.1's stress test, which picks a random key of keys it made, and near misses
        let methods = #"""
            func testA() { let keys = (0 ..< 1000).map { "key\($0)" }; XCTAssertEqual(send(keys.randomElement()!), 1) }
            func testB() { let keys = [1, 2].map(String.init); XCTAssertEqual(send(keys.max()!), 1) }
            func testC() { let keys = (0 ..< 1000).filter { $0 > limit }; XCTAssertEqual(send(keys.randomElement()!), 1) }
            func testD() { let keys = (0 ..< n).map { "key\($0)" }; XCTAssertEqual(send(keys.randomElement()!), 1) }
            func testE() { let keys = (0 ..< 0).map { "key\($0)" }; XCTAssertEqual(send(keys.randomElement()!), 1) }
            func testF() { var keys = (0 ..< 9).map { "key\($0)" }; keys.removeAll(); XCTAssertEqual(send(keys.randomElement()!), 1) }
            """#
        // Then a filter (testC), a range the test did not fix (testD), an empty one (testE) and a `var` (testF) still
        // trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6", "testE:7", "testF:8"])
    }

    @Test("ASCII bytes decode as UTF-8 or ASCII; a byte above 0x7F, another encoding or bytes not fixed may not")
    func asciiBytes() throws {
        // Given Kitura 3.0.1's `let headerData = Data(repeating: 0x7A, count: headerBytes)` then `String(data: headerData,
        // encoding: .utf8)!`
        let methods = """
            func testA() { let data = Data(repeating: 0x7A, count: n); XCTAssertEqual(send(String(data: data, encoding: .utf8)!), 1) }
            func testB() { XCTAssertEqual(send(String(data: Data(repeating: 65, count: 3), encoding: String.Encoding.ascii)!), 1) }
            func testC() { XCTAssertEqual(send(String(data: Data(repeating: 0xFF, count: 3), encoding: .utf8)!), 1) }
            func testD() { XCTAssertEqual(send(String(data: Data(repeating: 0x7A, count: 3), encoding: .utf16)!), 1) }
            func testE() { XCTAssertEqual(send(String(data: Data(repeating: byte, count: 3), encoding: .utf8)!), 1) }
            func testF() { var data = Data(repeating: 0x7A, count: 3); data.append(0xFF); XCTAssertEqual(send(String(data: data, encoding: .utf8)!), 1) }
            """
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6", "testE:7", "testF:8"])
    }

    @Test(
        "An unwrap in the message of XCTAssertNil of the same value runs only when it is not nil; elsewhere it may trap"
    )
    func messageOfNilCheck() throws {
        // Given Kitura 3.0.1's `XCTAssertNil(body, "… '\(body!)'")`, and near misses: another value's unwrap in the
        // message, XCTAssertNotNil's message (built when the value is nil), and an unwrap in the checked value
        let methods = """
            func testA() { let body = read(); XCTAssertNil(body, "the body was '\\(body!)'") }
            func testB() { let body = read(); XCTAssertNil(body, "the other was '\\(other!)'") }
            func testC() { let body = read(); XCTAssertNotNil(body, "the body was '\\(body!)'") }
            func testD() { let body = read(); XCTAssertNil(body!.first, "empty") }
            """
        #expect(try xctestFindings(.trapInTest, methods) == ["testB:4", "testC:5", "testD:6"])
    }

    @Test("A file attribute Foundation always gives, cast to a type its value always is; another key or type may trap")
    func fileAttributeCasts() throws {
        // Given Puppy 0.9.0's `attributesOfItem(atPath: path)[.posixPermissions] as! UInt16` and `[.creationDate] as!
        // Date`, bound and in place, and near misses: a size as UInt16 (a size above 65535 fails the cast), a key
        // not always there, and a dictionary of the test's
        let methods = """
            func testA() throws { let a = try FileManager.default.attributesOfItem(atPath: p); XCTAssertEqual(a[FileAttributeKey.posixPermissions] as! UInt16, 0o600) }
            func testB() throws { let d = try FileManager.default.attributesOfItem(atPath: p)[.creationDate] as! Date; XCTAssertEqual(d, now) }
            func testC() throws { let a = try FileManager.default.attributesOfItem(atPath: p); XCTAssertEqual(a[.size] as! UInt16, 3) }
            func testD() throws { let a = try FileManager.default.attributesOfItem(atPath: p); XCTAssertEqual(a[.immutable] as! Bool, false) }
            func testE() throws { let a = attributes(); XCTAssertEqual(a[.size] as! UInt64, 3) }
            func testF() throws { let a = try FileManager.default.attributesOfItem(atPath: p); XCTAssertEqual(a[.ownerAccountName] as! String, "root") }
            """
        // … and an owner's name, which Foundation leaves out for a user ID with no passwd entry
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6", "testE:7", "testF:8"])
    }

    @Test(
        "A formatter reads back the date text it wrote; another formatter's text, or a text not its own, may not parse")
    func dateRoundTrip() throws {
        // Given Kitura 3.0.1's `Coder.defaultDateFormatter.date(from: Coder.defaultDateFormatter.string(from: Date()))!`
        let methods = """
            func testA() { XCTAssertEqual(send(Coder.formatter.date(from: Coder.formatter.string(from: Date()))!), 1) }
            func testB() { XCTAssertEqual(send(formatter.date(from: formatter.string(from: now))!), 1) }
            func testC() { XCTAssertEqual(send(Coder.formatter.date(from: Other.formatter.string(from: Date()))!), 1) }
            func testD() { XCTAssertEqual(send(Coder.formatter.date(from: text(of: Date()))!), 1) }
            func testE() { XCTAssertEqual(send(makeFormatter().date(from: makeFormatter().string(from: now))!), 1) }
            """
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6", "testE:7"])
    }

    @Test(
        "The process's current directory as swift-tools-support-core reports it is never nil; another file system's, or the package's own, may be"
    )
    func processDirectory() throws {
        // Given swiftlang/swift-driver's tests (16 unwraps read false on first contact), a guard's `fatalError` too, and
        // near misses: another file system's directory, another member
        let methods = """
            func testA() throws { let root = localFileSystem.currentWorkingDirectory!.appending(component: "foo"); XCTAssertEqual(plan(root), 1) }
            func testB() throws { guard let cwd = localFileSystem.currentWorkingDirectory else { fatalError() }; XCTAssertEqual(plan(cwd), 1) }
            func testC() throws { XCTAssertEqual(plan(fileSystem.currentWorkingDirectory!), 1) }
            func testD() throws { XCTAssertEqual(plan(localFileSystem.homeDirectory!), 1) }
            """
        // Then the other file system's and the other member can trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6"])
        // And so in a package whose tests declare such a member (swift-driver's test file system), but in a package that
        // declares it itself (swift-tools-support-core), the directory is under test
        let file = "import XCTest\nfinal class T: XCTestCase {\n" + methods + "\n}\n"
        let double = "struct TestFileSystem { var currentWorkingDirectory: AbsolutePath? { nil } }"
        let tested = try analyzeSources(["T.swift": file, "TestFileSystem.swift": double])
        #expect(tested.findings.filter { $0.kind == .trapInTest }.count == 2)
        let own = "public final class LocalFileSystem { public var currentWorkingDirectory: AbsolutePath? { nil } }"
        let implemented = try analyzeSources(["T.swift": file], packageSources: ["FileSystem.swift": own])
        #expect(implemented.findings.filter { $0.kind == .trapInTest }.count == 4)
    }
}
