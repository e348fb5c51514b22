import Ledger
import Testing

@Test("Adds two numbers") func adds() {
    #expect(add(2, 3) == 5)
}

@Test("A thirty-year-old is an adult") func adult() {
    #expect(isAdult(age: 30))
}

@Test("Counts the steps down to zero") func countsSteps() {
    #expect(steps(from: 3) == 3)
}

@Test("Reads the last element by its 1-based position") func readsLast() {
    #expect(element([10, 20, 30], at: 3) == 30)
}

@Test("Greets by name") func greets() {
    #expect(greet("Hi, ", "Ann") == "Hi, Ann")
}
