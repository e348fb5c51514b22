import Foundation
import LitmusModel
import Testing

@testable import LitmusMutation
@testable import LitmusRunning

@Suite("The mutation result cache: what a result's key holds, and a file that cannot be read")
struct ResultCacheTests {
    private let mutant = mutants(in: "func f(_ a: Int) -> Int {\n    a + 1\n}\n")[0]
    private let sources = ["LedgerTests": "aaaa", "OtherTests": "bbbb", "*": "cccc"]

    private func key(
        _ mutant: Mutant? = nil, file: String = "f1", tests: [TestID] = ["LedgerTests.S/t()"],
        sources: [String: String]? = nil
    ) -> String {
        MutationResultCache.key(
            for: mutant ?? self.mutant, fileHash: file, coveredBy: tests, testSources: sources ?? self.sources)
    }

    @Test("The same mutant, file, tests and test sources give the same key, whatever the mutant's id")
    func stable() {
        // Given
        var renumbered = mutant
        renumbered.id += 40

        // Then
        #expect(key() == key(renumbered))
        #expect(
            key(tests: ["LedgerTests.S/u()", "LedgerTests.S/t()"])
                == key(tests: ["LedgerTests.S/t()", "LedgerTests.S/u()"]))
    }

    @Test("A changed file, replacement, covering test or covering test's source changes the key")
    func invalidation() {
        // Given
        var other = mutant
        other.replacement = "*"

        // Then
        #expect(key(file: "f2") != key())
        #expect(key(other) != key())
        #expect(key(tests: ["LedgerTests.S/u()"]) != key())
        #expect(key(tests: []) != key())
        #expect(key(sources: ["LedgerTests": "changed", "OtherTests": "bbbb", "*": "cccc"]) != key())
    }

    @Test("A test module the mutant's tests are not in does not change the key; an unknown module uses all tests")
    func otherModules() {
        #expect(key(sources: ["LedgerTests": "aaaa", "OtherTests": "changed", "*": "cccc"]) == key())
        let unknown: [TestID] = ["Mystery.S/t()"]
        #expect(key(tests: unknown, sources: ["LedgerTests": "aaaa", "*": "changed"]) != key(tests: unknown))
    }

    @Test("A written cache reads back with the same stamp, and reads empty with another")
    func roundTrip() throws {
        // Given
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-results-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        var sut = MutationResultCache(stamp: "swift 6.3")
        let result = MutantResult(
            mutant: mutant, status: .killed, reason: "expected 2", coveredBy: ["LedgerTests.S/t()"],
            killedBy: ["LedgerTests.S/t()"], testsCompleted: 1, durationMilliseconds: 12)
        sut.record(result, key: key())
        try sut.write(to: file)

        // When
        let same = MutationResultCache.load(from: file, stamp: "swift 6.3")
        let other = MutationResultCache.load(from: file, stamp: "swift 6.4")

        // Then
        let read = same.cache.result(for: mutant, key: key())
        #expect(read?.status == .killed)
        #expect(read?.killedBy == ["LedgerTests.S/t()"])
        #expect(read?.reason == "expected 2")
        #expect(read?.reused == true)
        #expect(same.warning == nil)
        #expect(other.cache.result(for: mutant, key: key()) == nil)
        #expect(other.warning == nil)
    }

    @Test("A corrupt cache is a warning naming the file, and is read as empty")
    func corrupt() throws {
        // Given
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-results-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("{\"format\": 1, \"stamp\": ".utf8).write(to: file)

        // When
        let (cache, warning) = MutationResultCache.load(from: file, stamp: "swift 6.3")

        // Then
        #expect(cache.result(for: mutant, key: key()) == nil)
        #expect(warning?.contains(file.path) == true)
        #expect(warning?.contains("every mutant runs") == true)
    }

    @Test("Entries of mutants that no longer exist are dropped")
    func keepOnly() {
        // Given
        var sut = MutationResultCache(stamp: "")
        let result = MutantResult(
            mutant: mutant, status: .survived, reason: nil, coveredBy: [], killedBy: [], testsCompleted: 1,
            durationMilliseconds: 1)
        sut.record(result, key: "a")
        sut.record(result, key: "b")

        // When
        sut.keep(only: ["b"])

        // Then
        #expect(sut.result(for: mutant, key: "a") == nil)
        #expect(sut.result(for: mutant, key: "b")?.status == .survived)
    }
}
