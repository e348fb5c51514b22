import Foundation
import Testing

@testable import Calculator

/// What Litmus decided where seed 000 is silent or unsafe (Examples/Calculator/README.md).
@Suite("Calculator: where the article is silent")
struct CalculatorDecisionTests {
    private let twelveNines = Calculator().pressing("999999999999")

    @Test("A number being entered keeps at most twelve digits")
    func ignoresDigitsPastTheMaximum() {
        // Given
        let sut = Calculator().pressing("123456789012")
        // When
        let result = sut.settingDigit(.three)
        // Then
        #expect(result.number == Decimal(string: "123456789012"))
    }

    @Test("A result Decimal cannot hold is an overflow error, not a trap")
    func overflowIsAnError() {
        // Given: 999999999999 squared eleven times is about 1e156; once more is beyond Decimal.
        var sut = twelveNines
        for _ in 0..<12 { sut = sut.settingOperation(.multiplication).pressing("999999999999").evaluating() }
        #expect(sut.error == nil)
        // When
        sut = sut.settingOperation(.multiplication).pressing("999999999999").evaluating()
        // Then
        #expect(sut.error == .overflow)
        #expect(sut.number == nil)
    }

    @Test("Chaining into an overflow is an error too")
    func chainedOverflowIsAnError() {
        // Given: 999999999999 to the 13th power, pending a last multiplication
        var sut = twelveNines
        for _ in 0..<13 { sut = sut.settingOperation(.multiplication).pressing("999999999999") }
        // When
        sut.setOperation(.multiplication)
        // Then
        #expect(sut.error == .overflow)
        #expect(sut.number == nil)
    }

    @Test("A digit after an error starts a new number")
    func digitAfterErrorStartsOver() {
        // Given
        let failed = Calculator.overflowed()
        // When
        let sut = failed.settingDigit(.seven)
        // Then
        #expect(sut.error == nil)
        #expect(sut.number == 7)
    }

    @Test("Operations and = after an error do nothing; AC clears it")
    func operationsAfterErrorAreIgnored() {
        let failed = Calculator.overflowed()
        #expect(failed.settingOperation(.addition).evaluating() == failed)
        #expect(failed.clearing() == Calculator())
    }

    @Test("An operation right after another replaces it")
    func secondOperationReplacesFirst() {
        // Given: an earlier result is still held, which the article's model chained with
        let sut = Calculator().pressing("2").settingOperation(.addition).pressing("2").evaluating()
            .pressing("5").settingOperation(.addition)
        // When
        let result = sut.settingOperation(.subtraction).pressing("3").evaluating()
        // Then
        #expect(result.number == 2)
    }

    @Test("10 ÷ 3 keeps Decimal's precision for further operations")
    func nonTerminatingDivisionKeepsPrecision() {
        let sut = Calculator().pressing("10").settingOperation(.division).pressing("3").evaluating()
        #expect(sut.number == Decimal(string: "3.3333333333333333333333333333333333333"))
    }
}

extension Calculator {
    /// Presses digit keys ("123" sets 1, 2 and 3).
    func pressing(_ digits: String) -> Calculator {
        digits.compactMap { $0.wholeNumberValue.flatMap(Digit.init(rawValue:)) }.reduce(self) { $0.settingDigit($1) }
    }

    static func overflowed() -> Calculator {
        var calculator = Calculator().pressing("999999999999")
        for _ in 0..<13 { calculator = calculator.settingOperation(.multiplication).pressing("999999999999") }
        return calculator.settingOperation(.multiplication)
    }
}
