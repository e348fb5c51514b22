import LitmusCommands
import Testing

@Suite("litmus audit --quick and --spread on the command line", .tags(.parsing))
struct QuickOptionTests {
    /// The message the command prints for `arguments`, or `nil` when they parse.
    private func refusal(_ arguments: [String]) -> String? {
        let error = #expect(throws: (any Error).self) { try AuditCommand.parse(["/nowhere"] + arguments) }
        return error.map { AuditCommand.message(for: $0) }
    }

    @Test("--spread below 1 is refused while the command line is read, naming the flag")
    func spreadBelowOne() {
        #expect(refusal(["--quick", "--spread", "0"]) == "--spread must be at least 1 (it is 0)")
    }

    @Test("--spread without --quick is refused, saying it needs --quick")
    func spreadWithoutQuick() {
        #expect(refusal(["--spread", "3"]) == "--spread 3 needs --quick: it spreads the quick audits' alone runs.")
    }

    @Test("--quick with --shard is refused, naming both flags")
    func quickShard() {
        #expect(
            refusal(["--quick", "--shard", "1/2", "--json", "-", "--replay", "4"])
                == "--quick runs a share of the alone runs already: drop --shard, or --quick.")
    }

    @Test("--quick with --mutation is refused: mutation reads every test's lines alone")
    func quickMutation() {
        #expect(refusal(["--quick", "--mutation"])?.hasPrefix("--quick runs only a share of the tests alone") == true)
    }

    @Test("--quick makes the audit's options quick with a spread of 5; --spread K sets K")
    func tier() throws {
        #expect(try AuditCommand.parse(["/nowhere", "--quick"]).resolvedOptions().quick?.spread == 5)
        #expect(try AuditCommand.parse(["/nowhere", "--quick", "--spread", "2"]).resolvedOptions().quick?.spread == 2)
        #expect(try AuditCommand.parse(["/nowhere"]).resolvedOptions().quick == nil)
    }

    @Test("--share names the share run alone; outside 1 to --spread, or without --quick, it is refused")
    func share() throws {
        #expect(try AuditCommand.parse(["/nowhere", "--quick", "--share", "4"]).resolvedOptions().quick?.share == 4)
        #expect(try AuditCommand.parse(["/nowhere", "--quick"]).resolvedOptions().quick?.share == nil)
        #expect(refusal(["--quick", "--share", "6"]) == "--share must be from 1 to 5 (it is 6)")
        #expect(refusal(["--quick", "--spread", "2", "--share", "3"]) == "--share must be from 1 to 2 (it is 3)")
        #expect(refusal(["--quick", "--share", "0"]) == "--share must be from 1 to 5 (it is 0)")
        #expect(
            refusal(["--share", "2"]) == "--share 2 needs --quick: it names the quick audit's share run alone.")
    }
}
