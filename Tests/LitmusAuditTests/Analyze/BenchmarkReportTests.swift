import Testing

@testable import LitmusAudit

/// redundantPrint and a benchmark's report (onevcat/Rainbow 4.2.2's `PerformanceTests`, attaswift/BigInt 6.0.1's
/// `ProfileTests`: eleven of twelve findings of the tuned corpus read false): a test that times code, or measures the
/// memory its work takes, prints what it measured.
@Suite("redundantPrint: the prints of a test that times code are its report")
struct BenchmarkReportTests {
    @Test("A test under XCTest's measuring, one reading a clock before and after, or one calling a timing helper")
    func benchmarks() throws {
        // Given Rainbow's timing helper, one calling it, and their tests (a measurement printed, as text or bound),
        // BigInt's `startMeasuring` and `measure`, and a test that reads a clock around its work itself
        let members = """
            func measurePerformance(name: String, _ operation: () -> Void) -> Double {
                let start = CFAbsoluteTimeGetCurrent(); operation(); return CFAbsoluteTimeGetCurrent() - start
            }
            func compare(_ a: () -> Void, _ b: () -> Void) -> Double { measurePerformance(name: "a", a) - measurePerformance(name: "b", b) }
            func testChained() { let result = measurePerformance(name: "red") { _ = "a".red }; print(result) }
            func testCompared() { let gain = compare({ _ = "a".red }, { _ = "a".bold }); print("Improvement: \\(gain)"); print(gain.description) }
            func testBanner() { print("=== RESULTS ==="); _ = measurePerformance(name: "bold") { _ = "a".bold } }
            func testDivision() { print("Performing 8 divisions"); measure { divide() } }
            func testManual() { print("work"); self.measure_(autostart: false) { startMeasuring(); divide(); stopMeasuring() } }
            func testClock() { let start = DispatchTime.now(); divide(); print(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) }
            """
        // When: its prints are read
        let sut = try xctestFindings(.redundantPrint, members)

        // Then no print is output nobody reads
        #expect(sut == [])
    }

    @Test("A test that measures the memory its work takes, through helpers that ask the system, prints its report")
    func memoryBenchmarks() throws {
        // Given Rainbow's `measureMemoryUsage`, the difference of two calls of a helper that asks Mach's `task_info`,
        // a test printing what it measured, and one taking the difference of two `getrusage` reads itself
        let members = """
            func currentMemory() -> Int64 {
                var info = mach_task_basic_info(); var count = mach_msg_type_number_t(10)
                let result = withUnsafeMutablePointer(to: &info) { task_info(mach_task_self_, 20, $0, &count) }
                return result == KERN_SUCCESS ? Int64(info.resident_size) : 0
            }
            func measureMemoryUsage<T>(operation: () -> T) -> (result: T, memoryUsed: Int64) {
                let startMemory = currentMemory(); let result = operation(); let endMemory = currentMemory()
                return (result, endMemory - startMemory)
            }
            func testChainedMemory() { let (_, used) = measureMemoryUsage { "a".red }; print("Memory: \\(used) bytes") }
            func testRusage() { var a = rusage(); getrusage(RUSAGE_SELF, &a); work(); var b = rusage(); getrusage(RUSAGE_SELF, &b); print(b.ru_maxrss - a.ru_maxrss) }
            """
        // When: its prints are read
        let sut = try xctestFindings(.redundantPrint, members)

        // Then no print is output nobody reads
        #expect(sut == [])
    }

    @Test("Helpers that call each other make the same reads whichever is asked first")
    func recursiveHelpers() throws {
        // Given a helper that calls a second before it asks `task_info`, the second calling back, and a test that asks
        // the first before it takes the difference of two calls of the second
        let members = """
            func first() -> Int64 { let base = second(); var info = mach_task_basic_info(); task_info(mach_task_self_, 20, &info, &count); return base + Int64(info.resident_size) }
            func second() -> Int64 { first() }
            func testOrder() { let warm = first(); let start = second(); work(); let end = second(); print("Used: \\(end - start)") }
            """
        // When: its prints are read
        let sut = try xctestFindings(.redundantPrint, members)

        // Then the print is the report of what the test measured
        #expect(sut == [])
    }

    @Test("One read of the memory in use, printed, measures nothing; nor does a count a read is handed")
    func oneMemoryRead() throws {
        // Given a helper that reads the resident size once, a test that prints it beside its check, and one that asks
        // `task_info` once, handing it `&count`, then subtracts two other values' counts
        let members = """
            func currentMemory() -> Int64 { var info = mach_task_basic_info(); task_info(mach_task_self_, 20, &info, &count); return Int64(info.resident_size) }
            func testPrintsMemory() { let memory = currentMemory(); print(memory); XCTAssertGreaterThan(memory, 0) }
            func testCount() { var count = mach_msg_type_number_t(10); task_info(mach_task_self_, 20, &info, &count); print("lists"); XCTAssertEqual(list.count - other.count, 1) }
            """
        // When: its prints are read
        let sut = try xctestFindings(.redundantPrint, members)

        // Then their prints are still output nobody reads
        #expect(sut == ["testPrintsMemory:4", "testCount:5"])
    }

    @Test("A timing helper beside the test in a class only another platform compiles still makes it a benchmark")
    func helperOfAnotherPlatform() throws {
        // Given Rainbow's shape: the class under `#if !os(Linux)`, its helper beside its tests
        let source = """
            import XCTest
            #if !os(Linux)
            final class PerformanceTests: XCTestCase {
                func measurePerformance(_ operation: () -> Void) -> Double {
                    let start = CFAbsoluteTimeGetCurrent(); operation(); return CFAbsoluteTimeGetCurrent() - start
                }
                func testChained() { print(measurePerformance { _ = "a".red }) }
                func testPlain() { print("a".red); XCTAssertEqual("a".red, "a") }
            }
            #endif
            """

        // When: its prints are read
        let sut = try analyzedFindings(.redundantPrint, in: ["PerformanceTests.swift": source])

        // Then only the test that times nothing prints for nobody
        #expect(sut.map { $0.split(separator: ":")[0] } == ["PerformanceTests.testPlain"])
    }

    @Test("A package's own measure(_:), one clock read, or a helper that reads none still print for nobody")
    func notBenchmarks() throws {
        // Given near misses: a `measure` that takes a text, a deadline read once, a helper that only computes, and
        // BigInt's value dumped beside its `measure` (read true); two deadlines, a helper that reads a clock once for
        // a deadline, and another value's method of a timing helper's name
        let members = """
            func layout(_ text: String) -> Int { text.count }
            func wait(_ seconds: Double) -> Bool { let deadline = DispatchTime.now() + seconds; return run(until: deadline) }
            func elapsed() -> Double { let start = CFAbsoluteTimeGetCurrent(); divide(); return CFAbsoluteTimeGetCurrent() - start }
            func testReadingFactorial() { let string = String(factorial(300)); print(string); measure { XCTAssertEqual(parse(string), 1) } }
            func testMeasureText() { let width = measure("abc"); print(width); XCTAssertEqual(width, 3) }
            func testDeadline() { let deadline = DispatchTime.now() + 1; print(deadline); XCTAssertTrue(run(until: deadline)) }
            func testHelper() { let n = layout("abc"); print(n); XCTAssertEqual(n, 3) }
            func testTwoDeadlines() { sema.wait(timeout: DispatchTime.now() + 1); print("here"); sema.wait(timeout: DispatchTime.now() + 1) }
            func testWaits() { XCTAssertTrue(wait(1)); print("done waiting") }
            func testOtherElapsed() { print("value"); XCTAssertEqual(channel.elapsed(), 0) }
            """
        // When: its prints are read
        let sut = try xctestFindings(.redundantPrint, members)

        // Then each still prints output nobody reads
        #expect(
            sut == [
                "testReadingFactorial:6", "testMeasureText:7", "testDeadline:8", "testHelper:9", "testTwoDeadlines:10",
                "testWaits:11", "testOtherElapsed:12",
            ])
    }
}
