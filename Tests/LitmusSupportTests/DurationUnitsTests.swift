import LitmusSupport
import Testing

@Suite("Durations in the units reports print")
struct DurationUnitsTests {
    @Test("A duration in seconds keeps its fraction")
    func seconds() {
        // Given
        let sut = Duration.milliseconds(1500)
        // Then
        // litmus:ignore floatEquality 1 s and 5e17 as: 1.5 exactly in binary
        #expect(sut.inSeconds == 1.5)
    }

    @Test("A duration in milliseconds keeps its fraction")
    func milliseconds() {
        // Given
        let sut = Duration.microseconds(250)
        // Then
        // litmus:ignore floatEquality 250 µs: 0.25 exactly in binary
        #expect(sut.inMilliseconds == 0.25)
    }

    @Test("Whole seconds and attoseconds both count: 2 s and 3 ms is 2003 ms")
    func bothComponents() {
        #expect((Duration.seconds(2) + .milliseconds(3)).inMilliseconds == 2003)
    }
}
