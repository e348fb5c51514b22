import Answer
import Testing

@Test func generatedAnswer() {
    #expect(answer() == 42)
}
