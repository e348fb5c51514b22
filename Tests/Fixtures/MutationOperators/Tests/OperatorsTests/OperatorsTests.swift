import Operators
import Testing

@Test("Below is strictly below") func below() {
    #expect(isBelow(1, 2))
    #expect(!isBelow(2, 2))
    #expect(!isBelow(3, 2))
}

@Test("Area multiplies") func multiplies() {
    #expect(area(3, 4) == 12)
}

@Test("Total adds every value") func adds() {
    #expect(total([1, 2, 3]) == 6)
}

@Test("Both needs both") func needsBoth() {
    #expect(both(true, true))
    #expect(!both(true, false))
    #expect(!both(false, true))
}

@Test("The sign, with 0 not negative") func signs() {
    #expect(sign(-1) == "negative")
    #expect(sign(0) == "not negative")
}

@Test("Enabled by default") func enabled() {
    #expect(isEnabledByDefault())
}

@Test("A dozen is 12") func twelve() {
    #expect(dozen() == 12)
}

@Test("The greeting") func greets() {
    #expect(greeting() == "Hello")
}

@Test("1 through the last") func counting() {
    #expect(numbers(upTo: 3) == [1, 2, 3])
}

@Test("A name, or Anonymous") func names() {
    #expect(displayName("Ann") == "Ann")
    #expect(displayName(nil) == "Anonymous")
}

@Test("Counts") func counts() {
    #expect(count([4, 5]) == 2)
}

@Test("The log records") func records() {
    let log = Log()
    log.record("x")
    #expect(log.lines == ["- x"])
}

@Test("Smaller of two") func smallest() {
    #expect(smaller(2, 5) == 2)
}
