/// The sum of `values`.
public func tally(_ values: [Int]) -> Int { values.reduce(0, +) }
