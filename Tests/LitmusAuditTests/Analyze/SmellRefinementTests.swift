import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// The smell checks' second round (issue #33): what the corpus and real packages showed them to get
/// wrong, and the smells added after; each with a positive, a negative and the near miss.
@Suite("Test smells: the corrections the corpus asked for, and the later smells")
struct SmellRefinementTests {

    @Test("trapInTest: a string's UTF-8 data and a literal URL cannot be nil; ASCII data and an NSString's can")
    func literalDataIsNoTrap() throws {
        let methods = #"""
            func testA() { XCTAssertEqual(parse("1234567".data(using: .utf8)!), 7) }
            func testB() { XCTAssertEqual(parse("a\(x)".data(using: String.Encoding.utf16)!), 7) }
            func testC() { XCTAssertEqual(fetch(URL(string: "https://example.com")!), 7) }
            func testD() { XCTAssertEqual(parse(text.data(using: .utf8)!), 7) }
            func testE() { XCTAssertEqual(parse("é".data(using: .ascii)!), 7) }
            func testF() { let text = "1234567"; XCTAssertEqual(parse(text.data(using: .utf8)!), 7) }
            func testG() { let text = NSString("1234567"); XCTAssertEqual(parse(text.data(using: .utf8)!), 7) }
            """#
        #expect(try xctestFindings(.trapInTest, methods) == ["testE:7", "testG:9"])
    }

    @Test("trapInTest: a string's data in UTF-16 or UTF-32 of either byte order cannot be nil; in Latin-1 it can")
    func byteOrderedUnicodeDataIsNoTrap() throws {
        let methods = #"""
            func testA() { XCTAssertEqual(parse("a,b\n😆".data(using: .utf16BigEndian)!), 7) }
            func testB() { let encoding = String.Encoding.utf32LittleEndian; XCTAssertEqual(parse("x".data(using: encoding)!), 7) }
            func testC() { XCTAssertEqual(parse("😆".data(using: .isoLatin1)!), 7) }
            """#
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5"])
    }

    @Test("trapInTest: the ASCII data of an ASCII literal cannot be nil; of other text, or of a value, it can")
    func asciiLiteralDataIsNoTrap() throws {
        // Given swift-crypto 4.5.2's digest tests, `"abc".data(using: .ascii)!`, and near misses
        let methods = #"""
            func testA() { XCTAssertEqual(hash("abc".data(using: .ascii)!), 7) }
            func testB() { let dst = "QUUX-V01-CS02"; XCTAssertEqual(hash(dst.data(using: String.Encoding.ascii)!), 7) }
            func testC() { XCTAssertEqual(hash("ab😆".data(using: .ascii)!), 7) }
            func testD() { XCTAssertEqual(hash(vector.msg.data(using: .ascii)!), 7) }
            """#
        // Then the literal holding an emoji, and a value the test reads, can trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6"])
    }

    @Test("trapInTest: a literal percent-encoded with a named set cannot be nil; a value, or a set of the test's, can")
    func percentEncodedLiteralIsNoTrap() throws {
        // Given vapor 4.122.3's query tests, and near misses
        let methods = #"""
            func testA() { XCTAssertEqual(parse("name=Vapor&age=3".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!), 7) }
            func testB() { let query = "a b"; XCTAssertEqual(parse(query.addingPercentEncoding(withAllowedCharacters: CharacterSet.urlPathAllowed)!), 7) }
            func testC() { XCTAssertEqual(parse(input.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!), 7) }
            func testD() { XCTAssertEqual(parse("a b".addingPercentEncoding(withAllowedCharacters: custom)!), 7) }
            """#
        // Then the value the test reads and the set it makes can trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6"])
    }

    @Test("sensitiveEquality: a suite named for interpolation checks text on purpose; another suite's test counts")
    func interpolationSuite() throws {
        let source = """
            import Testing
            struct MetadataValueInterpolationTests {
                @Test func defaultNil() { #expect(value.description == "nil") }
            }
            struct CartTests {
                @Test func total() { #expect(cart.total.description == "3") }
            }
            """
        let found = try analyzedFindings(.sensitiveEquality, in: ["S.swift": source])
        #expect(found.count == 1 && found.first?.contains("total") == true, "\(found)")
    }

    @Test(
        "sensitiveEquality: a suite named Printable, or a test named for printing or stringifying, checks text on purpose; a blueprint does not"
    )
    func printableSuite() throws {
        // SwiftyJSON 5.0.2's `PrintableTests` (Swift 1's name of CustomStringConvertible) and `testNumberPrint`;
        // pkl-swift 0.10.0's `DurationTests.testStringify`
        let source = """
            import XCTest
            final class PrintableTests: XCTestCase {
                func testNumber() { XCTAssertEqual(json.description, "1234567890") }
            }
            final class BaseTests: XCTestCase {
                func testNumberPrint() { XCTAssertEqual(json.description, "1234567890") }
                func testBlueprint() { XCTAssertEqual(json.description, "1234567890") }
                func testStringify() { XCTAssertEqual(String(describing: Duration(42, unit: .ms)), "42.ms") }
                func testStringValue() { XCTAssertEqual(String(describing: Duration(42, unit: .ms)), "42.ms") }
            }
            """
        let found = try analyzedFindings(.sensitiveEquality, in: ["S.swift": source])
        #expect(found == ["BaseTests.testBlueprint:7", "BaseTests.testStringValue:9"], "\(found)")
    }

    @Test("sensitiveEquality: a Swift Testing test named for a string representation checks the text on purpose")
    func stringRepresentable() throws {
        // sersoft-gmbh/semver 5.5.0's `customDebugStringRepresentable(version:expectedDebugDescription:)`, and a near
        // miss named for something else
        let source = """
            import Testing
            struct VersionTests {
                @Test func customDebugStringRepresentable() { #expect(version.debugDescription == "Version(major: 1)") }
                @Test func comparesMajor() { #expect(version.debugDescription == "Version(major: 1)") }
            }
            """
        let found = try analyzedFindings(.sensitiveEquality, in: ["S.swift": source])
        #expect(found == ["VersionTests/comparesMajor:4"], "\(found)")
    }

    @Test(
        "boolAssertEquality: an inequality with a literal or nil is no advice; one of two computed values, or an equality, is"
    )
    func inequalityWithLiteral() throws {
        // SwiftyJSON 5.0.2's shapes: `XCTAssertTrue(jsonL1 != "not equal")`, `XCTAssert(string != nil)` and
        // `XCTAssertFalse(jsonL1 == 34343)`: a failure means the value is the literal, which the line shows.
        let methods = """
            func testA() { XCTAssertTrue(json != "not equal") }
            func testB() { XCTAssert(data != nil) }
            func testC() { XCTAssertFalse(json == 34343) }
            func testD() { XCTAssertTrue(first != second) }
            func testE() { XCTAssertTrue(json == "equal") }
            func testF() { XCTAssertFalse(json != -1) }
            """
        #expect(try xctestFindings(.boolAssertEquality, methods) == ["testD:6", "testE:7", "testF:8"])
    }

    @Test(
        "noAssertion: a test whose comments say that compiling or not crashing is its check is none; a comment on another step is"
    )
    func commentedCompileChecks() throws {
        // GRDB.swift 7.10.0's `// This test passes if it compiles`, swift-collections' `// Compile-time assertion`,
        // swift-algorithms' `// must not crash`, Cuckoo's `// Test for crash`, and near misses: comments that only name
        // a step
        let source = """
            import XCTest
            final class TableTests: XCTestCase {
                func testDefaultsToRow() {
                    // This test passes if it compiles
                    func f(_ table: Table<Row>) { }
                    f(Table("player"))
                }
                /// Compile-time assertion: Box<T> is Sendable when T is.
                func testSendable() { requireSendable(Box<Int>.self) }
                func testEdgeCases() {
                    _ = sample(zeros) // must not crash
                }
                func testVoidFunction() {
                    // Test for crash
                    stub.voidFunction()
                }
                func testShouldntCrash() {
                    _ = sample(ones) // shouldn't crash
                }
                func testTemplate() {
                    // compile the template, then render it
                    _ = Template("{{x}}").render()
                }
                func testCrashReporter() {
                    // the crash report is written; TODO: no crash reporter on Linux yet
                    _ = reporter.write()
                }
                // MARK: - Compile-time helpers
                func testLinux() {
                    // needed to compile on Linux, and this compiles the template
                    _ = Template("{{x}}").render()
                }
            }
            """
        let found = try analyzedFindings(.noAssertion, in: ["T.swift": source])
        #expect(
            found == ["TableTests.testTemplate:20", "TableTests.testCrashReporter:24", "TableTests.testLinux:29"],
            "\(found)")
    }

    @Test("noAssertion: a test whose comment says it ensures something type-checks is a compile-time check")
    func commentedTypeChecks() throws {
        // karwa/swift-url 0.4.2's five `testSendable`, and a near miss: a comment that names type-checking as a step
        let source = """
            import XCTest
            final class DomainTests: XCTestCase {
                func testSendable() {
                    // Since Sendable only exists at compile-time, it's enough to just ensure that this type-checks.
                    func _requiresSendable<T: Sendable>(_: T) {}
                    _requiresSendable(Domain("example.com")!)
                }
                func testRender() {
                    // the template type-checks its fields, then renders
                    _ = Template("{{x}}").render()
                }
            }
            """
        #expect(try analyzedFindings(.noAssertion, in: ["T.swift": source]) == ["DomainTests.testRender:8"])
    }

    @Test(
        "noAssertion: a test that only hands values to a function discarding them checks that they compile; one that runs them does not"
    )
    func compileOnlyTests() throws {
        // Alamofire 5.12.0's `testThatCacheResponseCacherCanBeCreatedStaticallyFromProtocol`
        let source = """
            import XCTest
            final class StaticHandlerTests: XCTestCase {
                func take(_ handler: any Handler) { _ = handler }
                func run(_ handler: any Handler) { handler.handle() }
                func testCacheCanBeCreatedStatically() { take(.cache) }
                func testModifyCanBeCreatedStatically() {
                    // Given, When, Then
                    self.take(.modify { _ in nil })
                }
                func testCacheHandles() { run(.cache) }
                func testCacheThenPrints() { take(.cache); print(cache) }
                func keep(_ handler: any Handler) { _ = handler }
                func keep(_ count: Int) { store(count) }
                func testKeepOverloaded() { keep(.cache) }
                func testCacheMade() { take(makeHandler()) }
            }
            """
        #expect(
            try analyzedFindings(.noAssertion, in: ["T.swift": source]) == [
                "StaticHandlerTests.testCacheHandles:10", "StaticHandlerTests.testCacheThenPrints:11",
                "StaticHandlerTests.testKeepOverloaded:14", "StaticHandlerTests.testCacheMade:15",
            ])
    }

    @Test(
        "swallowedError: a catch after a do that only sets an optional a check requires after it loses only the text; without that check it swallows"
    )
    func swallowedButCheckedAfter() throws {
        // Alamofire 5.12.0's `do { encodedData = try multipartFormData.encode() } catch { // No-op }`, then
        // `XCTAssertNotNil(encodedData, …)`
        let methods = """
            func testA() { var data: Data?; do { data = try form.encode() } catch {}; XCTAssertNotNil(data) }
            func testB() throws { var data: Data? = nil; do { data = try form.encode() } catch {}; let d = try XCTUnwrap(data); XCTAssertEqual(d.count, 3) }
            func testC() { var data: Data?; do { data = try form.encode() } catch {}; XCTAssertEqual(data?.count, 3) }
            func testD() { var data = Data(); do { data = try form.encode() } catch {}; XCTAssertNotNil(data) }
            func testE() { var data: Data?; do { data = try form.encode(); try form.reset() } catch {}; XCTAssertNotNil(data) }
            func testF() { var data: Data?; data = fallback; do { data = try form.encode() } catch {}; XCTAssertNotNil(data) }
            func testG() { var data: Data?; do { data = try form.encode() } catch { XCTAssertThrowsError(error) }; XCTAssertNotNil(data) }
            func testH() { var data: Data? = Data(); do { data = try form.encode() } catch {}; XCTAssertNotNil(data) }
            """
        #expect(
            try xctestFindings(.swallowedError, methods) == [
                "testC:5", "testD:6", "testE:7", "testF:8", "testG:9", "testH:10",
            ])
    }

    @Test(
        "swallowedError: a catch after a do that only calls a value's methods, whose result a check after it reads, loses only the text"
    )
    func swallowedButReceiverCheckedAfter() throws {
        // SwiftGen 6.6.3's CoreDataTests: `do { try parser.searchAndParse(path: …) } catch { print(…) }`, then
        // `let result = parser.stencilContext()` and `XCTDiffContexts(result, expected: "defaults", …)`.
        let methods = """
            func testA() { do { try parser.parse(path: p) } catch { print(error) }; let result = parser.context(); XCTAssertEqual(result, expected) }
            func testB() { do { try parser.parse(path: p) } catch { print(error) }; XCTAssertEqual(parser.count, 2) }
            func testC() { do { try parser.parse(path: p) } catch { print(error) }; XCTAssertEqual(other.count, 2) }
            func testD() { do { try parser.parse(path: p) } catch { print(error) }; if flag { XCTAssertEqual(parser.count, 2) } }
            func testE() { do { try parser.parse(path: p); try load() } catch { print(error) }; XCTAssertEqual(parser.count, 2) }
            func testF() { do { try parser.parse(path: p) } catch { print(error) }; var result = parser.context(); XCTAssertEqual(result, expected) }
            func testG() { XCTAssertEqual(parser.count, 2); do { try parser.parse(path: p) } catch { print(error) } }
            func testH() { do { try parser.parse(path: p) } catch { print(error) }; XCTAssertNotNil(parser) }
            func testI() { do { try self.parse(path: p) } catch { print(error) }; XCTAssertEqual(self.count, 2) }
            func testJ() { do { try Parser.parse(path: p) } catch { print(error) }; XCTAssertEqual(Parser.count, 2) }
            """
        #expect(
            try xctestFindings(.swallowedError, methods) == [
                "testC:5", "testD:6", "testE:7", "testF:8", "testG:9", "testH:10", "testI:11", "testJ:12",
            ])
    }

    @Test("trapInTest: a URL or UUID of a fixed literal (names interpolated) never traps; of a call's text it may")
    func fixedLiterals() throws {
        let methods = #"""
            func testA() { XCTAssertEqual(get(URL(string: "http://127.0.0.1:\(port)/fish")!), 7) }
            func testB() { XCTAssertEqual(find(UUID(uuidString: "123e4567-e89b-12d3-a456-426614174000")!), 7) }
            func testC() { XCTAssertEqual(get(URL(string: "http://\(host())/x")!), 7) }
            func testD() { XCTAssertEqual(get(URL(string: path)!), 7) }
            """#
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6"])
    }

    @Test(
        "trapInTest: a fixed HTTP field name that is a token cannot be nil; one with a space, a name's, or another type's can"
    )
    func httpFieldNameLiteral() throws {
        // swift-openapi-generator 1.14.3's shape: `request.headerFields[HTTPField.Name("X-Extra-Arguments")!]`
        let methods = """
            func testA() { XCTAssertEqual(fields[HTTPField.Name("X-Request-ID")!], "7") }
            func testB() { XCTAssertEqual(fields[HTTPField.Name("bad name")!], "7") }
            func testC() { XCTAssertEqual(fields[HTTPField.Name(name)!], "7") }
            func testD() { XCTAssertEqual(fields[Other.Name("x-id")!], "7") }
            func testE() { XCTAssertEqual(fields[HTTPField.Name("")!], "7") }
            """
        #expect(try xctestFindings(.trapInTest, methods) == ["testB:4", "testC:5", "testD:6", "testE:7"])
    }

    @Test(
        "trapInTest: an implicit .init of a field name the facts say is HTTPField.Name's is read as one; another's is not"
    )
    func implicitHTTPFieldName() throws {
        // swift-openapi-generator 1.14.3's `XCTAssertEqual(request.headerFields, [.init("My-Request-UUID")!: "abcd"])`
        let source = """
            import XCTest
            final class T: XCTestCase {
                func testA() { XCTAssertEqual(fields, [.init("My-Request-UUID")!: "abcd"]) }
                func testB() { XCTAssertEqual(fields, [.init("My-Request-UUID")!: "abcd"]) }
            }
            """
        let folder = try temporaryFolder(["T.swift": source], named: "litmus-http")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("T.swift")
        // The facts: testA's `init` is swift-http-types' HTTPField.Name.init?(_:), testB's a package's own type's.
        let inits = source.utf8.indices.filter { source.utf8[$0...].starts(with: "init(".utf8) }.map {
            source.utf8.distance(from: source.utf8.startIndex, to: $0)
        }
        let usrs = ["s:9HTTPTypes9HTTPFieldV4NameVyAESgSScfc", "s:4Shop9FieldNameVyACSgSScfc"]
        var sut = TestSourceAnalyzer()
        sut.typedFacts = TypedFacts(files: [
            file.path: TypedFileFacts(
                zip(inits, usrs).map {
                    (start: $0, end: $0 + 3, kind: "declref_expr", type: nil, declaration: $1, implicit: false)
                })
        ])
        let traps = sut.analyze(files: [file]).findings.filter { $0.kind == .trapInTest }.compactMap(\.testName)
        #expect(traps == ["T.testB"])
    }

    @Test(
        "ignoredTest: a reason opening the body, or above a class whose every test is off, says why; a step (// Given), one further down, or above a class that runs tests, does not"
    )
    func ignoredTestReasons() throws {
        // Alamofire 5.12.0's shapes: `// Disabled due to HTTPBin flakiness.` above a class of two disabled tests,
        // and `func disabled_testRevoked…() { // Disabled due to the instability of … revocation testing`.
        let source = """
            import XCTest
            // Disabled due to HTTPBin flakiness.
            final class DigestTests: XCTestCase {
                func disabled_testA() { XCTAssertEqual(f(), 1) }
                func disabled_testB() { XCTAssertEqual(f(), 1) }
            }
            final class TLSTests: XCTestCase {
                func disabled_testC() {
                    // Left for debugging: revocation checks are unstable on every platform.
                    XCTAssertEqual(f(), 1)
                }
                func disabled_testD() {
                    XCTAssertEqual(f(), 1)
                    // Disabled: flaky on Linux (a comment, but not opening the body).
                    XCTAssertEqual(g(), 1)
                }
                func testE() { XCTAssertEqual(f(), 1) }
            }
            // Tests of the cart, disabled: the server is flaky.
            final class CartTests: XCTestCase {
                func disabled_testF() { XCTAssertEqual(f(), 1) }
                func testG() { XCTAssertEqual(f(), 1) }
            }
            final class UploadTests: XCTestCase {
                func disabled_testH() {
                    // Given
                    XCTAssertEqual(f(), 1)
                }
                func disabled_testI() { // Given a request that fails, and an unknown issuer
                    XCTAssertEqual(f(), 1)
                }
            }
            // Disabled: the server is flaky.
            final class MixedTests: XCTestCase {
                func disabled_testJ() { XCTAssertEqual(f(), 1) }
                #if os(macOS)
                func testK() { XCTAssertEqual(f(), 1) }
                #endif
            }
            """
        #expect(
            try analyzedFindings(.ignoredTest, in: ["T.swift": source]) == [
                "TLSTests.disabled_testD:12", "CartTests.disabled_testF:21", "UploadTests.disabled_testH:25",
                "UploadTests.disabled_testI:29", "MixedTests.disabled_testJ:35",
            ])
    }

    @Test("trapInTest: a parse of a let bound to a literal that parses cannot fail; of a var, or a bad literal, can")
    func letBoundLiteral() throws {
        // swift-asn1's shape: `let encodedPrivateKey = "MHcC…"`, then `Data(base64Encoded: encodedPrivateKey)!`
        let methods = """
            func testA() { let key = "AQID"; XCTAssertEqual(Data(base64Encoded: key)!.count, 3) }
            func testB() { var key = "AQID"; key += "="; XCTAssertEqual(Data(base64Encoded: key)!.count, 3) }
            func testC() { let key = "not base64!"; XCTAssertEqual(Data(base64Encoded: key)!.count, 3) }
            func testD() { let key = "AQID"; for key in keys { XCTAssertEqual(Data(base64Encoded: key)!.count, 3) } }
            """
        #expect(try xctestFindings(.trapInTest, methods) == ["testB:4", "testC:5", "testD:6"])
    }

    @Test("trapInTest: base64 with literal options is parsed with those options; other options are not read")
    func base64WithOptions() throws {
        // Yams 6.2.2's shape: `Data(base64Encoded: base64String, options: .ignoreUnknownCharacters)!`
        let methods = """
            func testA() { let b = "AQ ID"; XCTAssertEqual(Data(base64Encoded: b, options: .ignoreUnknownCharacters)!.count, 3) }
            func testB() { XCTAssertEqual(Data(base64Encoded: "AQID", options: [])!.count, 3) }
            func testC() { XCTAssertEqual(Data(base64Encoded: "AQ ID", options: [])!.count, 3) }
            func testD() { XCTAssertEqual(Data(base64Encoded: "AQID", options: chosen)!.count, 3) }
            """
        // Then a literal the options do not let parse, and options the test does not write, still trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6"])
    }

    @Test(
        "trapInTest: a parse of a constant of the test's type or file, or of each literal of an array mapped, cannot fail; of a var, a bad element or another name, can"
    )
    func constantLiterals() throws {
        // swift-certificates 1.21.1's shapes: `Data(base64Encoded: Self.base64EncodedSampleCert, options:
        // .ignoreUnknownCharacters)!` of a `static let` multi-line literal, and `Self.codesignCerts.map { … $0 … }`
        let source = #"""
            import XCTest
            let fileKey = "AQID"
            final class T: XCTestCase {
                static let sample = """
                    AQ
                    ID
                    """
                static var changing = "AQID"
                static let certs = ["AQID", "AQIDBA=="]
                static let broken = ["AQID", "not base64!"]
                func testA() { XCTAssertEqual(Data(base64Encoded: Self.sample, options: .ignoreUnknownCharacters)!.count, 3) }
                func testB() { XCTAssertEqual(Data(base64Encoded: T.changing)!.count, 3) }
                func testC() { XCTAssertEqual(Self.certs.map { Data(base64Encoded: $0)! }.count, 2) }
                func testD() { XCTAssertEqual(Self.broken.map { Data(base64Encoded: $0)! }.count, 2) }
                func testE() { XCTAssertEqual(Data(base64Encoded: fileKey)!.count, 3) }
                func testF() { XCTAssertEqual(Data(base64Encoded: Self.sample)!.count, 3) }
                func testG() { XCTAssertEqual(Self.certs.map { key in Data(base64Encoded: other)! }.count, 2) }
                func testH() { XCTAssertEqual(["AQID"].map { key in Data(base64Encoded: key)! }.count, 1) }
                func testI() { XCTAssertEqual(Data(base64Encoded: Self.more)!.count, 3) }
                func testJ() { XCTAssertEqual(Data(base64Encoded: Other.more)!.count, 3) }
            }
            extension T { static let more = "AQID" }
            let hidden = "AQID"
            final class U: XCTestCase {
                var hidden = "not base64!"
                func testK() { XCTAssertEqual(Data(base64Encoded: hidden)!.count, 3) }
            }
            let keyed = "AQID"
            final class V: XCTestCase {
                static let certs = ["AQID"]
                static let escaped = "AQ\u{49}D"
                func decode(keyed: String) {}
                func testL() { XCTAssertEqual(Data(base64Encoded: keyed)!.count, 3) }
                func testM() { XCTAssertEqual(Data(base64Encoded: Self.escaped)!.count, 3) }
                func testN() { XCTAssertEqual(Self.certs.map { s in for s in ["!"] { _ = Data(base64Encoded: s)! }; return 1 }.count, 1) }
                func testO() { XCTAssertEqual(Self.certs.map { _ in other.map { Data(base64Encoded: $0)! } }.count, 1) }
                func testP() { XCTAssertEqual(Self.certs.map { Data(base64Encoded: $0)! }.count, 1) }
            }
            """#
        // Then: the var, the array with a bad element, the multi-line literal without the option (its newline
        // does not decode), a name no literal gives, another type's constant, a file's constant a property or a
        // parameter may hide, a literal with an escape, a closure's parameter bound again inside it, and `$0` of
        // a closure inside the mapping one may trap
        let found = try analyzedFindings(.trapInTest, in: ["T.swift": source]).map {
            $0.replacingOccurrences(of: "T.", with: "").replacingOccurrences(of: "U.", with: "")
                .replacingOccurrences(of: "V.", with: "")
        }
        #expect(
            found == [
                "testB:12", "testD:14", "testF:16", "testG:17", "testJ:20", "testK:26", "testL:33", "testM:34",
                "testN:35", "testO:36",
            ])
    }

    @Test("floatEquality: a float literal the test wrote elsewhere is passed through, exact; a computed one is not")
    func echoedFloat() throws {
        let methods = """
            func testA() { XCTAssertEqual(Double(parameter: "10.5"), 10.5) }
            func testB() { let value = JSONValue(10.5); XCTAssertEqual(value.number, 10.5) }
            func testC() { XCTAssertEqual(average([0.1, 0.2]), 0.15) }
            func testD() { let schema = sut.with(example: AnyCodable(Float(2.5))); XCTAssertEqual(schema.example?.value as? Float, 2.5 as Float) }
            func testE() { XCTAssertEqual(average([0.1, 0.2]) as Float, 0.15 as Float) }
            """
        // testD is OpenAPIKit 6.4.0's shape: the literal cast to its type is the one the test gave
        #expect(try xctestFindings(.floatEquality, methods) == ["testC:5", "testE:7"])
    }

    @Test("floatEquality: a literal the test class's fixtures write, read back, is exact; another class's is not")
    func fixtureFloat() throws {
        let source = """
            import XCTest
            final class TableTests: XCTestCase {
                let table: [String: Double] = ["Double": 50.10475]
                var rate = 0.0
                static var allTests = [("testRead", testRead), ("testRate", testRate)]
                override func setUp() { rate = 2.6 }
                func testRead() { XCTAssertEqual(table["Double"]!, 50.10475) }
                func testRate() { XCTAssertEqual(self.rate, 2.6) }
                func testScaled() { XCTAssertEqual(scaled(rate), 2.6) }
                func testTripled() { XCTAssertEqual(table["Double"]! * 3, 150.31425) }
                let document: [String: Any] = ["doubleTest": 0.04]
                func testCast() { XCTAssertEqual(document["doubleTest"] as? Double, 0.04) }
                func testSum() { XCTAssertEqual(document.values.compactMap { $0 as? Double }.reduce(0, +), 0.04) }
            }
            extension TableTests {
                func testReadAgain() { XCTAssertEqual(table["Double"], 50.10475) }
            }
            final class OtherTests: XCTestCase {
                func testRead() { XCTAssertEqual(reading(), 50.10475) }
            }
            """
        // TOMLKit 0.6.0's testRetrieveValuesFromTable reads its class's `testTable` back, as testRate its `rate` and
        // the extension's test the class's table; testScaled computes from a fixture, testTripled a number no
        // fixture writes, and OtherTests writes no fixture. BSON 8.2.2's testDictionaryLiteral reads its document's
        // number back through a cast (testCast); testSum adds its numbers up.
        let found = try analyzedFindings(.floatEquality, in: ["T.swift": source])
        #expect(
            found == [
                "TableTests.testScaled:9", "TableTests.testTripled:10", "TableTests.testSum:13",
                "OtherTests.testRead:19",
            ], "\(found)")
        // A number a fixture writes explains a magicNumber; an XCTest manifest lists tests: its three tuples explain
        // no 3.
        let manifest = """
            import XCTest
            final class CountTests: XCTestCase {
                let limit = 1337
                static var allTests = [("testCount", testCount), ("testLimit", testLimit), ("testThird", testThird)]
                func testCount() { XCTAssertEqual(sut.count, 3) }
                func testLimit() { XCTAssertEqual(sut.total, 1337) }
                func testThird() {}
            }
            """
        #expect(try analyzedFindings(.magicNumber, in: ["T.swift": manifest]) == ["CountTests.testCount:5"])
    }

    @Test("floatEquality: a number parsed from the test's text, or a value it gave a call, passed through, is exact")
    func givenFloat() throws {
        let methods = #"""
            func testA() throws { var input = "123.123E2 Hello"[...].utf8; XCTAssertEqual(123.123E2, try parser.parse(&input)) }
            func testB() { let value: Double = reading(); recorder.record(value); XCTAssertEqual(recorder.lastValue, value) }
            func testC() { XCTAssertEqual(ratio("0.35"), 0.3) }
            func testD() { let value: Double = reading(); print(value); XCTAssertEqual(sut.total, value) }
            func testE() throws { var input = "21.35"; XCTAssertEqual(try parse(&input), 1.35) }
            func testF() { let value: Double = reading(); recorder.record(value + 1); XCTAssertEqual(recorder.lastValue, value) }
            func testG() throws { var input = "-.123 Hello"[...].utf8; XCTAssertEqual(-0.123, try parser.parse(&input)) }
            func testH() { meter.set(42); XCTAssertEqual(meter.lastValue, 42.0) }
            func testI() { meter.set(42); XCTAssertEqual(meter.lastValue, 42.3, "not 42") }
            func testJ() throws { var input = "12345678901234567890 Hello"[...].utf8; let x: Double = try parser.parse(&input); XCTAssertEqual(12_345_678_901_234_567_168, x) }
            func testK() throws { let x: Float = try parser.parse(&input); XCTAssertEqual(Float.infinity, x); XCTAssertEqual(.zero, -x + x) }
            func testL() { let x: Double = ratio(); XCTAssertEqual(x, .pi) }
            func testM() { let value: Double = reading(); gauge.record(-value); XCTAssertEqual(recorder.values.first, -value) }
            func testN() { let value: Double = reading(); gauge.record(value); XCTAssertEqual(recorder.values.first, -value) }
            func testO() { let c3: Double = reading(); XCTAssertEqual(self.recodeJSON(c3), c3) }
            func testP() { let c3: Double = reading(); XCTAssertEqual(scaled(c3), c3) }
            func testQ() { let c3: Double = reading(); XCTAssertEqual(roundTrip(c3 * 2), c3) }
            """#
        // testC's 0.3 is part of 0.35; testD only prints the value; testE's 1.35 is part of 21.35; testF gave
        // value + 1, not value; testI gave 42, and its message is no input; testJ's integer is the double its
        // text rounds to; infinity and zero are no rounding's accident (testK), pi is (testL); testM gave -value
        // (swift-metrics 2.13.0's destroyingGauge), testN gave value and compares -value; testO's value goes through
        // a JSON round trip in the check and back (objecthub/swift-numberkit 2.6), testP's through a computation, and
        // testQ's round trip is given a computed value.
        let found = try xctestFindings(.floatEquality, methods)
        #expect(
            found == [
                "testC:5", "testD:6", "testE:7", "testF:8", "testI:11", "testL:14", "testN:16", "testP:18", "testQ:19",
            ],
            "\(found)")
    }

    @Test("floatEquality: an integer written in hexadecimal in the test's text, or walked by its range, is given")
    func givenHexAndRange() throws {
        // Given mattt/swift-yyjson 0.5.0's `{"hex": 0xFF}` then `value["hex"]?.number == 255.0`, and `for i in 0 ..<
        // 1000 { pairs.append("\"\(i)\": \(i)") }` then `value["999"]?.number == 999.0`; near misses: a number
        // outside the range, a hexadecimal part of a word, and a range too long to be an input the test walks
        let methods = #"""
            func testA() throws { let value = try parse(#"{"hex": 0xFF}"#); XCTAssertEqual(value["hex"]?.number, 255.0) }
            func testB() throws { var pairs: [String] = []; for i in 0 ..< 1000 { pairs.append("\(i)") }; let value = try parse(pairs); XCTAssertEqual(value[999]?.number, 999.0) }
            func testC() throws { var pairs: [String] = []; for i in 0 ..< 1000 { pairs.append("\(i)") }; let value = try parse(pairs); XCTAssertEqual(value[0]?.number, 1000.3) }
            func testD() throws { let value = try parse("id0xFFz"); XCTAssertEqual(value.number, 255.0) }
            func testE() throws { var pairs: [String] = []; for i in 0 ..< 100_000 { pairs.append("\(i)") }; let value = try parse(pairs); XCTAssertEqual(value[0]?.number, 99_999.0) }
            func testF() throws { let value = try parse((0 ..< 100).map { String($0) }); XCTAssertEqual(value[99]?.number, 99.0) }
            func testG() { var total = 0.0; for _ in 0 ..< 10 { total += 0.1 }; XCTAssertEqual(total, 1.0) }
            func testH() { var total = 0.0; for i in 0 ..< 10 { total += Double(i) / 10 }; XCTAssertEqual(total, 4.5) }
            """#
        // … and a range walked to compute, not written into a text (testG, testH: the classic rounding of 0.1s, and a
        // division's). testD's 255.0 and testE's 99_999.0 are binary fractions compared where the test writes no decimal
        // that rounds and divides nothing: exact, or failing on every run
        let found = try xctestFindings(.floatEquality, methods)
        #expect(found == ["testC:5", "testG:9", "testH:10"], "\(found)")
    }

    @Test("trapInTest: Test.current and a fixture run's result cannot be nil; another optional can")
    func runningTestsNoTrap() throws {
        let methods = """
            func testA() { XCTAssertEqual(Test.current!.name, "a") }
            func testB() { let result = qck_runSpec(FunctionalTests_ItSpec.self); XCTAssertEqual(result!.failureCount, 0) }
            func testC() { XCTAssertEqual(qck_runSpecs([A.self, B.self])!.executionCount, 2) }
            func testD() { let result = fetch(); XCTAssertEqual(result!.count, 0) }
            """
        #expect(try xctestFindings(.trapInTest, methods) == ["testD:6"])
    }

    @Test("sensitiveEquality: a test named for the description checks it on purpose; other tests still count")
    func descriptionUnderTest() throws {
        let methods = """
            func testDescription() { XCTAssertEqual(Version(1, 2, 3).description, "1.2.3") }
            func testContainerDescribesRegistration() { XCTAssertEqual(container.description, "[]") }
            func testDebugDescription_namesTheCase() { XCTAssertEqual(value.debugDescription, "a") }
            func testTotal() { XCTAssertEqual(cart.total.description, "3") }
            func testLoad() { do { try cart.load() } catch { XCTFail("\\(String(describing: error))") } }
            """
        #expect(try xctestFindings(.sensitiveEquality, methods) == ["testTotal:6"])
    }

    @Test("swallowedError: try? on a closure that checks the error itself is not; on the call under test it is")
    func tryOnACheckingClosure() throws {
        let methods = """
            func testA() {
                let addition = { XCTAssertThrowsError(try archive.add("x")) }
                runWithLimit(0) { try? addition() }
            }
            func testB() {
                let addition = { try archive.add("x") }
                runWithLimit(0) { try? addition() }
                XCTAssertEqual(archive.count, 1)
            }
            func testC() {
                try? archive.add("x")
                XCTAssertEqual(archive.count, 1)
            }
            """
        #expect(try xctestFindings(.swallowedError, methods) == ["testB:9", "testC:13"])
    }

    @Test("noAssertion in Quick: an example that checks nothing; expect, a plain try, an empty or skipped one are not")
    func quickExampleWithoutCheck() throws {
        let spec = """
            import Quick
            import Nimble
            final class CartSpec: QuickSpec {
                override class func spec() {
                    describe("a cart") {
                        it("totals") { expect(total()).to(equal(3)) }
                        it("adds") { cart.add(1) }
                        it("loads") { try cart.load() }
                        it("is empty") { }
                        it("skips") { throw XCTSkip("later") }
                        it("checks in a helper") { checkTotal(3) }
                    }
                }
            }
            func checkTotal(_ value: Int) { expect(total()).to(equal(value)) }
            """
        #expect(try analyzedFindings(.noAssertion, in: ["CartSpec.swift": spec]) == ["CartSpec.a cart adds:7"])
    }

    @Test("unawaitedAssertion: checks on a queue while the test waits only for an expectation that work never fulfils")
    func waitsForAnotherExpectation() throws {
        let methods = """
            func testA() {
                let done = expectation(for: progress, keyPath: "fraction", expectedValue: 1.0)
                DispatchQueue.global().async {
                    try? unzip(progress: progress)
                    XCTAssert(itemsExist())
                }
                wait(for: [done], timeout: 10)
            }
            func testB() {
                let done = expectation(description: "unzipped")
                DispatchQueue.global().async {
                    XCTAssert(itemsExist())
                    done.fulfill()
                }
                wait(for: [done], timeout: 10)
            }
            func testC() {
                let group = DispatchGroup()
                group.enter()
                DispatchQueue.global().async {
                    XCTAssert(itemsExist())
                    group.leave()
                }
                group.wait()
            }
            """
        // And a call of another type's method that shares a checking helper's name is no check
        let helper = """
            func testD() {
                let done = expectation(for: progress, keyPath: "fraction", expectedValue: 1.0)
                DispatchQueue.global().async { try? fileManager.createDirectory(at: url) }
                wait(for: [done], timeout: 10)
            }
            func createDirectory(for name: String) { XCTAssertNoThrow(try make(name)) }
            """
        #expect(try xctestFindings(.unawaitedAssertion, methods) == ["testA:7"])
        #expect(try xctestFindings(.unawaitedAssertion, helper).isEmpty)
    }

    @Test("tautology (Redundant Assertion): checks of literals alone that always pass; a literal and a value are not")
    func literalChecks() throws {
        let methods = """
            func testA() { XCTAssertNotEqual(1, 2) }
            func testB() { XCTAssertTrue(2 > 1) }
            func testC() { XCTAssertNotNil("x") }
            func testD() { XCTAssertFalse("a" == "b") }
            func testE() { XCTAssertEqual(2, 3) }
            func testF() { XCTAssertNotEqual(total(), 2) }
            func testG() { XCTAssertTrue(count > 1) }
            """
        #expect(try xctestFindings(.tautology, methods) == ["testA:3", "testB:4", "testC:5", "testD:6"])
        let testing = "import Testing\n@Test func a() { #expect(1 < 2) }\n@Test func b() { #expect(total() < 2) }\n"
        #expect(try analyzedFindings(.tautology, in: ["S.swift": testing]) == ["a:2"])
    }

    @Test("floatEquality: a value the test declares Double, Float or CGFloat compared exactly; an Int is not")
    func declaredFloatingPoint() throws {
        let methods = """
            func testA() { let expected: Double = ratio(3); XCTAssertEqual(ratio(), expected) }
            func testB() { let expected = Float(3); XCTAssertEqual(ratio(), expected) }
            func testC() { let expected: Double = 0.3; XCTAssertEqual(ratio(), expected, accuracy: 0.01) }
            func testD() { let expected: Int = count(3); XCTAssertEqual(count(), expected) }
            func testE() { let half = 0.5; #expect(ratio() == half) }
            """
        #expect(try xctestFindings(.floatEquality, methods) == ["testA:3", "testB:4", "testE:7"])
        let testing = """
            import Testing
            @Test(arguments: [0.5, 1.5]) func scaled(by factor: CGFloat) { #expect(scale(factor) == factor) }
            @Test(arguments: [1, 2]) func counted(by step: Int) { #expect(count(step) == step) }
            """
        #expect(try analyzedFindings(.floatEquality, in: ["S.swift": testing]) == ["scaled:2"])
    }

    @Test("xctestAssertionInSwiftTesting: a check that cannot fail before Swift 6.4, advice (a hint) from 6.4 on")
    func xctestAssertionFollowsTheToolchain() throws {
        // Given a @Test calling XCTAssertEqual, and an XCTest method doing the same
        let folder = try SmellRefinementTests.folder(with: [
            "S.swift": "import Testing\nimport XCTest\n@Test func total() { XCTAssertEqual(sum([1, 2]), 3) }\n",
            "T.swift": "import XCTest\nfinal class T: XCTestCase { func testA() { XCTAssertEqual(sum([1]), 1) } }\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder.url) }

        // When the analysis reads them for Swift 6.3 and for 6.4
        let before = TestSourceAnalyzer(compilerVersion: [6, 3]).analyze(files: folder.files).findings.filter {
            $0.kind == .xctestAssertionInSwiftTesting
        }
        let after = TestSourceAnalyzer(compilerVersion: [6, 4]).analyze(files: folder.files).findings.filter {
            $0.kind == .xctestAssertionInSwiftTesting
        }

        // Then 6.3 counts it against Self-validating, 6.4 makes it a hint with advice; the XCTest method is neither
        #expect(before.map(\.testName) == ["total"])
        #expect(before.first?.finding.hint == false)
        #expect(before.first?.message.contains("can never fail the test") == true)
        #expect(after.map(\.testName) == ["total"])
        #expect(after.first?.finding.hint == true)
        #expect(after.first?.finding.counts == false)
        #expect(after.first?.message.contains("ST-0021") == true)
        #expect(after.first?.finding.fix.contains("Prefer #expect") == true)
        #expect(TestSourceAnalyzer(compilerVersion: [7, 0]).swiftTestingReportsXCTestFailures)
        #expect(!TestSourceAnalyzer(compilerVersion: [6, 3, 1]).swiftTestingReportsXCTestFailures)
    }

    /// A temporary folder holding `files` (name → source), and their URLs.
    static func folder(with files: [String: String]) throws -> (url: URL, files: [URL]) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-smells-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let written = try files.sorted { $0.key < $1.key }.map { name, source in
            let file = url.appendingPathComponent(name)
            try source.write(to: file, atomically: true, encoding: .utf8)
            return file
        }
        return (url, written)
    }
}
