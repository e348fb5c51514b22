import Foundation
import Testing

@testable import LitmusAudit

/// conditionalTestLogic on a check in a `catch`: when the code throws nothing, the check never runs.
@Suite("conditionalTestLogic: a check only in a catch is skipped when nothing is thrown")
struct ConditionalCatchTests {
    @Test(
        "A catch whose do neither fails nor checks when nothing is thrown is flagged; a do that fails or checks, or a check after, is not"
    )
    func checksInCatch() throws {
        // Given CwlCatchException 2.2.1's shape (testA), and the forms that check the no-throw path too
        let methods = """
            func testA() throws {
                do { try catchExceptionAsError { throw urlError } } catch let error as URLError { XCTAssertEqual(error, urlError) }
            }
            func testB() throws {
                do { try parse("1.2.3"); XCTFail("no error") } catch let error as ParseError { XCTAssertEqual(error, .extraDot) }
            }
            func testC() throws {
                do { let value = try parse("1"); XCTAssertEqual(value, 1) } catch { XCTAssertEqual(error as? ParseError, .empty) }
            }
            func testD() throws {
                var caught: Error?
                do { try parse("") } catch { caught = error; XCTAssertNotNil(error) }
                XCTAssertNotNil(caught)
            }
            func testE() throws {
                XCTAssertTrue(parser.isReady)
                do { try parser.reset() } catch { XCTAssertEqual(error as? ParseError, .busy) }
            }
            func testF() throws {
                do { try parse("") } catch { XCTFail("unexpected \\(error)") }
            }
            func testG() throws {
                XCTAssertNoThrow(try run { do { try parse("") } catch { XCTAssertEqual(error as? ParseError, .empty) } })
            }
            """
        // Then: testA and testE (its check before the `do` checks nothing of the throw) only; testF only fails, and
        // testG's `do` runs inside a check (Nimble 14.0.0's `failsWithErrorMessage { do … catch … }`)
        let found = try xctestFindings(.conditionalTestLogic, methods)
        #expect(found == ["testA:4", "testE:19"], "\(found)")
        let messages = try analyzeSources([
            "T.swift": "import XCTest\nfinal class T: XCTestCase {\n" + methods + "\n}\n"
        ]).findings.filter { $0.kind == .conditionalTestLogic }.map(\.message)
        #expect(
            messages.first?.contains("only in `catch let error as URLError`, which runs only when the `do` throws")
                == true, "\(messages)")
    }
}
