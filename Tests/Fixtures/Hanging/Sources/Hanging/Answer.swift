/// The answer the tests check.
public func answer() -> Int { 42 }
