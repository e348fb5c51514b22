import Testing

@testable import LitmusSupport

@Suite("A line diff shows only the changed places, with context")
struct LineDiffTests {
    @Test("A changed line reads as the old one removed and the new one added, between its neighbours")
    func changedLine() {
        let sut = LineDiff.of("a\nb\nc\nd\ne\nf", "a\nb\nc\nX\ne\nf", context: 1)

        #expect(sut == "…\n  c\n- d\n+ X\n  e\n…")
    }

    @Test("Two texts that are the same have no diff")
    func same() {
        #expect(LineDiff.of("a\nb", "a\nb").isEmpty)
    }

    @Test("A line only the new text has is added, in its place")
    func added() {
        #expect(LineDiff.of("a\nc", "a\nb\nc") == "  a\n+ b\n  c")
    }

    @Test("A long diff is cut, saying how many lines were left out")
    func limit() {
        let sut = LineDiff.of("x", (1...10).map(String.init).joined(separator: "\n"), limit: 4)

        #expect(sut.split(separator: "\n").last == "… (7 more lines)")
    }
}
