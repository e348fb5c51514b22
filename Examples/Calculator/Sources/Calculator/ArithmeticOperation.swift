/// The four basic arithmetic operations the calculator performs, in the order they are entered.
public enum ArithmeticOperation: CaseIterable, Sendable {
    case addition, subtraction, multiplication, division
}
