/// Killed: every mutant of `add` changes a result its test checks.
public func add(_ a: Int, _ b: Int) -> Int {
    a + b
}

/// Survived: the test checks one age far from the boundary, so `>=` → `>` goes unnoticed.
public func isAdult(age: Int) -> Bool {
    age >= 18
}

/// NoCoverage: no test calls it.
public func untested(_ value: Int) -> Int {
    value * 3
}

/// Timeout: `i -= 1` → `i += 1` never ends.
public func steps(from start: Int) -> Int {
    var i = start
    var count = 0
    while i > 0 {
        i -= 1
        count += 1
    }
    return count
}

/// RuntimeError: `index - 1` → `index + 1` reads past the end and crashes.
public func element(_ values: [Int], at index: Int) -> Int {
    values[index - 1]
}

/// CompileError: `+` on two strings has no `-`; the compiler rejects that mutant and it is dropped.
public func greet(_ greeting: String, _ name: String) -> String {
    greeting + name
}
