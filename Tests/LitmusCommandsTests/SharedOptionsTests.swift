import LitmusCommands
import Testing

@Suite("The options litmus audit, mutate and merge share", .tags(.parsing))
struct SharedOptionsTests {
    @Test("A negative --jobs is refused while the command line is read, naming the flag, by audit and mutate alike")
    func negativeJobs() {
        // When
        let audit = #expect(throws: (any Error).self) { try AuditCommand.parse(["/nowhere", "--jobs=-1"]) }
        let mutate = #expect(throws: (any Error).self) { try MutateCommand.parse(["/nowhere", "--jobs=-1"]) }
        // Then
        #expect(audit.map { AuditCommand.message(for: $0) } == "--jobs must be 0 (one per core) or more (it is -1)")
        #expect(mutate.map { MutateCommand.message(for: $0) } == "--jobs must be 0 (one per core) or more (it is -1)")
    }

    @Test("--jobs given no number names the flag, what it takes and the value, in mutate as in audit")
    func jobsNotANumber() {
        let error = #expect(throws: (any Error).self) { try MutateCommand.parse(["/nowhere", "--jobs", "three"]) }
        #expect(error.map { MutateCommand.message(for: $0).contains("--jobs takes a number, not three") } == true)
    }

    @Test("--parallel, mutate's earlier name of --jobs, is refused below 0 as --jobs is, and left out of the help")
    func earlierJobsName() {
        let error = #expect(throws: (any Error).self) { try MutateCommand.parse(["/nowhere", "--parallel=-2"]) }
        #expect(
            error.map { MutateCommand.message(for: $0) } == "--parallel must be 0 (one per core) or more (it is -2)")
        #expect(!MutateCommand.helpMessage(columns: 1000).contains("--parallel"))
    }

    @Test("--since gives audit and mutate the same git ref")
    func since() throws {
        #expect(try AuditCommand.parse(["/nowhere", "--since", "main"]).since == "main")
        #expect(try MutateCommand.parse(["/nowhere", "--since", "main"]).since == "main")
    }

    @Test("--since, --jobs, --html and --junit read the same in the help of every command that has them")
    func sameHelp() throws {
        // Given
        let audit = AuditCommand.helpMessage(columns: 1000)
        let mutate = MutateCommand.helpMessage(columns: 1000)
        let merge = MergeCommand.helpMessage(columns: 1000)
        // Then
        let since = try #require(Self.line("--since", in: audit))
        let jobs = try #require(Self.line("--jobs", in: audit))
        let html = try #require(Self.line("--html", in: audit))
        let junit = try #require(Self.line("--junit", in: audit))
        #expect(Self.line("--since", in: mutate) == since)
        #expect(Self.line("--jobs", in: mutate) == jobs)
        #expect(Self.line("--html", in: mutate) == html)
        #expect(Self.line("--html", in: merge) == html)
        #expect(Self.line("--junit", in: merge) == junit)
    }

    /// The help's line of `flag`, its spacing collapsed (each command pads its own column).
    private static func line(_ flag: String, in help: String) -> String? {
        help.split(separator: "\n")
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .first { $0.hasPrefix(flag + " ") }
    }
}
