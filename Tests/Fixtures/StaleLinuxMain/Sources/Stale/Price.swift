/// A price in cents after a discount in percent.
public func discounted(_ cents: Int, percent: Int) -> Int {
    cents - cents * percent / 100
}
