/// Adds up prices in cents.
public func total(_ prices: [Int]) -> Int {
    prices.reduce(0, +)
}

/// The price after a discount in percent, rounded down.
public func discounted(_ price: Int, percent: Int) -> Int {
    guard percent > 0 else { return price }
    return price - price * percent / 100
}
