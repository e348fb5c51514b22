import Foundation
import Observation
import Testing

@testable import Calculator

@Suite("CalculatorViewModel: where the article is silent")
struct CalculatorViewModelDecisionTests {
    private func display(after keys: [String]) -> String? {
        let sut = CalculatorViewModel()
        for key in keys {
            guard let index = sut.buttonLabels.firstIndex(of: key) else {
                Issue.record("No button \(key)")
                return nil
            }
            sut.performAction(forButtonLabelIndex: index)
        }
        return sut.displayText
    }

    @Test("10 ÷ 3 shows twelve digits")
    func nonTerminatingResultIsRounded() {
        #expect(display(after: ["1", "0", "÷", "3", "="]) == "3.33333333333")
    }

    @Test("2 ÷ 3 shows twelve digits, counting the leading zero, and rounds the last one half up")
    func lastDigitRoundsHalfUp() {
        #expect(display(after: ["2", "÷", "3", "="]) == "0.66666666667")
    }

    @Test("10 ÷ 3 x 3 shows 10: the display rounds, the calculator keeps its precision")
    func roundingIsDisplayOnly() {
        #expect(display(after: ["1", "0", "÷", "3", "x", "3", "="]) == "10")
    }

    @Test("A result longer than twelve digits is shown in scientific notation")
    func longResultIsScientific() {
        let twelveNines = Array(repeating: "9", count: 12)
        #expect(display(after: twelveNines + ["x", "9", "9", "9", "="]) == "9.99e14")
    }

    @Test("Twelve integer digits still fit: no scientific notation")
    func twelveDigitsFit() {
        let twelveNines = Array(repeating: "9", count: 12)
        #expect(display(after: twelveNines + ["="]) == "999999999999")
    }

    @Test("Scientific notation keeps eight significant digits, rounded: 123456789 x 10000000 shows 1.2345679e15")
    func scientificMantissaIsRounded() {
        let keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "x", "1"] + Array(repeating: "0", count: 7) + ["="]
        #expect(display(after: keys) == "1.2345679e15")
    }

    @Test("A mantissa that rounds up to 10 becomes 1 with the next exponent: 999999999 x 10000000 shows 1e16")
    func mantissaRoundingUpToTen() {
        let keys = Array(repeating: "9", count: 9) + ["x", "1"] + Array(repeating: "0", count: 7) + ["="]
        #expect(display(after: keys) == "1e16")
    }

    @Test("A negative result shows its sign")
    func negativeResult() {
        #expect(display(after: ["5", "-", "8", "="]) == "-3")
    }

    @Test("An overflow shows Error, and a digit starts over")
    func overflowShowsError() {
        let twelveNines = Array(repeating: "9", count: 12)
        var keys = twelveNines
        for _ in 0..<13 { keys += ["x"] + twelveNines }
        keys += ["x"]
        #expect(display(after: keys) == "Error")
        #expect(display(after: keys + ["4"]) == "4")
    }

    @Test("A button index out of range does nothing")
    func indexOutOfRangeIsIgnored() {
        let sut = CalculatorViewModel(calculator: Calculator().settingDigit(.four))
        sut.performAction(forButtonLabelIndex: 99)
        sut.performAction(forButtonLabelIndex: -1)
        #expect(sut.calculator == Calculator().settingDigit(.four))
    }

    @Test("A label built in code that maps to no command does nothing")
    func unsupportedLabelIsIgnored() {
        let sut = CalculatorViewModel(buttonConfiguration: ButtonConfiguration(labels: ["%"], columnCount: 1))
        sut.performAction(forButtonLabelIndex: 0)
        #expect(sut.calculator == Calculator())
    }

    @Test("The supported labels are the digits, the operations, = and AC")
    func supportedLabels() {
        #expect(
            CalculatorViewModel.supportedButtonLabels
                == ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "+", "-", "x", "÷", "=", "AC"])
        #expect(!CalculatorViewModel.isSupported(buttonLabel: "07"))
    }

    @Test("The view model is observable")
    func displayChangesAreObserved() throws {
        let sut = CalculatorViewModel()
        let changed = Flag()
        withObservationTracking {
            _ = sut.displayText
        } onChange: {
            changed.set()
        }
        sut.performAction(forButtonLabelIndex: try #require(sut.buttonLabels.firstIndex(of: "7")))
        #expect(changed.isSet)
    }
}

/// A flag the observation callback can set from any thread.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
