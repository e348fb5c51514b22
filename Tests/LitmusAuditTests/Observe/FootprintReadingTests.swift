import Foundation
import Testing

@testable import LitmusAudit

/// A raw profile of format `version` with one record per function of `counts` counters, laid out as the
/// LLVM profile runtime writes it: the header, the records, then the counters.
private func rawProfile(version: UInt64 = 10, counts: [Int], names: [UInt64], magic: UInt64 = RawProfile.magic) -> Data
{
    var words: [UInt64] = []
    let recordSize = 64
    let dataBytes = counts.count * recordSize
    // The runtime's counters start where the records end: CountersDelta is that distance.
    let header: [UInt64] = [
        magic, version, 0, UInt64(counts.count), 0, UInt64(counts.reduce(0, +)), 0, 0, 0, 0, UInt64(dataBytes), 0, 0,
    ]
    words += header + (version == 10 ? [0, 0, 2] : [2])
    var bytes = words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * UInt64($0))) } }
    var firstCounter = 0
    for (index, count) in counts.enumerated() {
        var record = [UInt8](repeating: 0, count: recordSize)
        func put(_ value: UInt64, at offset: Int) {
            for byte in 0..<8 { record[offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(byte))) }
        }
        put(names[index], at: 0)
        // CounterPtr is relative to the record: the counters' start plus this function's, minus where it lies.
        put(UInt64(bitPattern: Int64(dataBytes + firstCounter * 8 - index * recordSize)), at: 16)
        put(UInt64(count), at: 48)
        bytes += record
        firstCounter += count
    }
    return Data(bytes + [UInt8](repeating: 0, count: firstCounter * 8))
}

@Suite("Reading footprints: the observer's log, the raw profile, the functions' places")
struct FootprintReadingTests {
    @Test("MD5 gives the RFC's digests, and a name's hash is the digest's first eight bytes, little-endian")
    func md5() {
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(MD5.digest([])) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(hex(MD5.digest(Array("abc".utf8))) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(
            hex(MD5.digest(Array(String(repeating: "1234567890", count: 8).utf8))) == "57edf4a22be3c955ac49da2e2107b67a"
        )
        #expect(NameHash.of("abc") == 0xb04f_d23c_9850_0190)
    }

    @Test("A log reads its count, and each stretch's test (or none) and counters")
    func log() throws {
        // Given: what the observer writes for two tests and the code around them
        let text = "N\t\t12\nO\t\t0-2\nT\tM.C/testA\t3,5-7\nO\t\t\nT\tM.s()/F.swift:3:2\t8-11\n"

        // When: it is read
        let sut = try FootprintLog.read(text)

        // Then: the stretches in order, with their counters
        #expect(sut.counters == 12)
        #expect(sut.stretches.map(\.test) == [nil, "M.C/testA", nil, "M.s()/F.swift:3:2"])
        #expect(sut.stretches[1].counters == [3...3, 5...7])
        #expect(sut.stretches[2].counters.isEmpty)
    }

    @Test("A test's processor time is no stretch, and reads by the test's name, from a log with counters or without")
    func processorTimes() throws {
        // Given: a footprint log with a test's processor time after its stretch, and one with processor times alone
        let footprints = "N\t\t4\nT\tM.C/testA\t0-1\nP\tM.C/testA\t2500\nO\t\t3\n"
        let alone = "P\tM.s()/F.swift:3:2\t41\nP\tM.C/testB\tlots\nP\tM.C/testA\t7\nP\tM.C/testA\t1500000\n"

        // When: both are read
        let log = try FootprintLog.read(footprints)
        let times = FootprintLog.processorMilliseconds(in: alone)

        // Then: the stretches are the counters' alone; the times are in milliseconds, a malformed line is none,
        // and a test run twice keeps its last run's
        #expect(log.stretches.map(\.test) == ["M.C/testA", nil])
        #expect(FootprintLog.processorMilliseconds(in: footprints) == ["M.C/testA": 2.5])
        #expect(times == ["M.s()/F.swift:3:2": 0.041, "M.C/testA": 1500])
    }

    @Test("A log without its count, or with a line of another shape, is refused with the reason")
    func unreadableLogs() {
        #expect(throws: FootprintLog.Unreadable.self) { try FootprintLog.read("T\ta\t1\n") }
        #expect(throws: FootprintLog.Unreadable.self) { try FootprintLog.read("N\t\t3\nX\ta\t1\n") }
        #expect(throws: FootprintLog.Unreadable.self) { try FootprintLog.read("N\t\t3\nT\ta\t2-1\n") }
    }

    @Test("A raw profile gives each function's name hash and the indices of its counters")
    func rawProfiles() throws {
        // Given: a version 10 profile of three functions of 1, 3 and 2 counters, and the same in version 9
        let names: [UInt64] = [11, 22, 33]

        // When: both are read
        let ten = try RawProfile.read(rawProfile(counts: [1, 3, 2], names: names))
        let nine = try RawProfile.read(rawProfile(version: 9, counts: [1, 3, 2], names: names))

        // Then: the counters follow each other in the records' order
        #expect(ten.counterCount == 6)
        #expect(ten.functions.map(\.nameHash) == names)
        #expect(ten.functions.map(\.counters) == [0..<1, 1..<4, 4..<6])
        #expect(nine.functions == ten.functions)
    }

    @Test("A profile of another format, single-byte counters or another machine's is refused")
    func otherProfiles() {
        #expect(throws: RawProfile.Unreadable.self) {
            try RawProfile.read(rawProfile(version: 8, counts: [1], names: [1]))
        }
        #expect(throws: RawProfile.Unreadable.self) {
            try RawProfile.read(rawProfile(version: 10 | (1 << 60), counts: [1], names: [1]))
        }
        #expect(throws: RawProfile.Unreadable.self) {
            try RawProfile.read(rawProfile(counts: [1], names: [1], magic: 7))
        }
        #expect(throws: RawProfile.Unreadable.self) { try RawProfile.read(Data([1, 2, 3])) }
    }

    @Test("A place in the sources belongs to the innermost function holding it: a closure before its test")
    func innermostFunction() throws {
        // Given: llvm-cov's functions of a file, a test whose closure spans lines 4 to 6
        let export = """
            {"data":[{"functions":[
            {"name":"$stest","regions":[[2,20,9,2,1,0,0,0],[3,5,3,9,1,0,0,0]],"filenames":["/p/T.swift"]},
            {"name":"$stestclosure","regions":[[4,10,6,6,1,0,0,0]],"filenames":["/p/T.swift"]}
            ]}]}
            """

        // When: places are looked up
        let sut = try FunctionMap.read(fromExport: Data(export.utf8))

        // Then: inside the closure, the closure; elsewhere in the body, the test; outside, none
        #expect(sut.function(in: "/p/T.swift", line: 5, column: 1)?.hashes.first == NameHash.of("$stestclosure"))
        #expect(sut.function(in: "/p/T.swift", line: 3, column: 6)?.hashes.first == NameHash.of("$stest"))
        #expect(sut.function(in: "/p/T.swift", line: 12, column: 1) == nil)
        #expect(sut.function(in: "/p/Other.swift", line: 3, column: 6) == nil)
        #expect(sut.function(in: "/p/T.swift", line: 3, column: 6)?.hashes.last == NameHash.of("/p/T.swift:$stest"))
    }

    /// Two functions of /p/K.swift, of two counters each: the first (counters 0 and 1) writes the static `global`,
    /// the second (counters 2 and 3) reads the environment.
    private func twoFunctions(writing global: String) throws -> (FunctionIndex, write: StateAccess, read: StateAccess) {
        let profile = try RawProfile.read(
            rawProfile(counts: [2, 2], names: [NameHash.of("$sa"), NameHash.of("/p/K.swift:$sb")]))
        let functions = try FunctionMap.read(
            fromExport: Data(
                """
                {"data":[{"functions":[
                {"name":"$sa","regions":[[1,1,3,1,1,0,0,0]],"filenames":["/p/K.swift"]},
                {"name":"$sb","regions":[[5,1,8,1,1,0,0,0]],"filenames":["/p/K.swift"]}]}]}
                """.utf8))
        let write = StateAccess(.global(global), reads: true, writes: true, file: "/p/K.swift", line: 2, column: 3)
        let read = StateAccess(.environment, reads: true, writes: false, file: "/p/K.swift", line: 6, column: 3)
        return (
            FunctionIndex(profile: profile, functions: functions, accesses: ["/p/K.swift": [write, read]]), write, read
        )
    }

    @Test("Each test's footprint holds the accesses of the functions whose counters changed while it ran")
    func footprintsOfStretches() throws {
        // Given: two functions, each holding one access, and a log where test A ran the first, B the second, and
        // code outside the tests both
        let (index, write, read) = try twoFunctions(writing: "Registry.names")
        let log = try FootprintLog.read("N\t\t4\nO\t\t1,3\nT\tM.C/testA\t0\nT\tM.C/testB\t2-3\nT\tM.C/testC\t\n")

        // When: the footprints are put together
        let sut = index.footprints(of: [(log, .xctest)], tests: ["M.C/testA", "M.C/testB", "M.C/testC"])

        // Then: A touched the static, B the environment, C nothing, and code outside the tests both
        #expect(sut.tests["M.C/testA"] == [write])
        #expect(sut.tests["M.C/testB"] == [read])
        #expect(sut.tests["M.C/testC"] == [])
        #expect(sut.outside == [.xctest: [write, read]])
    }

    @Test("A stretch the observer names by no test the run ran (a Swift Testing suite's, its trait's scope) is outside")
    func stretchesOfSuites() throws {
        // Given: a Swift Testing process whose suite `M.Strict` wrote the static (a suite trait setting a mode
        // before its tests, code between them) and whose one test read the environment
        let (index, write, read) = try twoFunctions(writing: "Config.mode")
        let log = try FootprintLog.read("N\t\t4\nT\tM.Strict\t0\nT\tM.sums()/S.swift:3:2\t2-3\n")

        // When: the footprints are put together for the run's one test
        let sut = index.footprints(of: [(log, .swiftTesting)], tests: ["M.sums()/S.swift:3:2"])

        // Then: the suite's write is code outside the tests of its process, so a test reading it may need it first
        #expect(sut.tests == ["M.sums()/S.swift:3:2": [read]])
        #expect(sut.outside == [.swiftTesting: [write]])
    }

    @Test(
        "A profile written for tests holds the functions they ran, each counter grown by as much as in all their stretches"
    )
    func testProfiles() throws {
        // Given: three functions of 2, 1 and 2 counters; A ran counter 0 twice and counter 3 four times, B counters
        // 0 and 1, code outside the tests counter 2
        let profile = try RawProfile.read(rawProfile(counts: [2, 1, 2], names: [11, 22, 33]))
        let log = try FootprintLog.read("N\t\t5\nT\tM.C/testA\t0,3*4\nT\tM.C/testB\t0-1\nT\tM.C/testA\t0\nO\t\t2\n")
        let sut = TestProfiles(template: profile, logs: [log])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("profiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // When: A's, B's, both tests' and a test the run never saw are written
        func written(_ tests: [TestID]) throws -> (names: [UInt64], counters: [UInt64])? {
            let url = folder.appendingPathComponent("\(tests.count)-\(UUID().uuidString).profraw")
            guard try sut.write(tests, to: url) else { return nil }
            let read = try RawProfile.read(try Data(contentsOf: url))
            let start = read.recordsStart + read.functions.count * RawProfile.recordSize
            let counters = (0..<read.counterCount).map { index in
                (0..<8).reduce(UInt64(0)) { $0 | UInt64(read.bytes[start + index * 8 + $1]) << (8 * UInt64($1)) }
            }
            return (read.functions.map(\.nameHash), counters)
        }

        // Then: each holds its functions only, with the counts of its own stretches, added up for both
        #expect(try written(["M.C/testA"])?.names == [11, 33])
        #expect(try written(["M.C/testA"])?.counters == [2, 0, 4, 0])
        #expect(try written(["M.C/testB"])?.names == [11])
        #expect(try written(["M.C/testB"])?.counters == [1, 1])
        #expect(try written(["M.C/testA", "M.C/testB"])?.counters == [3, 1, 4, 0])
        #expect(try written(["M.C/testC"]) == nil)
        #expect(sut.has("M.C/testA") && !sut.has("M.C/testC"))
    }

    @Test("A test profiled in suite run 1 that then ran alone (a quick audit's confirming run) is measured by that run")
    func measuredInSuite() throws {
        // Given: A and B profiled in suite run 1, B run alone again afterwards
        var sut = Observations(tests: [], suiteRuns: [], alone: [:])
        sut.profiledInSuite = ["M.C/testA", "M.C/testB"]
        sut.profiles = ["M.C/testB": [URL(fileURLWithPath: "/tmp/alone-B.profraw")]]
        #expect(sut.measuredInSuite == [], "without the run's profiles, no test is measured by them")

        // When: the run's profiles are kept
        sut.suiteProfiles = TestProfiles(
            template: try RawProfile.read(rawProfile(counts: [1], names: [11])), logs: [])

        // Then: A is measured by suite run 1, B by its run alone
        #expect(sut.measuredInSuite == ["M.C/testA"])
    }
}
