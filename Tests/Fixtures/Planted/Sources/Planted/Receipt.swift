// Planted: no test executes this file (Thorough: an uncovered file).

/// A printed receipt line: the name, then the price in euros.
public func receiptLine(_ name: String, _ price: Int) -> String {
    let cents = price % 100
    return "\(name) \(price / 100).\(cents < 10 ? "0" : "")\(cents)"
}
