import Shapes
import Testing

/// redundantPrint: the package's own `print(ast:)` and a `dump` in a check's message are no prints a
/// passing test shows; the standard library's `print` is.
struct PrintTests {
    @Test func ownPrintReturnsTheText() {
        #expect(print(ast: .sum(.number(1), .number(2))) == "1 + 2")
    }

    @Test func dumpInTheMessage() {
        let values = [1, 2]
        #expect(sum(values) == 3, "\(dump(values))")
    }

    @Test func standardPrint() {
        print("summing")
        #expect(sum([1, 2]) == 3)
    }
}
