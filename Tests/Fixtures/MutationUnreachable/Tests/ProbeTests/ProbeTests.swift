import Probe
import Testing

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

@Test("Doubles a number, without the environment it was started with") func doubles() {
    unsetenv("LITMUS_MUTANT")
    #expect(double(4) == 8)
}
