import LitmusCommands
import Testing

@Suite("--history, --no-history and litmus history on the command line", .tags(.parsing))
struct HistoryOptionTests {
    @Test("--history with --no-history is refused, naming both")
    func bothRefused() {
        let error = #expect(throws: (any Error).self) {
            try AuditCommand.parse(["/nowhere", "--history", "h.sqlite", "--no-history"])
        }
        #expect(
            error.map { AuditCommand.message(for: $0) }
                == "--no-history records nothing and --history h.sqlite names where to: give one.")
    }

    @Test("litmus history refuses a window below 1 and a quarantine rate outside 0 to 1")
    func historyBounds() {
        for (arguments, message) in [
            (["h.sqlite", "--last", "0"], "--last must be at least 1 (it is 0)"),
            (["h.sqlite", "--quarantine-rate", "1.5"], "--quarantine-rate must be from 0 to 1 (it is 1.5)"),
            (["h.sqlite", "--release-after", "0"], "--release-after must be at least 1 (it is 0)"),
        ] {
            let error = #expect(throws: (any Error).self) { try HistoryShowCommand.parse(arguments) }
            #expect(error.map { HistoryShowCommand.message(for: $0) } == message)
        }
    }

    @Test("litmus history merge needs histories to add")
    func mergeNeedsOthers() {
        let error = #expect(throws: (any Error).self) { try HistoryMergeCommand.parse(["into.sqlite"]) }
        #expect(error.map { HistoryMergeCommand.message(for: $0) } == "Give the histories to add after into.sqlite.")
    }
}
