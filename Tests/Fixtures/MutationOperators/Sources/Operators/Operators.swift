/// RelationalBoundary, NegatedRelational: `<`.
public func isBelow(_ value: Int, _ limit: Int) -> Bool {
    value < limit
}

/// ArithmeticOperator: `*`.
public func area(_ width: Int, _ height: Int) -> Int {
    width * height
}

/// CompoundAssignment: `+=`.
public func total(_ values: [Int]) -> Int {
    var sum = 0
    for value in values { sum += value }
    return sum
}

/// LogicalConnector: `&&`.
public func both(_ first: Bool, _ second: Bool) -> Bool {
    first && second
}

/// NegatedCondition: the `if`.
public func sign(_ value: Int) -> String {
    if value < 0 { return "negative" }
    return "not negative"
}

/// BooleanLiteral: `true`.
public func isEnabledByDefault() -> Bool {
    true
}

/// IntegerLiteral: `12`.
public func dozen() -> Int {
    12
}

/// StringLiteral: `"Hello"`.
public func greeting() -> String {
    "Hello"
}

/// RangeOperator: `...`.
public func numbers(upTo last: Int) -> [Int] {
    Array(1...last)
}

/// NilCoalescing: `?? "Anonymous"`.
public func displayName(_ name: String?) -> String {
    name ?? "Anonymous"
}

/// ReturnValue: `return values.count`.
public func count(_ values: [Int]) -> Int {
    return values.count
}

/// RemovedCall: `lines.append(line)`.
public final class Log {
    public private(set) var lines: [String] = []

    public init() {}

    public func record(_ line: String) {
        let stamped = "- \(line)"
        lines.append(stamped)
    }
}

/// SwappedCall: `min`.
public func smaller(_ first: Int, _ second: Int) -> Int {
    min(first, second)
}
