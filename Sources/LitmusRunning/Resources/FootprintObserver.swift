// Litmus's footprint observer: added by `litmus audit` to its own copy of the audited package (never to the
// package itself), as a test target of its own, so it is linked into the test binary. When the audit sets
// LITMUS_FOOTPRINT_FILE in a test process (one serial suite run), the observer notes, at each test's start and
// end, how much each LLVM profile counter grew since the last boundary, and writes one line per stretch:
// `T<tab>test id<tab>counters` for a test, `O<tab><tab>counters` for code run outside any test, the counters as
// `3,5-9,12*4` (each grew by 1, but 12 by 4), and, after a test's stretch, `P<tab>test id<tab>microseconds`:
// the processor time the process (and the children it waited for) spent between the test's start and end,
// the boundaries' own work left out; with LITMUS_FOOTPRINT_WATCH=processor, those lines alone. Without
// LITMUS_FOOTPRINT_FILE it does nothing. The counters are compared with a copy, never reset, so the process's
// own coverage profile stays whole.
#if os(Linux)
    import Foundation
    #if canImport(XCTest)
        import XCTest
    #endif
    #if canImport(Testing)
        import Testing
    #endif

    @_silgen_name("__llvm_profile_begin_counters")
    private func litmusBeginCounters() -> UnsafeMutablePointer<UInt64>?

    @_silgen_name("__llvm_profile_end_counters")
    private func litmusEndCounters() -> UnsafeMutablePointer<UInt64>?

    /// The counters seen at the last boundary, and the file the stretches go to.
    private final class LitmusFootprintLog: @unchecked Sendable {
        static let shared = LitmusFootprintLog()
        private let lock = NSLock()
        private var seen: [UInt64] = []
        private var file: UnsafeMutablePointer<FILE>?
        private var running: [String] = []
        /// The process's processor time when each running test started, in microseconds.
        private var startedAt: [String: UInt64] = [:]
        /// Whether this process writes footprints. The variable is then taken out of its environment, so a
        /// process a test starts (an exit test runs the binary again) does not write over the file.
        let active: Bool

        private init() {
            let path = getenv("LITMUS_FOOTPRINT_FILE").map { String(cString: $0) }
            // `processor`: the tests' processor times alone, with no counters compared at the boundaries (which
            // would add their cost to the durations the runner measures).
            let counting = getenv("LITMUS_FOOTPRINT_WATCH").map { String(cString: $0) } != "processor"
            unsetenv("LITMUS_FOOTPRINT_FILE")
            unsetenv("LITMUS_FOOTPRINT_WATCH")
            file = path.flatMap { fopen($0, "w") }
            active = file != nil
            guard counting, let begin = litmusBeginCounters(), let end = litmusEndCounters(), end > begin else {
                return
            }
            seen = Array(UnsafeBufferPointer(start: begin, count: end - begin))
            write("N\t\t\(seen.count)")
        }

        /// A test starts: what ran since the last boundary belongs to the test around it, or to none.
        func started(_ id: String) {
            lock.lock()
            defer { lock.unlock() }
            flush(to: running.last)
            running.append(id)
            startedAt[id] = Self.processorMicroseconds()
        }

        /// A test ends: what ran since the last boundary is its own.
        func ended(_ id: String) {
            let now = Self.processorMicroseconds()
            lock.lock()
            defer { lock.unlock() }
            flush(to: id)
            if let index = running.lastIndex(of: id) { running.remove(at: index) }
            if let start = startedAt.removeValue(forKey: id), let now { write("P\t\(Self.line(id))\t\(now &- start)") }
        }

        /// The processor time of the whole process (every thread: an async test's work runs on others) and of
        /// the child processes it waited for (a test that runs a tool computes there), in microseconds.
        private static func processorMicroseconds() -> UInt64? {
            var time = timespec()
            var children = rusage()
            #if canImport(Glibc)
                let waitedFor = __rusage_who_t(RUSAGE_CHILDREN.rawValue)
            #else
                let waitedFor = RUSAGE_CHILDREN
            #endif
            guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0, getrusage(waitedFor, &children) == 0 else {
                return nil
            }
            // Each sum in steps of one type: written as one expression, it took the type checker 2 s, in every
            // audit's build of this file.
            let user: UInt64 = microseconds(children.ru_utime)
            let system: UInt64 = microseconds(children.ru_stime)
            let own: UInt64 = UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1000
            return own + user + system
        }

        /// A `timeval` in microseconds.
        private static func microseconds(_ value: timeval) -> UInt64 {
            let seconds: UInt64 = UInt64(value.tv_sec)
            let micro: UInt64 = UInt64(value.tv_usec)
            return seconds * 1_000_000 + micro
        }

        /// `id` as one field of a line.
        private static func line(_ id: String) -> String {
            id.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
        }

        /// The process ends: what ran since the last boundary belongs to no test.
        func finish() {
            lock.lock()
            defer { lock.unlock() }
            flush(to: nil)
            if let file { fflush(file) }
        }

        private func flush(to id: String?) {
            guard let begin = litmusBeginCounters(), !seen.isEmpty else { return }
            var items: [String] = []
            var start = -1
            func close(before index: Int) {
                guard start >= 0 else { return }
                items.append(start == index - 1 ? "\(start)" : "\(start)-\(index - 1)")
                start = -1
            }
            for index in 0..<seen.count {
                let delta = begin[index] &- seen[index]
                seen[index] = begin[index]
                if delta == 1 {
                    if start < 0 { start = index }
                    continue
                }
                close(before: index)
                if delta > 1 { items.append("\(index)*\(delta)") }
            }
            close(before: seen.count)
            let name = Self.line(id ?? "")
            write("\(id == nil ? "O" : "T")\t\(name)\t\(items.joined(separator: ","))")
        }

        private func write(_ line: String) {
            guard let file else { return }
            fputs(line + "\n", file)
            fflush(file)
        }
    }

    #if canImport(XCTest)
        /// XCTest's boundaries, through its observation center.
        private final class LitmusFootprintObservation: NSObject, XCTestObservation {
            func testCaseWillStart(_ testCase: XCTestCase) { LitmusFootprintLog.shared.started(Self.id(of: testCase)) }
            func testCaseDidFinish(_ testCase: XCTestCase) { LitmusFootprintLog.shared.ended(Self.id(of: testCase)) }

            /// `Module.Class/method`, as the audit names XCTest tests.
            static func id(of testCase: XCTestCase) -> String {
                let method = testCase.name.split(separator: ".").last.map(String.init) ?? testCase.name
                return "\(String(reflecting: type(of: testCase)))/\(method)"
            }
        }
    #endif

    /// Runs when the test binary is loaded: registers XCTest's observation and the end of the process.
    private func litmusFootprintStart() {
        guard getenv("LITMUS_FOOTPRINT_FILE") != nil, LitmusFootprintLog.shared.active else { return }
        #if canImport(XCTest)
            XCTestObservationCenter.shared.addTestObserver(LitmusFootprintObservation())
        #endif
        atexit { LitmusFootprintLog.shared.finish() }
    }

    #if compiler(>=6.3)
        @used @section(".init_array")
        private let litmusFootprintInit: @convention(c) () -> Void = { litmusFootprintStart() }
    #else
        @_used @_section(".init_array")
        private let litmusFootprintInit: @convention(c) () -> Void = { litmusFootprintStart() }
    #endif

    #if canImport(Testing)
        @_silgen_name("swt_abiv0_getEntryPoint")
        private func litmusTestingEntryPoint() -> UnsafeRawPointer

        /// Swift Testing's ABI entry point (`swt_abiv0_getEntryPoint`, the one it documents for tools): it runs the
        /// tests as the command line asks and hands each event to a handler, in the thread that posts it.
        private typealias LitmusEntryPoint =
            @convention(thin) @Sendable (
                _ configurationJSON: UnsafeRawBufferPointer?,
                _ recordHandler: @escaping @Sendable (_ recordJSON: UnsafeRawBufferPointer) -> Void
            ) async throws -> Bool

        /// The runner SwiftPM generates calls this symbol to run Swift Testing's tests; defined in the test binary, it
        /// is found before the testing library's own. Without LITMUS_FOOTPRINT_FILE it runs them as the library's would;
        /// with it, through the ABI entry point, noting each test's start and end.
        @_silgen_name("$s7Testing19__swiftPMEntryPoint7passings5NeverOAA25__CommandLineArguments_v0VSg_tYaF")
        public func litmusSwiftPMEntryPoint(passing args: __CommandLineArguments_v0?) async -> Never {
            guard LitmusFootprintLog.shared.active else {
                let status: CInt = await Testing.__swiftPMEntryPoint(passing: args)
                exit(status)
            }
            let entryPoint = unsafeBitCast(litmusTestingEntryPoint(), to: LitmusEntryPoint.self)
            let passed = (try? await entryPoint(nil) { record in litmusFootprintEvent(record) }) ?? false
            LitmusFootprintLog.shared.finish()
            exit(passed ? EXIT_SUCCESS : EXIT_FAILURE)
        }

        /// A test's start or end in one event record of Swift Testing's JSON stream.
        private func litmusFootprintEvent(_ record: UnsafeRawBufferPointer) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(record)) as? [String: Any],
                let payload = object["payload"] as? [String: Any], let kind = payload["kind"] as? String,
                let id = payload["testID"] as? String
            else { return }
            if kind == "testStarted" { LitmusFootprintLog.shared.started(id) }
            if kind == "testEnded" { LitmusFootprintLog.shared.ended(id) }
        }
    #endif
#endif
