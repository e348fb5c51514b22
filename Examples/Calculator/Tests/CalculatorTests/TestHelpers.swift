import Foundation

@testable import Calculator

// The test-target helpers of seed 000, as the article defines them.

extension Decimal {
    init(_ digit: Digit) {
        self.init(digit.rawValue)
    }
}

extension ArithmeticOperation {
    static var random: ArithmeticOperation {
        allCases[Int.random(in: 0..<allCases.count)]
    }
}

extension Digit {
    static var randomNonZero: Digit {
        let nonZeroCases = allCases.filter { $0 != .zero }
        return nonZeroCases[Int.random(in: 0..<nonZeroCases.count)]
    }
}

extension Calculator {
    func settingDigit(_ digit: Digit) -> Calculator {
        var calculator = self
        calculator.setDigit(digit)
        return calculator
    }

    func settingOperation(_ operation: ArithmeticOperation) -> Calculator {
        var calculator = self
        calculator.setOperation(operation)
        return calculator
    }

    func evaluating() -> Calculator {
        var calculator = self
        calculator.evaluate()
        return calculator
    }

    func clearing() -> Calculator {
        var calculator = self
        calculator.allClear()
        return calculator
    }
}

extension ButtonConfiguration {
    init(labels: [String]) {
        self.init(labels: labels, columnCount: 0)
    }

    init(columnCount: Int) {
        self.init(labels: [], columnCount: columnCount)
    }
}
