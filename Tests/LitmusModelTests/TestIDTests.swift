import Foundation
import LitmusModel
import Testing

@Suite("A test's identifier, typed in memory and its text in JSON")
struct TestIDTests {
    @Test("Its module is what precedes the first dot")
    func module() {
        #expect(TestID("LedgerTests.Suite/f()/LedgerTests.swift:3:4").module == "LedgerTests")
        #expect(TestID("M.CartTests/testA").module == "M")
    }

    @Test("Alone and as a dictionary's key it is written as its text, so reports and records keep their shape")
    func json() throws {
        let id: TestID = "M.CartTests/testA"
        let results: [TestID: Int] = [id: 2]
        #expect(String(decoding: try JSONEncoder().encode([id]), as: UTF8.self) == #"["M.CartTests\/testA"]"#)
        #expect(String(decoding: try JSONEncoder().encode(results), as: UTF8.self) == #"{"M.CartTests\/testA":2}"#)
        let decoded = try JSONDecoder().decode([TestID: Int].self, from: Data(#"{"M.T/testB":5}"#.utf8))
        #expect(decoded == ["M.T/testB": 5])
    }

    @Test("Identities order by their text")
    func ordering() {
        #expect(["b", "a", "M.c"].map(TestID.init(rawValue:)).sorted() == ["M.c", "a", "b"])
    }
}
