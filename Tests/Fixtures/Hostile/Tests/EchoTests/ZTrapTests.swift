import Echo
import Testing

// Declared last, so it runs after the other Swift Testing test one at a time: its trap prints the
// hostile text, which the crash's finding quotes.
@Test("Traps with hostile text in its message")
func trapsWithHostileText() {
    if echo(hostile) != "plain" { fatalError("trapped: " + hostile) }
}
