import Foundation
import LitmusModel
import Testing

@Suite("A set of source lines, typed in memory and the text \"12-18,22\" in JSON")
struct LineSetTests {
    @Test("Lines in any order, repeated or adjacent, become the fewest ranges")
    func fromLines() {
        let sut = LineSet([10, 9, 1, 2, 3, 7, 2])
        #expect(sut.ranges == [1...3, 7...7, 9...10])
        #expect(sut.description == "1-3,7,9-10")
        #expect(sut.count == 6)
    }

    @Test("Overlapping and touching ranges are merged")
    func fromRanges() {
        #expect(LineSet(ranges: [5...8, 1...2, 3...4, 7...12, 20...20]).ranges == [1...12, 20...20])
        #expect(LineSet(ranges: []).isEmpty)
    }

    @Test("Text is read as ranges and single lines; what is no line or a backward range is skipped")
    func parsing() {
        #expect(LineSet(parsing: "12-18,22").ranges == [12...18, 22...22])
        #expect(LineSet(parsing: "x,9-3,4,5-,1-2-3").ranges == [4...4])
        #expect(LineSet(parsing: "").isEmpty)
    }

    @Test("Membership and overlap are answered for lines inside, between and beyond the ranges")
    func membership() {
        let sut: LineSet = "3-5,9,20-30"
        #expect(sut.contains(3) && sut.contains(5) && sut.contains(9) && sut.contains(25))
        #expect(!sut.contains(2) && !sut.contains(6) && !sut.contains(10) && !sut.contains(31))
        #expect(sut.overlaps(6...9) && sut.overlaps(1...3) && sut.overlaps(30...40))
        #expect(!sut.overlaps(6...8) && !sut.overlaps(31...40) && !sut.overlaps(10...19))
        #expect(!LineSet().overlaps(1...100))
    }

    @Test("A union holds the lines of both")
    func union() {
        #expect((LineSet(parsing: "1-3,10") as LineSet).union("4-6,12").description == "1-6,10,12")
    }

    @Test("In JSON it is the text form, so the report and the record keep their shape")
    func json() throws {
        let value: [String: LineSet] = ["Sources/M/Cart.swift": "1-4,9"]
        let data = try JSONEncoder().encode(value)
        #expect(String(decoding: data, as: UTF8.self) == #"{"Sources\/M\/Cart.swift":"1-4,9"}"#)
        #expect(try JSONDecoder().decode([String: LineSet].self, from: data) == value)
    }
}
