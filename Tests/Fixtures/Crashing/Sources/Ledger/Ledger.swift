/// A ledger's balance: the sum of its entries.
public func balance(_ entries: [Int]) -> Int { entries.reduce(0, +) }
