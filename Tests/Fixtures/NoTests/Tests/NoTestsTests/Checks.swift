import NoTests

/// A framework of its own: a check prints its outcome and says whether it passed.
func check(_ name: String, _ passed: Bool) -> Bool {
    print(passed ? "✓ \(name)" : "✗ \(name): check failed")
    return passed
}

/// Runs every check; returns how many failed. The third is planted to fail (37 °C is 98.6 °F).
func runChecks() -> Int {
    let results = [
        check("freezing is 32", fahrenheit(celsius: 0) == 32),
        check("boiling is 212", fahrenheit(celsius: 100) == 212),
        check("body temperature is 98", fahrenheit(celsius: 37) == 98),
    ]
    return results.filter { !$0 }.count
}
